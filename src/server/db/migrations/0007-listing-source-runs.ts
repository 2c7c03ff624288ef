import { sql, type Kysely } from 'kysely'

/*
 * Issue 15: pages say when each listing source's data was last updated, from its last
 * successful run in listing_import_state. Until now only the Web API import wrote a row; file
 * imports and the demo generator did not. Their sources get the time their newest listing was
 * stored, the nearest true answer there is, so pages of an existing install never show an
 * empty "last updated". From here on every successful run writes its row.
 */
// Generic so a test can run it again on an app database; the migrator passes Kysely<any>.
export async function up<DB>(db: Kysely<DB>): Promise<void> {
  await sql`
    insert into listing_import_state (source, last_modification_timestamp, last_run_at)
    select source, null, max(updated_at) from home
    where source not in (select source from listing_import_state)
    group by source
  `.execute(db)
}

// Nothing to undo: the rows are what later runs would have written.
export async function down(): Promise<void> {}
