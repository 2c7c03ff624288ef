import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { z } from 'zod'
import type { AppServices } from '~/server/services'
import { readImportState, retireHomesNotIn, upsertHomes, writeImportState } from './home-store'
import { runRecorded } from './import-runs'
import { parseResoProperties } from './reso-property'
import { replaceFeedOpenHouses, type OpenHouseImportSummary } from './reso-open-houses'
import { announcePurge } from '~/server/pages/revisions'
import { runAlertsOnce } from '~/server/saved-searches/alerts'
import { marketAfterImport } from '~/server/market/snapshots'
import { componentLogger } from '~/server/logging/logger'

/*
 * Listings import from a RESO JSON file (issue 6 item 2): an OData response saved from a RESO
 * Web API (`{ "@odata.context": …, "value": [...] }`) or a bare array of Property objects.
 */

export type FileImportOptions = {
  /** Overrides `file:<basename>`; runs with the same source replace each other's listings. */
  source?: string
  /** Retire this source's listings that the file no longer holds. */
  retireMissing?: boolean
}

/** What one import run did, whatever its source. */
export type ImportSummary = {
  source: string
  fetched: number
  inserted: number
  updated: number
  /** Received and stored already exactly so: not written again (issue 48 item 8). */
  unchanged: number
  rejected: Array<{ key: string; reason: string }>
  retired: number
  /** When the run ended: the source's last successful run, which pages show as the last update. */
  lastRunAt: string
  /** The saved-search alerts run after it (issue 13); null when that run failed (the next one catches up). */
  alerts: { matches: number; mails: number } | null
}

export type FileImportSummary = ImportSummary & {
  /** The file's `OpenHouse` array (issue 26), when it has one: the source's open houses are then exactly those. */
  openHouses?: OpenHouseImportSummary
}

/**
 * Saved searches hear of what an import changed right after it (issue 13). The listings are
 * stored whatever happens here: a failed alert run leaves the changes pending for the next.
 */
export async function alertsAfterImport(services: AppServices): Promise<ImportSummary['alerts']> {
  try {
    const { matches, mails } = await runAlertsOnce(services)
    return { matches, mails }
  } catch (error) {
    componentLogger('alerts').error({ err: error }, 'the run after the import failed; the next run catches up')
    return null
  }
}

/** The file is missing, unreadable, not JSON or not a RESO collection; nothing was stored. */
export class ResoFileError extends Error {
  override name = 'ResoFileError'
}

export function fileSourceOf(filePath: string): string {
  return `file:${path.basename(filePath)}`
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The file's Property rows, and its OpenHouse rows when it carries an `OpenHouse` array beside `value`. */
async function readValues(filePath: string): Promise<{ values: Array<unknown>; openHouses: Array<unknown> | undefined }> {
  let text: string
  try {
    text = await readFile(filePath, 'utf8')
  } catch (error) {
    const code = isRecord(error) ? error.code : undefined
    if (code === 'ENOENT') throw new ResoFileError(`${filePath}: no such file`)
    if (code === 'EISDIR') throw new ResoFileError(`${filePath}: is a folder, not a file`)
    throw new ResoFileError(`${filePath}: cannot be read: ${error instanceof Error ? error.message : String(error)}`)
  }
  let json: unknown
  try {
    // A byte-order mark is legal in a UTF-8 file but not in JSON.parse's input.
    json = JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch (error) {
    throw new ResoFileError(`${filePath}: not valid JSON (${error instanceof Error ? error.message : String(error)})`)
  }
  const rows = z
    .array(z.unknown())
    .transform((values) => ({ values, openHouses: undefined }))
    .or(
      z
        .object({ value: z.array(z.unknown()), OpenHouse: z.array(z.unknown()).optional() })
        .transform(({ value, OpenHouse }) => ({ values: value, openHouses: OpenHouse })),
    )
    .safeParse(json)
  if (rows.success) return rows.data
  throw new ResoFileError(`${filePath}: expected an OData response { "value": [ ...Property ] } or an array of RESO Property objects`)
}

/** One recorded run (import-runs.ts, issue 32): a file that cannot be read or parsed is a failed run. */
export async function importFromResoFile(services: AppServices, filePath: string, options: FileImportOptions = {}): Promise<FileImportSummary> {
  const source = options.source ?? fileSourceOf(filePath)
  return runRecorded(services, source, [], () => runFileImport(services, filePath, source, options))
}

async function runFileImport(services: AppServices, filePath: string, source: string, options: FileImportOptions): Promise<FileImportSummary> {
  const { values, openHouses: openHouseValues } = await readValues(filePath)
  const { records, rejected } = parseResoProperties(values)
  const { inserted, updated, unchanged } = await upsertHomes(services.db, records, { source, isDemo: false, now: services.now() })
  let retired = 0
  if (options.retireMissing) {
    // A listing the file still names but that fails validation stays as it was rather than
    // disappearing: the file did not remove it, it only sent a bad version.
    const keep = new Set([...records.map((record) => record.listingKey), ...rejected.map((item) => item.key)])
    retired = await retireHomesNotIn(services.db, source, keep, services.now())
  }
  // The run succeeded: pages now say the data was updated now. A file has no resume point of
  // its own; one stored under the same source (a Web API's, given by --source) is kept.
  const openHouses = openHouseValues ? await replaceFeedOpenHouses(services.db, source, openHouseValues, services.now()) : undefined
  const resumeAt = (await readImportState(services.db, source))?.lastModificationTimestamp ?? null
  const ranAt = services.now()
  const listingsChanged = inserted + updated + retired > 0
  if (await writeImportState(services.db, services, source, resumeAt, ranAt, { listingsChanged })) announcePurge(services.config.cdnPurge, ['listings'])
  const alerts = await alertsAfterImport(services)
  await marketAfterImport(services, { listingsChanged })
  return {
    source,
    fetched: values.length,
    inserted,
    updated,
    unchanged,
    rejected,
    retired,
    lastRunAt: ranAt.toISOString(),
    alerts,
    ...(openHouses ? { openHouses } : {}),
  }
}
