import type SqliteDatabase from 'better-sqlite3'
import { sql, type Kysely, type Transaction } from 'kysely'
import { z } from 'zod'
import type { CdnPurgeConfig } from '~/server/cdn-purge/config'
import type { Database } from '~/server/db/schema'
import { componentLogger } from '~/server/logging/logger'

/**
 * Versions of what public pages show (decision 009). Every write a visitor could see moves
 * 'site' and the scope it touched, in the transaction of the write itself, so a process
 * that reads the counters after the write was acknowledged sees it.
 */
export type RevisionScope = 'site' | 'realtors' | 'listings'

export type RevisionSnapshot = Readonly<Record<RevisionScope, number>>

type Db = Kysely<Database> | Transaction<Database>

/** Moves the counters of a change: 'site' always, plus the scope that changed. */
export async function bumpRevisions(db: Db, scope: Exclude<RevisionScope, 'site'>): Promise<void> {
  await db
    .updateTable('pageRevision')
    .set({ revision: sql`revision + 1` })
    .where('scope', 'in', ['site', scope])
    .execute()
}

// Made once: zod builds a schema's checker when it is made, and the read below runs per batch of requests.
const revisionRowsSchema = z.array(z.object({ scope: z.string(), revision: z.coerce.number() }))

function snapshotOf(rows: ReadonlyArray<{ scope: string; revision: number | string }>): RevisionSnapshot {
  const value = (scope: RevisionScope) => Number(rows.find((row) => row.scope === scope)?.revision ?? 0)
  return { site: value('site'), realtors: value('realtors'), listings: value('listings') }
}

export async function readRevisions(db: Kysely<Database>): Promise<RevisionSnapshot> {
  return snapshotOf(await db.selectFrom('pageRevision').select(['scope', 'revision']).execute())
}

/**
 * The same read on SQLite through one statement prepared once: it runs for every batch of
 * requests, and building and preparing it anew through Kysely was a fifth of a busy
 * worker's time.
 */
export function sqliteRevisionReader(sqlite: SqliteDatabase.Database): () => Promise<RevisionSnapshot> {
  const statement = sqlite.prepare('select scope, revision from page_revision')
  // async: a failed read rejects, as the PostgreSQL reader's does, rather than throwing.
  // eslint-disable-next-line @typescript-eslint/require-await
  return async () => snapshotOf(revisionRowsSchema.parse(statement.all()))
}

/**
 * The counters as of now, for every request that answers from a store, in one read per
 * batch of requests. A request never takes the answer of a read that began before it
 * arrived (a save acknowledged in between would be missed): it waits for the next read,
 * which begins once the one in flight has ended and the requests of the current turn of the
 * event loop have all arrived. Under load that is one small query per turn, whatever the
 * number of requests.
 */
export class RevisionWatch {
  private running: Promise<RevisionSnapshot> | undefined
  private next: Promise<RevisionSnapshot> | undefined

  constructor(private readonly read: () => Promise<RevisionSnapshot>) {}

  current(): Promise<RevisionSnapshot> {
    this.next ??= this.readNext()
    return this.next
  }

  private async readNext(): Promise<RevisionSnapshot> {
    await this.running?.catch(() => undefined)
    await new Promise((resolve) => setImmediate(resolve))
    // Whoever calls current() from here on arrives after this read begins: they get the next one.
    this.next = undefined
    const reading = this.read()
    this.running = reading
    try {
      return await reading
    } finally {
      if (this.running === reading) this.running = undefined
    }
  }
}

/** The current revision of each of these realtors; a deleted one is missing. */
export async function realtorRevisions(db: Kysely<Database>, ids: ReadonlyArray<string>): Promise<ReadonlyMap<string, number>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('realtor')
    .select(['id', 'revision'])
    .where('id', 'in', [...ids])
    .execute()
  return new Map(rows.map((row) => [row.id, Number(row.revision)]))
}

/** The surrogate keys of pages that show these realtors (page-store.ts names them so). */
export function realtorSurrogateKeys(realtorIds: ReadonlyArray<string>): Array<string> {
  return [...realtorIds.map((id) => `realtor-${id}`), 'realtors']
}

/**
 * The hook a deployment behind a CDN purges by with `CDN_PURGE=none` (decision 009): one line per
 * change, after it is committed, naming the Surrogate-Key / Cache-Tag values of the responses
 * that change. A log shipper or a small sidecar may turn it into the CDN's purge call; without a
 * CDN it is a record of changes. With a CDN configured the keys went to the purge outbox in the
 * change's transaction (`enqueuePurge`, decision 046) and the line is not written, so such a
 * sidecar left in place does not purge everything twice.
 */
export function announcePurge(cdnPurge: CdnPurgeConfig, keys: ReadonlyArray<string>): void {
  if (cdnPurge.vendor !== 'none') return
  componentLogger('page-store').info({ surrogateKeys: keys }, 'changed; purge surrogate keys')
}
