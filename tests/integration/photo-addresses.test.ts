import { afterAll, beforeAll, expect, it } from 'vitest'
import { Migrator } from 'kysely/migration'
import { migrationProvider } from '../../src/server/db/migrations'
import { seedDemoHomes } from '../../src/server/listings/seed-homes'
import type { AppServices } from '../../src/server/services'
import { createStorage } from '../../src/server/uploads/storage'
import {
  ORIGIN,
  PASSWORD,
  SECRET,
  api,
  createTestApp,
  describeOnEachDatabase,
  makeJpeg,
  signUp,
  uniqueEmail,
  uploadPhoto,
  validRealtor,
  type PresignedItem,
  type TestApp,
} from './harness'
import { startTestS3, type TestS3 } from './s3rver'

/*
 * Issue 32 item 8: photos are stored as storage keys and their URLs built when answering, so a
 * site set up under one PUBLIC_URL (or S3_PUBLIC_BASE_URL) and served under another still shows
 * every photo. Clients keep sending and receiving full URLs.
 */

type PhotoBody = { path: string; imageType: string; url: string }
type RealtorWithPhotos = { id: string; photos: Array<PhotoBody> }

const MOVED_ORIGIN = 'https://homes.example.org'
const EXTERNAL_PHOTO = 'https://images.example.net/agents/jane/top.jpg'

/** The same running site after a restart under another public address. */
function servedFrom(services: AppServices, publicBaseUrl: string, storageDir: string): AppServices {
  return { ...services, storage: createStorage({ driver: 'local', dir: storageDir, publicBaseUrl, signingSecret: SECRET }) }
}

async function storedUrls(services: AppServices, realtorId: string): Promise<Array<string>> {
  const rows = await services.db.selectFrom('realtorPhoto').select('url').where('realtorId', '=', realtorId).orderBy('sortOrder').execute()
  return rows.map((row) => row.url)
}

describeOnEachDatabase('photo addresses', (database) => {
  let app: TestApp
  let s: AppServices

  beforeAll(async () => {
    app = await createTestApp(database.name)
    s = app.services
  })

  afterAll(async () => {
    await app.close()
  })

  it('stores storage keys and answers with URLs under the PUBLIC_URL of the moment', async () => {
    const token = await signUp(s, uniqueEmail('photos'), PASSWORD)
    const logo = await uploadPhoto(s, token, 'logo')
    expect(logo.url).toBe(`${ORIGIN}/uploads/${logo.key}`)
    const created = await api<RealtorWithPhotos>(s, 'POST', '/realtor', {
      token,
      body: validRealtor({
        photos: [
          { path: 'logo', imageType: 'fullsize', url: logo.url },
          { path: 'top', imageType: 'fullsize', url: EXTERNAL_PHOTO },
        ],
      }),
    })
    expect(created.status, created.text).toBe(201)
    expect(created.body.photos.map((photo) => photo.url)).toEqual([logo.url, EXTERNAL_PHOTO])
    // Ours by key, anyone else's exactly as sent.
    expect(await storedUrls(s, created.body.id)).toEqual([logo.key, EXTERNAL_PHOTO])

    const moved = servedFrom(s, MOVED_ORIGIN, app.storageDir)
    const read = await api<RealtorWithPhotos>(moved, 'GET', `/realtor/${created.body.id}`)
    expect(read.status, read.text).toBe(200)
    expect(read.body.photos.map((photo) => photo.url)).toEqual([`${MOVED_ORIGIN}/uploads/${logo.key}`, EXTERNAL_PHOTO])
  })

  it('takes back a URL of ours under any origin (a client that read it before the move) as the same key', async () => {
    const token = await signUp(s, uniqueEmail('photos-moved'), PASSWORD)
    const logo = await uploadPhoto(s, token, 'logo')
    const created = await api<RealtorWithPhotos>(s, 'POST', '/realtor', { token, body: validRealtor({ photos: [{ path: 'logo', url: logo.url }] }) })
    expect(created.status, created.text).toBe(201)

    const moved = servedFrom(s, MOVED_ORIGIN, app.storageDir)
    const top = await uploadPhoto(moved, token, 'top')
    expect(top.url).toBe(`${MOVED_ORIGIN}/uploads/${top.key}`)
    // The logo's URL as the client got it before the move, the new photo's as presigned now.
    const patched = await api<RealtorWithPhotos>(moved, 'PATCH', `/realtor/${created.body.id}`, {
      token,
      body: {
        photos: [
          { path: 'logo', url: logo.url },
          { path: 'top', url: top.url },
        ],
      },
    })
    expect(patched.status, patched.text).toBe(200)
    expect(patched.body.photos.map((photo) => photo.url)).toEqual([`${MOVED_ORIGIN}/uploads/${logo.key}`, top.url])
    expect(await storedUrls(s, created.body.id)).toEqual([logo.key, top.key])
  })

  it('builds demo listing photos from keys too', async () => {
    await seedDemoHomes(s, 3)
    const rows = await s.db.selectFrom('homeMedia').select('mediaUrl').execute()
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) expect(row.mediaUrl).toMatch(/^demo\/homes\/home-\d{2}\.webp$/)

    const moved = servedFrom(s, MOVED_ORIGIN, app.storageDir)
    const home = await s.db.selectFrom('home').select('listingKey').where('isListed', '=', 1).limit(1).executeTakeFirstOrThrow()
    const detail = await api(moved, 'GET', `/home/${encodeURIComponent(home.listingKey)}`)
    expect(detail.status, detail.text).toBe(200)
    const text = detail.text
    expect(text).toContain(`${MOVED_ORIGIN}/uploads/demo/homes/`)
    expect(text).not.toContain(`${ORIGIN}/uploads/`)
  })

  it('migration 0019 turns stored upload URLs of any origin into keys and leaves other URLs alone', async () => {
    const token = await signUp(s, uniqueEmail('photos-legacy'), PASSWORD)
    const logo = await uploadPhoto(s, token, 'logo')
    const gallery = await uploadPhoto(s, token, 'gallery')
    const created = await api<RealtorWithPhotos>(s, 'POST', '/realtor', {
      token,
      body: validRealtor({
        photos: [
          { path: 'logo', url: logo.url },
          { path: 'gallery', url: gallery.url },
          { path: 'top', url: EXTERNAL_PHOTO },
        ],
      }),
    })
    expect(created.status, created.text).toBe(201)
    await seedDemoHomes(s, 2, { replace: true })
    const migrator = new Migrator({ db: s.db.withoutPlugins(), provider: migrationProvider })
    // Back to the rows an earlier version wrote: full URLs under the origin of that moment
    // (setup under the default address), one gallery photo from an S3 bucket, one MLS photo.
    const down = await migrator.migrateTo('0018-listing-import-failures')
    expect(down.error).toBeUndefined()
    expect(down.results?.map((result) => result.migrationName)).toContain('0019-photo-storage-keys')
    expect(await storedUrls(s, created.body.id)).toEqual([
      `http://localhost:3000/uploads/${logo.key}`,
      `http://localhost:3000/uploads/${gallery.key}`,
      EXTERNAL_PHOTO,
    ])
    await s.db
      .updateTable('realtorPhoto')
      .set({ url: `https://bucket.s3.us-east-1.amazonaws.com/${gallery.key}` })
      .where('url', '=', `http://localhost:3000/uploads/${gallery.key}`)
      .execute()
    const external = await s.db.selectFrom('home').select('id').limit(1).executeTakeFirstOrThrow()
    await s.db
      .updateTable('homeMedia')
      .set({ mediaUrl: 'https://photos.mls.example/123/1.jpg' })
      .where('homeId', '=', external.id)
      .where('sortOrder', '=', 0)
      .execute()
    for (const row of await s.db.selectFrom('homeMedia').select('mediaUrl').execute()) expect(row.mediaUrl).toMatch(/^https?:\/\//)

    const up = await migrator.migrateToLatest()
    expect(up.error).toBeUndefined()

    expect(await storedUrls(s, created.body.id)).toEqual([logo.key, gallery.key, EXTERNAL_PHOTO])
    const media = await s.db.selectFrom('homeMedia').select(['homeId', 'sortOrder', 'mediaUrl']).execute()
    for (const row of media) {
      if (row.homeId === external.id && Number(row.sortOrder) === 0) expect(row.mediaUrl).toBe('https://photos.mls.example/123/1.jpg')
      else expect(row.mediaUrl).toMatch(/^demo\/homes\/home-\d{2}\.webp$/)
    }
    const read = await api<RealtorWithPhotos>(servedFrom(s, MOVED_ORIGIN, app.storageDir), 'GET', `/realtor/${created.body.id}`)
    expect(read.body.photos.map((photo) => photo.url)).toEqual([
      `${MOVED_ORIGIN}/uploads/${logo.key}`,
      `${MOVED_ORIGIN}/uploads/${gallery.key}`,
      EXTERNAL_PHOTO,
    ])
  })
})

