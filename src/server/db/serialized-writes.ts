import type { AppServices } from '~/server/services'

/*
 * SQLite has one writer, and better-sqlite3 waits for the lock synchronously: two connections
 * of one process (two services on one file, as the tests' two "workers") holding and waiting
 * for it across an await would stall the thread. One sending transaction at a time per process
 * (new-listing alerts, monthly market reports) keeps that from happening; across processes the
 * busy timeout does its usual job. PostgreSQL runs them as they come.
 */
let sqliteTail: Promise<unknown> = Promise.resolve()

export function serialized<T>(services: AppServices, work: () => Promise<T>): Promise<T> {
  if (services.dbKind !== 'sqlite') return work()
  const result = sqliteTail.then(work, work)
  sqliteTail = result.catch(() => undefined)
  return result
}
