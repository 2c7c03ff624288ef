import type { Transaction } from 'kysely'
import type { Database } from '~/server/db/schema'
import type { AppServices } from '~/server/services'

/*
 * SQLite has one writer, and better-sqlite3 waits for the lock synchronously: two connections
 * of one process (two services on one file, as the tests' two "workers") holding and waiting
 * for it across an await would stall the thread. One sending transaction at a time per process
 * (new-listing alerts, monthly market reports) keeps that from happening; across processes the
 * busy timeout does its usual job. PostgreSQL runs them as they come.
 */
let sqliteTail: Promise<unknown> = Promise.resolve()

/** `work` in a transaction of its own, after this process's earlier ones on SQLite. */
export function serializedTransaction<T>(services: AppServices, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const run = () => services.db.transaction().execute(work)
  if (services.dbKind !== 'sqlite') return run()
  const result = sqliteTail.then(run, run)
  sqliteTail = result.catch(() => undefined)
  return result
}
