import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { ImportRun } from '~/schemas/admin'
import type { Database } from '~/server/db/schema'
import type { AppServices } from '~/server/services'
import { componentLogger } from '~/server/logging/logger'

/*
 * Every listings import run, failed ones included (issue 32 item 5, migration 0018): the
 * platform admin sees a feed that is down, a revoked token or a malformed page as it happens,
 * not only as an ageing "last updated" time, and a success after failures says it recovered.
 */

export type ImportRunCounts = { fetched: number; inserted: number; updated: number; unchanged: number; rejected: number; retired: number }

export const NO_COUNTS: ImportRunCounts = { fetched: 0, inserted: 0, updated: 0, unchanged: 0, rejected: 0, retired: 0 }

/** Runs the admin panel shows per source: enough to see a pattern, few enough to read. */
export const RECENT_RUNS_PER_SOURCE = 5

/** An error is stored for reading, not for replaying a whole answer. */
const MAX_ERROR_LENGTH = 1000

const REDACTED = '[redacted]'
const SECRET_QUERY = /([?&](?:access_token|token|api_?key|key|client_secret|secret|password|sig|signature|code)=)[^&\s#"']*/gi
const SECRET_JSON = /("(?:access_token|refresh_token|id_token|client_secret|password|token)"\s*:\s*)"[^"]*"/gi
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)[^/\s@]+@/gi
const AUTH_SCHEME = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g

/**
 * An import error as it may be stored and shown: an admin reads it, so it must not carry what
 * signs in to the feed. Strips the configured secrets wherever they appear, credentials in URLs
 * (`https://user:pass@host`), secret query parameters and JSON fields (a token endpoint's
 * answer quoted in the error), and Authorization values; then cuts it to a readable length.
 */
export function redactImportError(message: string, secrets: ReadonlyArray<string> = []): string {
  let text = message
  // Longest first, so a secret that contains another is replaced whole.
  for (const secret of [...secrets].filter((value) => value.length >= 4).sort((a, b) => b.length - a.length)) {
    text = text.split(secret).join(REDACTED)
  }
  text = text
    .replace(URL_CREDENTIALS, '$1')
    .replace(SECRET_QUERY, `$1${REDACTED}`)
    .replace(SECRET_JSON, `$1"${REDACTED}"`)
    .replace(AUTH_SCHEME, `$1 ${REDACTED}`)
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text
}

/** What an import run has counted: its summary, once it has one. */
type CountedRun = { fetched: number; inserted: number; updated: number; unchanged: number; rejected: ReadonlyArray<unknown>; retired: number }

function countsOf({ fetched, inserted, updated, unchanged, rejected, retired }: CountedRun): ImportRunCounts {
  return { fetched, inserted, updated, unchanged, rejected: rejected.length, retired }
}

/**
 * Runs one import of a source (a file or a RESO Web API) and records it: a failure is stored
 * with its error, the given secrets and any credentials stripped, and what the run had counted
 * by then (`progress`), then thrown on as before; a success is stored with its counts.
 */
export async function runRecorded<Summary extends CountedRun>(
  services: Pick<AppServices, 'db' | 'now'>,
  source: string,
  secrets: ReadonlyArray<string>,
  run: (progress: { summary?: Summary }) => Promise<Summary>,
): Promise<Summary> {
  const startedAt = services.now()
  const progress: { summary?: Summary } = {}
  let summary: Summary
  try {
    summary = await run(progress)
  } catch (error) {
    await recordImportRun(services.db, {
      source,
      startedAt,
      finishedAt: services.now(),
      outcome: 'failed',
      error: redactImportError(messageOf(error), secrets),
      counts: progress.summary ? countsOf(progress.summary) : NO_COUNTS,
    }).catch((recordError: unknown) => componentLogger('listings').error({ source, err: recordError }, 'the failed run could not be recorded'))
    throw error
  }
  await recordImportRun(services.db, { source, startedAt, finishedAt: services.now(), outcome: 'succeeded', counts: countsOf(summary) })
  return summary
}

export type RecordedImportRun = { recoveredFromFailures: number }

/**
 * Records one finished run. A success counts the failed runs since the source's previous
 * success: that is what "recovered" means on the admin panel and in the import's output.
 */
