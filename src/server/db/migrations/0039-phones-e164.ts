import { sql, type Kysely, type RawBuilder } from 'kysely'
import { formatPhone, parsePhone } from '~/lib/phone'

/*
 * Phones in E.164 (issue 52 item 7, decision 070). New rows are stored so by the schemas; this
 * rewrites the rows written before: a contact message's and a realtor's national digits read in
 * their row's country, a message lead's in its message's country, and the free-typed numbers of
 * tours, seller leads and their leads as American, then Korean (src/lib/phone.ts). A number that
 * does not parse is left as it was typed: it is still shown, and linked by its digits.
 */

const BATCH = 500

type Target = {
  table: 'contact_message' | 'realtor' | 'lead' | 'tour_request' | 'seller_lead'
  column: 'phone' | 'contact_phone' | 'company_phone'
  /** The row's country, when the table keeps one (selected as `country`). */
  country: RawBuilder<string | null>
}

const TARGETS: ReadonlyArray<Target> = [
  { table: 'contact_message', column: 'phone', country: sql<string>`phone_country_code` },
  { table: 'realtor', column: 'contact_phone', country: sql<string>`phone_country_code` },
  { table: 'realtor', column: 'company_phone', country: sql<string>`phone_country_code` },
  // A message's lead copies the message's number; the message names its country.
  { table: 'lead', column: 'phone', country: sql<string | null>`(select phone_country_code from contact_message where contact_message.id = lead.id)` },
  { table: 'tour_request', column: 'phone', country: sql<null>`null` },
  { table: 'seller_lead', column: 'phone', country: sql<null>`null` },
]

/** Rewrites one column a batch at a time in id order, where `convert` gives a new value. */
async function rewrite(db: Kysely<unknown>, { table, column, country }: Target, convert: (value: string, country: string | undefined) => string | undefined) {
  let after = ''
  for (;;) {
    const { rows } = await sql<{ id: string; value: string; country: string | null }>`
      select id, ${sql.ref(column)} as value, ${country} as country from ${sql.table(table)}
      where id > ${after} and ${sql.ref(column)} is not null and ${sql.ref(column)} <> ''
      order by id limit ${BATCH}`.execute(db)
    for (const row of rows) {
      const next = convert(row.value, row.country ?? undefined)
      if (next !== undefined && next !== row.value) await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${next} where id = ${row.id}`.execute(db)
    }
    const last = rows.at(-1)
    if (!last || rows.length < BATCH) return
    after = last.id
  }
}

/** Stored as typed (digits, a free-typed number) to E.164, when it is a real number. */
export function toE164(value: string, country: string | undefined): string | undefined {
  if (value.startsWith('+')) return undefined
  return parsePhone(value, country)?.e164
}

/** E.164 back to the national digits the earlier version stored (`01012345678`, `9495550123`). */
function toNationalDigits(value: string, country: string | undefined): string | undefined {
  return value.startsWith('+') ? formatPhone(value, country).replace(/\D/g, '') : undefined
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const target of TARGETS) await rewrite(db, target, toE164)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const target of TARGETS) await rewrite(db, target, toNationalDigits)
}
