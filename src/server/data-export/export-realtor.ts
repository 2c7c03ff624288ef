import { Readable } from 'node:stream'
import { ZipFile } from 'yazl'
import { toCsv, UTF8_BOM } from '~/lib/csv'
import { canManage, type Actor } from '~/server/auth/actor'
import { errors } from '~/server/app-error'
import { enforceRateLimit, refuseOverRateLimit } from '~/server/web/rate-limit'
import { storedPhotoKey } from '~/server/uploads/photo-address'
import { readRealtor } from '~/server/realtors/realtor-store'
import { readStatistics } from '~/server/stats/statistics'
import { ADDRESS_COLUMNS, addressOf } from '~/server/listings/homes'
import { readLeadSettings, toReplySettings } from '~/server/lead-replies/reply-settings'
import { readAccount } from './export-account'
import { mailDeliveryState } from '~/server/mail/outbox'
import type { AppServices } from '~/server/services'
import { realtorCmasForExport } from '~/server/cma/cmas'

/*
 * A realtor's data to take away (issue 30 item 8): one ZIP, described in the README
 * ("Data export"). Rows are exported as stored, with their column names, so a program can read
 * them without our code; the only fields left out are link secrets (they sign a visitor's
 * unsubscribe links and are no business of anyone's, the realtor's included).
 */

/**
 * Bumped when a file or field is renamed or removed; adding one keeps the version, so a program
 * written for version 1 reads every later export of version 1 (decision 069: `files`, the open
 * houses, the settings and the account were added without a bump).
 */
export const EXPORT_FORMAT_VERSION = 1

type Row = Record<string, unknown>

/** One kind of lead: its file name under leads/ and its rows, consent columns included. */
type LeadFile = { name: string; rows: ReadonlyArray<Row> }

export type RealtorExport = {
  fileName: string
  /** The ZIP, produced as it is read: photos are fetched from storage one at a time. */
  body: ReadableStream<Uint8Array>
}

function withoutSecret<T extends { linkSecret: string }>(row: T): Omit<T, 'linkSecret'> {
  const { linkSecret: _secret, ...rest } = row
  return rest
}

function cellOf(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value)
  return JSON.stringify(value)
}

/** The inbox export's CSV rules (BOM, RFC 4180, formula guard); the header row is the JSON field names. */
export function rowsToCsv(rows: ReadonlyArray<Row>): string {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))]
  return UTF8_BOM + toCsv([columns, ...rows.map((row) => columns.map((column) => cellOf(row[column])))])
}

function jsonBuffer(value: unknown): Buffer {
  return Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8')
}

/** `photos/<path>/<file>`: the key without the account's upload folder, which means nothing outside our store. */
function photoEntryName(key: string): string {
  const parts = key.split('/')
  return `photos/${parts.length > 2 ? parts.slice(2).join('/') : key}`
}

/** Pulls the ZIP only as fast as the client reads it: backpressure, not the whole file in memory. */
function webStream(source: AsyncIterable<string | Buffer>): ReadableStream<Uint8Array> {
  const iterator = source[Symbol.asyncIterator]()
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next()
      if (next.done) controller.close()
      else controller.enqueue(typeof next.value === 'string' ? Buffer.from(next.value) : new Uint8Array(next.value))
    },
    async cancel() {
      await iterator.return?.()
    },
  })
}

/** The realtor a caller may export: another realtor's answers 404, as their private rows do (DESIGN §5). */
async function exportableRealtor(services: AppServices, actor: Actor | null, realtorId: string) {
  if (!actor) throw errors.unauthorized()
  const realtor = await services.db.selectFrom('realtor').select(['id', 'userId', 'desiredUrl']).where('id', '=', realtorId).executeTakeFirst()
  if (!realtor || !canManage(actor, realtor)) throw errors.realtorNotFound()
  return { ...realtor, actorUserId: actor.userId }
}

/*
 * RATE_LIMIT_EXPORT exports an hour per account (the caller's, so an admin's exports of other
 * realtors count against the admin): an export reads everything a realtor owns and streams every
 * photo. Counted only once the caller may export, so a 401 or 404 costs nothing; a download
 * that breaks off counts, as its reading was done.
 */
const EXPORT_BUCKET = 'export'

/**
 * The workspace asks this before it starts the download: a plain link cannot show a 429, the
 * browser would only report a failed download. Counts nothing; the export itself does.
 */
export async function checkExportAllowed(services: AppServices, actor: Actor | null, realtorId: string): Promise<{ allowed: true }> {
  const owned = await exportableRealtor(services, actor, realtorId)
  await refuseOverRateLimit(services.db, EXPORT_BUCKET, owned.actorUserId, services.config.rateLimits.export, services.now(), errors.exportRateLimited)
  return { allowed: true }
}

