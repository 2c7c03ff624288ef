import { msg } from '@lingui/core/macro'
import type { EventAttributes } from 'ics'
import { i18nFor, loadCatalog } from '~/i18n/i18n'
import { TOUR_DURATION_MINUTES } from '~/lib/listing-time-zones'
import { tourReceiptRequestSchema, type TourReceipt } from '~/schemas/tours'
import { AppError, parseInput } from '~/server/app-error'
import { icsEvents } from '~/server/calendar/ics-event'
import { realtorPageUrl, siteBaseFor } from '~/server/mail/site-links'
import type { AppServices } from '~/server/services'
import { tourEventUid } from './tour-calendar'
import { tourEventWords } from './tour-mail'
import { calendarHost, mailRealtor, toTourView } from './tour-requests'

/*
 * A tour request shown back to the visitor who sent it (issue 51 item 5, decision 063): the
 * times they asked for on the page that says it was sent, and the same times as a calendar
 * file, so they can hold them until the realtor confirms one. Asked for by the request's id,
 * which only the sender's page was given (122 random bits); nothing in it names the visitor.
 * Once confirmed, the file holds the confirmed time under the invitation's own UID, so a
 * calendar that already has the invitation updates it; a cancelled or declined request is gone.
 */

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const notFound = () => new AppError('NOT_FOUND', msg`This tour request was not found`)
async function tourRow(services: AppServices, id: string) {
  if (!UUID_PATTERN.test(id)) return undefined
  return services.db.selectFrom('tourRequest').selectAll().where('id', '=', id).executeTakeFirst()
}

type TourRow = NonNullable<Awaited<ReturnType<typeof tourRow>>>

function receiptOf(row: TourRow): TourReceipt | null {
  const tour = toTourView(row)
  const base = { id: tour.id, mode: tour.mode, timeZone: tour.timeZone, address: tour.listingAddress }
  if (tour.status === 'requested') return { ...base, state: 'requested', starts: tour.slots.map((slot) => slot.start) }
  // Confirmed, or another time proposed: the invitation the visitor was sent holds that time.
  if ((tour.status === 'confirmed' || tour.status === 'proposed') && tour.confirmedSlot)
    return { ...base, state: 'confirmed', starts: [tour.confirmedSlot.start] }
  return null
}

/** The request as its sender sees it back, or null when there is none (or no longer one). */
export async function readTourReceipt(services: AppServices, id: string): Promise<TourReceipt | null> {
  const row = await tourRow(services, id)
  return row ? receiptOf(row) : null
}

/** `GET /tour-requests/{id}.ics`: the times asked for as tentative events, or the confirmed one. */
export async function tourReceiptCalendarFile(services: AppServices, input: unknown): Promise<{ fileName: string; body: string }> {
  const { id, lang } = parseInput(tourReceiptRequestSchema, input)
  const row = await tourRow(services, id)
  const receipt = row ? receiptOf(row) : null
  if (!row || !receipt) throw notFound()
  await loadCatalog(lang)
  const i18n = i18nFor(lang)
  const realtor = await mailRealtor(services, row.realtorId, lang)
  const base = siteBaseFor(services.config, realtor, row.siteOrigin)
  const listingUrl = realtorPageUrl(base, lang, `homes/${encodeURIComponent(row.listingKey)}`)
  const words = tourEventWords({ mode: receipt.mode, address: row.listingAddress, realtor, listingUrl }, i18n)
  const host = calendarHost(services)
  const requested = receipt.state === 'requested'
  const events: Array<EventAttributes> = receipt.starts.map((start, index) => ({
    // A hold for each time asked for, each its own event; the confirmed one is the invitation's.
    uid: requested ? `tour-${row.id}-choice-${index + 1}@${host}` : tourEventUid(row.id, host),
    sequence: requested ? 0 : Number(row.icsSequence),
    start: Date.parse(start),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: TOUR_DURATION_MINUTES },
    title: requested ? i18n._(msg`Requested, not yet confirmed: ${words.title}`) : words.title,
    description: requested
      ? [i18n._(msg`${realtor.name} will confirm one of the times you asked for by e-mail.`), words.description].join('\n')
      : words.description,
    location: row.listingAddress,
    status: requested ? 'TENTATIVE' : 'CONFIRMED',
    busyStatus: requested ? 'TENTATIVE' : 'BUSY',
  }))
  const body = icsEvents(events, { productId: 'realtor-homepage/tours', method: 'PUBLISH' })
  return { fileName: requested ? 'tour-request.ics' : 'tour.ics', body }
}
