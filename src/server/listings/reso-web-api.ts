import { z } from 'zod'
import { announcePurge } from '~/server/pages/revisions'
import type { AppServices } from '~/server/services'
import { readImportState, retireHomesNotIn, upsertHomes, writeImportState } from './home-store'
import { alertsAfterImport, type ImportSummary } from './import-file'
import { marketAfterImport } from '~/server/market/snapshots'
import { runRecorded } from './import-runs'
import { ResoConfigError, resoSourceOf, type ResoConfig } from './reso-config'
import { createHttp, pages, type ResoHttpOptions } from './reso-http'
import { importResoOpenHouses, type OpenHouseImportSummary } from './reso-open-houses'
import { parseResoProperties } from './reso-property'
import { byKeysUrl, changedRecordsUrl, keyListUrl } from './reso-query'

/*
 * Listings import from a RESO Web API (OData v4) server, issue 6 item 2. One run:
 *   1. asks for the listings changed since the last successful run (all of them on the first),
 *      page by page through `@odata.nextLink`, and upserts each page as it arrives;
 *   2. reads the feed's full key list (ListingKey + ModificationTimestamp) and fetches by key
 *      every listing the store lacks, has retired, or holds in an older version — this repairs
 *      what a skip-based paging of a changing feed can miss, and brings back a listing that
 *      returns to the feed with an old timestamp;
 *   3. retires this source's listings that are no longer in the key list;
 *   4. stores the newest ModificationTimestamp seen, only if step 1 succeeded, so a failed run
 *      is simply repeated by the next one.
 *
 * The settings are in reso-config.ts, the OData URLs in reso-query.ts, the token, retries and
 * paging in reso-http.ts.
 */

export type ResoImportOptions = ResoHttpOptions & {
  /** Ignore the stored timestamp and ask for every listing; retiring works as on any run. */
  full?: boolean
  /** Overrides `reso:<host of the service root>`. */
  source?: string
}

/** `fetched` counts the changed-records query and the by-key repair fetch. */
export type ResoImportSummary = ImportSummary & {
  /** Pages of the changed-records query. */
  pages: number
  /** Listings fetched by key because the store lacked them or held an older version. */
  repaired: number
  incremental: boolean
  /** The timestamp stored for the next run (the previous one when nothing changed). */
  lastModificationTimestamp: string | null
  /** Non-fatal problems, e.g. the key list could not be read so nothing was retired. */
  warnings: Array<string>
  /** The OpenHouse resource's run (issue 26), when RESO_OPENHOUSE_RESOURCE names one and it could be read. */
  openHouses?: OpenHouseImportSummary
}

const keyRowSchema = z.object({ ListingKey: z.string().min(1), ModificationTimestamp: z.string().nullish() })

/** Keys per by-key request: keeps the URL well under the 8 KB many servers accept. */
const KEYS_PER_REQUEST = 40

function later(a: string | null, b: string): string {
  return a === null || Date.parse(b) > Date.parse(a) ? b : a
}

/**
 * One recorded run (import-runs.ts, issue 32): a failure is stored with its error, credentials
 * stripped, and what the run had counted, then thrown on as before; a success says whether it
 * recovered from failed runs.
 */
export function importFromResoWebApi(services: AppServices, config: ResoConfig, options: ResoImportOptions = {}): Promise<ResoImportSummary> {
  return runRecorded(services, options.source ?? resoSourceOf(config), secretsOf(config), (progress) => runResoImport(services, config, options, progress))
}

function secretsOf(config: ResoConfig): Array<string> {
  return config.credentials.kind === 'token' ? [config.credentials.accessToken] : [config.credentials.clientSecret]
}

