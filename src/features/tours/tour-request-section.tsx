import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useRouteContext, useRouterState } from '@tanstack/react-router'
import { useId, useState, useSyncExternalStore, type FormEvent, type ReactNode } from 'react'
import { Button } from '~/components/ui'
import { consentText, consentWording, CURRENT_CONSENT, isSameSitePath } from '~/lib/consent'
import { langParam, type Lang } from '~/lib/lang'
import { timeZoneName, timeZoneOfState, tourDateRange, tourStartTimes, type ListingTimeZone } from '~/lib/listing-time-zones'
import { toPublicPath } from '~/lib/own-domain-paths'
import { TOUR_REQUEST_ACTION } from '~/lib/tour-pages'

/*
 * "Request a tour" on a listing page (issue 26 item 4): in person or by video, two or three
 * times in the home's own time zone (named on the form), the visitor's details and consent.
 * Closed in a <details> until the visitor opens it, and light: no zod, no form library (the
 * server validates; this form only places the server's field errors beside the fields).
 *
 * Without scripts it is a plain urlencoded form posted to the API, answered with a 303 to the
 * status page; with them the same fields go as JSON and the answer is shown in place. The
 * markup depends only on the page, never on the day: the page store keeps it (decision 009),
 * so the date pickers' first and last days are set once the page runs, and the server checks
 * them either way.
 */

const inputClass =
  'mt-1 block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 shadow-sm focus:border-[var(--accent-text)] focus:outline-2 focus:outline-[var(--accent-text)] aria-[invalid=true]:border-red-700 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100'

const neverChanges = () => () => undefined
const isBrowser = () => true
const isServer = () => false

const FIELDS = ['mode', 'slot1', 'slot2', 'slot3', 'name', 'email', 'phone', 'message', 'consent'] as const
type Field = (typeof FIELDS)[number]
type FieldErrors = Partial<Record<Field, Array<string>>>
type Submission = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string }

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The API's field errors placed by field: `slots.1` beside the second time, `slots` beside the first. */
function placeErrors(body: unknown): { message: string | undefined; fields: FieldErrors; others: Array<string> } {
  const result: { message: string | undefined; fields: FieldErrors; others: Array<string> } = { message: undefined, fields: {}, others: [] }
  if (!isRecord(body)) return result
  if (typeof body.message === 'string') result.message = body.message
  if (!isRecord(body.fieldErrors)) return result
  for (const [path, raw] of Object.entries(body.fieldErrors)) {
    const messages = (Array.isArray(raw) ? raw : [raw]).filter((item): item is string => typeof item === 'string')
    const [head, index] = path.split('.')
    const field: Field | undefined = head === 'slots' ? (index === '1' ? 'slot2' : index === '2' ? 'slot3' : 'slot1') : FIELDS.find((name) => name === head)
    if (field) result.fields[field] = [...(result.fields[field] ?? []), ...messages]
    else result.others.push(...messages)
  }
  return result
}

function FieldError({ id, errors }: { id: string; errors: Array<string> | undefined }) {
  if (!errors || errors.length === 0) return null
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300" data-testid={id}>
      {errors.join(' ')}
    </p>
  )
}

/** The listing page's tour section: nothing for a home in a state whose zone the platform does not know. */
export function TourRequestSection(props: { realtorId: string; realtorName: string; desiredUrl: string; lang: Lang; listingKey: string; state: string }) {
  const zone = timeZoneOfState(props.state)
  if (!zone) return null
  return (
    <section aria-labelledby="tour-title" className="mt-10">
      <h2 id="tour-title" className="text-xl font-bold tracking-tight text-stone-900 dark:text-stone-50">
        <Trans>See this home</Trans>
      </h2>
      <div className="mt-3">
        <TourRequestForm {...props} zone={zone} />
      </div>
    </section>
  )
}

