import { sql, type Kysely } from 'kysely'
import type { Database } from '~/server/db/schema'

/*
 * The daily character budget (TRANSLATION_DAILY_CHARS), in the database so it holds across every
 * process and restart (decision 071). Characters are reserved before a request goes out, in one
 * statement that refuses to pass the limit, so two processes cannot both take the last of it;
 * a request the provider refused gives its characters back (providers bill what they translate).
 */

/** The UTC day a budget row counts, YYYY-MM-DD. */
export function budgetDay(now: Date): string {
  return now.toISOString().slice(0, 10)
}

/**
 * The listings' job spends at most this share of the day's budget: the rest stays for the
 * realtors' translate buttons, which a person is waiting on.
 */
export const LISTINGS_BUDGET_SHARE = 0.9

/** Characters as providers bill them: Unicode code points, not UTF-16 units. */
export function billedChars(texts: ReadonlyArray<string>): number {
  let count = 0
  // A surrogate pair (an emoji) is one character, two UTF-16 units.
  for (const text of texts) count += text.length - (text.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0)
  return count
}

/**
 * Takes `chars` from `day`'s budget (`budgetDay`) if that keeps it within `limit`; false (nothing
 * taken) otherwise. The caller keeps `day` for a refund, which then lands on the day it was taken from.
 */
export async function reserveChars(db: Kysely<Database>, day: string, chars: number, limit: number): Promise<boolean> {
  if (chars <= 0) return true
  if (chars > limit) return false
  const row = await db
    .insertInto('translationBudget')
    .values({ day, charsUsed: chars })
    .onConflict((conflict) =>
      conflict
        .column('day')
        .doUpdateSet({ charsUsed: sql<number>`translation_budget.chars_used + excluded.chars_used` })
        .where(sql<boolean>`translation_budget.chars_used + excluded.chars_used <= ${limit}`),
    )
    .returning('charsUsed')
    .executeTakeFirst()
  return row !== undefined
}

/** Gives back characters reserved for a request that was not translated. */
export async function refundChars(db: Kysely<Database>, day: string, chars: number): Promise<void> {
  if (chars <= 0) return
  await db
    .updateTable('translationBudget')
    .set({ charsUsed: sql<number>`case when chars_used >= ${chars} then chars_used - ${chars} else 0 end` })
    .where('day', '=', day)
    .execute()
}

/** Characters taken today, by every process. */
export async function charsUsedToday(db: Kysely<Database>, now: Date): Promise<number> {
  const row = await db.selectFrom('translationBudget').select('charsUsed').where('day', '=', budgetDay(now)).executeTakeFirst()
  return row ? Number(row.charsUsed) : 0
}

/** Days kept for the record: a month and a bit, so an operator can compare with the provider's invoice. */
const KEPT_DAYS = 40

export async function pruneBudgetDays(db: Kysely<Database>, now: Date): Promise<void> {
  await db
    .deleteFrom('translationBudget')
    .where('day', '<', budgetDay(new Date(now.getTime() - KEPT_DAYS * 86_400_000)))
    .execute()
}
