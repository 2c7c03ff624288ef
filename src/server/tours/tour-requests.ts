import { msg } from '@lingui/core/macro'
import type { Selectable } from 'kysely'
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { i18nFor, loadCatalog } from '~/i18n/i18n'
import { consentText, consentWording, storedConsentOf } from '~/lib/consent'
import type { Lang } from '~/lib/lang'
import { detectTextLanguage } from '~/lib/text-language'
import { isListingTimeZone, isTourStartTime, timeZoneOfState, tourDateRange, zonedTimeToUtc, type ListingTimeZone } from '~/lib/listing-time-zones'
import { realtorDisplayName } from '~/lib/realtor-names'
import {
  tourConfirmRequestSchema,
  tourModeSchema,
  tourRequestListQuerySchema,
  tourRequestSchema,
  tourSlotSchema,
  tourStatusSchema,
  type CreatedTourRequest,
  type TourRequestPage,
  type TourRequestView,
  type TourSlot,
  type TourSlotInput,
} from '~/schemas/tours'
import { AppError, errors, isAppError, parseInput } from '~/server/app-error'
import type { Actor } from '~/server/auth/actor'
import type { TourRequestTable } from '~/server/db/schema'
import { enforceRateLimit } from '~/server/web/rate-limit'
import { recordLead } from '~/server/leads/record-lead'
import { moveLeadStage } from '~/server/leads/lead-events'
import { getHomeDetail } from '~/server/listings/homes'
import { deliverOutboxMail, enqueueMail, type OutboxMail } from '~/server/mail/outbox'
import { knownCursor, readNewestFirstPage } from '~/server/db/newest-first'
import { managedLeadRow, ownedRealtorIds } from '~/server/realtors/owned-realtors'
import { realtorPageUrl, siteBaseFor } from '~/server/mail/site-links'
import type { AppServices } from '~/server/services'
import { tourCalendar } from './tour-calendar'
import { renderTourMail, tourEventWords, type TourMailInput, type TourMailRealtor } from './tour-mail'
import { SENDER_REALTOR_COLUMNS } from '~/server/mail/sender-realtor'
import type { VisitorSender } from '~/server/leads/visitor-sender'
import { recordIdRequestSchema } from '~/schemas/record-id'

/*
 * Tour requests (issue 26 item 4, decision 022). A visitor asks for a tour of a listed home at
 * two or three times in the home's time zone; the request and its lead (kind `tour`, instant
 * reply `pending` for the reply worker) are stored in one transaction. The realtor confirms one
 * of the times or proposes another, and the visitor gets a calendar invitation; a cancellation
 * sends the calendar's cancel with the same UID and a higher SEQUENCE. Another realtor's
 * request does not exist for anyone but its realtor and the platform admin (404).
 */

type TourRow = Selectable<TourRequestTable>
const fieldError = (field: string, descriptor: { id: string }) =>
  new AppError('VALIDATION_FAILED', msg`Some fields need your attention`, { fieldErrors: { [field]: [descriptor.id] } })

const tourErrors = {
  homeNotListed: () => new AppError('NOT_FOUND', msg`This home is no longer listed`),
  closed: () => new AppError('CONFLICT', msg`This tour request was cancelled. Ask the visitor for a new request.`),
}

const storedSlotsSchema = z.array(tourSlotSchema)

function parseJson<T>(schema: z.ZodType<T>, text: string | null, fallback: T): T {
  if (!text) return fallback
  try {
    const parsed = schema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : fallback
  } catch {
    return fallback
  }
}

/**
 * A wall-clock time in the home's zone as stored, or the reason it cannot be a tour: in the
 * past or today (tomorrow onward), more than 30 days ahead, outside the day's hours. The
 * realtor proposing another time may go past the 30 days (up to 90) but not into the past.
 */
function slotAt(slot: TourSlotInput, zone: ListingTimeZone, now: Date, who: 'visitor' | 'realtor'): TourSlot | { error: { id: string } } {
  const start = zonedTimeToUtc(slot.date, slot.time, zone)
  if (!start) return { error: msg`Choose a time that exists on that day` }
  const range = tourDateRange(now, zone)
  if (who === 'visitor') {
    if (slot.date < range.first) return { error: msg`Choose a day from tomorrow on` }
    if (slot.date > range.last) return { error: msg`Choose a day within the next 30 days` }
    if (!isTourStartTime(slot.time)) return { error: msg`Choose a time between 8:00 and 19:30, on the hour or half hour` }
  } else {
    if (start.getTime() <= now.getTime()) return { error: msg`Choose a time in the future` }
    if (start.getTime() > now.getTime() + 90 * 86_400_000) return { error: msg`Choose a day within the next 90 days` }
  }
  return { start: start.toISOString(), date: slot.date, time: slot.time }
}