async function runResoImport(
  services: AppServices,
  config: ResoConfig,
  options: ResoImportOptions,
  progress: { summary?: ResoImportSummary },
): Promise<ResoImportSummary> {
  if (config.states.length === 0) throw new ResoConfigError('no states to import: give at least one')
  const source = options.source ?? resoSourceOf(config)
  const log = options.log ?? (() => undefined)
  const http = createHttp(config, services, options)
  const previous = options.full ? null : ((await readImportState(services.db, source))?.lastModificationTimestamp ?? null)

  const summary: ResoImportSummary = {
    source,
    fetched: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    rejected: [],
    retired: 0,
    lastRunAt: '',
    alerts: null,
    pages: 0,
    repaired: 0,
    incremental: previous !== null,
    lastModificationTimestamp: previous,
    warnings: [],
  }
  progress.summary = summary
  const rejectedKeys = new Set<string>()

  async function store(values: ReadonlyArray<unknown>): Promise<void> {
    const { records, rejected } = parseResoProperties(values)
    summary.fetched += values.length
    for (const item of rejected) {
      if (rejectedKeys.has(item.key)) continue
      rejectedKeys.add(item.key)
      summary.rejected.push(item)
      log(`[listings] skipped ${item.key}: ${item.reason}`)
    }
    if (records.length === 0) return
    const result = await upsertHomes(services.db, records, { source, isDemo: false, now: services.now() })
    summary.inserted += result.inserted
    summary.updated += result.updated
    summary.unchanged += result.unchanged
    summary.lastModificationTimestamp = records.reduce<string | null>(
      (max, record) => later(max, record.modificationTimestamp),
      summary.lastModificationTimestamp,
    )
  }

  // 1. Changed listings. A failure here ends the run before the import state moves.
  for await (const values of pages(http, config, changedRecordsUrl(config, previous))) {
    summary.pages += 1
    await store(values)
  }

  // 2.–3. Repair and retire from the full key list; without it nothing is retired.
  let feedKeys: Map<string, number> | undefined
  try {
    feedKeys = new Map()
    for await (const values of pages(http, config, keyListUrl(config))) {
      for (const value of values) {
        const row = keyRowSchema.safeParse(value)
        if (row.success) feedKeys.set(row.data.ListingKey, Date.parse(row.data.ModificationTimestamp ?? ''))
      }
    }
  } catch (error) {
    feedKeys = undefined
    summary.warnings.push(`the key list could not be read, so no listing was retired: ${error instanceof Error ? error.message : String(error)}`)
  }

  if (feedKeys !== undefined) {
    try {
      const stale = await staleKeys(services, source, feedKeys, rejectedKeys)
      for (let index = 0; index < stale.length; index += KEYS_PER_REQUEST) {
        const batch = stale.slice(index, index + KEYS_PER_REQUEST)
        for await (const values of pages(http, config, byKeysUrl(config, batch))) {
          summary.repaired += values.length
          await store(values)
        }
      }
    } catch (error) {
      summary.warnings.push(`listings missing from the store could not be fetched by key: ${error instanceof Error ? error.message : String(error)}`)
    }
    if (feedKeys.size === 0) {
      // An empty key list from a feed that had listings is far more often a server fault than
      // a real market; retiring on it would empty every homepage at once.
      summary.warnings.push('the key list is empty: nothing was retired (remove the listings by hand if the feed is really empty)')
    } else {
      summary.retired = await retireHomesNotIn(services.db, source, new Set(feedKeys.keys()), services.now())
    }
  }

  // Open houses after the listings they belong to; they never fail the listings' run.
  const openHouseResource = config.openHouseResource
  if (openHouseResource) {
    try {
      summary.openHouses = await importResoOpenHouses(services.db, http, { ...config, openHouseResource }, source, services.now())
      if (summary.openHouses.unavailable) log(`[listings] ${summary.openHouses.unavailable}`)
    } catch (error) {
      summary.warnings.push(`open houses could not be read, so the stored ones were kept: ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  // 4. Only a completed changed-records walk advances the timestamp and the last successful run.
  const ranAt = services.now()
  const listingsChanged = summary.inserted + summary.updated + summary.retired > 0
  // A run that changed nothing moves the pages' "last updated" time only hourly (home-store.ts).
  if (await writeImportState(services.db, services, source, summary.lastModificationTimestamp, ranAt, { listingsChanged }))
    announcePurge(services.config.cdnPurge, ['listings'])
  summary.lastRunAt = ranAt.toISOString()
  summary.alerts = await alertsAfterImport(services)
  await marketAfterImport(services, { listingsChanged })
  return summary
}

/**
 * Keys of the feed that the store lacks, has retired, keeps under another source, or holds in
 * an older version than the feed's. Keys rejected in this run are not asked for again.
 */
async function staleKeys(services: AppServices, source: string, feedKeys: ReadonlyMap<string, number>, skip: ReadonlySet<string>): Promise<Array<string>> {
  // A key stored under another source counts as missing: fetching it moves it to this source.
  const rows = await services.db
    .selectFrom('home')
    .select(['listingKey', 'source', 'retiredAt', 'modificationTimestamp'])
    .where('source', '=', source)
    .execute()
  const local = new Map(rows.map((row) => [row.listingKey, row]))
  const result: Array<string> = []
  for (const [key, feedTime] of feedKeys) {
    if (skip.has(key)) continue
    const row = local.get(key)
    const stale = row === undefined || row.retiredAt !== null || (Number.isFinite(feedTime) && feedTime > Date.parse(row.modificationTimestamp))
    if (stale) result.push(key)
  }
  return result
}
