import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { inputClass } from '~/components/form/inputs'
import { Button, ErrorAlert } from '~/components/ui'
import { startCma } from '~/functions/cma.functions'
import { errorFieldErrors, errorMessage } from '~/lib/errors'
import { propertyTypeLabel } from '~/lib/home-display'
import { emptyValuationForm, valuationRequestFrom, type ValuationFormField, type ValuationFormValues } from '~/lib/home-value'
import { langParam } from '~/lib/lang'
import { afterCmaStarted } from '~/queries/changes'
import { sellerLeadHomeQuery } from '~/queries/cma'
import { cmaSubjectSchema, type CmaSubject } from '~/schemas/cma/cma'
import { PROPERTY_KINDS, RESO_SUB_TYPE } from '~/schemas/home'
import { cmaDollars } from '~/lib/cma-words'
import type { WorkspacePanelProps } from '~/features/editor/workspace-panel'

type SubjectField = Exclude<ValuationFormField, 'areaUnit'>

function formOf(subject: CmaSubject): ValuationFormValues {
  return {
    street: subject.street,
    city: subject.city,
    state: subject.state,
    postalCode: subject.postalCode,
    propertyType: subject.propertyType,
    beds: String(subject.beds),
    baths: String(subject.baths),
    livingArea: String(subject.livingArea),
    areaUnit: 'sqft',
    yearBuilt: subject.yearBuilt === undefined ? '' : String(subject.yearBuilt),
  }
}

/** The schema's messages (Lingui ids) per field, translated. */
function subjectErrors(
  values: ValuationFormValues,
  translate: (id: string) => string,
): { subject?: CmaSubject; errors: Partial<Record<SubjectField, Array<string>>> } {
  const parsed = cmaSubjectSchema.safeParse(valuationRequestFrom(values, ''))
  if (parsed.success) return { subject: parsed.data, errors: {} }
  const errors: Partial<Record<SubjectField, Array<string>>> = {}
  for (const issue of parsed.error.issues) {
    const field = issue.path[0]
    const key = typeof field === 'string' ? SUBJECT_FIELDS.find((candidate) => candidate === field) : undefined
    if (key) (errors[key] ??= []).push(translate(issue.message))
  }
  return { errors }
}

const SUBJECT_FIELDS: ReadonlyArray<SubjectField> = ['street', 'city', 'state', 'postalCode', 'propertyType', 'beds', 'baths', 'livingArea', 'yearBuilt']

/**
 * Starts a CMA (issue 53): from a seller lead (its home as the owner gave it, the estimate they
 * were shown beside it) or from an address the realtor types. Nothing is made until the realtor
 * presses "Find comparables": opening a lead's link only fills the form.
 */
export function CmaStart({ leadId, state, ...panel }: WorkspacePanelProps & { leadId?: string; state: string }) {
  const lead = useQuery({ ...sellerLeadHomeQuery(leadId ?? ''), enabled: leadId !== undefined })
  if (leadId && lead.isPending) {
    return (
      <p className="text-stone-600 dark:text-stone-300" role="status">
        <Trans>Loading the seller lead…</Trans>
      </p>
    )
  }
  // The form is keyed by what it starts from, so a lead's home fills it once it has loaded.
  return (
    <CmaStartForm
      key={lead.data?.leadId ?? 'typed'}
      {...panel}
      lead={lead.data}
      leadFailed={lead.isError}
      initial={lead.data ? formOf(lead.data.subject) : emptyValuationForm(state)}
    />
  )
}

