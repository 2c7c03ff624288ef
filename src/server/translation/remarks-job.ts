import { randomUUID } from 'node:crypto'
import { detectTextLanguage } from '~/lib/text-language'
import { sql, type Kysely } from 'kysely'
import { enqueuePurge } from '~/server/cdn-purge/outbox'
import type { Database, TranslationLang } from '~/server/db/schema'
import { displayProfileFor } from '~/server/listings/display-profile'
import { componentLogger } from '~/server/logging/logger'
import { recordTranslationChars, setTranslationPending } from '~/server/metrics/registry'
import { announcePurge, bumpRevisions } from '~/server/pages/revisions'
import type { AppServices } from '~/server/services'
import { billedChars, budgetDay, charsUsedToday, LISTINGS_BUDGET_SHARE, pruneBudgetDays, refundChars, reserveChars } from './budget'
import { claimListings, deleteExpiredClaims, releaseClaim, TRANSLATION_LEASE_MS } from './claims'
import { TranslationError, type TranslationProvider } from './provider'
import { sourceHash } from './remarks-hash'
import { DEFAULT_RETRY_POLICY, translateWithRetries, type RetryPolicy } from './retries'
import { remarksToTranslate } from './stored-translation'
import { batchesWithin, prefixWithin } from './text-batches'

/*
 * The listings' remarks job (issue 54 item 2, decision 071): never in a request's path. A pass
 * reads the active listings of the sources whose display profile allows it, newest first, that
 * an import wrote since the pass before compared them (or that have no translation), and
 * translates into Korean those whose remarks hash differently from their stored translation.
 * Remarks that hash the same are never sent again, whatever else the import rewrote. Each batch
 * is claimed first (claims.ts), paid for from the shared daily budget (budget.ts), and stored in
 * one transaction that moves the listings revision, so the page store and the CDN purge the
 * listing pages exactly when a translation changed. A retired listing's translation is deleted.
 */

/** Listings are translated into Korean: their remarks come in English from US MLS feeds. */
const TARGET: TranslationLang = 'ko'

/** Listings read at a time. */
const PAGE_SIZE = 200
/** Listings per claim and transaction: one revision move per this many translations. */
const STORE_BATCH = 50

/** Why a pass left work for later. */
export type PassStop = { reason: 'budget' } | { reason: 'provider'; error: TranslationError }

export type RemarksPassSummary = {
  /** Listings whose translation was stored by this pass. */
  translated: number
  /** Listings an import rewrote with the same remarks: compared, not sent. */
  unchanged: number
  /** Translations of retired listings deleted. */
  deleted: number
  /** Listings still waiting (over the budget, after a provider failure, or claimed by another process). */
  pending: number
  /** Remarks longer than one request of the provider takes: left in English. */
  tooLong: number
  /** Remarks written in Korean already (a Korean agent's listing): nothing to translate. */
  alreadyKorean: number
  /** Characters the provider translated. */
  chars: number
  stop: PassStop | undefined
}

export type RemarksJobOptions = {
  provider: TranslationProvider
  retry?: RetryPolicy
  /** Listings per claim and transaction (tests make it small). */
  storeBatch?: number
}

type Candidate = { id: string; updatedAt: string; remarks: string; hash: string; chars: number }

