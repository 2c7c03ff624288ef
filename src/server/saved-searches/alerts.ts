import { randomUUID } from 'node:crypto'
import type { Selectable, Transaction } from 'kysely'
import { i18nFor, loadCatalog } from '~/i18n/i18n'
import type { Database, SavedSearchTable } from '~/server/db/schema'
import { listingSourceOf } from '~/server/listings/display-profile'
import { lastRunsOf } from '~/server/listings/home-store'
import { imagesFor, SUMMARY_COLUMNS, toSummary } from '~/server/listings/homes'
import { absoluteMailUrl } from '~/server/mail/mail-html'
import { enqueueMail, deliverPendingMail } from '~/server/mail/outbox'
import type { AppServices } from '~/server/services'
import { renderAlertMail, type AlertHome } from './alert-mail'
import { managePageUrl, oneClickUnsubscribeUrl, signSavedSearchToken } from './links'
import { oneClickUnsubscribeHeaders, realtorPageUrl, siteBaseFor, type SiteBase } from '~/server/mail/site-links'
import { matchSavedSearches, purgeMatchedChanges } from './matcher'
import { postalAddressFor, realtorInMail, type RealtorForMail } from '~/server/mail/sender-realtor'
import { realtorsForMailRun } from '~/server/realtors/realtors-for-mail'
import { claimActiveRow, type ClaimMark } from '~/server/db/claim-row'
import { pagesById } from '~/server/db/pages-by-id'
import { serializedTransaction } from '~/server/db/serialized-writes'
import { componentLogger } from '~/server/logging/logger'
import { scheduledJob } from '~/server/logging/job-log'

/** Homes shown in one mail; the rest are counted and linked. */
export const HOMES_PER_MAIL = 12
/** Searches read per query while looking for due ones. */
const SEARCH_PAGE = 500
const DAY_MS = 24 * 3600_000

type SavedSearch = Selectable<SavedSearchTable>

function isDue(search: Pick<SavedSearch, 'frequency' | 'lastAlertedAt'>, now: Date): boolean {
  if (search.frequency === 'instant' || search.lastAlertedAt === null) return true
  const wait = search.frequency === 'daily' ? DAY_MS : 7 * DAY_MS
  return now.getTime() - Date.parse(search.lastAlertedAt) >= wait
}

/** The homepage's own search for these filters (the region whose city this is, when the realtor serves it). */
function searchPageUrl(base: SiteBase, search: SavedSearch, realtor: RealtorForMail): string {
  const params = new URLSearchParams()
  const region = realtor.regions.findIndex((item) => item.state === search.state && item.cityKey === search.cityKey)
  if (region > 0) params.set('region', String(region))
  if (search.listingType) params.set('type', search.listingType)
  if (search.minPrice !== null) params.set('minPrice', String(Math.round(search.minPrice)))
  if (search.maxPrice !== null) params.set('maxPrice', String(Math.round(search.maxPrice)))
  if (search.minBeds !== null) params.set('minBeds', String(search.minBeds))
  const query = params.toString()
  return `${realtorPageUrl(base, search.lang, '')}${query ? `?${query}` : ''}`
}

type RunCache = { lastRuns: Map<string, string> }

export type AlertSendResult = { searches: number; mails: number; dropped: number }

/**
 * Sends what each due search has to hear (issue 13, decision 018): one mail per search, with
 * its unalerted matches of homes still listed, newest first. Per search, in one transaction:
 * the search is claimed (its last alert time moved from what was read, so a second worker
 * finds nothing to claim), the mail is stored in the outbox and its matches are marked with
 * it. A crash before the commit leaves everything to the next run; after it, the outbox
 * delivers the mail once. Matches of homes retired or taken off the internet since are
 * marked alerted without being shown.
 */
