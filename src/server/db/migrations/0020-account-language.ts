import type { Kysely } from 'kysely'

/*
 * The language of an account, ko or en (issue 32, item 4): its verification and password
 * reset mails are written in it. Set when the account is created, from the page it was
 * created on (auth.ts). On better-auth's own `user` row, declared there as an additional
 * field, like the role of migration 0005. Accounts made before have none: their mails follow
 * the language of the request that asks for them. A nullable text column, portable.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user').addColumn('language', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user').dropColumn('language').execute()
}