async function readLeadFiles(services: AppServices, realtorId: string): Promise<Array<LeadFile>> {
  const { db } = services
  const [messages, pipeline, notes, events, mails, savedSearches, tours, sellerLeads, marketSubscriptions] = await Promise.all([
    db.selectFrom('contactMessage').selectAll().where('realtorId', '=', realtorId).orderBy('createdAt').orderBy('id').execute(),
    db.selectFrom('lead').selectAll().where('realtorId', '=', realtorId).orderBy('createdAt').orderBy('id').execute(),
    db.selectFrom('leadNote').selectAll().where('realtorId', '=', realtorId).orderBy('createdAt').orderBy('id').execute(),
    db.selectFrom('leadEvent').selectAll().where('realtorId', '=', realtorId).orderBy('createdAt').orderBy('id').execute(),
    // The mails of the leads' timelines (decision 068), as sent in text and where each stands; not
    // the HTML and files, which say the same, nor mails to the realtor.
    db
      .selectFrom('mailOutbox')
      .select(['id', 'leadId', 'kind', 'toAddress', 'subject', 'textBody', 'state', 'lastError', 'createdAt', 'sentAt', 'bouncedAt'])
      .where('realtorId', '=', realtorId)
      .where('leadId', 'is not', null)
      .orderBy('createdAt')
      .orderBy('id')
      .execute(),
    db.selectFrom('savedSearch').selectAll().where('realtorId', '=', realtorId).orderBy('createdAt').orderBy('id').execute(),
    db.selectFrom('tourRequest').selectAll().where('realtorId', '=', realtorId).orderBy('createdAt').orderBy('id').execute(),
    db.selectFrom('sellerLead').selectAll().where('realtorId', '=', realtorId).orderBy('createdAt').orderBy('id').execute(),
    db.selectFrom('marketSubscription').selectAll().where('realtorId', '=', realtorId).orderBy('createdAt').orderBy('id').execute(),
  ])
  return [
    { name: 'messages', rows: messages },
    { name: 'pipeline', rows: pipeline },
    { name: 'lead-notes', rows: notes },
    { name: 'lead-events', rows: events },
    {
      name: 'lead-mails',
      rows: mails.map(({ state, lastError, bouncedAt, ...mail }) => ({
        ...mail,
        bouncedAt,
        deliveryState: mailDeliveryState({ state, lastError, bouncedAt }),
      })),
    },
    { name: 'saved-searches', rows: savedSearches.map(withoutSecret) },
    { name: 'tour-requests', rows: tours },
    { name: 'seller-leads', rows: sellerLeads },
    { name: 'market-subscriptions', rows: marketSubscriptions.map(withoutSecret) },
  ]
}

/** The realtor's own open houses (the MLS's belong to the listing feed), with the home they are at. */
async function readOpenHouses(services: AppServices, realtorId: string): Promise<Array<Row>> {
  const rows = await services.db
    .selectFrom('openHouse')
    .innerJoin('home', 'home.id', 'openHouse.homeId')
    .selectAll('openHouse')
    .select(['home.listingKey', ...ADDRESS_COLUMNS])
    .where('openHouse.realtorId', '=', realtorId)
    .orderBy('openHouse.startsAt')
    .orderBy('openHouse.id')
    .execute()
  return rows.map(({ unparsedAddress, city, stateOrProvince, postalCode, internetAddressDisplayYn, ...openHouse }) => ({
    ...openHouse,
    listingAddress: addressOf({ unparsedAddress, city, stateOrProvince, postalCode, internetAddressDisplayYn }),
  }))
}

async function readPosts(services: AppServices, realtorId: string): Promise<Array<Row>> {
  const [posts, tags] = await Promise.all([
    services.db.selectFrom('post').selectAll().where('realtorId', '=', realtorId).orderBy('createdAt').orderBy('id').execute(),
    services.db.selectFrom('postTag').select(['postId', 'tag']).where('realtorId', '=', realtorId).orderBy('tag').execute(),
  ])
  return posts.map((post) => ({ ...post, tags: tags.filter((tag) => tag.postId === post.id).map((tag) => tag.tag) }))
}

async function readDailyStatistics(services: AppServices, realtorId: string): Promise<Array<Row>> {
  const rows = await services.db
    .selectFrom('visitDaily')
    .select(['day', 'lang', 'pageKind', 'listingKey', 'referrerClass', 'referrerHost', 'views', 'messages', 'savedSearches'])
    .where('realtorId', '=', realtorId)
    .orderBy('day')
    .orderBy('pageKind')
    .orderBy('lang')
    .orderBy('listingKey')
    .orderBy('referrerClass')
    .orderBy('referrerHost')
    .execute()
  // Sums come back as strings from PostgreSQL's bigint: numbers in the file either way.
  return rows.map((row) => ({ ...row, views: Number(row.views), messages: Number(row.messages), savedSearches: Number(row.savedSearches) }))
}

/**
 * `GET /realtors/{id}/export` and the workspace's "Download all my data": everything the
 * realtor put in or gathered. The data files are read before the first byte is sent, so a
 * database error is still an error answer; photos are read while the ZIP streams out.
 */
