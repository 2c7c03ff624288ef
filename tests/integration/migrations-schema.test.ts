import { sql } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { describeOnEachDatabase, type TestDatabase } from './harness'

/*
 * The schema every migration together makes, written down. A migration that has run on someone's
 * database must never change what it does, yet migrations share column helpers
 * (src/server/db/migrations/columns.ts) and get tidied: this fails when an edit changes a table, a
 * column, a type, a default or an index. A new migration changes it on purpose: update the file
 * with `npx vitest run --project integration tests/integration/migrations-schema.test.ts -u` and
 * read the diff.
 */

// What the catalogues answer: names, definitions, defaults (text or null).
type Row = Record<string, string | number | null>

function lines(rows: ReadonlyArray<Row>, columns: ReadonlyArray<string>): string {
  return rows.map((row) => columns.map((column) => String(row[column] ?? '')).join(' | ')).join('\n') + '\n'
}

describeOnEachDatabase('the migrated schema', (kind) => {
  let opened: TestDatabase

  beforeAll(async () => {
    opened = await kind.openMigrated()
  })

  afterAll(async () => {
    await opened.database.close()
    await opened.cleanup()
  })

  test('is the one written down', async () => {
    // Without the app's camel-case plugin: the catalogues' own column names.
    const db = opened.database.db.withoutPlugins()
    if (kind.name === 'sqlite') {
      const { rows } = await sql<Row>`select type, name, sql from sqlite_master where sql is not null order by type, name`.execute(db)
      await expect(lines(rows, ['sql'])).toMatchFileSnapshot('./__snapshots__/schema.sqlite.sql')
      return
    }
    const columns = await sql<Row>`
      select table_name, column_name, data_type, is_nullable, column_default
      from information_schema.columns where table_schema = 'public'
      order by table_name, ordinal_position`.execute(db)
    const indexes = await sql<Row>`select indexdef from pg_indexes where schemaname = 'public' order by tablename, indexname`.execute(db)
    const constraints = await sql<Row>`
      select conrelid::regclass::text as table_name, conname, pg_get_constraintdef(oid) as definition
      from pg_constraint where connamespace = 'public'::regnamespace
      order by conrelid::regclass::text, conname`.execute(db)
    const text =
      lines(columns.rows, ['table_name', 'column_name', 'data_type', 'is_nullable', 'column_default']) +
      lines(indexes.rows, ['indexdef']) +
      lines(constraints.rows, ['table_name', 'conname', 'definition'])
    await expect(text).toMatchFileSnapshot('./__snapshots__/schema.postgres.txt')
  })
})