/** Deletes the translations of retired listings: they leave every page and are never shown again as they were. */
export async function deleteRetiredTranslations(db: Kysely<Database>): Promise<number> {
  const result = await db
    .deleteFrom('listingRemarksTranslation')
    .where('homeId', 'in', (eb) => eb.selectFrom('home').select('home.id').where('home.retiredAt', 'is not', null))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** The sources of listed homes whose MLS display profile allows a translation of the remarks. */
async function translatableSources(services: AppServices): Promise<Array<string>> {
  const rows = await services.db.selectFrom('home').select('source').distinct().where('isListed', '=', 1).execute()
  return rows.map((row) => row.source).filter((source) => displayProfileFor(services.config.displayProfiles, source).translateRemarks)
}

type Cursor = { onMarketDate: string; id: string }

/**
 * Listed homes of `sources` with remarks that have no translation, or were written by an import
 * since the pass that last compared them; newest first, after `cursor`.
 */
async function candidatePage(db: Kysely<Database>, sources: ReadonlyArray<string>, cursor: Cursor | undefined, limit: number) {
  let query = db
    .selectFrom('home')
    .leftJoin('listingRemarksTranslation as translation', (join) => join.onRef('translation.homeId', '=', 'home.id').on('translation.lang', '=', TARGET))
    .select(['home.id', 'home.publicRemarks', 'home.updatedAt', 'home.onMarketDate', 'translation.sourceHash'])
    .where('home.isListed', '=', 1)
    .where('home.source', 'in', [...sources])
    .where('home.publicRemarks', 'is not', null)
    .where((eb) => eb.or([eb('translation.homeId', 'is', null), eb('translation.listingUpdatedAt', '<>', eb.ref('home.updatedAt'))]))
  if (cursor)
    query = query.where((eb) =>
      eb.or([eb('home.onMarketDate', '<', cursor.onMarketDate), eb.and([eb('home.onMarketDate', '=', cursor.onMarketDate), eb('home.id', '<', cursor.id)])]),
    )
  return query.orderBy('home.onMarketDate', 'desc').orderBy('home.id', 'desc').limit(limit).execute()
}

/** Records that these listings' remarks were compared with their translation and found the same. */
async function markCompared(db: Kysely<Database>, rows: ReadonlyArray<{ id: string; updatedAt: string; hash: string }>): Promise<void> {
  if (rows.length === 0) return
  // One transaction for the page: one commit (one fsync on SQLite) rather than one per listing.
  await db.transaction().execute(async (trx) => {
    for (const row of rows)
      await trx
        .updateTable('listingRemarksTranslation')
        .set({ listingUpdatedAt: row.updatedAt })
        .where('homeId', '=', row.id)
        .where('lang', '=', TARGET)
        .where('sourceHash', '=', row.hash)
        .execute()
  })
}

type BatchOutcome = { translated: number; unchanged: number; pending: number; chars: number; stop: PassStop | undefined }

/**
 * Claims, pays for, translates and stores one batch. What another process holds is left to it;
 * what it finished meanwhile is not sent again; what does not fit the budget or failed at the
 * provider stays pending for a later pass.
 */
async function translateBatch(
  services: AppServices,
  batch: ReadonlyArray<Candidate>,
  options: Required<RemarksJobOptions>,
  budgetLimit: number,
): Promise<BatchOutcome> {
  const { db } = services
  const { provider } = options
  const claimId = randomUUID()
  const claimedAt = services.now()
  const held = await claimListings(
    db,
    batch.map((item) => item.id),
    TARGET,
    claimId,
    claimedAt.toISOString(),
    new Date(claimedAt.getTime() + TRANSLATION_LEASE_MS).toISOString(),
  )
  const outcome: BatchOutcome = { translated: 0, unchanged: 0, pending: batch.length - held.size, chars: 0, stop: undefined }
  try {
    const mine = batch.filter((item) => held.has(item.id))
    if (mine.length === 0) return outcome
    // Now that this claim holds them: another process may have stored some since the page was read.
    const stored = await db
      .selectFrom('listingRemarksTranslation')
      .select(['homeId', 'sourceHash'])
      .where('lang', '=', TARGET)
      .where(
        'homeId',
        'in',
        mine.map((item) => item.id),
      )
      .execute()
    const storedHash = new Map(stored.map((row) => [row.homeId, row.sourceHash]))
    const done = mine.filter((item) => storedHash.get(item.id) === item.hash)
    await markCompared(db, done)
    outcome.unchanged += done.length
    const work = mine.filter((item) => storedHash.get(item.id) !== item.hash)
    if (work.length === 0) return outcome

    const day = budgetDay(services.now())
    let paid = work
    if (!(await reserveChars(db, day, billedChars(work.map((item) => item.remarks)), budgetLimit))) {
      paid = prefixWithin(work, budgetLimit - (await charsUsedToday(db, services.now())))
      if (paid.length === 0 || !(await reserveChars(db, day, sum(paid), budgetLimit))) paid = []
    }
    if (paid.length < work.length) outcome.stop = { reason: 'budget' }
    outcome.pending += work.length - paid.length

    const translations: Array<{ item: Candidate; text: string }> = []
    const requests = batchesWithin(paid, provider.maxTextsPerRequest, provider.maxCharsPerRequest)
    for (const [index, request] of requests.entries()) {
      try {
        const texts = await translateWithRetries(
          provider,
          request.map((item) => item.remarks),
          TARGET,
          undefined,
          options.retry,
        )
        request.forEach((item, position) => translations.push({ item, text: texts[position] ?? '' }))
        recordTranslationChars(provider.name, sum(request))
        outcome.chars += sum(request)
      } catch (error) {
        // This request and the ones not sent: their characters back, their listings for a later pass.
        const unsent = requests.slice(index).flat()
        await refundChars(db, day, sum(unsent))
        outcome.pending += unsent.length
        outcome.stop = { reason: 'provider', error: error instanceof TranslationError ? error : new TranslationError('bad_response', String(error)) }
        break
      }
    }
    if (translations.length > 0) {
      await storeTranslations(services, provider.name, translations, claimId)
      outcome.translated += translations.length
    }
    return outcome
  } finally {
    await releaseClaim(db, claimId)
  }
}

function sum(items: ReadonlyArray<{ chars: number }>): number {
  return items.reduce((total, item) => total + item.chars, 0)
}

/**
 * Stores the translations and ends their claims in one transaction that moves the listings
 * revision and queues the CDN purge (decision 009, 046): a listing page is made again exactly
 * when its translation changed.
 */
async function storeTranslations(
  services: AppServices,
  provider: string,
  translations: ReadonlyArray<{ item: Candidate; text: string }>,
  claimId: string,
): Promise<void> {
  const translatedAt = services.now().toISOString()
  await services.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('listingRemarksTranslation')
      .values(
        translations.map(({ item, text }) => ({
          homeId: item.id,
          lang: TARGET,
          sourceHash: item.hash,
          text,
          provider,
          translatedAt,
          listingUpdatedAt: item.updatedAt,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(['homeId', 'lang']).doUpdateSet((eb) => ({
          sourceHash: eb.ref('excluded.sourceHash'),
          text: eb.ref('excluded.text'),
          provider: eb.ref('excluded.provider'),
          translatedAt: eb.ref('excluded.translatedAt'),
          listingUpdatedAt: eb.ref('excluded.listingUpdatedAt'),
        })),
      )
      .execute()
    await trx.deleteFrom('listingRemarksTranslationClaim').where('claimedBy', '=', claimId).execute()
    await bumpRevisions(trx, 'listings')
    await enqueuePurge(trx, services, ['listings'])
  })
  announcePurge(services.config.cdnPurge, ['listings'])
}

/**
 * One pass over the listings. Stops sending at the budget or at a provider failure, but reads on
 * to the end, so what it reports pending is what waits, and listings an import only rewrote are
 * marked compared all the same.
 */
export async function translatePendingRemarks(services: AppServices, options: RemarksJobOptions): Promise<RemarksPassSummary> {
  const settings: Required<RemarksJobOptions> = { retry: DEFAULT_RETRY_POLICY, storeBatch: STORE_BATCH, ...options }
  const { db } = services
  const summary: RemarksPassSummary = { translated: 0, unchanged: 0, deleted: 0, pending: 0, tooLong: 0, alreadyKorean: 0, chars: 0, stop: undefined }
  const now = services.now()
  summary.deleted = await deleteRetiredTranslations(db)
  await deleteExpiredClaims(db, now.toISOString())
  await pruneBudgetDays(db, now)
  const sources = await translatableSources(services)
  const budgetLimit = Math.floor(services.config.translation.dailyChars * LISTINGS_BUDGET_SHARE)
  let cursor: Cursor | undefined
  while (sources.length > 0) {
    const page = await candidatePage(db, sources, cursor, PAGE_SIZE)
    const last = page.at(-1)
    if (!last) break
    cursor = { onMarketDate: last.onMarketDate, id: last.id }
    const compared: Array<{ id: string; updatedAt: string; hash: string }> = []
    const work: Array<Candidate> = []
    for (const row of page) {
      const remarks = remarksToTranslate(row.publicRemarks ?? '')
      if (remarks === '') continue
      // Pages show Korean remarks as they are (the same test the lead desk uses for a visitor's language).
      if (detectTextLanguage(remarks, 'en') === TARGET) {
        summary.alreadyKorean += 1
        continue
      }
      const hash = sourceHash(remarks)
      const chars = billedChars([remarks])
      if (row.sourceHash === hash) compared.push({ id: row.id, updatedAt: row.updatedAt, hash })
      else if (chars > settings.provider.maxCharsPerRequest) summary.tooLong += 1
      else work.push({ id: row.id, updatedAt: row.updatedAt, remarks, hash, chars })
    }
    await markCompared(db, compared)
    summary.unchanged += compared.length
    for (let start = 0; start < work.length; start += settings.storeBatch) {
      const batch = work.slice(start, start + settings.storeBatch)
      if (summary.stop) {
        summary.pending += batch.length
        continue
      }
      const outcome = await translateBatch(services, batch, settings, budgetLimit)
      summary.translated += outcome.translated
      summary.unchanged += outcome.unchanged
      summary.pending += outcome.pending
      summary.chars += outcome.chars
      summary.stop ??= outcome.stop
    }
    if (page.length < PAGE_SIZE) break
  }
  setTranslationPending(summary.pending)
  if (summary.tooLong > 0) componentLogger('translation').warn({ tooLong: summary.tooLong }, 'listing remarks longer than one request left untranslated')
  return summary
}

/** The newest import run of any source (the demo's seeding included): a pass follows each. */
export async function latestImportRunAt(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom('listingImportState')
    .select(sql<string | null>`max(last_run_at)`.as('lastRunAt'))
    .executeTakeFirst()
  return row?.lastRunAt ?? null
}
