import type { AppServices } from '~/server/services'

/*
 * SQLite has one writer, and better-sqlite3 waits for its lock synchronously: two connections
 * of one process (two services on one file, as the tests' two "workers") holding and waiting
 * for it across an await would stall the thread. One lead-desk transaction at a time per
 * process keeps that from happening; across processes the busy timeout does its usual job.
 * (The same reasoning as the alerts' own queue in saved-searches/alerts.ts.)
 */
let sqliteTail: Promise<unknown> = Promise.resolve()

export function serializedOnSqlite<T>(services: Pick<AppServices, 'dbKind'>, work: () => Promise<T>): Promise<T> {
  if (services.dbKind !== 'sqlite') return work()
  const result = sqliteTail.then(work, work)
  sqliteTail = result.catch(() => undefined)
  return result
}
