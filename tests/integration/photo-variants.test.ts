import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PhotoPath } from '../../src/schemas/photo'
import type { Realtor } from '../../src/schemas/realtor'
import { createStorage, thumbnailKeyFor, type StorageDriver } from '../../src/server/uploads/storage'
import { backfillPhotoVariants } from '../../src/server/uploads/backfill-variants'
import { variantKeyFor } from '../../src/lib/photo-variants'
import { ORIGIN, SECRET, api, createTestApp, signUp, uniqueEmail, uploadRequest, validRealtor, type PresignedItem, type TestApp } from './harness'
import { startTestS3, type TestS3 } from './s3rver'

/*
 * Issue 31 item 3: width variants (`{key}.w640.webp`, decision 050) made at upload on both
 * storages: the local driver's PUT, and on S3 (where the browser uploads straight to the bucket)
 * the save that adds the photo. The page data names them only once they all exist; a failure
 * keeps the original and leaves no half set; dropping a photo removes them; the one-off command
 * makes them for photos stored before, once.
 */

/** A store that fails the writes whose key matches `failPuts`, as a full disk or a bucket outage would. */
type FlakyStore = StorageDriver & { failPuts: RegExp | undefined }

function flaky(inner: StorageDriver): FlakyStore {
  const store: FlakyStore = {
    ...inner,
    failPuts: undefined,
    put: async (key, bytes, contentType) => {
      if (store.failPuts?.test(key)) throw new Error(`injected write failure for ${key}`)
      await inner.put(key, bytes, contentType)
    },
  }
  return store
}

async function photo(width: number, height: number): Promise<Uint8Array> {
  // Two colours, so an encoder has something to keep; small enough for the tests' 256 KB limit.
  const left = await sharp({ create: { width: Math.ceil(width / 2), height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer()
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } })
      .composite([{ input: left, left: 0, top: 0 }])
      .jpeg({ quality: 70 })
      .toBuffer(),
  )
}

async function presign(app: TestApp, token: string, path: string): Promise<PresignedItem> {
  const presigned = await api(app.services, 'POST', '/realtor/presigned-multi-file-upload', {
    token,
    body: { files: [{ path, contentType: 'image/jpeg', name: 'photo.jpg' }] },
  })
  expect(presigned.status, presigned.text).toBe(200)
  const item = (presigned.body as Array<PresignedItem>)[0]
  if (!item) throw new Error('presign returned no item')
  return item
}

async function widthOf(storage: StorageDriver, key: string): Promise<{ width: number | undefined; contentType: string } | undefined> {
  const file = await storage.get(key)
  if (!file) return undefined
  return { width: (await sharp(file.bytes).metadata()).width, contentType: file.contentType }
}

async function variantRow(app: TestApp, key: string): Promise<string | undefined> {
  const row = await app.services.db.selectFrom('photoVariant').select('widths').where('key', '=', key).executeTakeFirst()
  return row?.widths
}

async function saveRealtor(app: TestApp, token: string, photos: Array<{ path: PhotoPath; url: string }>): Promise<Realtor> {
  const created = await api<Realtor>(app.services, 'POST', '/realtor', { token, body: validRealtor({ photos }) })
  expect(created.status, created.text).toBe(201)
  return created.body
}

