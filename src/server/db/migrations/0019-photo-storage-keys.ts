import { sql, type Kysely } from 'kysely'

/*
 * Issue 32 item 8: photo columns hold a storage key for our own files and the URL only for
 * anyone else's (src/server/uploads/photo-address.ts), so the URL is built under the public
 * base of the moment. Until now `realtor_photo.url` and `home_media.media_url` held full URLs
 * under the origin of the day they were written: `npm run setup` under the default
 * (`http://localhost:3000/uploads/…`), then a start under another PUBLIC_URL showed no photo.
 *
 * A stored URL becomes its key when its path ends with a key only this server makes (an
 * account's upload, `realtors/{folder}/{photo path}/{uuid}.{ext}`, its `.thumb.webp`, or a demo
 * listing image, `demo/homes/home-NN.webp`), whatever its origin: the local driver's
 * `/uploads/…` under any PUBLIC_URL, an S3 bucket's address, a CDN base. The migration cannot
 * know which of these the server had, and these shapes (an HMAC folder and a random UUID) do
 * not occur on other sites. Every other URL (an MLS photo, a picture on the realtor's own site)
 * is left as it is. No other table stores an upload's address (testimonials link to reviews).
 */

const REALTOR_UPLOAD_KEY =
  /\/(realtors\/[A-Za-z0-9_-]{1,100}\/(?:logo|logo2|id|id2|top|gallery|favicon|ogImage)\/[0-9a-f-]{36}\.(?:jpg|png|webp|avif)(?:\.thumb\.webp)?)$/
const DEMO_LISTING_IMAGE_KEY = /\/(demo\/homes\/home-[0-9]{2,4}\.webp)$/

/** The key a stored URL names, or undefined when it is not one of ours. */
export function keyOfStoredUrl(url: string): string | undefined {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return undefined
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.search !== '' || parsed.hash !== '') return undefined
  return (REALTOR_UPLOAD_KEY.exec(parsed.pathname) ?? DEMO_LISTING_IMAGE_KEY.exec(parsed.pathname))?.[1]
}

const BATCH = 500

type Column = { table: 'realtor_photo' | 'home_media'; column: 'url' | 'media_url' }
const COLUMNS: ReadonlyArray<Column> = [
  { table: 'realtor_photo', column: 'url' },
  { table: 'home_media', column: 'media_url' },
]

/**
 * Rewrites the rows of one column that `convert` changes, a batch at a time in id order, so a
 * table of imported listings' photos is never held in memory at once.
 */
async function rewrite(db: Kysely<unknown>, { table, column }: Column, candidates: string, convert: (value: string) => string | undefined) {
  let after = ''
  for (;;) {
    const { rows } = await sql<{ id: string; value: string }>`
      select id, ${sql.ref(column)} as value from ${sql.table(table)}
      where id > ${after} and ${sql.ref(column)} like ${candidates}
      order by id limit ${BATCH}`.execute(db)
    for (const row of rows) {
      const next = convert(row.value)
      if (next !== undefined && next !== row.value) await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${next} where id = ${row.id}`.execute(db)
    }
    const last = rows.at(-1)
    if (!last || rows.length < BATCH) return
    after = last.id
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // Only URLs can be converted; the LIKE narrows the scan, the patterns above decide.
  for (const column of COLUMNS) await rewrite(db, column, 'http%', keyOfStoredUrl)
}

/**
 * Back to full URLs as the earlier version wrote them for the local-disk driver: under
 * PUBLIC_URL, else the default address. (A server on S3 had bucket or CDN URLs; setting
 * PUBLIC_URL to that base before migrating down gives them back.)
 */
export async function down(db: Kysely<unknown>): Promise<void> {
  const base = process.env.PUBLIC_URL?.replace(/\/+$/, '') || `http://localhost:${process.env.PORT ?? '3000'}`
  const toUrl = (value: string) => (/^(realtors|demo)\//.test(value) ? `${base}/uploads/${value}` : undefined)
  for (const column of COLUMNS) {
    await rewrite(db, column, 'realtors/%', toUrl)
    await rewrite(db, column, 'demo/%', toUrl)
  }
}
