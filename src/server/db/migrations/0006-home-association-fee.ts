import type { Kysely } from 'kysely'

/*
 * HOA dues per month, when the MLS gives them (issue 14, the listing page's payment estimate).
 * RESO sends `AssociationFee` with its `AssociationFeeFrequency`; the importer turns the pair
 * into one monthly figure, so the page never has to know how often a feed bills. Null when the
 * feed says nothing: "no HOA" and "unknown" are both shown as an empty field the visitor fills.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('home').addColumn('association_fee_monthly', 'double precision').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('home').dropColumn('association_fee_monthly').execute()
}