export async function recordImportRun(
  db: Kysely<Database>,
  run: { source: string; startedAt: Date; finishedAt: Date; counts: ImportRunCounts } & ({ outcome: 'succeeded' } | { outcome: 'failed'; error: string }),
): Promise<RecordedImportRun> {
  let recoveredFromFailures = 0
  if (run.outcome === 'succeeded') {
    const lastSuccess = await db
      .selectFrom('listingImportRun')
      .select('finishedAt')
      .where('source', '=', run.source)
      .where('outcome', '=', 'succeeded')
      .orderBy('finishedAt', 'desc')
      .limit(1)
      .executeTakeFirst()
    const failed = await db
      .selectFrom('listingImportRun')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('source', '=', run.source)
      .where('outcome', '=', 'failed')
      .$if(lastSuccess !== undefined, (query) => query.where('finishedAt', '>', lastSuccess?.finishedAt ?? ''))
      .executeTakeFirst()
    recoveredFromFailures = Number(failed?.count ?? 0)
  }
  await db
    .insertInto('listingImportRun')
    .values({
      id: randomUUID(),
      source: run.source,
      startedAt: run.startedAt.toISOString(),
      finishedAt: run.finishedAt.toISOString(),
      outcome: run.outcome,
      error: run.outcome === 'failed' ? run.error : null,
      ...run.counts,
      recoveredFromFailures,
    })
    .execute()
  return { recoveredFromFailures }
}

/** The newest runs of each source, newest first. */
export async function recentImportRuns(
  db: Kysely<Database>,
  sources: ReadonlyArray<string>,
  perSource = RECENT_RUNS_PER_SOURCE,
): Promise<ReadonlyMap<string, Array<ImportRun>>> {
  const bySource = new Map<string, Array<ImportRun>>()
  // One small indexed query per source: a platform has a handful of feeds.
  for (const source of sources) {
    const rows = await db
      .selectFrom('listingImportRun')
      .selectAll()
      .where('source', '=', source)
      .orderBy('finishedAt', 'desc')
      .orderBy('id')
      .limit(perSource)
      .execute()
    if (rows.length === 0) continue
    bySource.set(
      source,
      rows.map((row) => ({
        startedAt: row.startedAt,
        finishedAt: row.finishedAt,
        outcome: row.outcome === 'failed' ? 'failed' : 'succeeded',
        error: row.error,
        fetched: Number(row.fetched),
        inserted: Number(row.inserted),
        updated: Number(row.updated),
        unchanged: Number(row.unchanged),
        rejected: Number(row.rejected),
        retired: Number(row.retired),
        recoveredFromFailures: Number(row.recoveredFromFailures),
      })),
    )
  }
  return bySource
}

/** When the newest successful run finished (ISO), or null before the first. */
export async function lastSuccessfulImportAt(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom('listingImportRun')
    .select((eb) => eb.fn.max('finishedAt').as('finishedAt'))
    .where('outcome', '=', 'succeeded')
    .executeTakeFirst()
  return row?.finishedAt ?? null
}

/** What became of the rows of every recorded run, in the words of the import metrics. */
export const IMPORT_ROW_OUTCOMES = ['added', 'updated', 'unchanged', 'retired', 'failed'] as const
export type ImportRowTotals = Record<(typeof IMPORT_ROW_OUTCOMES)[number], number>

/** The rows of every recorded run, summed by outcome: runs are kept, never deleted, so these only grow. */
export async function importRowTotals(db: Kysely<Database>): Promise<ImportRowTotals> {
  const row = await db
    .selectFrom('listingImportRun')
    .select((eb) => [
      eb.fn.sum<number | string | null>('inserted').as('added'),
      eb.fn.sum<number | string | null>('updated').as('updated'),
      eb.fn.sum<number | string | null>('unchanged').as('unchanged'),
      eb.fn.sum<number | string | null>('retired').as('retired'),
      eb.fn.sum<number | string | null>('rejected').as('failed'),
    ])
    .executeTakeFirst()
  return {
    added: Number(row?.added ?? 0),
    updated: Number(row?.updated ?? 0),
    unchanged: Number(row?.unchanged ?? 0),
    retired: Number(row?.retired ?? 0),
    failed: Number(row?.failed ?? 0),
  }
}

/** The error message of anything thrown, for recording. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
