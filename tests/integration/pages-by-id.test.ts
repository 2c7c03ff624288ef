import Database from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
import { describe, expect, it } from 'vitest'
import { pagesById } from '~/server/db/pages-by-id'

/* The id-ordered pages the alert, market report and digest runs walk a table in. */

type Db = { item: { id: string; status: string } }

async function pagesOf(ids: Array<string>, size: number): Promise<Array<Array<string>>> {
  const db = new Kysely<Db>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) })
  await db.schema
    .createTable('item')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('status', 'text')
    .execute()
  if (ids.length > 0)
    await db
      .insertInto('item')
      .values(ids.map((id) => ({ id, status: id.startsWith('x') ? 'off' : 'on' })))
      .execute()
  const pages: Array<Array<string>> = []
  for await (const page of pagesById(db.selectFrom('item as s').selectAll('s').where('s.status', '=', 'on'), 's.id', size))
    pages.push(page.map((row) => row.id))
  await db.destroy()
  return pages
}

describe('pagesById', () => {
  it('reads every row once, in id order, a page at a time', async () => {
    expect(await pagesOf(['e', 'a', 'xb', 'c', 'd', 'b'], 2)).toEqual([['a', 'b'], ['c', 'd'], ['e']])
  })

  it('ends on a full last page, and yields nothing for no rows', async () => {
    expect(await pagesOf(['a', 'b', 'c', 'd'], 2)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ])
    expect(await pagesOf([], 2)).toEqual([])
  })
})
