import { createHash } from 'node:crypto'
import { sql, type Kysely } from 'kysely'

/*
 * Issue 51 item 6 (decision 064): a listing photo from a feed is served at the widths a layout
 * needs under `/listing-photos/{hash}.w{width}.webp`. The route finds the photo's URL by that hash,
 * never from the request, so each feed photo row keeps it: `home_media.media_hash`, 32 hex digits
 * of the URL's SHA-256 (listing-photos.ts), indexed. Rows of the demo's own images (storage keys,
 * no scheme) have none. The rows already stored get theirs here, a batch at a time.
 */

const BATCH = 500

function hashOf(url: string): string {
  return createHash('sha256').update(url).digest('hex').slice(0, 32)
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('home_media').addColumn('media_hash', 'text').execute()
  await db.schema.createIndex('home_media_hash_idx').on('home_media').column('media_hash').execute()
  let after = ''
  for (;;) {
    const { rows } = await sql<{ id: string; url: string }>`
      select id, media_url as url from home_media
      where id > ${after} and (media_url like 'http://%' or media_url like 'https://%')
      order by id limit ${BATCH}`.execute(db)
    for (const row of rows) await sql`update home_media set media_hash = ${hashOf(row.url)} where id = ${row.id}`.execute(db)
    const last = rows.at(-1)
    if (!last || rows.length < BATCH) return
    after = last.id
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('home_media_hash_idx').execute()
  await db.schema.alterTable('home_media').dropColumn('media_hash').execute()
}