describeOnEachDatabase('photo addresses on an S3 store with S3_PUBLIC_BASE_URL', (database) => {
  let s3: TestS3
  let app: TestApp
  const s3Storage = (publicBaseUrl: string) =>
    createStorage({
      driver: 's3',
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      publicBaseUrl,
    })

  beforeAll(async () => {
    s3 = await startTestS3(`photos-${database.name}`)
    app = await createTestApp(database.name, { storage: () => s3Storage('https://cdn-one.example.com/media/') })
  })

  afterAll(async () => {
    await app.close()
    await s3.close()
  })

  it('keeps the key and answers under the CDN base of the moment', async () => {
    const s = app.services
    const token = await signUp(s, uniqueEmail('photos-s3'), PASSWORD)
    const presigned = await api<Array<PresignedItem>>(s, 'POST', '/realtor/presigned-multi-file-upload', {
      token,
      body: { files: [{ path: 'logo', contentType: 'image/jpeg', name: 'logo.jpg' }] },
    })
    expect(presigned.status, presigned.text).toBe(200)
    const item = presigned.body[0]
    if (!item) throw new Error('no presigned item')
    // The presign answer's url is unchanged: the public address under the CDN base.
    expect(item.url).toBe(`https://cdn-one.example.com/media/${item.key}`)
    const put = await fetch(item.uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg', 'if-none-match': '*' },
      body: Buffer.from(await makeJpeg()),
    })
    expect(put.status).toBe(200)

    const created = await api<RealtorWithPhotos>(s, 'POST', '/realtor', { token, body: validRealtor({ photos: [{ path: 'logo', url: item.url }] }) })
    expect(created.status, created.text).toBe(201)
    expect(await storedUrls(s, created.body.id)).toEqual([item.key])

    const moved = { ...s, storage: s3Storage('https://cdn-two.example.com') }
    const read = await api<RealtorWithPhotos>(moved, 'GET', `/realtor/${created.body.id}`)
    expect(read.body.photos.map((photo) => photo.url)).toEqual([`https://cdn-two.example.com/${item.key}`])
  })
})
