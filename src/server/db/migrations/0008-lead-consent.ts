import type { Kysely } from 'kysely'

/*
 * What a visitor agreed to when they sent a message (issue 15 item 4): the version of the
 * wording, its exact words in the language shown, the page and the time, and whether they
 * agreed to be called or texted, with that wording's version and words. Written once when the
 * message is stored and never rewritten, so a later change of wording leaves old leads as
 * they were. Messages stored before this migration keep NULL everywhere: unknown, and the
 * inbox says so, rather than claiming a wording nobody recorded.
 */
const COLUMNS = [
  'consent_version',
  'consent_text',
  'consent_lang',
  'consent_page',
  'consented_at',
  'phone_contact_consent_version',
  'phone_contact_consent_text',
] as const

export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  for (const column of COLUMNS) {
    await db.schema.alterTable('contact_message').addColumn(column, 'text').execute()
  }
  // 0/1 as every boolean here (DESIGN §4); NULL is "not recorded".
  await db.schema.alterTable('contact_message').addColumn('phone_contact_consent', 'integer').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['phone_contact_consent', ...COLUMNS]) {
    await db.schema.alterTable('contact_message').dropColumn(column).execute()
  }
}
