import type { AppServices } from '~/server/services'

/*
 * The listings' remarks job (issue 54 item 2): never in a request's path. On worker 0, once after
 * start and after each import, it translates the remarks of active listings into Korean.
 */

export type RemarksPassSummary = { translated: number; unchanged: number; deleted: number; pending: number; chars: number; failed: number }

/** One pass over the listings; built in the next commit. */
export function translatePendingRemarks(services: AppServices): Promise<RemarksPassSummary> {
  void services
  return Promise.resolve({ translated: 0, unchanged: 0, deleted: 0, pending: 0, chars: 0, failed: 0 })
}
