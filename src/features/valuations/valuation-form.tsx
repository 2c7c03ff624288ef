import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { describedBy, FieldRow } from '~/components/form/field-row'
import type { AreaUnit } from '~/lib/format'
import {
  VALUATION_ACTION,
  VALUATION_FORM_FIELDS,
  valuationFormFrom,
  valuationRequestFrom,
  type ValuationFormField,
  type ValuationFormValues,
} from '~/lib/home-value'
import type { Lang } from '~/lib/lang'
import { askVisitorApi, fieldByHead } from '~/lib/visitor-form-post'
import type { PropertyKind } from '~/schemas/home'
import type { PostedValuation, ValuationOutcome } from '~/schemas/valuations'
import { valuationAnswerSchema } from '~/schemas/valuation-answer'

const PROPERTY_TYPES: ReadonlyArray<{ value: PropertyKind; label: MessageDescriptor }> = [
  { value: 'single_family', label: msg`Single-family home` },
  { value: 'condo', label: msg`Condo` },
  { value: 'townhouse', label: msg`Townhouse` },
  { value: 'multi_family', label: msg`Multi-family home` },
  { value: 'land', label: msg`Land` },
]

/** Korean readers think in 평 and ㎡ as the listing pages show them; English pages ask in sq ft. */
const AREA_UNIT_OPTIONS: Record<Lang, ReadonlyArray<{ value: AreaUnit; label: string }>> = {
  en: [{ value: 'sqft', label: 'sq ft' }],
  ko: [
    { value: 'sqft', label: 'sq ft' },
    { value: 'pyeong', label: '평' },
    { value: 'm2', label: '㎡' },
  ],
}

const inputClass =
  'block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 focus:border-[var(--accent)] focus:ring-2 focus:ring-[var(--accent)] focus:outline-none aria-[invalid=true]:border-red-700 dark:border-stone-700 dark:bg-stone-950 dark:text-stone-50'

const valuationFieldOf = fieldByHead(VALUATION_FORM_FIELDS)

function readValuationAnswer(json: unknown) {
  const parsed = valuationAnswerSchema.safeParse(json)
  return parsed.success ? parsed.data : undefined
}

/**
 * The home-value form: a plain POST to its own page, so it works before and without scripts
 * (decision 036); with scripts (an island, decision 051) it asks `POST /valuations` and the page
 * updates in place. Its inputs are the browser's own (uncontrolled), so nothing typed is lost
 * when scripts arrive.
 */
