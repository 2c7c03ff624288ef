import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { variantKeyFor } from '../../src/lib/photo-variants'
import { handleListingPhotoRequest } from '../../src/server/http/listing-photo-handler'
import { getHomeDetail } from '../../src/server/listings/homes'
import { importFromResoFile } from '../../src/server/listings/import-file'
import { cleanupListingPhotoCopies } from '../../src/server/listings/listing-photo-cleanup'
import { listingPhotoHash, listingPhotoKey } from '../../src/server/listings/listing-photos'
import type { StorageDriver } from '../../src/server/uploads/storage'
import { createTestApp, describeOnEachDatabase, ORIGIN, type TestApp } from './harness'
import { startTestS3, type TestS3 } from './s3rver'

/*
 * Issue 51 item 6 (decision 064): a feed's photo is served from our origin as WebP copies at the
 * upload widths, made on the first request from the photo host on loopback (allowed here by the
 * tests' escape, LISTING_PHOTO_ALLOW_PRIVATE) and kept in the storage, local disk or S3, with a
 * `photo_variant` row: the photo host is asked once. A host that is refused or fails sends the
 * browser to the feed's URL.
 */

type PhotoHost = { base: string; hits: Map<string, number>; close: () => Promise<void> }

async function startPhotoHost(): Promise<PhotoHost> {
  const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 120, g: 150, b: 90 } } })
    .jpeg()
    .toBuffer()
  const hits = new Map<string, number>()
  const server = http.createServer((request, response) => {
    const url = request.url ?? '/'
    hits.set(url, (hits.get(url) ?? 0) + 1)
    if (url.startsWith('/photos/')) return response.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg)
    if (url === '/broken.jpg') return response.writeHead(200, { 'content-type': 'image/jpeg' }).end('not a jpeg at all')
    response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

let host: PhotoHost
let folder: string
let listingNumber = 0

beforeAll(async () => {
  host = await startPhotoHost()
  folder = await mkdtemp(path.join(tmpdir(), 'listing-photos-'))
})
afterAll(async () => {
  await host.close()
  await rm(folder, { recursive: true, force: true })
})

/** Imports one listing with these photo URLs; its listing key. */
async function importListing(app: TestApp, photoUrls: ReadonlyArray<string>): Promise<string> {
  listingNumber += 1
  const listingKey = `PHOTO-${listingNumber}`
  const file = path.join(folder, `${listingKey}.json`)
  await writeFile(
    file,
    JSON.stringify({
      value: [
        {
          ListingKey: listingKey,
          ListPrice: 900_000,
          StandardStatus: 'Active',
          PropertyType: 'Residential',
          PropertySubType: 'SingleFamilyResidence',
          UnparsedAddress: `${listingNumber} Photo Lane, Irvine, CA 92620`,
          City: 'Irvine',
          StateOrProvince: 'CA',
          PostalCode: '92620',
          ListOfficeName: 'Photo Realty',
          ModificationTimestamp: '2026-01-10T17:30:00Z',
          Media: photoUrls.map((url, index) => ({ MediaKey: `${listingKey}-${index}`, MediaURL: url, Order: index + 1 })),
        },
      ],
    }),
  )
  await importFromResoFile(app.services, file, { source: `photos-${listingNumber}` })
  return listingKey
}

function get(app: TestApp, pathname: string): Promise<Response> {
  return handleListingPhotoRequest(new Request(`${ORIGIN}${pathname}`), app.services)
}

async function widthOfResponse(response: Response): Promise<number | undefined> {
  return (await sharp(new Uint8Array(await response.arrayBuffer())).metadata()).width
}

function describeOn(label: string, name: string, storage: () => Promise<{ make: ((dir: string) => StorageDriver) | undefined; close: () => Promise<void> }>) {
  describe(`listing photos on ${label}`, () => {
    let app: TestApp
    let closeStore: () => Promise<void>

    beforeAll(async () => {
      const store = await storage()
      closeStore = store.close
      app = await createTestApp('sqlite', {
        env: { LISTING_PHOTO_HOSTS: '127.0.0.1', LISTING_PHOTO_ALLOW_PRIVATE: 'true' },
        ...(store.make ? { storage: store.make } : {}),
      })
    })
    afterAll(async () => {
      await app.close()
      await closeStore()
    })

    it('names the copies on our origin, makes them once at the first request and keeps them in the storage', async () => {
      const url = `${host.base}/photos/${name}-1.jpg`
      const listingKey = await importListing(app, [url])
      const home = await getHomeDetail(app.services, listingKey, { lang: 'en' })
      const hash = listingPhotoHash(url)
      expect(home.images).toEqual([url])
      expect(home.imageVariants).toEqual([`/listing-photos/${hash}`])

      const first = await get(app, `/listing-photos/${hash}.w640.webp`)
      expect(first.status).toBe(200)
      expect(first.headers.get('content-type')).toBe('image/webp')
      expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(await widthOfResponse(first)).toBe(640)
      // Never wider than the original: 1600 answers the 1200 px copy.
      const widest = await get(app, `/listing-photos/${hash}.w1600.webp`)
      expect(await widthOfResponse(widest)).toBe(1200)
      expect(await widthOfResponse(await get(app, `/listing-photos/${hash}.w1024.webp`))).toBe(1024)
      expect(host.hits.get(`/photos/${name}-1.jpg`)).toBe(1)

      const key = listingPhotoKey(hash)
      for (const width of [640, 1024, 1200]) expect(await app.services.storage.inspect(variantKeyFor(key, width)), `${width}`).toBeDefined()
      const row = await app.services.db.selectFrom('photoVariant').select('widths').where('key', '=', key).executeTakeFirst()
      expect(row?.widths).toBe('640,1024,1200')
    })

    it('asks the host once when many requests for a new photo come at once', async () => {
      const url = `${host.base}/photos/${name}-together.jpg`
      await importListing(app, [url])
      const hash = listingPhotoHash(url)
      const answers = await Promise.all([640, 1024, 1600, 640].map((width) => get(app, `/listing-photos/${hash}.w${width}.webp`)))
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200])
      expect(host.hits.get(`/photos/${name}-together.jpg`)).toBe(1)
    })

    it("sends the browser to the feed's URL when the photo cannot be made; unknown photos and widths are not found", async () => {
      const broken = `${host.base}/broken.jpg`
      await importListing(app, [broken])
      const answer = await get(app, `/listing-photos/${listingPhotoHash(broken)}.w640.webp`)
      expect(answer.status).toBe(302)
      expect(answer.headers.get('location')).toBe(broken)
      expect(answer.headers.get('cache-control')).toBe('public, max-age=300')
      expect((await get(app, `/listing-photos/${'0'.repeat(32)}.w640.webp`)).status).toBe(404)
      expect((await get(app, `/listing-photos/${listingPhotoHash(broken)}.w500.webp`)).status).toBe(404)
      expect((await get(app, `/listing-photos/${listingPhotoHash(broken)}`)).status).toBe(404)
      expect((await get(app, '/listing-photos/..%2f..%2fsecret.w640.webp')).status).toBe(404)
    })

    it('offers no copies of a photo on a host the settings do not list', async () => {
      const listingKey = await importListing(app, [`https://elsewhere.example/photos/${name}.jpg`])
      const home = await getHomeDetail(app.services, listingKey, { lang: 'en' })
      expect(home.imageVariants).toEqual([])
    })
  })
}

