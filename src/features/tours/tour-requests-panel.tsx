import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useInfiniteQuery, useMutation } from '@tanstack/react-query'
import { useId, type FormEvent } from 'react'
import { useConfirm, type ConfirmRequest } from '~/components/confirm-dialog'
import { Button } from '~/components/ui'
import { LeadListPanel, useLeadActions, useLeadList } from '~/features/inbox/lead-list'
import { cancelMyTourRequest, confirmMyTourRequest } from '~/functions/tours.functions'
import { displayPhone, telHref } from '~/lib/contact-links'
import { dateTimeFormat } from '~/lib/date-time-format'
import { LOCALE_TAG, type Lang } from '~/lib/lang'
import { zonedWallTimeToUtc } from '~/lib/listing-time-zone'
import { LANGUAGE_NAMES } from '~/lib/language-names'
import { isListingTimeZone, timeZoneName } from '~/lib/listing-time-zones'
import { afterTourChanged } from '~/queries/changes'
import { tourRequestsQuery } from '~/queries/tours'
import type { TourRequestView, TourSlot, TourStatus } from '~/schemas/tours'

/*
 * The inbox's "Tour requests" (issue 26 item 4): each request with its home, how, the
 * visitor's times in the home's zone (and in the realtor's own zone when that differs), the
 * visitor's details and consent, and the realtor's answers: confirm a time, propose another,
 * cancel. Each answer mails the visitor (with a calendar invitation or its cancellation), so
 * each asks first, naming the visitor, the home and the time (decision 069).
 */

const PAGE_SIZE = 50

function useZonedFormat(lang: Lang) {
  const { i18n } = useLingui()
  const browserZone = typeof Intl !== 'undefined' ? Intl.DateTimeFormat().resolvedOptions().timeZone : undefined
  return (start: string, zone: string) => {
    const when = dateTimeFormat(LOCALE_TAG[lang], { dateStyle: 'full', timeStyle: 'short', timeZone: zone }).format(new Date(start))
    const zoneLabel = isListingTimeZone(zone) ? i18n._(timeZoneName(zone)) : zone
    const local =
      browserZone && browserZone !== zone
        ? dateTimeFormat(LOCALE_TAG[lang], { weekday: 'short', hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone: browserZone }).format(
            new Date(start),
          )
        : null
    return { when: `${when} (${zoneLabel})`, local }
  }
}

function statusLabel(status: TourStatus) {
  switch (status) {
    case 'requested':
      return <Trans>Waiting for your answer</Trans>
    case 'confirmed':
      // "Confirmed" alone is also a column of confirmation times (확인 일시): the status has its own entry.
      return <Trans context="tour status">Confirmed</Trans>
    case 'proposed':
      return <Trans>Other time proposed</Trans>
    case 'cancelled':
      return <Trans>Cancelled</Trans>
    case 'declined':
      return <Trans>Declined</Trans>
  }
}

export function TourRequestsPanel({ realtorId, lang }: { realtorId: string; lang: Lang }) {
  const { t } = useLingui()
  const { headingId, queryClient, toast, actionError, clearError, showError } = useLeadActions()
  const confirm = useConfirm('tour-confirm-dialog')
  const toursQuery = useInfiniteQuery({ ...tourRequestsQuery(realtorId, { limit: PAGE_SIZE }), staleTime: 30_000, retry: false })
  const created = dateTimeFormat(LOCALE_TAG[lang], { dateStyle: 'medium', timeStyle: 'short' })

  const refresh = () => afterTourChanged(queryClient, realtorId)

  const confirmMutation = useMutation({
    mutationFn: (input: { id: string; slot?: number; start?: { date: string; time: string } }) => confirmMyTourRequest({ data: input }),
    onMutate: clearError,
    onSuccess: async (updated) => {
      toast.success(
        updated.status === 'confirmed' ? t`Tour confirmed. The visitor gets an invitation by e-mail.` : t`New time proposed to the visitor by e-mail.`,
      )
      await refresh()
    },
    onError: showError,
  })
  const cancelMutation = useMutation({
    mutationFn: (id: string) => cancelMyTourRequest({ data: { id } }),
    onMutate: clearError,
    onSuccess: async () => {
      toast.success(t`The visitor was told by e-mail.`)
      await refresh()
    },
    onError: showError,
  })

  const list = useLeadList(toursQuery, (page) => page.tours, t`Your tour requests could not be loaded. Check your connection and try again.`)
  const { first, rows: tours } = list
  const waiting = first?.waiting ?? 0
  const total = first?.total ?? 0
  const pending = confirmMutation.isPending || cancelMutation.isPending

  return (
    <LeadListPanel
      testId="tours"
      headingId={headingId}
      heading={<Trans>Tour requests</Trans>}
      summary={
        <>
          <Plural value={total} one="# tour request" other="# tour requests" />
          {' · '}
          <Plural value={waiting} one="# waiting for your answer" other="# waiting for your answer" />
        </>
      }
      exportButton={null}
      list={list}
      actionError={actionError}
      words={{
        loading: <Trans>Loading tour requests…</Trans>,
        emptyTitle: <Trans>No tour requests yet</Trans>,
        emptyText: <Trans>When visitors ask to see one of your listed homes, their requests appear here.</Trans>,
        more: <Trans>Show older tour requests</Trans>,
      }}
      dialog={confirm.dialog}
    >
      {tours.map((tour) => (
        <TourItem
          key={tour.id}
          tour={tour}
          lang={lang}
          pending={pending}
          ask={confirm.ask}
          createdAt={created.format(new Date(tour.createdAt))}
          onConfirm={(slot) => confirmMutation.mutate({ id: tour.id, slot })}
          onPropose={(start) => confirmMutation.mutate({ id: tour.id, start })}
          onCancel={() => cancelMutation.mutate(tour.id)}
        />
      ))}
    </LeadListPanel>
  )
}