describe('photo variants on the local disk', () => {
  let app: TestApp
  let store: FlakyStore

  beforeAll(async () => {
    app = await createTestApp('sqlite', {
      storage: (dir) => (store = flaky(createStorage({ driver: 'local', dir, publicBaseUrl: ORIGIN, signingSecret: SECRET }))),
    })
  })
  afterAll(() => app.close())

  it('makes WebP copies at 640, 1024 and 1600 px at the PUT, and the page data names them', async () => {
    // One homepage per account: each case signs up its own.
    const token = await signUp(app.services, uniqueEmail('variants'))
    const item = await presign(app, token, 'top')
    const put = await uploadRequest(app.services, 'PUT', item.uploadUrl, await photo(2000, 1000), { 'content-type': 'image/jpeg' })
    expect(put.status, put.text).toBe(200)
    for (const width of [640, 1024, 1600]) {
      expect(await widthOf(store, variantKeyFor(item.key, width))).toEqual({ width, contentType: 'image/webp' })
    }
    expect(await variantRow(app, item.key)).toBe('640,1024,1600')
    const realtor = await saveRealtor(app, token, [{ path: 'top', url: item.url }])
    expect(realtor.photos).toEqual([{ path: 'top', imageType: 'fullsize', url: item.url, widths: [640, 1024, 1600] }])
    const shown = await api<Realtor>(app.services, 'GET', `/realtor/${realtor.desiredUrl}`)
    expect(shown.body.photos[0]?.widths).toEqual([640, 1024, 1600])
    // The variant is served like any upload.
    const served = await uploadRequest(app.services, 'GET', `${ORIGIN}/uploads/${variantKeyFor(item.key, 640)}`)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/webp')
  })

  it('never upscales: a photo narrower than 1600 px gets the smaller widths and its own', async () => {
    // One homepage per account: each case signs up its own.
    const token = await signUp(app.services, uniqueEmail('variants'))
    const item = await presign(app, token, 'gallery')
    const put = await uploadRequest(app.services, 'PUT', item.uploadUrl, await photo(900, 600), { 'content-type': 'image/jpeg' })
    expect(put.status, put.text).toBe(200)
    expect(await variantRow(app, item.key)).toBe('640,900')
    expect(await widthOf(store, variantKeyFor(item.key, 900))).toEqual({ width: 900, contentType: 'image/webp' })
    expect(await store.inspect(variantKeyFor(item.key, 1024))).toBeUndefined()
    // The gallery's thumbnail is made as before.
    expect(await store.inspect(thumbnailKeyFor(item.key))).toBeDefined()
  })

  it('a failed variant write leaves nothing behind and frees the link for a retry', async () => {
    // One homepage per account: each case signs up its own.
    const token = await signUp(app.services, uniqueEmail('variants'))
    const item = await presign(app, token, 'id')
    const bytes = await photo(1200, 1600)
    store.failPuts = /\.w1024\.webp$/
    try {
      await expect(uploadRequest(app.services, 'PUT', item.uploadUrl, bytes, { 'content-type': 'image/jpeg' })).rejects.toThrow(/injected/)
    } finally {
      store.failPuts = undefined
    }
    for (const key of [item.key, variantKeyFor(item.key, 640), variantKeyFor(item.key, 1024), variantKeyFor(item.key, 1200)]) {
      expect(await store.inspect(key), key).toBeUndefined()
    }
    expect(await variantRow(app, item.key)).toBeUndefined()
    const retry = await uploadRequest(app.services, 'PUT', item.uploadUrl, bytes, { 'content-type': 'image/jpeg' })
    expect(retry.status, retry.text).toBe(200)
    expect(await variantRow(app, item.key)).toBe('640,1024,1200')
  })

  it('dropping a photo from the page deletes its variants and their record', async () => {
    // One homepage per account: each case signs up its own.
    const token = await signUp(app.services, uniqueEmail('variants'))
    const keep = await presign(app, token, 'logo')
    const drop = await presign(app, token, 'top')
    for (const item of [keep, drop]) {
      expect((await uploadRequest(app.services, 'PUT', item.uploadUrl, await photo(700, 700), { 'content-type': 'image/jpeg' })).status).toBe(200)
    }
    const realtor = await saveRealtor(app, token, [
      { path: 'logo', url: keep.url },
      { path: 'top', url: drop.url },
    ])
    const patched = await api<Realtor>(app.services, 'PATCH', `/realtor/${realtor.id}`, { token, body: { photos: [{ path: 'logo', url: keep.url }] } })
    expect(patched.status, patched.text).toBe(200)
    expect(await store.inspect(drop.key)).toBeUndefined()
    expect(await store.inspect(variantKeyFor(drop.key, 640))).toBeUndefined()
    expect(await store.inspect(variantKeyFor(drop.key, 700))).toBeUndefined()
    expect(await variantRow(app, drop.key)).toBeUndefined()
    expect(await store.inspect(variantKeyFor(keep.key, 700))).toBeDefined()
    expect(await variantRow(app, keep.key)).toBe('640,700')
  })
})

