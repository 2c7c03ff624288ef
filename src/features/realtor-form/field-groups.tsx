import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import { Button } from '~/components/ui'
import { PhotoUploader } from '~/features/photos/photo-uploader'
import { desiredUrlCheckQuery } from '~/queries/realtor'
import { contrastRatio, MIN_TEXT_CONTRAST, textColorOn } from '~/lib/color'
import type { Lang } from '~/lib/lang'
import { FONT_SIZES, REGION_STATES } from '~/schemas/realtor'
import { FieldShell, GroupCard, inputClass, TextField, YesNoField } from './field-ui'
import type { FieldErrors, RealtorForm } from './use-realtor-form'

type GroupProps = { form: RealtorForm; errors: FieldErrors; lang: Lang }

/** Debounces a value so the availability check is not asked on every keystroke. */
function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay)
    return () => clearTimeout(timer)
  }, [value, delay])
  return debounced
}

function DesiredUrlStatus({ desiredUrl, exceptId }: { desiredUrl: string; exceptId?: string }) {
  const debounced = useDebounced(desiredUrl.trim(), 350)
  const check = useQuery({ ...desiredUrlCheckQuery({ desiredUrl: debounced, exceptId }), enabled: debounced !== '' })
  if (debounced === '' || !check.data) return null
  const messages = {
    available: { className: 'text-emerald-800 dark:text-emerald-300', text: <Trans>This address is available.</Trans> },
    taken: { className: 'text-red-700 dark:text-red-300', text: <Trans>This address is already taken. Try another one.</Trans> },
    reserved: { className: 'text-red-700 dark:text-red-300', text: <Trans>This address is reserved for the site. Try another one.</Trans> },
    invalid: { className: 'text-red-700 dark:text-red-300', text: <Trans>Use only letters, hyphens (-) and underscores (_).</Trans> },
  } as const
  const message = messages[check.data.status]
  return (
    <p role="status" className={`mt-1 text-sm font-medium ${message.className}`} data-testid="desired-url-status" data-status={check.data.status}>
      {message.text}
    </p>
  )
}

export function AddressFields({ form, errors, exceptId }: GroupProps & { exceptId?: string }) {
  return (
    <GroupCard
      id="group-address"
      title={<Trans>Address and name</Trans>}
      description={<Trans>Your homepage lives at this address, in Korean and in English.</Trans>}
    >
      <div>
        <TextField
          form={form}
          name="desiredUrl"
          label={<Trans>Homepage address</Trans>}
          hint={<Trans>Letters, hyphens and underscores, e.g. sora-park</Trans>}
          errors={errors}
          autoComplete="off"
        />
        <form.Subscribe selector={(state) => state.values.desiredUrl}>
          {(desiredUrl) => <DesiredUrlStatus desiredUrl={desiredUrl} exceptId={exceptId} />}
        </form.Subscribe>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name="displayNameKo" label={<Trans>Name in Korean</Trans>} errors={errors} lang="ko" />
        <TextField form={form} name="displayNameEn" label={<Trans>Name in English</Trans>} errors={errors} lang="en" />
      </div>
    </GroupCard>
  )
}

