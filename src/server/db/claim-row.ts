import type { Transaction } from 'kysely'
import type { Database } from '~/server/db/schema'

/** The rows a scheduled mail run claims, each by the mark it moves: a search's last alert, a subscription's last month. */
export type ClaimMark = { table: 'savedSearch'; mark: 'lastAlertedAt' } | { table: 'marketSubscription'; mark: 'lastSentMonth' }

/**
 * Claims an active row for this run: moves its `mark` from the value read (`from`) to `to` in one
 * statement, so that of two processes that read the same row only the first to write goes on
 * (the other finds the mark moved, and updates nothing). True when this one claimed it.
 */
export async function claimActiveRow(trx: Transaction<Database>, { table, mark }: ClaimMark, id: string, from: string | null, to: string): Promise<boolean> {
  const claimed = await trx
    .updateTable(table)
    .set(mark, to)
    .where('id', '=', id)
    .where('status', '=', 'active')
    .where((eb) => (from === null ? eb(mark, 'is', null) : eb(mark, '=', from)))
    .executeTakeFirst()
  return Number(claimed.numUpdatedRows) === 1
}