export async function sendDueAlerts(services: AppServices): Promise<AlertSendResult> {
  const now = services.now()
  const realtorOf = realtorsForMailRun(services)
  // Each source's last run, read once per run (an import writes it before this runs).
  const cache: RunCache = { lastRuns: new Map() }
  await Promise.all([loadCatalog('ko'), loadCatalog('en')])
  const result: AlertSendResult = { searches: 0, mails: 0, dropped: 0 }
  const withoutAddress = new Set<string>()
  const withMatches = services.db
    .selectFrom('savedSearch as s')
    .selectAll('s')
    .where('s.status', '=', 'active')
    .where((eb) =>
      eb.exists(eb.selectFrom('savedSearchMatch as m').select('m.homeId').whereRef('m.savedSearchId', '=', 's.id').where('m.alertedAt', 'is', null)),
    )
  for await (const page of pagesById(withMatches, 's.id', SEARCH_PAGE)) {
    for (const search of page) {
      if (!isDue(search, now)) continue
      const realtor = await realtorOf(search.realtorId)
      if (!realtor) continue
      const outcome = await serializedTransaction(services, (trx) => alertOne(services, trx, search, realtor, now, cache))
      if (outcome === 'skipped') continue
      result.searches += 1
      if (outcome === 'sent') {
        result.mails += 1
        if (!postalAddressFor(realtor, services)) withoutAddress.add(search.realtorId)
      } else result.dropped += 1
    }
  }
  // Sent all the same (the mail is still the visitor's, asked for): the operator must fix it.
  if (withoutAddress.size > 0)
    componentLogger('alerts').warn(
      { realtorIds: [...withoutAddress] },
      "alert mails without a postal address (CAN-SPAM): set these realtors' brokerage address or MAIL_POSTAL_ADDRESS",
    )
  return result
}

const LAST_ALERTED: ClaimMark = { table: 'savedSearch', mark: 'lastAlertedAt' }

async function alertOne(
  services: AppServices,
  trx: Transaction<Database>,
  search: SavedSearch,
  realtor: RealtorForMail,
  now: Date,
  cache: RunCache,
): Promise<'sent' | 'dropped' | 'skipped'> {
  const nowIso = now.toISOString()
  // The claim: only the worker that moves the last alert time from what it read goes on.
  if (!(await claimActiveRow(trx, LAST_ALERTED, search.id, search.lastAlertedAt, nowIso))) return 'skipped'

  const outboxId = randomUUID()
  // Every unalerted match, listed or not, is now this run's; the count says nobody else had them.
  const taken = await trx
    .updateTable('savedSearchMatch')
    .set({ alertedAt: nowIso, outboxId })
    .where('savedSearchId', '=', search.id)
    .where('alertedAt', 'is', null)
    .executeTakeFirst()
  if (Number(taken.numUpdatedRows) === 0) {
    await trx.updateTable('savedSearch').set({ lastAlertedAt: search.lastAlertedAt }).where('id', '=', search.id).execute()
    return 'skipped'
  }
  // Every statement names the search first: the match table's key starts with it (no scan of all matches).
  const counted = await trx
    .selectFrom('savedSearchMatch as m')
    .innerJoin('home', 'home.id', 'm.homeId')
    .select((eb) => [eb.fn.countAll<number | string>().as('matches'), eb.fn.count<number | string>('m.homeId').distinct().as('homes')])
    .where('m.savedSearchId', '=', search.id)
    .where('m.outboxId', '=', outboxId)
    .where('home.isListed', '=', 1)
    .where('home.retiredAt', 'is', null)
    .executeTakeFirst()
  if (Number(counted?.matches ?? 0) < Number(taken.numUpdatedRows)) {
    // A home retired or kept off the internet since it matched is never shown: alerted, without a mail.
    await trx
      .updateTable('savedSearchMatch')
      .set({ outboxId: null })
      .where('savedSearchId', '=', search.id)
      .where('outboxId', '=', outboxId)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('home')
              .select('home.id')
              .whereRef('home.id', '=', 'savedSearchMatch.homeId')
              .where('home.isListed', '=', 1)
              .where('home.retiredAt', 'is', null),
          ),
        ),
      )
      .execute()
  }
  const total = Number(counted?.homes ?? 0)
  if (total === 0) {
    // Nothing left to say: the search keeps its last alert time, so its next mail is not delayed.
    await trx.updateTable('savedSearch').set({ lastAlertedAt: search.lastAlertedAt }).where('id', '=', search.id).execute()
    return 'dropped'
  }

  // Newest first; a home both new and reduced in one mail is shown once, as its newest news.
  const rows = await trx
    .selectFrom('savedSearchMatch as m')
    .innerJoin('home', 'home.id', 'm.homeId')
    .select([...SUMMARY_COLUMNS, 'm.reason', 'm.previousPrice', 'm.matchedAt'])
    .where('m.savedSearchId', '=', search.id)
    .where('m.outboxId', '=', outboxId)
    .orderBy('m.matchedAt', 'desc')
    .orderBy('home.onMarketDate', 'desc')
    .orderBy('home.id', 'desc')
    .limit(HOMES_PER_MAIL * 2)
    .execute()
  const seen = new Set<string>()
  const shown = rows.filter((row) => !seen.has(row.id) && seen.add(row.id)).slice(0, HOMES_PER_MAIL)
  const images = await imagesFor(
    trx,
    services.storage,
    shown.map((row) => row.id),
    1,
  )
  const lang = search.lang
  const base = siteBaseFor(services.config, realtor, search.siteOrigin)
  const homepageUrl = realtorPageUrl(base, lang, '')
  const homes: Array<AlertHome> = shown.map((row) => ({
    summary: toSummary(row, images.get(row.id) ?? [], { lang }),
    reason: row.reason,
    previousPrice: row.previousPrice === null ? null : Number(row.previousPrice),
    url: realtorPageUrl(base, lang, `homes/${encodeURIComponent(row.listingKey)}`),
    photo: absoluteMailUrl(images.get(row.id)?.[0] ?? null, homepageUrl),
  }))
  const sourceIds = [...new Set(shown.map((row) => row.source))].sort()
  const missing = sourceIds.filter((source) => !cache.lastRuns.has(source))
  if (missing.length > 0) for (const [source, lastRunAt] of await lastRunsOf(trx, missing)) cache.lastRuns.set(source, lastRunAt)
  const sources = sourceIds.map((source) => listingSourceOf(services.config.displayProfiles, source, cache.lastRuns.get(source) ?? null))

  const secret = services.config.signingSecret
  const manageToken = signSavedSearchToken(secret, search, 'manage', null)
  const unsubscribeToken = signSavedSearchToken(secret, search, 'unsubscribe', null)
  const name = realtor.name[lang]
  const mail = renderAlertMail(
    {
      lang,
      realtor: realtorInMail(services, realtor, lang, homepageUrl),
      search: {
        visitorName: search.name,
        city: search.city,
        state: search.state,
        listingType: search.listingType,
        minPrice: search.minPrice === null ? null : Number(search.minPrice),
        maxPrice: search.maxPrice === null ? null : Number(search.maxPrice),
        minBeds: search.minBeds === null ? null : Number(search.minBeds),
        minBaths: search.minBaths === null ? null : Number(search.minBaths),
        frequency: search.frequency,
      },
      homes,
      total,
      moreUrl: searchPageUrl(base, search, realtor),
      manageUrl: managePageUrl(base, lang, manageToken),
      unsubscribeUrl: `${managePageUrl(base, lang, manageToken)}&unsubscribe=1`,
      sources,
    },
    i18nFor(lang),
  )
  await enqueueMail(
    trx,
    {
      kind: 'saved-search-alert',
      leadId: search.id,
      realtorId: search.realtorId,
      savedSearchId: search.id,
      toAddress: search.email,
      fromName: name,
      replyTo: realtor.email,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      headers: oneClickUnsubscribeHeaders(oneClickUnsubscribeUrl(base, unsubscribeToken)),
    },
    now,
    outboxId,
  )
  return 'sent'
}