describe('photo variants on S3 (s3rver)', () => {
  let s3: TestS3
  let app: TestApp
  let store: FlakyStore

  beforeAll(async () => {
    s3 = await startTestS3('variant-uploads')
    store = flaky(s3.storage)
    app = await createTestApp('sqlite', { storage: () => store })
  })
  afterAll(async () => {
    await app.close()
    await s3.close()
  })

  async function uploadToBucket(token: string, path: string, bytes: Uint8Array): Promise<PresignedItem> {
    const item = await presign(app, token, path)
    const put = await fetch(item.uploadUrl, { method: 'PUT', body: new Uint8Array(bytes), headers: item.headers })
    expect(put.status, await put.text()).toBe(200)
    // Straight to the bucket: the server has not seen the bytes, so nothing is made yet.
    expect(await store.inspect(variantKeyFor(item.key, 640))).toBeUndefined()
    return item
  }

  it('the save that adds an uploaded photo reads it once and stores its variants', async () => {
    // One homepage per account: each case signs up its own.
    const token = await signUp(app.services, uniqueEmail('variants'))
    const item = await uploadToBucket(token, 'top', await photo(1800, 900))
    const realtor = await saveRealtor(app, token, [{ path: 'top', url: item.url }])
    expect(realtor.photos[0]?.widths).toEqual([640, 1024, 1600])
    for (const width of [640, 1024, 1600]) {
      expect(await widthOf(store, variantKeyFor(item.key, width))).toEqual({ width, contentType: 'image/webp' })
    }
    // Saving again with the same photo makes nothing anew.
    const before = await variantRow(app, item.key)
    const again = await api<Realtor>(app.services, 'PATCH', `/realtor/${realtor.id}`, { token, body: { aboutMeEn: 'Hello' } })
    expect(again.status, again.text).toBe(200)
    expect(await variantRow(app, item.key)).toBe(before)
  })

  it('a failure keeps the original and the save, leaves no variant, and the one-off command makes them later, once', async () => {
    // One homepage per account: each case signs up its own.
    const token = await signUp(app.services, uniqueEmail('variants'))
    const item = await uploadToBucket(token, 'gallery', await photo(1100, 700))
    store.failPuts = /\.w1024\.webp$/
    let realtor: Realtor
    try {
      realtor = await saveRealtor(app, token, [{ path: 'gallery', url: item.url }])
    } finally {
      store.failPuts = undefined
    }
    expect(realtor.photos).toEqual([{ path: 'gallery', imageType: 'fullsize', url: item.url }])
    expect(await store.inspect(item.key)).toBeDefined()
    for (const width of [640, 1024, 1100]) expect(await store.inspect(variantKeyFor(item.key, width))).toBeUndefined()
    expect(await variantRow(app, item.key)).toBeUndefined()

    const first = await backfillPhotoVariants(app.services)
    expect(first.made).toContainEqual({ key: item.key, widths: [640, 1024, 1100] })
    expect(first.failed).toEqual([])
    expect(first.realtorsRefreshed).toBeGreaterThanOrEqual(1)
    expect(await widthOf(store, variantKeyFor(item.key, 1100))).toEqual({ width: 1100, contentType: 'image/webp' })
    const shown = await api<Realtor>(app.services, 'GET', `/realtor/${realtor.desiredUrl}`)
    expect(shown.body.photos[0]?.widths).toEqual([640, 1024, 1100])

    const second = await backfillPhotoVariants(app.services)
    expect(second.made).toEqual([])
    expect(second.skipped).toContain(item.key)
    expect(second.realtorsRefreshed).toBe(0)
  })

  it('the one-off command reports a photo it cannot read and leaves it as it was', async () => {
    // One homepage per account: each case signs up its own.
    const token = await signUp(app.services, uniqueEmail('variants'))
    const item = await uploadToBucket(token, 'logo', await photo(300, 300))
    store.failPuts = /\.webp$/
    let realtor: Realtor
    try {
      realtor = await saveRealtor(app, token, [{ path: 'logo', url: item.url }])
    } finally {
      store.failPuts = undefined
    }
    // The original vanishes from the bucket behind the app's back.
    await s3.storage.delete([item.key])
    const result = await backfillPhotoVariants(app.services)
    expect(result.failed).toContainEqual({ key: item.key, reason: 'missing' })
    expect(await variantRow(app, item.key)).toBeUndefined()
    const shown = await api<Realtor>(app.services, 'GET', `/realtor/${realtor.desiredUrl}`)
    expect(shown.body.photos[0]?.widths).toBeUndefined()
  })
})
