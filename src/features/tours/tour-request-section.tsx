import { Trans, useLingui } from '@lingui/react/macro'
import {
  AgreementLink,
  FieldErrorText,
  HoneypotField,
  useHydrated,
  useVisitorForm,
  VisitorForm,
  type VisitorFormRealtor,
  VisitorInput,
  VisitorSubmitButton,
  visitorInputClass,
  VisitorTextArea,
} from '~/components/visitor-form'
import { consentText, consentWording, CURRENT_CONSENT } from '~/lib/consent'
import { timeZoneName, timeZoneOfState, tourDateRange, tourStartTimes, zonedTimeToUtc, type ListingTimeZone } from '~/lib/listing-time-zones'
import { TOUR_FORM_ANCHOR, TOUR_REQUEST_ACTION } from '~/lib/tour-pages'
import { useState } from 'react'
import { TourReceiptDetails } from './tour-receipt'
import type { TourMode } from '~/schemas/tours'

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

const FIELDS = ['mode', 'slot1', 'slot2', 'slot3', 'name', 'email', 'phone', 'message', 'consent'] as const
type Field = (typeof FIELDS)[number]

/** How the visitor can be reached: the name and e-mail address the realtor answers, a phone number if they like. */
const CONTACT_DETAILS = [
  { name: 'name', type: 'text', autoComplete: 'name', required: true, maxLength: 100 },
  { name: 'email', type: 'email', autoComplete: 'email', required: true, maxLength: 254 },
  { name: 'phone', type: 'tel', autoComplete: 'tel', required: false, maxLength: 100 },
] as const

function ContactDetailLabel({ name }: { name: (typeof CONTACT_DETAILS)[number]['name'] }) {
  if (name === 'name') return <Trans>Name</Trans>
  if (name === 'email') return <Trans>E-mail</Trans>
  return <Trans>Phone</Trans>
}

/** The API's field errors placed by field: `slots.1` beside the second time, `slots` beside the first. */
function tourFieldOf(path: string): Field | undefined {
  const [head, index] = path.split('.')
  if (head === 'slots') return index === '1' ? 'slot2' : index === '2' ? 'slot3' : 'slot1'
  return FIELDS.find((name) => name === head)
}

/** The listing page's tour section: nothing for a home in a state whose zone the platform does not know. */
export function TourRequestSection(props: VisitorFormRealtor & { listingKey: string; state: string }) {
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

/** The request's id from the API's receipt (`{ id, … }`), if it sent one. */
function receiptIdOf(receipt: unknown): string | undefined {
  return typeof receipt === 'object' && receipt !== null && 'id' in receipt && typeof receipt.id === 'string' ? receipt.id : undefined
}

function TourRequestForm({ realtorId, realtorName, desiredUrl, lang, listingKey, zone }: VisitorFormRealtor & { listingKey: string; zone: ListingTimeZone }) {
  const { t, i18n } = useLingui()
  // What was asked for, kept as it was sent, to be said back once the request is taken.
  const [asked, setAsked] = useState<{ mode: TourMode; starts: Array<string> }>()
  const form = useVisitorForm('tour', TOUR_REQUEST_ACTION, {
    lang,
    accepted: 201,
    fields: FIELDS,
    fieldOf: tourFieldOf,
    body: ({ value, checked, optional }) => {
      const slots = [1, 2, 3].map((index) => ({ date: value(`slot${index}Date`), time: value(`slot${index}Time`) })).filter((slot) => slot.date || slot.time)
      setAsked({
        mode: value('mode') === 'video' ? 'video' : 'in_person',
        starts: slots.flatMap((slot) => zonedTimeToUtc(slot.date, slot.time, zone)?.toISOString() ?? []),
      })
      return {
        realtorId,
        listingKey,
        mode: value('mode'),
        slots,
        timeZone: zone,
        name: value('name'),
        email: value('email'),
        lang,
        consent: checked('consent'),
        consentVersion: CURRENT_CONSENT.tour,
        ...optional('phone'),
        ...optional('message'),
      }
    },
    // A time is two controls; its date comes first.
    focusOf: (field, idOf) => (field.startsWith('slot') ? idOf(`${field}Date`) : idOf(field)),
  })
  const { fieldErrors, errorId, invalid, describedBy, id } = form
  const hydrated = useHydrated()
  const zoneName = i18n._(timeZoneName(zone))
  const range = hydrated ? tourDateRange(new Date(), zone) : undefined
  const wording = consentWording(CURRENT_CONSENT.tour, 'tour')
  const times = tourStartTimes()
  const receiptId = form.submission.kind === 'sent' ? receiptIdOf(form.submission.receipt) : undefined

  return (
    <VisitorForm
      testId="tour-request"
      formTestId="tour-form"
      summary={<Trans>Request a tour (in person or video)</Trans>}
      contentId={TOUR_FORM_ANCHOR}
      sentMessage={
        <>
          <p>{t`Your request was sent. ${realtorName} will confirm a time by e-mail.`}</p>
          {receiptId && asked ? (
            <TourReceiptDetails receipt={{ id: receiptId, mode: asked.mode, timeZone: zone, state: 'requested', starts: asked.starts }} lang={lang} />
          ) : null}
        </>
      }
      action={TOUR_REQUEST_ACTION}
      hidden={{ realtorId, listingKey, timeZone: zone, lang, consentVersion: CURRENT_CONSENT.tour }}
      form={form}
    >
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
        <FieldErrorText id={errorId('mode')} errors={fieldErrors.mode} />
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
                  className={visitorInputClass}
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
                  className={visitorInputClass}
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
                <FieldErrorText id={errorId(field)} errors={fieldErrors[field]} />
              </div>
            </div>
          )
        })}
      </fieldset>
      {CONTACT_DETAILS.map((detail) => (
        <VisitorInput
          key={detail.name}
          id={id(detail.name)}
          {...detail}
          label={<ContactDetailLabel name={detail.name} />}
          optional={!detail.required}
          errors={fieldErrors[detail.name]}
          errorId={errorId(detail.name)}
          data-testid={`tour-${detail.name}`}
        />
      ))}
      <div className="sm:col-span-2">
        <VisitorTextArea
          id={id('message')}
          name="message"
          label={<Trans>Message</Trans>}
          optional
          rows={3}
          maxLength={2000}
          errors={fieldErrors.message}
          errorId={errorId('message')}
          data-testid="tour-message"
        />
      </div>
      <HoneypotField id={id('website')} />
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
          <AgreementLink lang={lang} desiredUrl={desiredUrl}>
            <Trans>Privacy notice</Trans>
          </AgreementLink>
        </p>
        <FieldErrorText id={errorId('consent')} errors={fieldErrors.consent} />
      </div>
      <VisitorSubmitButton
        sending={form.submission.kind === 'sending'}
        idle={<Trans>Request a tour</Trans>}
        busy={<Trans>Sending…</Trans>}
        testId="tour-submit"
      />
    </VisitorForm>
  )
}