export type AlertRunResult = { changes: number; matches: number; mails: number; purged: number; delivered: number }

/**
 * After an import and on the server's schedule: match the new changes, send what is due,
 * delete old changes, then deliver the outbox.
 */
export async function runAlerts(services: AppServices): Promise<AlertRunResult> {
  const { changes, matches } = await matchSavedSearches(services.db, services.now())
  const { mails } = await sendDueAlerts(services)
  const purged = await purgeMatchedChanges(services.db, services.now())
  const { sent } = await deliverPendingMail(services)
  return { changes, matches, mails, purged, delivered: sent }
}

/*
 * One run at a time per process: a run asked for while one is under way waits for it and then
 * runs (an import's changes are never left to the next tick); requests made while a run waits
 * share that run.
 */
type Slot = { tail: Promise<unknown>; queued?: Promise<AlertRunResult> }
const slots = new WeakMap<AppServices, Slot>()

export function runAlertsOnce(services: AppServices): Promise<AlertRunResult> {
  const slot: Slot = slots.get(services) ?? { tail: Promise.resolve() }
  slots.set(services, slot)
  if (slot.queued) return slot.queued
  const queued = slot.tail
    .catch(() => undefined)
    .then(() => {
      slot.queued = undefined
      return runAlerts(services)
    })
  slot.queued = queued
  slot.tail = queued
  return queued
}

const ALERT_INTERVAL_MS = 10 * 60_000

/** Daily and weekly searches come due between imports: the server looks every ten minutes. */
export function startAlertSchedule(services: AppServices): void {
  const timer = setInterval(() => {
    void scheduledJob('alerts', () => runAlertsOnce(services))
  }, ALERT_INTERVAL_MS)
  timer.unref()
}