describeOn('the local disk', 'disk', () => Promise.resolve({ make: undefined, close: () => Promise.resolve() }))

describeOn('S3 (s3rver)', 's3', async () => {
  const s3: TestS3 = await startTestS3('listing-photos')
  return { make: () => s3.storage, close: () => s3.close() }
})

describe('listing photos without the private-address escape', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp('sqlite', { env: { LISTING_PHOTO_HOSTS: '127.0.0.1' } })
  })
  afterAll(() => app.close())

  it('refuses the loopback photo host and sends the browser to the original', async () => {
    const url = `${host.base}/photos/refused.jpg`
    await importListing(app, [url])
    const answer = await get(app, `/listing-photos/${listingPhotoHash(url)}.w640.webp`)
    expect(answer.status).toBe(302)
    expect(answer.headers.get('location')).toBe(url)
    expect(host.hits.get('/photos/refused.jpg')).toBeUndefined()
  })
})

describeOnEachDatabase('the copies of listing photos no listing on the market names', (database) => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp(database.name, { env: { LISTING_PHOTO_HOSTS: '127.0.0.1', LISTING_PHOTO_ALLOW_PRIVATE: 'true' } })
  })
  afterAll(() => app.close())

  /** Imports a listing with one photo and asks for its copies; the photo's hash. */
  async function listingWithCopies(name: string): Promise<{ listingKey: string; hash: string }> {
    const url = `${host.base}/photos/cleanup-${name}.jpg`
    const listingKey = await importListing(app, [url])
    const hash = listingPhotoHash(url)
    expect((await get(app, `/listing-photos/${hash}.w640.webp`)).status).toBe(200)
    return { listingKey, hash }
  }

  async function copiesOf(hash: string): Promise<Array<string>> {
    const keys: Array<string> = []
    for await (const object of app.services.storage.list('listing-photos/')) if (object.key.includes(hash)) keys.push(object.key)
    return keys.sort()
  }

  const hoursLater = (hours: number) => ({ ...app.services, now: () => new Date(Date.now() + hours * 3_600_000) })

  it("removes a retired listing's copies and their record after the grace period, and keeps a listed one's", async () => {
    const listed = await listingWithCopies('listed')
    const retired = await listingWithCopies('retired')
    await app.services.db.updateTable('home').set({ retiredAt: new Date().toISOString(), isListed: 0 }).where('listingKey', '=', retired.listingKey).execute()
    expect(await copiesOf(retired.hash)).toHaveLength(3)

    // Within the grace period (24 h by default) nothing goes.
    expect((await cleanupListingPhotoCopies(hoursLater(1))).deleted).toBe(0)
    expect(await copiesOf(retired.hash)).toHaveLength(3)

    const result = await cleanupListingPhotoCopies(hoursLater(25))
    expect(result.deleted).toBe(3)
    expect(await copiesOf(retired.hash)).toEqual([])
    expect(await copiesOf(listed.hash)).toEqual([1024, 1200, 640].map((width) => `listing-photos/${listed.hash}.w${width}.webp`))
    const rows = await app.services.db
      .selectFrom('photoVariant')
      .select('key')
      .where('key', 'in', [listingPhotoKey(retired.hash), listingPhotoKey(listed.hash)])
      .execute()
    expect(rows.map((row) => row.key)).toEqual([listingPhotoKey(listed.hash)])
  })

  it('makes a removed copy again when a page asks for it', async () => {
    const dropped = await listingWithCopies('dropped')
    await app.services.db.updateTable('home').set({ retiredAt: new Date().toISOString() }).where('listingKey', '=', dropped.listingKey).execute()
    await cleanupListingPhotoCopies(hoursLater(25))
    expect(await copiesOf(dropped.hash)).toEqual([])
    // Listed again (an import brings it back): the next request fetches and stores it anew.
    await app.services.db.updateTable('home').set({ retiredAt: null }).where('listingKey', '=', dropped.listingKey).execute()
    const again = await get(app, `/listing-photos/${dropped.hash}.w640.webp`)
    expect(again.status).toBe(200)
    expect(await copiesOf(dropped.hash)).not.toEqual([])
  })
})
