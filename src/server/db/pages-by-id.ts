import { sql, type SelectQueryBuilder, type SqlBool } from 'kysely'

/*
 * The runs that walk a whole table (the alerts, the monthly market reports, the lead digests)
 * read it a page at a time in id order, each page after the last id of the one before: a run
 * holds one page, and rows written while it runs neither repeat nor stall it.
 */

/** The rows of `query`, `size` at a time by `id` (`idColumn` names it as the query does, `s.id`). */
export async function* pagesById<DB, TB extends keyof DB, Row extends { id: string }>(
  query: SelectQueryBuilder<DB, TB, Row>,
  idColumn: string,
  size: number,
): AsyncGenerator<Array<Row>> {
  let after = ''
  for (;;) {
    const page: Array<Row> = await query
      .where(sql<SqlBool>`${sql.ref(idColumn)} > ${after}`)
      .orderBy(sql.ref(idColumn))
      .limit(size)
      .execute()
    if (page.length > 0) yield page
    const last = page.at(-1)
    if (page.length < size || !last) return
    after = last.id
  }
}
