import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { GroupCard, inputClass, TextField, type GroupProps } from '../field-ui'

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