export function toTourView(row: TourRow): TourRequestView {
  return {
    id: row.id,
    realtorId: row.realtorId,
    listingKey: row.listingKey,
    listingAddress: row.listingAddress,
    timeZone: row.timeZone,
    mode: tourModeSchema.catch('in_person').parse(row.mode),
    slots: parseJson(storedSlotsSchema, row.slots, []),
    status: tourStatusSchema.catch('requested').parse(row.status),
    confirmedSlot: parseJson(tourSlotSchema.nullable(), row.confirmedSlot, null),
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    lang: row.lang === 'en' ? 'en' : 'ko',
    consent: storedConsentOf(row),
    icsSequence: Number(row.icsSequence),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }
}

/** A visitor's request (`POST /tour-requests`, the listing page's form). */
export async function createTourRequest(services: AppServices, input: unknown, sender: VisitorSender): Promise<CreatedTourRequest> {
  await enforceRateLimit(services.db, 'tour', sender.clientIp, services.config.rateLimits.tour, services.now())
  const request = parseInput(tourRequestSchema, input)
  const realtor = await services.db
    .selectFrom('realtor')
    .select(['id', 'displayNameKo', 'displayNameEn', 'desiredUrl'])
    .where('id', '=', request.realtorId)
    .executeTakeFirst()
  if (!realtor) throw errors.realtorNotFound()
  const id = randomUUID()
  const now = services.now()
  const createdAt = now.toISOString()
  // A filled honeypot is a bot: answer like a success so it learns nothing, store nothing.
  if (request.website && request.website.trim() !== '') return { id, realtorId: realtor.id, createdAt, status: 'requested', delivery: 'outbox' }

  const lang = request.lang ?? sender.lang
  let home: Awaited<ReturnType<typeof getHomeDetail>>
  try {
    home = await getHomeDetail(services, request.listingKey, { lang })
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND') throw tourErrors.homeNotListed()
    throw error
  }
  const zone = timeZoneOfState(home.state)
  if (!zone) throw tourErrors.homeNotListed()
  if (request.timeZone !== undefined && request.timeZone !== zone) {
    throw fieldError('timeZone', msg`This time zone is not the home's time zone. Reload the page and try again.`)
  }
  const slots: Array<TourSlot> = []
  const slotErrors: Record<string, Array<string>> = {}
  request.slots.forEach((slot, index) => {
    const result = slotAt(slot, zone, now, 'visitor')
    if ('error' in result) slotErrors[`slots.${index}`] = [result.error.id]
    else slots.push(result)
  })
  if (Object.keys(slotErrors).length > 0) throw new AppError('VALIDATION_FAILED', msg`Some fields need your attention`, { fieldErrors: slotErrors })
  slots.sort((a, b) => a.start.localeCompare(b.start))

  const wording = consentWording(request.consentVersion, 'tour')
  if (!wording) throw fieldError('consentVersion', msg`This consent wording is not known. Reload the page and try again.`)
  await loadCatalog(lang)
  // The visitor's language is the one they wrote in (issue 52 item 6): their mails and the
  // lead follow it; the consent keeps the words the page showed them.
  const visitorLang = detectTextLanguage(request.message, lang)
  const phone = request.phone && request.phone !== '' ? request.phone : null
  await services.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('tourRequest')
      .values({
        id,
        realtorId: realtor.id,
        listingKey: home.homeId,
        listingAddress: home.fullAddress,
        timeZone: zone,
        mode: request.mode,
        slots: JSON.stringify(slots),
        name: request.name,
        email: request.email,
        phone,
        message: request.message && request.message !== '' ? request.message : null,
        lang: visitorLang,
        siteOrigin: sender.origin,
        consentVersion: wording.version,
        // The words the form showed, rendered here from the registry: never the client's text.
        consentText: consentText(i18nFor(lang), wording, { realtor: realtorDisplayName(realtor, lang) }),
        consentLang: lang,
        consentPage: request.consentPage ?? null,
        consentedAt: createdAt,
        status: 'requested',
        confirmedSlot: null,
        icsSequence: 0,
        createdAt,
        updatedAt: createdAt,
      })
      .execute()
    await recordLead(trx, {
      id,
      realtorId: realtor.id,
      kind: 'tour',
      name: request.name,
      email: request.email,
      phone,
      lang: visitorLang,
      sourcePage: request.consentPage ?? null,
      listingKey: home.homeId,
      replyState: 'pending',
      at: createdAt,
    })
  })
  return { id, realtorId: realtor.id, createdAt, status: 'requested', delivery: 'outbox' }
}

/** The request and whether the actor may act on it; anyone else is told it does not exist. */
async function ownedTour(services: AppServices, actor: Actor | null, id: string): Promise<TourRow> {
  if (!actor) throw errors.unauthorized()
  return managedLeadRow(services, actor, await services.db.selectFrom('tourRequest').selectAll().where('id', '=', id).executeTakeFirst())
}