function TourItem({
  tour,
  lang,
  pending,
  ask,
  createdAt,
  onConfirm,
  onPropose,
  onCancel,
}: {
  tour: TourRequestView
  lang: Lang
  pending: boolean
  /** Asks the realtor before an answer is mailed to the visitor. */
  ask: (request: ConfirmRequest) => void
  createdAt: string
  onConfirm: (slot: number) => void
  onPropose: (start: { date: string; time: string }) => void
  onCancel: () => void
}) {
  const { t, i18n } = useLingui()
  const formId = useId()
  const format = useZonedFormat(lang)
  const zoneLabel = isListingTimeZone(tour.timeZone) ? i18n._(timeZoneName(tour.timeZone)) : tour.timeZone
  const open = tour.status !== 'cancelled' && tour.status !== 'declined'
  const chosen = tour.confirmedSlot
  const isChosen = (slot: TourSlot) => chosen !== null && chosen.start === slot.start
  const visitor = tour.name
  const address = tour.listingAddress
  const askConfirm = (slot: TourSlot, index: number) => {
    const when = format(slot.start, tour.timeZone).when
    ask({
      title: t`Confirm this time?`,
      consequence: t`${visitor} gets an e-mail confirming the tour of ${address} on ${when}, with a calendar invitation.`,
      confirmLabel: t`Confirm and e-mail ${visitor}`,
      tone: 'send',
      icon: 'calendar',
      onConfirm: () => onConfirm(index),
    })
  }
  const propose = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const date = form.get('date')
    const time = form.get('time')
    if (typeof date !== 'string' || typeof time !== 'string' || !date || !time) return
    const start = zonedWallTimeToUtc(date, time, tour.timeZone)
    const when = start ? format(start.toISOString(), tour.timeZone).when : `${date} ${time} (${zoneLabel})`
    ask({
      title: t`Propose this time?`,
      consequence: t`${visitor} gets an e-mail proposing ${when} for the tour of ${address}, with a calendar invitation.`,
      confirmLabel: t`Propose and e-mail ${visitor}`,
      tone: 'send',
      icon: 'calendar',
      onConfirm: () => onPropose({ date, time }),
    })
  }
  const askCancel = () => {
    if (tour.status === 'requested') {
      ask({
        title: t`Decline this tour request?`,
        consequence: t`${visitor} gets an e-mail saying you cannot show ${address} at the times asked for.`,
        confirmLabel: t`Decline and e-mail ${visitor}`,
        keepLabel: t`Keep the request`,
        tone: 'danger',
        icon: 'close',
        onConfirm: onCancel,
      })
      return
    }
    const when = chosen ? format(chosen.start, tour.timeZone).when : ''
    ask({
      title: t`Cancel this tour?`,
      consequence: when
        ? t`The tour of ${address} on ${when} is cancelled, and ${visitor} gets a cancellation by e-mail that removes it from their calendar.`
        : t`The tour of ${address} is cancelled, and ${visitor} gets a cancellation by e-mail.`,
      confirmLabel: t`Cancel tour and e-mail ${visitor}`,
      keepLabel: t`Keep the tour`,
      tone: 'danger',
      icon: 'close',
      onConfirm: onCancel,
    })
  }
  return (
    <li className="rounded-xl border border-stone-200 bg-white p-4 sm:p-5 dark:border-stone-800 dark:bg-stone-900" data-testid="tour-item">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-semibold text-stone-900 dark:text-stone-50" data-testid="tour-item-address">
            {tour.listingAddress}
          </p>
          <p className="text-sm text-stone-600 dark:text-stone-300">
            {tour.mode === 'video' ? <Trans>Video tour</Trans> : <Trans>In person</Trans>} · <Trans>Listing {tour.listingKey}</Trans> · {createdAt}
          </p>
        </div>
        <span
          className="rounded-full bg-stone-100 px-3 py-1 text-sm font-semibold text-stone-800 dark:bg-stone-800 dark:text-stone-100"
          data-testid="tour-item-status"
        >
          {statusLabel(tour.status)}
        </span>
      </div>
      {chosen ? (
        <p className="mt-3 font-medium text-stone-900 dark:text-stone-50" data-testid="tour-item-chosen">
          {tour.status === 'proposed' ? <Trans>Proposed:</Trans> : <Trans>Time:</Trans>} {format(chosen.start, tour.timeZone).when}
        </p>
      ) : null}
      <ol className="mt-3 grid gap-2" aria-label={t`The visitor's times`}>
        {tour.slots.map((slot, index) => {
          const { when, local } = format(slot.start, tour.timeZone)
          return (
            <li
              key={slot.start}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-stone-50 p-3 dark:bg-stone-800"
              data-testid="tour-item-slot"
            >
              <span>
                <span className="font-medium">{when}</span>
                {local ? (
                  <span className="block text-sm text-stone-600 dark:text-stone-300">
                    <Trans>Your time: {local}</Trans>
                  </span>
                ) : null}
              </span>
              {open && !isChosen(slot) ? (
                <Button variant="primary" onClick={() => askConfirm(slot, index)} disabled={pending} data-testid="tour-confirm-slot">
                  <Trans>Confirm this time</Trans>
                </Button>
              ) : null}
            </li>
          )
        })}
      </ol>
      <dl className="mt-3 grid gap-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline font-medium">
            <Trans>Name</Trans>:
          </dt>{' '}
          <dd className="inline">{tour.name}</dd>
        </div>
        <div>
          <dt className="inline font-medium">
            <Trans>E-mail</Trans>:
          </dt>{' '}
          <dd className="inline">
            <a href={`mailto:${tour.email}`} className="underline underline-offset-4">
              {tour.email}
            </a>
          </dd>
        </div>
        {tour.phone ? (
          <div>
            <dt className="inline font-medium">
              <Trans>Phone</Trans>:
            </dt>{' '}
            <dd className="inline">
              <a href={telHref(tour.phone)} className="underline underline-offset-4">
                {displayPhone(tour.phone)}
              </a>
            </dd>
          </div>
        ) : null}
        <div>
          <dt className="inline font-medium">
            <Trans>Language</Trans>:
          </dt>{' '}
          <dd className="inline">{i18n._(LANGUAGE_NAMES[tour.lang])}</dd>
        </div>
        {tour.message ? (
          <div className="sm:col-span-2">
            <dt className="font-medium">
              <Trans>Message</Trans>
            </dt>
            <dd className="whitespace-pre-line">{tour.message}</dd>
          </div>
        ) : null}
        <div className="sm:col-span-2">
          <dt className="font-medium">
            <Trans>Consent</Trans>
          </dt>
          <dd className="text-stone-700 dark:text-stone-300" data-testid="tour-item-consent">
            “{tour.consent.text}” ({tour.consent.version}, {tour.consent.lang}, {tour.consent.consentedAt})
          </dd>
        </div>
      </dl>
      {open ? (
        <div className="mt-4 flex flex-wrap items-end gap-3 border-t border-stone-200 pt-4 dark:border-stone-800">
          <form onSubmit={propose} className="flex flex-wrap items-end gap-2" data-testid="tour-propose-form">
            <div>
              <label htmlFor={`${formId}-date`} className="block text-sm font-medium">
                <Trans>Date</Trans>
              </label>
              <input
                id={`${formId}-date`}
                name="date"
                type="date"
                required
                className="min-h-11 rounded-lg border border-stone-300 bg-white px-3 dark:border-stone-600 dark:bg-stone-900"
                data-testid="tour-propose-date"
              />
            </div>
            <div>
              <label htmlFor={`${formId}-time`} className="block text-sm font-medium">
                <Trans>Time ({zoneLabel})</Trans>
              </label>
              <input
                id={`${formId}-time`}
                name="time"
                type="time"
                step={900}
                required
                className="min-h-11 rounded-lg border border-stone-300 bg-white px-3 dark:border-stone-600 dark:bg-stone-900"
                data-testid="tour-propose-time"
              />
            </div>
            <Button variant="secondary" type="submit" disabled={pending} data-testid="tour-propose-submit">
              <Trans>Propose another time</Trans>
            </Button>
          </form>
          <Button variant="danger" onClick={askCancel} disabled={pending} data-testid="tour-cancel">
            {tour.status === 'requested' ? <Trans>Decline</Trans> : <Trans>Cancel tour</Trans>}
          </Button>
        </div>
      ) : null}
    </li>
  )
}