export function ValuationForm({
  realtorId,
  lang,
  values,
  outcome,
  onAnswer,
}: {
  realtorId: string
  lang: Lang
  values: ValuationFormValues
  outcome: ValuationOutcome | null
  onAnswer: (posted: PostedValuation) => void
}) {
  const { i18n, t } = useLingui()
  const id = useId()
  const [pending, setPending] = useState(false)
  const fieldErrors = outcome?.kind === 'error' ? outcome.fieldErrors : {}
  const units = AREA_UNIT_OPTIONS[lang]

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    const form = event.currentTarget
    const entries = Object.fromEntries([...new FormData(form)].map(([key, value]) => [key, typeof value === 'string' ? value : '']))
    const typed = valuationFormFrom(entries)
    setPending(true)
    const outcome = await askVisitorApi(VALUATION_ACTION, valuationRequestFrom(typed, realtorId), {
      lang,
      fieldOf: valuationFieldOf,
      readAnswer: readValuationAnswer,
    })
    setPending(false)
    // Offline, or an answer that is not ours: the form posts the old way instead, to its page.
    if (outcome.kind === 'unreachable') return form.submit()
    if (outcome.kind === 'answered') return onAnswer({ values: typed, outcome: { kind: 'answer', answer: outcome.answer } })
    const { message, fields, others } = outcome.failure
    const fieldErrors: Record<string, Array<string>> = {}
    for (const field of VALUATION_FORM_FIELDS) {
      const messages = fields[field]
      if (messages) fieldErrors[field] = messages
    }
    onAnswer({
      values: typed,
      outcome: { kind: 'error', message: [message ?? t`Something went wrong. Please try again.`, ...others].join(' '), fieldErrors },
    })
  }

  const field = (
    name: ValuationFormField,
    label: ReactNode,
    input: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode,
  ) => {
    const errors = fieldErrors[name] ?? []
    const inputId = `${id}-${name}`
    return (
      <FieldRow id={inputId} label={label} errors={errors}>
        {input({ id: inputId, ...(errors.length > 0 ? { 'aria-invalid': true, 'aria-describedby': describedBy(inputId, { errors }) } : {}) })}
      </FieldRow>
    )
  }

  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${id}-heading`}
      data-testid="valuation-form"
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm dark:border-stone-800 dark:bg-stone-900"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-stone-900 dark:text-stone-50">
        <Trans>Your home</Trans>
      </h2>
      {outcome?.kind === 'error' ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {outcome.message}
        </p>
      ) : null}
      <div className="mt-4 grid gap-4">
        {field('street', <Trans>Street address</Trans>, (props) => (
          <input {...props} name="street" defaultValue={values.street} autoComplete="street-address" maxLength={200} required className={inputClass} />
        ))}
        <div className="grid grid-cols-[minmax(0,1fr)_5rem] gap-3 sm:grid-cols-[minmax(0,1fr)_5rem_7rem]">
          {field('city', <Trans>City</Trans>, (props) => (
            <input {...props} name="city" defaultValue={values.city} autoComplete="address-level2" maxLength={100} required className={inputClass} />
          ))}
          {field('state', <Trans>State</Trans>, (props) => (
            <input
              {...props}
              name="state"
              defaultValue={values.state}
              autoComplete="address-level1"
              maxLength={2}
              required
              className={`${inputClass} uppercase`}
            />
          ))}
          <div className="col-span-2 sm:col-span-1">
            {field('postalCode', <Trans>ZIP code</Trans>, (props) => (
              <input
                {...props}
                name="postalCode"
                defaultValue={values.postalCode}
                autoComplete="postal-code"
                inputMode="numeric"
                maxLength={10}
                required
                className={inputClass}
              />
            ))}
          </div>
        </div>
        {field('propertyType', <Trans>Property type</Trans>, (props) => (
          <select {...props} name="propertyType" defaultValue={values.propertyType} className={inputClass}>
            {PROPERTY_TYPES.map((option) => (
              <option key={option.value} value={option.value}>
                {i18n._(option.label)}
              </option>
            ))}
          </select>
        ))}
        <div className="grid grid-cols-2 gap-3">
          {field('beds', <Trans>Bedrooms</Trans>, (props) => (
            <input {...props} name="beds" defaultValue={values.beds} inputMode="numeric" maxLength={3} required className={inputClass} />
          ))}
          {field('baths', <Trans>Bathrooms</Trans>, (props) => (
            <input {...props} name="baths" defaultValue={values.baths} inputMode="numeric" maxLength={3} required className={inputClass} />
          ))}
        </div>
        <div className="grid grid-cols-[minmax(0,1fr)_6rem] gap-3">
          {field('livingArea', <Trans>Living area</Trans>, (props) => (
            <input {...props} name="livingArea" defaultValue={values.livingArea} inputMode="decimal" maxLength={9} required className={inputClass} />
          ))}
          {units.length > 1 ? (
            <FieldRow id={`${id}-areaUnit`} label={<Trans>Unit</Trans>}>
              <select id={`${id}-areaUnit`} name="areaUnit" defaultValue={values.areaUnit} className={inputClass}>
                {units.map((unit) => (
                  <option key={unit.value} value={unit.value}>
                    {unit.label}
                  </option>
                ))}
              </select>
            </FieldRow>
          ) : (
            <p className="flex items-end pb-2.5 text-stone-700 dark:text-stone-300">
              <input type="hidden" name="areaUnit" value="sqft" />
              sq ft
            </p>
          )}
        </div>
        {field('yearBuilt', <Trans>Year built (if known)</Trans>, (props) => (
          <input {...props} name="yearBuilt" defaultValue={values.yearBuilt} inputMode="numeric" maxLength={4} className={inputClass} />
        ))}
      </div>
      <button
        type="submit"
        disabled={pending}
        className="mt-6 inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-[var(--accent)] px-5 py-2.5 font-semibold text-[var(--on-accent)] hover:opacity-90 focus-visible:ring-2 focus-visible:ring-[var(--accent)] focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-60"
      >
        {pending ? t`Estimating…` : t`Estimate my home's value`}
      </button>
      <p data-testid="valuation-privacy" className="mt-3 text-sm text-stone-600 dark:text-stone-400">
        <Trans>
          For the estimate, your address is used only to find comparable homes and is not stored. If you then ask for a personal valuation, your request (the
          address, the home’s details and how to reach you) is stored with your consent, for the realtor to answer it.
        </Trans>
      </p>
    </form>
  )
}