export async function mailRealtor(
  services: AppServices,
  realtorId: string,
  lang: Lang,
): Promise<TourMailRealtor & { desiredUrl: string; hompageHost: string | null }> {
  const realtor = await services.db.selectFrom('realtor').select(SENDER_REALTOR_COLUMNS).where('id', '=', realtorId).executeTakeFirstOrThrow()
  return {
    name: realtorDisplayName(realtor, lang),
    email: realtor.email,
    phone: realtor.contactPhone || null,
    licenseNumber: realtor.licenseNumber || null,
    brokerageName: realtor.brokerageName || null,
    brokerageLicenseNumber: realtor.brokerageLicenseNumber || null,
    // CAN-SPAM's postal address: the brokerage's, else the platform's.
    postalAddress: realtor.brokerageAddress?.trim() || services.config.mailPostalAddress?.trim() || null,
    desiredUrl: realtor.desiredUrl,
    hompageHost: realtor.hompageHost,
  }
}

/** The UID's host: the site's public host, else the domain of the sending address; stable while the configuration is. */
export function calendarHost(services: AppServices): string {
  if (services.config.publicUrl) return new URL(services.config.publicUrl).host
  const address = /<([^>]+)>/.exec(services.config.mailFrom)?.[1] ?? services.config.mailFrom
  return address.split('@')[1]?.trim() || 'localhost'
}

/**
 * The visitor's mail about the tour, with its calendar file when there is an event to add or
 * remove. Made before the transaction that changes the tour (SQLite has one connection, which
 * the transaction holds), and stored in it, so the change and its mail are one.
 */
async function tourMail(services: AppServices, tour: TourRow, kind: TourMailInput['kind'], start: Date | null, sequence: number): Promise<OutboxMail> {
  const lang: Lang = tour.lang === 'en' ? 'en' : 'ko'
  await loadCatalog(lang)
  const i18n = i18nFor(lang)
  const realtor = await mailRealtor(services, tour.realtorId, lang)
  const base = siteBaseFor(services.config, realtor, tour.siteOrigin)
  const listingUrl = realtorPageUrl(base, lang, `homes/${encodeURIComponent(tour.listingKey)}`)
  const mode = tourModeSchema.catch('in_person').parse(tour.mode)
  const mailInput: TourMailInput = {
    lang,
    kind,
    visitorName: tour.name,
    mode,
    address: tour.listingAddress,
    timeZone: tour.timeZone,
    start,
    listingUrl,
    realtor,
  }
  const rendered = renderTourMail(mailInput, i18n)
  const method = kind === 'cancelled' ? 'CANCEL' : 'REQUEST'
  const attachments =
    start && kind !== 'declined'
      ? [
          {
            filename: kind === 'cancelled' ? 'tour-cancelled.ics' : 'tour.ics',
            contentType: `text/calendar; charset=utf-8; method=${method}`,
            content: tourCalendar({
              method,
              tourId: tour.id,
              host: calendarHost(services),
              sequence,
              start,
              ...tourEventWords(mailInput, i18n),
              location: tour.listingAddress,
              organizer: { name: realtor.name, email: realtor.email },
              attendee: { name: tour.name, email: tour.email },
              createdAt: new Date(tour.createdAt),
              updatedAt: services.now(),
            }),
            calendarMethod: method,
          } as const,
        ]
      : undefined
  return {
    kind: kind === 'cancelled' || kind === 'declined' ? 'tour-cancelled' : 'tour-confirmed',
    leadId: tour.id,
    realtorId: tour.realtorId,
    savedSearchId: null,
    toAddress: tour.email,
    fromName: realtor.name,
    replyTo: realtor.email,
    subject: rendered.subject,
    textBody: rendered.text,
    htmlBody: rendered.html,
    attachments,
  }
}

/**
 * The realtor confirms one of the visitor's times (`slot`) or proposes another (`start`): the
 * visitor gets a mail with the calendar invitation (METHOD:REQUEST, the next SEQUENCE). A
 * confirmed tour moves a lead still at `new` or `contacted` to the `appointment` stage.
 */