export async function exportRealtorData(services: AppServices, actor: Actor | null, realtorId: string): Promise<RealtorExport> {
  const owned = await exportableRealtor(services, actor, realtorId)
  await enforceRateLimit(services.db, EXPORT_BUCKET, owned.actorUserId, services.config.rateLimits.export, services.now(), errors.exportRateLimited)
  const realtor = await readRealtor(services.db, services.storage, owned.id)
  if (!realtor) throw errors.realtorNotFound()
  const [account, leadFiles, openHouses, leadSettings, posts, cmas, daily, last90Days, photoRows, coverRows] = await Promise.all([
    readAccount(services, owned.userId),
    readLeadFiles(services, owned.id),
    readOpenHouses(services, owned.id),
    readLeadSettings(services.db, owned.id),
    readPosts(services, owned.id),
    realtorCmasForExport(services, owned.id, owned.desiredUrl),
    readDailyStatistics(services, owned.id),
    readStatistics(services, owned.id, 90),
    services.db.selectFrom('realtorPhoto').select(['url', 'path', 'imageType']).where('realtorId', '=', owned.id).orderBy('sortOrder').execute(),
    services.db.selectFrom('post').select(['id', 'coverPhoto']).where('realtorId', '=', owned.id).where('coverPhoto', 'is not', null).execute(),
  ])

  // Our own files only: a photo given as another site's URL is that site's to keep.
  const photoFiles = new Map<string, { file: string; key: string; usedAs: Array<string> }>()
  const addPhoto = (stored: string | null, usedAs: string) => {
    const key = stored === null ? undefined : storedPhotoKey(stored)
    if (!key) return
    const entry = photoFiles.get(key) ?? { file: photoEntryName(key), key, usedAs: [] }
    entry.usedAs.push(usedAs)
    photoFiles.set(key, entry)
  }
  for (const photo of photoRows) addPhoto(photo.url, `${photo.path}:${photo.imageType}`)
  for (const post of coverRows) addPhoto(post.coverPhoto, `post-cover:${post.id}`)

  const exportedAt = services.now().toISOString()
  // Every data file with its row count, so export.json can name them all before they are written.
  const files: Array<{ name: string; rows: number; bytes: Buffer }> = []
  const addJson = (name: string, value: unknown, rows: number) => files.push({ name, rows, bytes: jsonBuffer(value) })
  const addRows = (name: string, rows: ReadonlyArray<Row>) => {
    addJson(`${name}.json`, rows, rows.length)
    files.push({ name: `${name}.csv`, rows: rows.length, bytes: Buffer.from(rowsToCsv(rows), 'utf8') })
  }
  addJson('account.json', account, 1)
  addJson('realtor.json', realtor, 1)
  addJson('testimonials.json', realtor.testimonials, realtor.testimonials.length)
  for (const file of leadFiles) addRows(`leads/${file.name}`, file.rows)
  addRows('open-houses', openHouses)
  addJson('settings/lead-replies.json', toReplySettings(owned.id, leadSettings), 1)
  addJson('posts.json', posts, posts.length)
  addJson('cmas.json', cmas, cmas.length)
  addRows('statistics/daily', daily)
  addJson('statistics/last-90-days.json', last90Days, 1)
  const photos = [...photoFiles.values()]
  addJson(
    'photos/index.json',
    photos.map(({ file, usedAs }) => ({ file, usedAs })),
    photos.length,
  )

  const zip = new ZipFile()
  const mtime = services.now()
  const add = (name: string, bytes: Buffer) => zip.addBuffer(bytes, name, { mtime })
  add(
    'export.json',
    jsonBuffer({
      formatVersion: EXPORT_FORMAT_VERSION,
      exportedAt,
      realtorId: owned.id,
      desiredUrl: owned.desiredUrl,
      userId: owned.userId,
      // The photos themselves are listed in photos/index.json; photos/missing.json is known only once they are read.
      files: files.map(({ name, rows }) => ({ name, rows })),
    }),
  )
  for (const file of files) add(file.name, file.bytes)
  const missing: Array<string> = []
  for (const photo of photos) {
    zip.addReadStreamLazy(photo.file, { mtime }, (callback) => {
      services.storage.get(photo.key).then(
        (stored) => {
          // A file gone from the store (removed by hand, a failed upload) leaves an empty entry, listed in photos/missing.json.
          if (!stored) missing.push(photo.file)
          callback(null, Readable.from([Buffer.from(stored?.bytes ?? new Uint8Array())]))
        },
        (error: unknown) => callback(error, Readable.from([])),
      )
    })
  }
  // Lazy too, so it is written after every photo has been read.
  zip.addReadStreamLazy('photos/missing.json', { mtime }, (callback) => callback(null, Readable.from([jsonBuffer(missing)])))
  zip.end()

  const day = exportedAt.slice(0, 10)
  return { fileName: `${owned.desiredUrl}-data-${day}.zip`, body: webStream(zip.outputStream) }
}