function TourRequestForm({
  realtorId,
  realtorName,
  desiredUrl,
  lang,
  listingKey,
  zone,
}: {
  realtorId: string
  realtorName: string
  desiredUrl: string
  lang: Lang
  listingKey: string
  zone: ListingTimeZone
}) {
  const { t, i18n } = useLingui()
  const formId = useId()
  const hydrated = useSyncExternalStore(neverChanges, isBrowser, isServer)
  const [submission, setSubmission] = useState<Submission>({ kind: 'idle' })
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({})
  const zoneName = i18n._(timeZoneName(zone))
  const range = hydrated ? tourDateRange(new Date(), zone) : undefined
  const wording = consentWording(CURRENT_CONSENT.tour, 'tour')
  const id = (field: string) => `${formId}-${field}`
  const errorId = (field: Field) => `tour-${field}-error`
  const invalid = (field: Field) => (fieldErrors[field]?.length ?? 0) > 0
  const describedBy = (field: Field, ...others: Array<string>) =>
    [invalid(field) ? errorId(field) : undefined, ...others].filter(Boolean).join(' ') || undefined
  const times = tourStartTimes()

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (submission.kind === 'sending') return
    const form = new FormData(event.currentTarget)
    const value = (name: string) => {
      const entry = form.get(name)
      return typeof entry === 'string' ? entry.trim() : ''
    }
    const slots = [1, 2, 3].map((index) => ({ date: value(`slot${index}Date`), time: value(`slot${index}Time`) })).filter((slot) => slot.date || slot.time)
    const body: Record<string, unknown> = {
      realtorId,
      listingKey,
      mode: value('mode'),
      slots,
      timeZone: zone,
      name: value('name'),
      email: value('email'),
      lang,
      consent: form.get('consent') === 'on',
      consentVersion: CURRENT_CONSENT.tour,
      ...(value('phone') ? { phone: value('phone') } : {}),
      ...(value('message') ? { message: value('message') } : {}),
      ...(value('website') ? { website: value('website') } : {}),
      ...(isSameSitePath(window.location.pathname) ? { consentPage: window.location.pathname } : {}),
    }
    setSubmission({ kind: 'sending' })
    setFieldErrors({})
    try {
      const response = await fetch(TOUR_REQUEST_ACTION, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': lang },
        body: JSON.stringify(body),
      })
      if (response.status === 201) {
        setSubmission({ kind: 'sent' })
        return
      }
      const failure = placeErrors(await response.json().catch(() => null))
      setFieldErrors(failure.fields)
      setSubmission({ kind: 'failed', message: [failure.message ?? t`Your request could not be sent. Please try again.`, ...failure.others].join(' ') })
      const first = FIELDS.find((field) => failure.fields[field])
      if (first) document.getElementById(first.startsWith('slot') ? id(`${first}Date`) : id(first))?.focus()
    } catch {
      setSubmission({ kind: 'failed', message: t`Your request could not be sent. Check your connection and try again.` })
    }
  }

  return (
    <details className="group rounded-2xl border border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900" data-testid="tour-request">
      <summary
        className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 rounded-2xl px-4 py-3 font-semibold text-[var(--accent-text)] focus-visible:outline-2 focus-visible:outline-[var(--accent-text)] [&::-webkit-details-marker]:hidden"
        data-testid="tour-request-toggle"
      >
        <span>
          <Trans>Request a tour (in person or video)</Trans>
        </span>
        <span aria-hidden="true" className="transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="grid gap-4 border-t border-stone-200 p-4 sm:p-5 dark:border-stone-800">
        <div role="status" aria-live="polite">
          {submission.kind === 'sent' ? (
            <p className="rounded-lg bg-emerald-50 p-3 font-medium text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100" data-testid="tour-sent">
              {t`Your request was sent. ${realtorName} will confirm a time by e-mail.`}
            </p>
          ) : null}
        </div>
        {submission.kind === 'failed' ? (
          <p
            id={id('failure')}
            role="alert"
            className="rounded-lg bg-red-50 p-3 font-medium text-red-800 dark:bg-red-950 dark:text-red-200"
            data-testid="tour-failure"
          >
            {submission.message}
          </p>
        ) : null}
        {submission.kind !== 'sent' ? (
          <form
            method="post"
            action={TOUR_REQUEST_ACTION}
            noValidate={hydrated}
            onSubmit={(event) => void submit(event)}
            className="grid gap-4 sm:grid-cols-2"
            data-testid="tour-form"
          >
            <input type="hidden" name="realtorId" value={realtorId} />
            <input type="hidden" name="listingKey" value={listingKey} />
            <input type="hidden" name="timeZone" value={zone} />
            <input type="hidden" name="lang" value={lang} />
            <input type="hidden" name="consentVersion" value={CURRENT_CONSENT.tour} />
            <ConsentPage />
            <fieldset className="sm:col-span-2" aria-describedby={describedBy('mode')}>
              <legend className="text-sm font-medium text-stone-800 dark:text-stone-200">
                <Trans>How would you like to see it?</Trans>
              </legend>
              <div className="mt-2 flex flex-wrap gap-3">
                {(['in_person', 'video'] as const).map((mode) => (
                  <label key={mode} className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-stone-300 px-3 dark:border-stone-600">
                    <input type="radio" name="mode" value={mode} defaultChecked={mode === 'in_person'} className="size-5" data-testid={`tour-mode-${mode}`} />
                    {mode === 'in_person' ? <Trans>In person</Trans> : <Trans>Video tour</Trans>}
                  </label>
                ))}
              </div>
              <FieldError id={errorId('mode')} errors={fieldErrors.mode} />
            </fieldset>
            <fieldset className="grid gap-3 sm:col-span-2" aria-describedby={id('zone')}>
              <legend className="text-sm font-medium text-stone-800 dark:text-stone-200">
                <Trans>Two or three times that suit you</Trans>
              </legend>
              <p id={id('zone')} className="text-sm text-stone-700 dark:text-stone-300" data-testid="tour-zone">
                {t`Times are in the home's local time (${zoneName}), from tomorrow up to 30 days ahead.`}
              </p>
              {([1, 2, 3] as const).map((index) => {
                const field: Field = index === 1 ? 'slot1' : index === 2 ? 'slot2' : 'slot3'
                const optional = index === 3
                return (
                  <div key={index} className="grid grid-cols-[1fr_auto] gap-2 sm:grid-cols-[auto_1fr_auto] sm:items-end">
                    <p className="col-span-2 text-sm font-semibold text-stone-800 sm:col-span-1 sm:self-center dark:text-stone-200">
                      {index === 1 ? <Trans>First choice</Trans> : index === 2 ? <Trans>Second choice</Trans> : <Trans>Third choice (optional)</Trans>}
                    </p>
                    <div>
                      <label htmlFor={id(`${field}Date`)} className="block text-sm text-stone-700 dark:text-stone-300">
                        <Trans>Date</Trans>
                      </label>
                      <input
                        id={id(`${field}Date`)}
                        name={`slot${index}Date`}
                        type="date"
                        required={!optional}
                        min={range?.first}
                        max={range?.last}
                        aria-invalid={invalid(field)}
                        aria-describedby={describedBy(field, id('zone'))}
                        className={inputClass}
                        data-testid={`tour-slot${index}-date`}
                      />
                    </div>
                    <div>
                      <label htmlFor={id(`${field}Time`)} className="block text-sm text-stone-700 dark:text-stone-300">
                        <Trans>Time ({zoneName})</Trans>
                      </label>
                      <select
                        id={id(`${field}Time`)}
                        name={`slot${index}Time`}
                        required={!optional}
                        defaultValue=""
                        aria-invalid={invalid(field)}
                        aria-describedby={describedBy(field, id('zone'))}
                        className={inputClass}
                        data-testid={`tour-slot${index}-time`}
                      >
                        <option value="">{t`Choose`}</option>
                        {times.map((time) => (
                          <option key={time} value={time}>
                            {time}
                          </option>
                        ))}
                      </select>
                    </div>
                    <div className="col-span-2 sm:col-span-3">
                      <FieldError id={errorId(field)} errors={fieldErrors[field]} />
                    </div>
                  </div>
                )
              })}
            </fieldset>
            <TextField
              id={id('name')}
              name="name"
              label={<Trans>Name</Trans>}
              autoComplete="name"
              required
              error={fieldErrors.name}
              errorId={errorId('name')}
            />
            <TextField
              id={id('email')}
              name="email"
              type="email"
              label={<Trans>E-mail</Trans>}
              autoComplete="email"
              required
              error={fieldErrors.email}
              errorId={errorId('email')}
            />
            <TextField
              id={id('phone')}
              name="phone"
              type="tel"
              label={
                <>
                  <Trans>Phone</Trans>{' '}
                  <span className="font-normal text-stone-500 dark:text-stone-400">
                    <Trans>(optional)</Trans>
                  </span>
                </>
              }
              autoComplete="tel"
              error={fieldErrors.phone}
              errorId={errorId('phone')}
            />
            <div className="sm:col-span-2">
              <label htmlFor={id('message')} className="block text-sm font-medium text-stone-800 dark:text-stone-200">
                <Trans>Message</Trans>{' '}
                <span className="font-normal text-stone-500 dark:text-stone-400">
                  <Trans>(optional)</Trans>
                </span>
              </label>
              <textarea
                id={id('message')}
                name="message"
                rows={3}
                maxLength={2000}
                aria-invalid={invalid('message')}
                aria-describedby={describedBy('message')}
                className={inputClass}
                data-testid="tour-message"
              />
              <FieldError id={errorId('message')} errors={fieldErrors.message} />
            </div>
            {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
            <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
              <label htmlFor={id('website')}>Website</label>
              <input id={id('website')} name="website" tabIndex={-1} autoComplete="off" />
            </div>
            <div className="sm:col-span-2">
              <label className="flex items-start gap-3 text-sm text-stone-700 dark:text-stone-300">
                <input
                  id={id('consent')}
                  type="checkbox"
                  name="consent"
                  required
                  className="mt-0.5 size-5 shrink-0"
                  aria-invalid={invalid('consent')}
                  aria-describedby={describedBy('consent')}
                  data-testid="tour-consent"
                />
                {/* The very words the server stores with the request (src/lib/consent.ts). */}
                <span data-testid="tour-consent-text">{wording ? consentText(i18n, wording, { realtor: realtorName }) : null}</span>
              </label>
              <p className="mt-1 pl-8 text-sm">
                <Link
                  to="/{-$lang}/$desiredUrl/agreement"
                  params={{ lang: langParam(lang), desiredUrl }}
                  target="_blank"
                  className="font-medium text-[var(--accent-text)] underline underline-offset-4"
                >
                  <Trans>Privacy notice</Trans>
                </Link>
              </p>
              <FieldError id={errorId('consent')} errors={fieldErrors.consent} />
            </div>
            <div className="sm:col-span-2">
              <Button
                variant="accent"
                size="md"
                type="submit"
                className="w-full sm:w-auto"
                disabled={submission.kind === 'sending'}
                aria-busy={submission.kind === 'sending'}
                data-testid="tour-submit"
              >
                {submission.kind === 'sending' ? <Trans>Sending…</Trans> : <Trans>Request a tour</Trans>}
              </Button>
            </div>
          </form>
        ) : null}
      </div>
    </details>
  )
}

/** The page the form is on as the address bar shows it (own domains drop `/{desiredUrl}`), sent without scripts too. */
function ConsentPage() {
  const { ownDomain } = useRouteContext({ from: '__root__' })
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const path = ownDomain ? toPublicPath(pathname, ownDomain) : pathname
  return <input type="hidden" name="consentPage" value={path} />
}

function TextField({
  id,
  name,
  label,
  type = 'text',
  autoComplete,
  required = false,
  error,
  errorId,
}: {
  id: string
  name: string
  label: ReactNode
  type?: string
  autoComplete: string
  required?: boolean
  error: Array<string> | undefined
  errorId: string
}) {
  const invalid = (error?.length ?? 0) > 0
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800 dark:text-stone-200">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        required={required}
        autoComplete={autoComplete}
        maxLength={name === 'email' ? 254 : 100}
        aria-invalid={invalid}
        aria-describedby={invalid ? errorId : undefined}
        className={inputClass}
        data-testid={`tour-${name}`}
      />
      <FieldError id={errorId} errors={error} />
    </div>
  )
}