export async function confirmTourRequest(services: AppServices, actor: Actor | null, input: unknown): Promise<TourRequestView> {
  if (!actor) throw errors.unauthorized()
  const request = parseInput(tourConfirmRequestSchema, input)
  const tour = await ownedTour(services, actor, request.id)
  if (tour.status === 'cancelled' || tour.status === 'declined') throw tourErrors.closed()
  const zone = isListingTimeZone(tour.timeZone) ? tour.timeZone : undefined
  if (!zone) throw tourErrors.closed()
  let chosen: TourSlot
  if (request.slot !== undefined) {
    const slot = parseJson(storedSlotsSchema, tour.slots, [])[request.slot]
    if (!slot) throw fieldError('slot', msg`Choose one of the visitor's times`)
    chosen = slot
  } else if (request.start) {
    const result = slotAt(request.start, zone, services.now(), 'realtor')
    if ('error' in result) throw fieldError('start', result.error)
    chosen = result
  } else {
    throw fieldError('slot', msg`Choose one of the visitor's times or propose another`)
  }
  const status = request.slot !== undefined ? 'confirmed' : 'proposed'
  const sequence = Number(tour.icsSequence) + 1
  const updatedAt = services.now().toISOString()
  const mail = await tourMail(services, tour, status, new Date(chosen.start), sequence)
  const mailId = await services.db.transaction().execute(async (trx) => {
    // Only from the state read: two clicks at once send one invitation each, never one lost.
    const updated = await trx
      .updateTable('tourRequest')
      .set({ status, confirmedSlot: JSON.stringify(chosen), icsSequence: sequence, updatedAt })
      .where('id', '=', tour.id)
      .where('icsSequence', '=', tour.icsSequence)
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) !== 1) throw new AppError('CONFLICT', msg`This tour request was just changed. Reload and try again.`)
    await moveLeadStage(trx, { id: tour.id, realtorId: tour.realtorId }, 'appointment', updatedAt, ['new', 'contacted'])
    return enqueueMail(trx, mail, services.now())
  })
  await deliverOutboxMail(services, mailId)
  return toTourView(await services.db.selectFrom('tourRequest').selectAll().where('id', '=', tour.id).executeTakeFirstOrThrow())
}

/**
 * The realtor cancels: a confirmed or proposed tour becomes `cancelled` and the visitor's
 * calendar gets METHOD:CANCEL with the same UID and the next SEQUENCE; a request never answered
 * becomes `declined`, with a mail saying so and no calendar file (there is no event to remove).
 * Cancelling again changes nothing and sends nothing.
 */
export async function cancelTourRequest(services: AppServices, actor: Actor | null, input: unknown): Promise<TourRequestView> {
  if (!actor) throw errors.unauthorized()
  const { id } = parseInput(recordIdRequestSchema, input)
  const tour = await ownedTour(services, actor, id)
  if (tour.status === 'cancelled' || tour.status === 'declined') return toTourView(tour)
  const confirmed = parseJson(tourSlotSchema.nullable(), tour.confirmedSlot, null)
  const status = confirmed ? 'cancelled' : 'declined'
  const sequence = confirmed ? Number(tour.icsSequence) + 1 : Number(tour.icsSequence)
  const updatedAt = services.now().toISOString()
  const mail = await tourMail(services, tour, status, confirmed ? new Date(confirmed.start) : null, sequence)
  const mailId = await services.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('tourRequest')
      .set({ status, icsSequence: sequence, updatedAt })
      .where('id', '=', tour.id)
      .where('status', '=', tour.status)
      .where('icsSequence', '=', tour.icsSequence)
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) !== 1) throw new AppError('CONFLICT', msg`This tour request was just changed. Reload and try again.`)
    return enqueueMail(trx, mail, services.now())
  })
  await deliverOutboxMail(services, mailId)
  return toTourView(await services.db.selectFrom('tourRequest').selectAll().where('id', '=', tour.id).executeTakeFirstOrThrow())
}

const listQuerySchema = tourRequestListQuerySchema.extend({
  cursor: knownCursor(tourRequestListQuerySchema.shape.cursor, msg`This page of tour requests no longer exists. Start from the newest.`),
})

/** The owner's tour requests, newest first (an admin may name any realtor); another realtor's: 404. */
export async function listTourRequests(services: AppServices, actor: Actor | null, query: unknown): Promise<TourRequestPage> {
  if (!actor) throw errors.unauthorized()
  const { realtorId, limit, cursor } = parseInput(listQuerySchema, query)
  let ids: Array<string>
  try {
    ids = await ownedRealtorIds(services, actor, realtorId)
  } catch (error) {
    // Whose leads these are is not disclosed: someone else's realtor is as unknown as none.
    if (isAppError(error) && error.code === 'FORBIDDEN') throw errors.notFound()
    throw error
  }
  if (ids.length === 0) return { tours: [], nextCursor: null, total: 0, waiting: 0 }
  const tours = services.db.selectFrom('tourRequest').where('realtorId', 'in', ids)
  const [{ page, nextCursor }, counts] = await Promise.all([
    readNewestFirstPage(tours.selectAll(), cursor, limit),
    tours
      .select((eb) => [eb.fn.countAll().as('total'), eb.fn.sum(eb.case().when('status', '=', 'requested').then(1).else(0).end()).as('waiting')])
      .executeTakeFirstOrThrow(),
  ])
  return { tours: page.map(toTourView), nextCursor, total: Number(counts.total), waiting: Number(counts.waiting ?? 0) }
}
