import type { Kysely } from 'kysely'

/*
 * The platform-admin role, stored per account (issue 17, hardening point 6). Until now an
 * account was admin when its e-mail was listed in ADMIN_EMAILS, verified or not, so whoever
 * signed up first with a listed address was admin. The role now lives on better-auth's own
 * `user` row: better-auth reads it with the session (declared as an additional field in
 * auth.ts), so the actor knows it without a second query, and deleting an account deletes its
 * role with it.
 *
 * `role` is null until someone decides: 'admin' (granted by `npm run admin:grant` or by the
 * ADMIN_EMAILS bootstrap once the address is verified) or 'user' (`npm run admin:revoke`,
 * which the bootstrap then leaves alone). The column is added here rather than by
 * better-auth's getMigrations() so that it is versioned with the app's other changes;
 * services.ts therefore runs better-auth's migration first, which creates `user` on a fresh
 * database. Portable: a nullable text column, quoted name (`user` is reserved in PostgreSQL).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user').addColumn('role', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user').dropColumn('role').execute()
}