export function ContactFields({ form, errors }: GroupProps) {
  const { t } = useLingui()
  const countryId = useId()
  return (
    <GroupCard id="group-contact" title={<Trans>Contact</Trans>}>
      <TextField
        form={form}
        name="email"
        type="email"
        label={<Trans>E-mail</Trans>}
        hint={<Trans>Messages from visitors are sent here.</Trans>}
        errors={errors}
        autoComplete="email"
      />
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr_1fr]">
        <form.Field name="phoneCountryCode">
          {(field) => (
            <div>
              <label htmlFor={countryId} className="block text-sm font-medium text-stone-800 dark:text-stone-200">
                <Trans>Phone country</Trans>
              </label>
              <select id={countryId} value={field.state.value} onChange={(event) => field.handleChange(event.target.value)} className={inputClass}>
                <option value="US">{t`USA (+1)`}</option>
                <option value="KR">{t`Korea (+82)`}</option>
              </select>
            </div>
          )}
        </form.Field>
        <TextField form={form} name="contactPhone" type="tel" inputMode="tel" label={<Trans>Mobile phone</Trans>} errors={errors} autoComplete="tel-national" />
        <TextField form={form} name="companyPhone" type="tel" inputMode="tel" label={<Trans>Office phone</Trans>} errors={errors} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          form={form}
          name="kakaoLink"
          type="url"
          label={<Trans>KakaoTalk link</Trans>}
          hint={<Trans>e.g. https://open.kakao.com/o/…</Trans>}
          errors={errors}
        />
        <TextField form={form} name="snsInstagramUrl" type="url" label={<Trans>Instagram</Trans>} errors={errors} />
        <TextField form={form} name="snsYoutubeUrl" type="url" label={<Trans>YouTube channel</Trans>} errors={errors} />
        <TextField
          form={form}
          name="recommendedYoutubeUrl"
          type="url"
          label={<Trans>Recommended video</Trans>}
          hint={<Trans>A YouTube address starting with https://www.youtube.com/</Trans>}
          errors={errors}
        />
      </div>
    </GroupCard>
  )
}

export function CareerFields({ form, errors }: GroupProps) {
  return (
    <GroupCard
      id="group-career"
      title={<Trans>Licence and career</Trans>}
      description={<Trans>California and Georgia rules require your licence and your brokerage on your homepage.</Trans>}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name="licenseNumber" label={<Trans>Licence number</Trans>} errors={errors} />
        <TextField form={form} name="brokerageName" label={<Trans>Brokerage</Trans>} errors={errors} />
        <TextField form={form} name="brokerageLicenseNumber" label={<Trans>Brokerage licence number</Trans>} errors={errors} />
        <TextField form={form} name="brokerageAddress" label={<Trans>Brokerage office address</Trans>} errors={errors} />
        <TextField form={form} name="careerStart" type="date" label={<Trans>Career start</Trans>} errors={errors} />
        <TextField
          form={form}
          name="careerEnd"
          type="date"
          label={<Trans>Career end</Trans>}
          hint={<Trans>Leave empty while you are active.</Trans>}
          errors={errors}
        />
        <TextField form={form} name="salesCount" inputMode="numeric" label={<Trans>Homes sold</Trans>} errors={errors} />
        <TextField form={form} name="lastYearSalesTotal" inputMode="numeric" label={<Trans>Sales last year (USD)</Trans>} errors={errors} />
      </div>
    </GroupCard>
  )
}

export function RegionsFields({ form, errors }: GroupProps) {
  const { t } = useLingui()
  return (
    <GroupCard id="group-regions" title={<Trans>Areas you serve</Trans>} description={<Trans>Your listings and the directory use these.</Trans>}>
      <form.Field name="activityRegion" mode="array">
        {(regions) => (
          <div className="grid gap-4">
            {regions.state.value.length === 0 ? (
              <p className="text-stone-600 dark:text-stone-400">
                <Trans>No area yet. Add the cities you work in.</Trans>
              </p>
            ) : null}
            {regions.state.value.map((_, index) => {
              const number = index + 1
              return (
                <fieldset
                  key={index}
                  className="grid gap-3 rounded-xl border border-stone-200 p-4 sm:grid-cols-[8rem_1fr_1fr_auto] sm:items-end dark:border-stone-700"
                >
                  <legend className="sr-only">{t`Area ${number}`}</legend>
                  <form.Field name={`activityRegion[${index}].state`}>
                    {(field) => (
                      <FieldShell label={<Trans>State</Trans>} errors={errors[`activityRegion.${index}.state`] ?? []}>
                        {({ id, describedBy, invalid }) => (
                          <select
                            id={id}
                            value={field.state.value}
                            onChange={(event) => field.handleChange(event.target.value === 'GA' ? 'GA' : 'CA')}
                            aria-invalid={invalid}
                            aria-describedby={describedBy}
                            className={inputClass}
                          >
                            {REGION_STATES.map((state) => (
                              <option key={state} value={state}>
                                {state === 'CA' ? t`California` : t`Georgia`}
                              </option>
                            ))}
                          </select>
                        )}
                      </FieldShell>
                    )}
                  </form.Field>
                  <form.Field name={`activityRegion[${index}].city`}>
                    {(field) => (
                      <FieldShell label={<Trans>City</Trans>} errors={errors[`activityRegion.${index}.city`] ?? []}>
                        {({ id, describedBy, invalid }) => (
                          <input
                            id={id}
                            value={field.state.value}
                            onChange={(event) => field.handleChange(event.target.value)}
                            aria-invalid={invalid}
                            aria-describedby={describedBy}
                            className={inputClass}
                          />
                        )}
                      </FieldShell>
                    )}
                  </form.Field>
                  <form.Field name={`activityRegion[${index}].neighborhood`}>
                    {(field) => (
                      <FieldShell label={<Trans>Neighbourhood (optional)</Trans>} errors={errors[`activityRegion.${index}.neighborhood`] ?? []}>
                        {({ id, describedBy, invalid }) => (
                          <input
                            id={id}
                            value={field.state.value}
                            onChange={(event) => field.handleChange(event.target.value)}
                            aria-invalid={invalid}
                            aria-describedby={describedBy}
                            className={inputClass}
                          />
                        )}
                      </FieldShell>
                    )}
                  </form.Field>
                  <Button variant="outline" onClick={() => regions.removeValue(index)}>
                    <Trans>Remove</Trans>
                    <span className="sr-only"> {t`area ${number}`}</span>
                  </Button>
                </fieldset>
              )
            })}
            <div>
              <Button variant="outline" onClick={() => regions.pushValue({ state: 'CA', city: '', neighborhood: '' })} data-testid="add-region">
                <Trans>Add an area</Trans>
              </Button>
            </div>
          </div>
        )}
      </form.Field>
    </GroupCard>
  )
}

export function PhotosFields({ form, lang, onBusyChange }: GroupProps & { onBusyChange: (busy: boolean) => void }) {
  return (
    <GroupCard id="group-photos" title={<Trans>Photos</Trans>} description={<Trans>JPEG, PNG, WebP or AVIF, up to 10 MB each.</Trans>}>
      <form.Field name="photos">
        {(field) => <PhotoUploader lang={lang} photos={field.state.value} onChange={(photos) => field.handleChange(photos)} onBusyChange={onBusyChange} />}
      </form.Field>
    </GroupCard>
  )
}

export function AboutFields({ form, errors }: GroupProps) {
  const { t } = useLingui()
  return (
    <GroupCard
      id="group-about"
      title={<Trans>About you</Trans>}
      description={<Trans>Write in both languages. If one is empty, visitors see the other with a note.</Trans>}
    >
      <TextField form={form} name="aboutMeKr" multiline lang="ko" label={<Trans>About me in Korean</Trans>} errors={errors} />
      <TextField form={form} name="aboutMeEn" multiline lang="en" label={<Trans>About me in English</Trans>} errors={errors} />
      <form.Field name="additionalSections" mode="array">
        {(sections) => (
          <div className="grid gap-4">
            <h3 className="font-semibold text-stone-900 dark:text-stone-50">
              <Trans>More sections</Trans>
            </h3>
            {sections.state.value.map((_, index) => {
              const number = index + 1
              return (
                <fieldset key={index} className="grid gap-3 rounded-xl border border-stone-200 p-4 dark:border-stone-700">
                  <legend className="px-1 text-sm font-semibold text-stone-700 dark:text-stone-300">{t`Section ${number}`}</legend>
                  <div className="grid gap-3 sm:grid-cols-2">
                    {(['titleKo', 'titleEn'] as const).map((key) => (
                      <form.Field key={key} name={`additionalSections[${index}].${key}`}>
                        {(field) => (
                          <FieldShell
                            label={key === 'titleKo' ? <Trans>Title in Korean</Trans> : <Trans>Title in English</Trans>}
                            errors={errors[`additionalSections.${index}.${key}`] ?? []}
                          >
                            {({ id, describedBy, invalid }) => (
                              <input
                                id={id}
                                lang={key === 'titleKo' ? 'ko' : 'en'}
                                value={field.state.value}
                                onChange={(event) => field.handleChange(event.target.value)}
                                aria-invalid={invalid}
                                aria-describedby={describedBy}
                                className={inputClass}
                              />
                            )}
                          </FieldShell>
                        )}
                      </form.Field>
                    ))}
                    {(['bodyKo', 'bodyEn'] as const).map((key) => (
                      <form.Field key={key} name={`additionalSections[${index}].${key}`}>
                        {(field) => (
                          <FieldShell
                            label={key === 'bodyKo' ? <Trans>Text in Korean</Trans> : <Trans>Text in English</Trans>}
                            errors={errors[`additionalSections.${index}.${key}`] ?? []}
                          >
                            {({ id, describedBy, invalid }) => (
                              <textarea
                                id={id}
                                rows={4}
                                lang={key === 'bodyKo' ? 'ko' : 'en'}
                                value={field.state.value}
                                onChange={(event) => field.handleChange(event.target.value)}
                                aria-invalid={invalid}
                                aria-describedby={describedBy}
                                className={inputClass}
                              />
                            )}
                          </FieldShell>
                        )}
                      </form.Field>
                    ))}
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button variant="outline" disabled={index === 0} onClick={() => sections.moveValue(index, index - 1)}>
                      <Trans>Move up</Trans>
                      <span className="sr-only"> {t`section ${number}`}</span>
                    </Button>
                    <Button variant="outline" disabled={index === sections.state.value.length - 1} onClick={() => sections.moveValue(index, index + 1)}>
                      <Trans>Move down</Trans>
                      <span className="sr-only"> {t`section ${number}`}</span>
                    </Button>
                    <Button variant="outline" onClick={() => sections.removeValue(index)}>
                      <Trans>Remove</Trans>
                      <span className="sr-only"> {t`section ${number}`}</span>
                    </Button>
                  </div>
                </fieldset>
              )
            })}
            <div>
              <Button
                variant="outline"
                onClick={() => sections.pushValue({ id: '', titleKo: '', titleEn: '', bodyKo: '', bodyEn: '' })}
                data-testid="add-section"
              >
                <Trans>Add a section</Trans>
              </Button>
            </div>
          </div>
        )}
      </form.Field>
    </GroupCard>
  )
}

function ContrastNote({ color }: { color: string }) {
  const valid = /^#[0-9A-Fa-f]{6}$/.test(color)
  if (!valid) return null
  const ratio = Math.max(contrastRatio(color, '#FFFFFF'), contrastRatio(color, '#111827'))
  const onColor = textColorOn(color)
  return (
    <div className="mt-2 flex items-center gap-3" aria-live="polite">
      <span className="inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold" style={{ backgroundColor: color, color: onColor }}>
        <Trans>Button</Trans>
      </span>
      {ratio < MIN_TEXT_CONTRAST ? (
        <p className="text-sm font-medium text-amber-800 dark:text-amber-300" data-testid="contrast-warning">
          <Trans>Text is hard to read on this colour. Your homepage will use a darker shade so that everyone can read it.</Trans>
        </p>
      ) : (
        <p className="text-sm text-stone-600 dark:text-stone-400">
          <Trans>Readable: text on this colour has enough contrast.</Trans>
        </p>
      )}
    </div>
  )
}

export function DesignFields({ form, errors }: GroupProps) {
  const colorId = useId()
  const sizeId = useId()
  return (
    <GroupCard id="group-design" title={<Trans>Design</Trans>}>
      <form.Field name="designMainColor">
        {(field) => (
          <div>
            <label htmlFor={colorId} className="block text-sm font-medium text-stone-800 dark:text-stone-200">
              <Trans>Main colour</Trans>
            </label>
            <div className="mt-1 flex items-center gap-3">
              <input
                type="color"
                aria-label="#RRGGBB"
                value={/^#[0-9A-Fa-f]{6}$/.test(field.state.value) ? field.state.value : '#1D4ED8'}
                onChange={(event) => field.handleChange(event.target.value.toUpperCase())}
                className="size-11 cursor-pointer rounded-lg border border-stone-300"
              />
              <input
                id={colorId}
                value={field.state.value}
                onChange={(event) => field.handleChange(event.target.value)}
                aria-invalid={(errors.designMainColor ?? []).length > 0}
                className={`${inputClass} mt-0 max-w-40 font-mono`}
              />
            </div>
            {(errors.designMainColor ?? []).length > 0 ? (
              <p className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">{errors.designMainColor?.join(' ')}</p>
            ) : null}
            <ContrastNote color={field.state.value} />
          </div>
        )}
      </form.Field>
      <form.Field name="designFontSize">
        {(field) => {
          const size = field.state.value
          return (
            <div>
              <label htmlFor={sizeId} className="block text-sm font-medium text-stone-800 dark:text-stone-200">
                <Trans>Text size: {size} px</Trans>
              </label>
              <input
                id={sizeId}
                type="range"
                min={FONT_SIZES.min}
                max={FONT_SIZES.max}
                value={field.state.value}
                onChange={(event) => field.handleChange(Number(event.target.value))}
                className="mt-2 w-full max-w-md accent-blue-700"
              />
            </div>
          )
        }}
      </form.Field>
      <YesNoField form={form} name="designMainDarkMode" label={<Trans>Dark header</Trans>} />
      <YesNoField form={form} name="contentDarkMode" label={<Trans>Dark page</Trans>} />
    </GroupCard>
  )
}

export function SeoFields({ form, errors }: GroupProps) {
  const fields = ['title', 'description', 'keywords', 'author'] as const
  const labels = {
    title: <Trans>Title</Trans>,
    description: <Trans>Description</Trans>,
    keywords: <Trans>Keywords</Trans>,
    author: <Trans>Author</Trans>,
  }
  return (
    <GroupCard
      id="group-seo"
      title={<Trans>Search engines</Trans>}
      description={<Trans>How your homepage appears in Google and Naver. Empty fields are filled in from your other texts.</Trans>}
    >
      {(['ko', 'en'] as const).map((seoLang) => (
        <fieldset key={seoLang} className="grid gap-3">
          <legend className="font-semibold text-stone-900 dark:text-stone-50">
            {seoLang === 'ko' ? <Trans>Korean page</Trans> : <Trans>English page</Trans>}
          </legend>
          {fields.map((key) => (
            <form.Field key={key} name={`seoMeta.${seoLang}.${key}`}>
              {(field) => (
                <FieldShell label={labels[key]} errors={errors[`seoMeta.${seoLang}.${key}`] ?? []}>
                  {({ id, describedBy, invalid }) => (
                    <input
                      id={id}
                      lang={seoLang}
                      value={field.state.value}
                      onChange={(event) => field.handleChange(event.target.value)}
                      aria-invalid={invalid}
                      aria-describedby={describedBy}
                      className={inputClass}
                    />
                  )}
                </FieldShell>
              )}
            </form.Field>
          ))}
        </fieldset>
      ))}
    </GroupCard>
  )
}

export function PublishFields({ form, errors }: GroupProps) {
  return (
    <GroupCard id="group-publish" title={<Trans>Publishing</Trans>}>
      <YesNoField
        form={form}
        name="isMakeHomepage"
        label={<Trans>Published</Trans>}
        hint={<Trans>Unpublished homepages are hidden from the directory and search engines.</Trans>}
      />
      <TextField
        form={form}
        name="hompageUrl"
        type="url"
        label={<Trans>Your own domain (optional)</Trans>}
        hint={<Trans>Point the domain to this site; visitors then see your homepage there.</Trans>}
        errors={errors}
      />
    </GroupCard>
  )
}