function CmaStartForm({
  realtorId,
  desiredUrl,
  lang,
  lead,
  leadFailed,
  initial,
}: WorkspacePanelProps & {
  lead: { leadId: string; name: string; estimate: { low: number; typical: number; high: number } | null } | undefined
  leadFailed: boolean
  initial: ValuationFormValues
}) {
  const { t, i18n } = useLingui()
  const baseId = useId()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Partial<Record<SubjectField, Array<string>>>>({})
  const translate = (id: string, values?: Record<string, string | number>) => i18n._(id, values)
  const start = useMutation({
    mutationFn: (subject: CmaSubject) => startCma({ data: { realtorId, subject, ...(lead ? { leadId: lead.leadId } : {}) } }),
    onSuccess: async (cma) => {
      await afterCmaStarted(queryClient, realtorId)
      await navigate({ to: '/{-$lang}/$desiredUrl/admin', params: { lang: langParam(lang), desiredUrl }, search: { tab: 'cma', cma: cma.id } })
    },
    onError: (error) => {
      const fromServer = errorFieldErrors(error, translate)
      const next: Partial<Record<SubjectField, Array<string>>> = {}
      for (const [path, messages] of Object.entries(fromServer)) {
        const key = SUBJECT_FIELDS.find((field) => path === field || path === `subject.${field}`)
        if (key) next[key] = messages
      }
      setErrors(next)
    },
  })
  const serverError =
    start.error && Object.keys(errors).length === 0
      ? errorMessage(start.error, (id) => i18n._(id), t`The analysis could not be started. Try again.`)
      : undefined

  const name = lead?.name ?? ''
  const low = lead?.estimate ? cmaDollars(lead.estimate.low) : ''
  const high = lead?.estimate ? cmaDollars(lead.estimate.high) : ''
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const checked = subjectErrors(values, (id) => i18n._(id))
    setErrors(checked.errors)
    if (checked.subject) start.mutate(checked.subject)
    else requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-cma-start] [aria-invalid="true"]`)?.focus())
  }
  const idOf = (field: SubjectField) => `${baseId}-${field}`
  const control = (field: SubjectField) => {
    const fieldErrors = errors[field] ?? []
    return {
      id: idOf(field),
      name: field,
      value: values[field],
      onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value })),
      'aria-invalid': fieldErrors.length > 0,
      'aria-describedby': fieldErrors.length > 0 ? `${idOf(field)}-error` : undefined,
      className: inputClass,
      'data-testid': `cma-subject-${field}`,
    }
  }
  const field = (name: SubjectField, label: ReactNode, input: ReactNode, wide = false) => (
    <div className={`flex flex-col gap-1 ${wide ? 'sm:col-span-2 lg:col-span-4' : ''}`}>
      <label htmlFor={idOf(name)} className="text-sm font-medium text-stone-800 dark:text-stone-200">
        {label}
      </label>
      {input}
      {(errors[name] ?? []).map((message) => (
        <p key={message} id={`${idOf(name)}-error`} className="text-sm font-medium text-red-700 dark:text-red-300">
          {message}
        </p>
      ))}
    </div>
  )

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      data-cma-start=""
      className="grid gap-4 rounded-2xl border border-stone-200 bg-white p-5 dark:border-stone-800 dark:bg-stone-900"
      data-testid="cma-start"
    >
      <div>
        <h3 className="text-lg font-semibold text-stone-900 dark:text-stone-50">
          {lead ? <Trans>New analysis for {name}</Trans> : <Trans>New analysis</Trans>}
        </h3>
        <p className="mt-1 text-sm text-stone-700 dark:text-stone-300" data-testid="cma-start-source">
          {lead ? (
            lead.estimate ? (
              <Trans>
                The home as the owner described it. They were shown an automated estimate of {low} – {high}.
              </Trans>
            ) : (
              <Trans>The home as the owner described it. They were shown no automated estimate (too few comparable homes).</Trans>
            )
          ) : (
            <Trans>Type the home's address and facts, or open a seller lead in the lead desk and choose “Prepare a CMA”.</Trans>
          )}
        </p>
        {leadFailed ? (
          <p role="alert" className="mt-2 text-sm font-medium text-red-800 dark:text-red-300">
            <Trans>This seller lead could not be loaded. Type the home below instead.</Trans>
          </p>
        ) : null}
      </div>
      <ErrorAlert testId="cma-start-error" message={serverError} />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {field('street', <Trans>Street address</Trans>, <input {...control('street')} autoComplete="street-address" />, true)}
        {field('city', <Trans>City</Trans>, <input {...control('city')} autoComplete="address-level2" />)}
        {field('state', <Trans>State</Trans>, <input {...control('state')} autoComplete="address-level1" maxLength={2} />)}
        {field('postalCode', <Trans>ZIP code</Trans>, <input {...control('postalCode')} autoComplete="postal-code" inputMode="numeric" />)}
        {field(
          'propertyType',
          <Trans>Property type</Trans>,
          <select {...control('propertyType')}>
            {PROPERTY_KINDS.map((kind) => {
              const label = propertyTypeLabel(RESO_SUB_TYPE[kind])
              return (
                <option key={kind} value={kind}>
                  {label ? i18n._(label) : kind}
                </option>
              )
            })}
          </select>,
        )}
        {field('beds', <Trans>Bedrooms</Trans>, <input {...control('beds')} inputMode="numeric" />)}
        {field('baths', <Trans>Bathrooms</Trans>, <input {...control('baths')} inputMode="numeric" />)}
        {field('livingArea', <Trans>Living area (sq ft)</Trans>, <input {...control('livingArea')} inputMode="numeric" />)}
        {field('yearBuilt', <Trans>Year built (optional)</Trans>, <input {...control('yearBuilt')} inputMode="numeric" />)}
      </div>
      <div>
        <Button type="submit" variant="primary" size="md" disabled={start.isPending} data-testid="cma-start-submit">
          {start.isPending ? <Trans>Finding comparables…</Trans> : <Trans>Find comparables</Trans>}
        </Button>
      </div>
    </form>
  )
}
