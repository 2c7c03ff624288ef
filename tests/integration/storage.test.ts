import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PhotoPath, UploadContentType } from '../../src/schemas/photo'
import { acceptLocalUpload, type AcceptLocalUploadInput } from '../../src/server/uploads/accept-upload'
import { makeThumbnail, sniffImageType } from '../../src/server/uploads/image-check'
import { LOCAL_UPLOAD_PREFIX, verifyUploadSignature } from '../../src/server/uploads/local-storage'
import { msg } from '@lingui/core/macro'
import { AppError } from '../../src/server/app-error'
import { assertAddedPhotosStored } from '../../src/server/uploads/stored-photos'
import { INSPECT_BYTES, createStorage, uploadKey, type PresignedUpload, type StorageDriver } from '../../src/server/uploads/storage'
import { InvalidStorageKeyError } from '../../src/server/uploads/storage-keys'
import { startTestS3, storeHonoursConditionalPut, type TestS3 } from './s3rver'

// Fixtures ---------------------------------------------------------------------------------------

type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif'

/** Real encoded images; `noise` makes them incompressible so sizes are predictable. */
async function makeImage(format: ImageFormat, width: number, height: number, options?: { noise?: boolean }): Promise<Uint8Array<ArrayBuffer>> {
  const image = options?.noise
    ? sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    : sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
  return new Uint8Array(await image.toFormat(format).toBuffer())
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0
}

function withoutQuery(url: string): string {
  return url.split('?')[0] ?? url
}

const SECRET = 'test-signing-secret-0123456789abcdef'
const BASE_URL = 'http://localhost:3000'

// Local driver -----------------------------------------------------------------------------------

describe('local storage driver', () => {
  let dir: string
  let storage: StorageDriver

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'storage-local-'))
    storage = createStorage({ driver: 'local', dir, publicBaseUrl: `${BASE_URL}/`, signingSecret: SECRET })
  })

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  async function presign(input: { path?: PhotoPath; contentType: UploadContentType; maxBytes?: number }): Promise<PresignedUpload> {
    const key = uploadKey({ ownerId: 'realtor-1', path: input.path ?? 'logo', contentType: input.contentType })
    return storage.presignPut({ key, contentType: input.contentType, maxBytes: input.maxBytes ?? 5_000_000 })
  }

  /** What the PUT route does: the key from the path after /uploads/, the rest from the query. */
  function upload(
    presigned: PresignedUpload,
    body: Uint8Array,
    overrides?: Partial<Pick<AcceptLocalUploadInput, 'contentTypeHeader' | 'now' | 'searchParams' | 'key' | 'makeThumbnailFor'>>,
  ) {
    const url = new URL(presigned.uploadUrl)
    return acceptLocalUpload({
      storage,
      key: url.pathname.slice(LOCAL_UPLOAD_PREFIX.length),
      searchParams: url.searchParams,
      contentTypeHeader: presigned.contentType,
      body,
      secret: SECRET,
      now: new Date(),
      ...overrides,
    })
  }

  it.each([
    ['image/png', 'png'],
    ['image/jpeg', 'jpeg'],
  ] as const)('stores a real %s and serves back the same bytes and type', async (contentType, format) => {
    const image = await makeImage(format, 64, 48)
    const presigned = await presign({ contentType })

    expect(presigned.url).toBe(withoutQuery(presigned.uploadUrl))
    expect(presigned.url).toBe(`${BASE_URL}/uploads/${presigned.key}`)
    // No condition header: this endpoint refuses a second PUT by itself (409).
    expect(presigned.headers).toEqual({ 'content-type': contentType })
    expect(presigned.key).toMatch(new RegExp(`^realtors/realtor-1/logo/[0-9a-f-]{36}\\.${format === 'jpeg' ? 'jpg' : 'png'}$`))
    expect(Date.parse(presigned.expiresAt)).toBeGreaterThan(Date.now())

    const check = verifyUploadSignature(presigned.key, new URL(presigned.uploadUrl).searchParams, SECRET, new Date())
    expect(check).toEqual({ ok: true, contentType, maxBytes: 5_000_000 })

    const result = await upload(presigned, image)
    expect(result).toEqual({ ok: true, url: presigned.url })

    const stored = await storage.get(presigned.key)
    expect(stored?.contentType).toBe(contentType)
    expect(sameBytes(stored?.bytes ?? new Uint8Array(), image)).toBe(true)
    expect(storage.publicUrl(presigned.key)).toBe(presigned.url)
    expect(storage.keyFromUrl(presigned.url)).toBe(presigned.key)
  })

  it('accepts a Content-Type header with parameters or other casing', async () => {
    const presigned = await presign({ contentType: 'image/png' })
    const result = await upload(presigned, await makeImage('png', 8, 8), { contentTypeHeader: 'IMAGE/PNG; charset=binary' })
    expect(result.ok).toBe(true)
  })

  it('refuses an expired upload URL and writes nothing', async () => {
    const presigned = await presign({ contentType: 'image/png' })
    const later = new Date(Date.parse(presigned.expiresAt) + 1000)
    expect(verifyUploadSignature(presigned.key, new URL(presigned.uploadUrl).searchParams, SECRET, later)).toEqual({ ok: false, reason: 'expired' })
    const result = await upload(presigned, await makeImage('png', 8, 8), { now: later })
    expect(result).toEqual({ ok: false, status: 403, code: 'upload-url-expired' })
    expect(await storage.get(presigned.key)).toBeUndefined()
  })

  it('refuses a tampered signature, content type, size limit, expiry or key', async () => {
    const presigned = await presign({ contentType: 'image/png', maxBytes: 1000 })
    const original = new URL(presigned.uploadUrl).searchParams
    const image = await makeImage('png', 8, 8)
    const tamper = (name: string, value: string): URLSearchParams => {
      const params = new URLSearchParams(original)
      params.set(name, value)
      return params
    }
    const sig = original.get('sig') ?? ''
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`
    const expires = Number(original.get('expires'))

    for (const params of [tamper('sig', flipped), tamper('max', '100000000'), tamper('ct', 'image/jpeg'), tamper('expires', String(expires + 3600))]) {
      expect(verifyUploadSignature(presigned.key, params, SECRET, new Date())).toEqual({ ok: false, reason: 'bad-signature' })
      const result = await upload(presigned, image, { searchParams: params, contentTypeHeader: params.get('ct') })
      expect(result).toEqual({ ok: false, status: 403, code: 'upload-signature-invalid' })
    }
    // The right query for another key (someone else's folder) does not verify either.
    const otherKey = presigned.key.replace('realtor-1', 'realtor-2')
    expect(await upload(presigned, image, { key: otherKey })).toEqual({ ok: false, status: 403, code: 'upload-signature-invalid' })
    expect(verifyUploadSignature(presigned.key, original, 'another-secret-0123456789', new Date())).toEqual({ ok: false, reason: 'bad-signature' })

    expect(verifyUploadSignature(presigned.key, tamper('sig', 'zz'), SECRET, new Date())).toEqual({ ok: false, reason: 'malformed' })
    expect(verifyUploadSignature(presigned.key, tamper('ct', 'text/html'), SECRET, new Date())).toEqual({ ok: false, reason: 'malformed' })
    expect(verifyUploadSignature(presigned.key, new URLSearchParams(), SECRET, new Date())).toEqual({ ok: false, reason: 'malformed' })
    expect(await upload(presigned, image, { searchParams: new URLSearchParams() })).toEqual({ ok: false, status: 400, code: 'upload-url-malformed' })

    expect(await storage.get(presigned.key)).toBeUndefined()
    expect(await storage.get(otherKey)).toBeUndefined()
  })

  it.each([
    ['an HTML page', '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'],
    ['a text file', 'just some text pretending to be a photo\n'],
  ])('refuses %s named .jpg and sent as image/jpeg with 415', async (_label, text) => {
    const presigned = await presign({ contentType: 'image/jpeg' })
    expect(presigned.key.endsWith('.jpg')).toBe(true)
    const result = await upload(presigned, new TextEncoder().encode(text), { contentTypeHeader: 'image/jpeg' })
    expect(result).toEqual({ ok: false, status: 415, code: 'content-not-allowed-image' })
    expect(await storage.get(presigned.key)).toBeUndefined()
  })

  it('refuses a real image of another type than the one signed, and a wrong Content-Type header, with 415', async () => {
    const presigned = await presign({ contentType: 'image/jpeg' })
    const png = await makeImage('png', 8, 8)
    expect(await upload(presigned, png)).toEqual({ ok: false, status: 415, code: 'content-not-allowed-image' })
    const jpeg = await makeImage('jpeg', 8, 8)
    expect(await upload(presigned, jpeg, { contentTypeHeader: 'image/png' })).toEqual({ ok: false, status: 415, code: 'content-type-mismatch' })
    expect(await upload(presigned, jpeg, { contentTypeHeader: undefined })).toEqual({ ok: false, status: 415, code: 'content-type-mismatch' })
    expect(await storage.get(presigned.key)).toBeUndefined()
  })

  it('refuses a body larger than the signed limit with 413 and an empty body with 400', async () => {
    const presigned = await presign({ contentType: 'image/png', maxBytes: 10_000 })
    const big = await makeImage('png', 100, 100, { noise: true })
    expect(big.byteLength).toBeGreaterThan(10_000)
    expect(await upload(presigned, big)).toEqual({ ok: false, status: 413, code: 'too-large' })
    expect(await upload(presigned, new Uint8Array())).toEqual({ ok: false, status: 400, code: 'empty-body' })
    expect(await storage.get(presigned.key)).toBeUndefined()

    // Exactly at the limit is allowed.
    const small = await makeImage('png', 16, 16)
    const exact = await storage.presignPut({ key: presigned.key, contentType: 'image/png', maxBytes: small.byteLength })
    expect((await upload(exact, small)).ok).toBe(true)
  })

  it('refuses path traversal and other unsafe keys everywhere', async () => {
    const image = await makeImage('png', 8, 8)
    const badKeys = [
      '../escape.png',
      'realtors/../../escape.png',
      '/etc/passwd',
      'a//b.png',
      'a/b/',
      'a\\b.png',
      'a b.png',
      '%2e%2e/x.png',
      'x.png.meta.json',
      '',
    ]
    for (const key of badKeys) {
      const result = await acceptLocalUpload({
        storage,
        key,
        searchParams: new URLSearchParams(),
        contentTypeHeader: 'image/png',
        body: image,
        secret: SECRET,
        now: new Date(),
      })
      expect(result).toEqual({ ok: false, status: 400, code: 'invalid-key' })
      await expect(storage.put(key, image, 'image/png')).rejects.toBeInstanceOf(InvalidStorageKeyError)
      await expect(storage.presignPut({ key, contentType: 'image/png', maxBytes: 1000 })).rejects.toBeInstanceOf(InvalidStorageKeyError)
      expect(await storage.get(key)).toBeUndefined()
      await storage.delete([key])
    }
    expect(storage.keyFromUrl(`${BASE_URL}/uploads/../secret`)).toBeUndefined()
    expect(storage.keyFromUrl('https://elsewhere.example/uploads/a.png')).toBeUndefined()
    expect(existsSync(path.join(dir, '..', 'escape.png'))).toBe(false)
    // Nothing was written at the top of the storage folder either.
    expect((await readdir(dir)).filter((name) => name !== 'realtors')).toEqual([])
  })

  it('makes keys on the server, never from a client name, with the owner id sanitized', () => {
    const key = uploadKey({ ownerId: '../../admin/x y', path: 'gallery', contentType: 'image/webp' })
    expect(key).toMatch(/^realtors\/______admin_x_y\/gallery\/[0-9a-f-]{36}\.webp$/)
    expect(uploadKey({ ownerId: 'abc', path: 'top', contentType: 'image/avif' })).toMatch(/\.avif$/)
    expect(uploadKey({ ownerId: 'abc', path: 'top', contentType: 'image/png' })).not.toBe(uploadKey({ ownerId: 'abc', path: 'top', contentType: 'image/png' }))
    expect(() => uploadKey({ ownerId: '', path: 'top', contentType: 'image/png' })).toThrow(InvalidStorageKeyError)
  })

  it('inspects a file: its size and first bytes; nothing for a missing or unsafe key', async () => {
    const image = await makeImage('jpeg', 200, 100)
    const presigned = await presign({ contentType: 'image/jpeg' })
    expect((await upload(presigned, image)).ok).toBe(true)
    const inspected = await storage.inspect(presigned.key)
    expect(inspected?.size).toBe(image.byteLength)
    expect(sameBytes(inspected?.head ?? new Uint8Array(), image.subarray(0, INSPECT_BYTES))).toBe(true)
    expect(await storage.inspect('realtors/realtor-1/logo/never-existed.png')).toBeUndefined()
    expect(await storage.inspect('../escape.png')).toBeUndefined()
  })

  it('delete removes the file and its content-type sidecar', async () => {
    const presigned = await presign({ contentType: 'image/png' })
    expect((await upload(presigned, await makeImage('png', 8, 8))).ok).toBe(true)
    const file = path.join(dir, presigned.key)
    expect(existsSync(file)).toBe(true)
    expect(existsSync(`${file}.meta.json`)).toBe(true)

    await storage.delete([presigned.key, 'realtors/realtor-1/logo/never-existed.png'])
    expect(existsSync(file)).toBe(false)
    expect(existsSync(`${file}.meta.json`)).toBe(false)
    expect(await storage.get(presigned.key)).toBeUndefined()
  })

  it('server-side put keeps the given content type', async () => {
    await storage.put('seed/readme.txt', new TextEncoder().encode('hello'), 'text/plain; charset=utf-8')
    expect(await storage.get('seed/readme.txt')).toEqual({ bytes: new TextEncoder().encode('hello'), contentType: 'text/plain; charset=utf-8' })
    await storage.delete(['seed/readme.txt'])
  })

  it('keeps a type it has read, but never a file: one removed by another process is gone at once; a put again serves its new type', async () => {
    const key = 'seed/known-type.png'
    const bytes = await makeImage('png', 4, 4)
    await storage.put(key, bytes, 'image/png')
    expect((await storage.get(key))?.contentType).toBe('image/png')
    // Another worker's clean-up removes it: this one's memory of its type brings nothing back.
    await rm(path.join(dir, key))
    await rm(path.join(dir, `${key}.meta.json`))
    expect(await storage.get(key)).toBeUndefined()
    await storage.put(key, bytes, 'application/octet-stream')
    expect((await storage.get(key))?.contentType).toBe('application/octet-stream')
    // Another worker over the same folder reads the type from the sidecar.
    const other = createStorage({ driver: 'local', dir, publicBaseUrl: `${BASE_URL}/`, signingSecret: SECRET })
    expect(await other.get(key)).toEqual({ bytes, contentType: 'application/octet-stream' })
    await storage.delete([key])
  })

  it('a gallery upload also stores a real WebP thumbnail, narrower than the original', async () => {
    const original = await makeImage('jpeg', 1200, 800)
    const presigned = await presign({ path: 'gallery', contentType: 'image/jpeg' })
    const result = await upload(presigned, original)
    expect(result).toEqual({ ok: true, url: presigned.url, thumbnailUrl: `${presigned.url}.thumb.webp` })

    const thumbKey = `${presigned.key}.thumb.webp`
    const thumb = await storage.get(thumbKey)
    expect(thumb?.contentType).toBe('image/webp')
    const thumbBytes = thumb?.bytes ?? new Uint8Array()
    expect(sniffImageType(thumbBytes)).toBe('image/webp')
    const meta = await sharp(thumbBytes).metadata()
    expect(meta.format).toBe('webp')
    expect(meta.width).toBe(480)
    expect(meta.height).toBe(320)
    expect(storage.keyFromUrl(`${presigned.url}.thumb.webp`)).toBe(thumbKey)

    // The original is stored untouched.
    expect(sameBytes((await storage.get(presigned.key))?.bytes ?? new Uint8Array(), original)).toBe(true)

    await storage.delete([presigned.key, thumbKey])
    expect(await storage.get(thumbKey)).toBeUndefined()
  })

  it('makes no thumbnail outside the gallery or when turned off', async () => {
    const logo = await presign({ path: 'logo', contentType: 'image/png' })
    expect(await upload(logo, await makeImage('png', 800, 600))).toEqual({ ok: true, url: logo.url })
    expect(await storage.get(`${logo.key}.thumb.webp`)).toBeUndefined()

    const gallery = await presign({ path: 'gallery', contentType: 'image/png' })
    expect(await upload(gallery, await makeImage('png', 800, 600), { makeThumbnailFor: false })).toEqual({ ok: true, url: gallery.url })
    expect(await storage.get(`${gallery.key}.thumb.webp`)).toBeUndefined()
  })

  it('refuses a gallery image whose header is right but whose bytes do not decode, writing nothing', async () => {
    const presigned = await presign({ path: 'gallery', contentType: 'image/png' })
    const truncated = (await makeImage('png', 600, 400, { noise: true })).slice(0, 200)
    expect(await upload(presigned, truncated)).toEqual({ ok: false, status: 415, code: 'image-undecodable' })
    expect(await storage.get(presigned.key)).toBeUndefined()
  })
})

// Thumbnails -------------------------------------------------------------------------------------

describe('makeThumbnail', () => {
  it('never upscales a small image', async () => {
    const thumb = await makeThumbnail(await makeImage('png', 200, 100))
    const meta = await sharp(thumb.bytes).metadata()
    expect(thumb.contentType).toBe('image/webp')
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 200, 100])
  })

  it('honours EXIF orientation (a sideways phone photo comes out upright) and drops the metadata', async () => {
    // Stored 600x400 with orientation 6 ("rotate 90° clockwise to view") is a 400x600 portrait.
    const sideways = new Uint8Array(
      await sharp({ create: { width: 600, height: 400, channels: 3, background: '#336699' } })
        .jpeg()
        .withMetadata({ orientation: 6 })
        .toBuffer(),
    )
    expect((await sharp(sideways).metadata()).orientation).toBe(6)
    const thumb = await makeThumbnail(sideways, { width: 300 })
    const meta = await sharp(thumb.bytes).metadata()
    expect([meta.width, meta.height]).toEqual([300, 450])
    expect(meta.orientation).toBeUndefined()
    expect(meta.exif).toBeUndefined()
  })
})

// Content sniffing -------------------------------------------------------------------------------

describe('sniffImageType', () => {
  it.each([
    ['jpeg', 'image/jpeg'],
    ['png', 'image/png'],
    ['webp', 'image/webp'],
    ['avif', 'image/avif'],
  ] as const)('recognises a real %s by its bytes', async (format, contentType) => {
    expect(sniffImageType(await makeImage(format, 16, 16))).toBe(contentType)
  })

  const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0))
  const ftyp = (major: string, compatible: string[]): Uint8Array => {
    const size = 16 + 4 * compatible.length
    return new Uint8Array([0, 0, 0, size, ...ascii('ftyp'), ...ascii(major), 0, 0, 0, 0, ...compatible.flatMap(ascii), ...ascii('meta')])
  }

  it('recognises AVIF by the major brand or a compatible brand, and not other ISO-BMFF files', () => {
    expect(sniffImageType(ftyp('avif', ['mif1', 'miaf']))).toBe('image/avif')
    expect(sniffImageType(ftyp('avis', []))).toBe('image/avif')
    expect(sniffImageType(ftyp('mif1', ['miaf', 'avif']))).toBe('image/avif')
    expect(sniffImageType(ftyp('heic', ['mif1', 'heic']))).toBeUndefined()
    expect(sniffImageType(ftyp('isom', ['iso2', 'mp41']))).toBeUndefined()
    // A box size pointing past the end of the bytes is not trusted.
    const lying = ftyp('mif1', ['avif'])
    lying[3] = 200
    expect(sniffImageType(lying)).toBeUndefined()
  })

  it('refuses text, HTML, SVG, GIF, empty and truncated input', () => {
    const text = (value: string) => new TextEncoder().encode(value)
    expect(sniffImageType(text('<!doctype html><html></html>'))).toBeUndefined()
    expect(sniffImageType(text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeUndefined()
    expect(sniffImageType(text('hello.jpg'))).toBeUndefined()
    expect(sniffImageType(text('GIF89a\x01\x00\x01\x00'))).toBeUndefined()
    expect(sniffImageType(new Uint8Array())).toBeUndefined()
    expect(sniffImageType(new Uint8Array([0xff, 0xd8]))).toBeUndefined()
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeUndefined()
    expect(sniffImageType(text('RIFF\0\0\0\0WEBP'))).toBeUndefined()
    expect(sniffImageType(text('RIFF\0\0\0\0WAVEfmt '))).toBeUndefined()
  })

  it('reads a view into a larger buffer correctly', async () => {
    const png = await makeImage('png', 4, 4)
    const padded = new Uint8Array(png.byteLength + 10)
    padded.set(png, 10)
    expect(sniffImageType(padded.subarray(10))).toBe('image/png')
    const avif = await makeImage('avif', 4, 4)
    const paddedAvif = new Uint8Array(avif.byteLength + 3)
    paddedAvif.set(avif, 3)
    expect(sniffImageType(paddedAvif.subarray(3))).toBe('image/avif')
  })
})

// S3 driver against a real S3-compatible server ---------------------------------------------------

describe('S3 storage driver against s3rver', () => {
  const bucket = 'realtor-uploads'
  let s3: TestS3 | undefined
  let endpoint: string
  let storage: StorageDriver

  beforeAll(async () => {
    s3 = await startTestS3(bucket)
    endpoint = s3.endpoint
    storage = s3.storage
  })

  afterAll(async () => {
    await s3?.close()
  })

  it('presign → PUT → GET of the URL without query returns the same bytes and type → delete removes it', async () => {
    const image = await makeImage('png', 64, 48)
    const key = uploadKey({ ownerId: 'realtor-1', path: 'gallery', contentType: 'image/png' })
    const presigned = await storage.presignPut({ key, contentType: 'image/png', maxBytes: 5_000_000 })

    expect(presigned.url).toBe(withoutQuery(presigned.uploadUrl))
    expect(presigned.url).toBe(`${endpoint}/${bucket}/${key}`)
    expect(storage.publicUrl(key)).toBe(presigned.url)
    expect(storage.keyFromUrl(presigned.url)).toBe(key)

    const put = await fetch(presigned.uploadUrl, { method: 'PUT', body: image, headers: presigned.headers })
    expect(put.status).toBe(200)

    const got = await fetch(presigned.url)
    expect(got.status).toBe(200)
    expect(got.headers.get('content-type')).toBe('image/png')
    expect(sameBytes(new Uint8Array(await got.arrayBuffer()), image)).toBe(true)

    const stored = await storage.get(key)
    expect(stored?.contentType).toBe('image/png')
    expect(sameBytes(stored?.bytes ?? new Uint8Array(), image)).toBe(true)

    await storage.delete([key])
    expect(await storage.get(key)).toBeUndefined()
    expect((await fetch(presigned.url)).status).toBe(404)
  })

  it('refuses a PUT whose Content-Type differs from the signed one', async () => {
    const key = uploadKey({ ownerId: 'realtor-1', path: 'logo', contentType: 'image/jpeg' })
    const presigned = await storage.presignPut({ key, contentType: 'image/jpeg', maxBytes: 5_000_000 })
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>')
    const put = await fetch(presigned.uploadUrl, { method: 'PUT', body: html, headers: { ...presigned.headers, 'content-type': 'text/html' } })
    expect(put.status).toBe(403)
    await put.arrayBuffer()
    expect(await storage.get(key)).toBeUndefined()
  })

  it('signs If-None-Match: * into every upload URL: a PUT without that exact header is refused and stores nothing', async () => {
    const image = await makeImage('png', 16, 16)
    const key = uploadKey({ ownerId: 'realtor-1', path: 'top', contentType: 'image/png' })
    const presigned = await storage.presignPut({ key, contentType: 'image/png', maxBytes: 5_000_000 })
    // What the presign answer hands the client to send, and what the signature covers.
    expect(presigned.headers).toEqual({ 'content-type': 'image/png', 'if-none-match': '*' })
    expect(new URL(presigned.uploadUrl).searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('if-none-match')

    // A client cannot drop the condition, or weaken it to another ETag, and keep the signature.
    const tampered: Array<Record<string, string>> = [{ 'content-type': 'image/png' }, { 'content-type': 'image/png', 'if-none-match': '"0123456789abcdef"' }]
    for (const headers of tampered) {
      const put = await fetch(presigned.uploadUrl, { method: 'PUT', body: image, headers })
      expect(put.status).toBe(403)
      await put.arrayBuffer()
    }
    expect(await storage.get(key)).toBeUndefined()

    const put = await fetch(presigned.uploadUrl, { method: 'PUT', body: image, headers: presigned.headers })
    expect(put.status).toBe(200)
    await put.arrayBuffer()
    expect(sameBytes((await storage.get(key))?.bytes ?? new Uint8Array(), image)).toBe(true)
  })

  it('refuses a second PUT to a used upload URL; the object keeps its first bytes', async (context) => {
    // Needs a store with S3 conditional writes. s3rver 5.0.0 has none: it takes the second PUT
    // and overwrites, whatever the header says, so on it this test is skipped, not faked.
    if (!s3 || !(await storeHonoursConditionalPut(s3))) {
      context.skip('the S3-compatible test server (s3rver 5.0.0) ignores If-None-Match on PUT')
    }
    const first = await makeImage('png', 16, 16)
    const second = await makeImage('png', 32, 32)
    const key = uploadKey({ ownerId: 'realtor-1', path: 'top', contentType: 'image/png' })
    const presigned = await storage.presignPut({ key, contentType: 'image/png', maxBytes: 5_000_000 })
    const put = (body: Uint8Array<ArrayBuffer>) => fetch(presigned.uploadUrl, { method: 'PUT', body, headers: presigned.headers })
    const stored = await put(first)
    expect(stored.status).toBe(200)
    await stored.arrayBuffer()
    const again = await put(second)
    expect(again.status).toBe(412)
    await again.arrayBuffer()
    expect(sameBytes((await storage.get(key))?.bytes ?? new Uint8Array(), first)).toBe(true)
  })

  it('refuses a PUT with a tampered signature', async () => {
    const key = uploadKey({ ownerId: 'realtor-1', path: 'logo', contentType: 'image/png' })
    const presigned = await storage.presignPut({ key, contentType: 'image/png', maxBytes: 5_000_000 })
    const url = new URL(presigned.uploadUrl)
    const sig = url.searchParams.get('X-Amz-Signature') ?? ''
    url.searchParams.set('X-Amz-Signature', `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`)
    const put = await fetch(url, { method: 'PUT', body: await makeImage('png', 8, 8), headers: presigned.headers })
    expect(put.status).toBe(403)
    await put.arrayBuffer()
    expect(await storage.get(key)).toBeUndefined()
  })

  it('server-side put, get and a multi-key delete', async () => {
    const keys = await Promise.all(
      [1, 2, 3].map(async (n) => {
        const key = uploadKey({ ownerId: 'realtor-2', path: 'gallery', contentType: 'image/webp' })
        await storage.put(key, await makeImage('webp', 8 * n, 8), 'image/webp')
        return key
      }),
    )
    for (const key of keys) expect((await storage.get(key))?.contentType).toBe('image/webp')
    await storage.delete([...keys, 'realtors/realtor-2/gallery/never-existed.webp', '../bad-key'])
    for (const key of keys) expect(await storage.get(key)).toBeUndefined()
  })

  it('inspects an object: its size and first bytes, without reading all of it; nothing for a missing key', async () => {
    const image = await makeImage('png', 300, 200)
    const key = uploadKey({ ownerId: 'realtor-3', path: 'top', contentType: 'image/png' })
    await storage.put(key, image, 'image/png')
    const inspected = await storage.inspect(key)
    expect(inspected?.size).toBe(image.byteLength)
    expect(inspected?.head.byteLength).toBe(INSPECT_BYTES)
    expect(sameBytes(inspected?.head ?? new Uint8Array(), image.subarray(0, INSPECT_BYTES))).toBe(true)
    const empty = uploadKey({ ownerId: 'realtor-3', path: 'top', contentType: 'image/png' })
    await storage.put(empty, new Uint8Array(), 'image/png')
    expect(await storage.inspect(empty)).toEqual({ size: 0, head: new Uint8Array() })
    expect(await storage.inspect('realtors/realtor-3/top/never-uploaded.png')).toBeUndefined()
  })

  it('a save refuses a browser upload that is missing, too large or not an image, and takes a real one', async () => {
    const maxBytes = 20_000
    async function uploaded(body: Uint8Array<ArrayBuffer>): Promise<string> {
      const key = uploadKey({ ownerId: 'realtor-4', path: 'gallery', contentType: 'image/png' })
      const presigned = await storage.presignPut({ key, contentType: 'image/png', maxBytes })
      // The bucket takes whatever body comes with the signed content type.
      const put = await fetch(presigned.uploadUrl, { method: 'PUT', body, headers: presigned.headers })
      expect(put.status).toBe(200)
      await put.arrayBuffer()
      return presigned.url
    }
    const save = (url: string, previousUrls: Array<string> = []) =>
      assertAddedPhotosStored(storage, maxBytes, { previousUrls, photos: [{ url }], uploaders: ['realtor-4'] })
    const refusal = async (url: string) => {
      const error: unknown = await save(url).then(
        () => undefined,
        (caught: unknown) => caught,
      )
      if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`)
      expect(error.code).toBe('VALIDATION_FAILED')
      return error.fieldErrors?.photos
    }

    const real = await uploaded(await makeImage('png', 40, 30))
    // The keys a save adds come back: the save makes their width variants (decision 050).
    await expect(save(real)).resolves.toEqual([storage.keyFromUrl(real)])
    const html = await uploaded(new TextEncoder().encode('<html><script>alert(1)</script></html>'))
    expect(await refusal(html)).toEqual([msg`Only JPEG, PNG, WebP and AVIF images are accepted`.id])
    const huge = await uploaded(new Uint8Array(maxBytes + 1).fill(0x89))
    expect(await refusal(huge)).toEqual([msg`The file is too large`.id])
    const missing = storage.publicUrl(uploadKey({ ownerId: 'realtor-4', path: 'gallery', contentType: 'image/png' }))
    expect(await refusal(missing)).toEqual([msg`A photo has not finished uploading. Please upload it again`.id])
    // Saved before: not checked again. Not ours: left alone.
    await expect(save(missing, [missing])).resolves.toEqual([])
    await expect(save('https://cdn.example.com/photo.jpg')).resolves.toEqual([])
    // Into our store but no valid key, or another account's upload: refused (issue 17).
    const notYours = [msg`This photo is not one of this homepage's uploads. Please upload it again`.id]
    expect(await refusal(`${endpoint}/${bucket}/..%2f..%2fauth-secret`)).toEqual(notYours)
    const someoneElses = await uploaded(await makeImage('png', 40, 30))
    const error: unknown = await assertAddedPhotosStored(storage, maxBytes, {
      previousUrls: [],
      photos: [{ url: someoneElses }],
      uploaders: ['realtor-5'],
    }).catch((caught: unknown) => caught)
    expect(error instanceof AppError ? error.fieldErrors?.photos : error).toEqual(notYours)
  })

  it('refuses unsafe keys', async () => {
    await expect(storage.put('../escape.png', new Uint8Array([1]), 'image/png')).rejects.toBeInstanceOf(InvalidStorageKeyError)
    await expect(storage.presignPut({ key: 'a/../b.png', contentType: 'image/png', maxBytes: 10 })).rejects.toBeInstanceOf(InvalidStorageKeyError)
    expect(await storage.get('../escape.png')).toBeUndefined()
    expect(storage.keyFromUrl(`${endpoint}/other-bucket/x.png`)).toBeUndefined()
  })
})

describe('S3 storage driver URL shapes (presigning is offline)', () => {
  const key = 'realtors/r1/top/00000000-0000-4000-8000-000000000000.jpg'
  const common = { driver: 's3', bucket: 'my-bucket', accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' } as const

  it.each([
    ['AWS virtual-hosted', { region: 'eu-west-1', forcePathStyle: false }, 'https://my-bucket.s3.eu-west-1.amazonaws.com'],
    ['AWS us-east-1', { region: 'us-east-1', forcePathStyle: false }, 'https://my-bucket.s3.us-east-1.amazonaws.com'],
    ['AWS path style', { region: 'eu-west-1', forcePathStyle: true }, 'https://s3.eu-west-1.amazonaws.com/my-bucket'],
    ['MinIO path style', { region: 'us-east-1', forcePathStyle: true, endpoint: 'http://127.0.0.1:9000/' }, 'http://127.0.0.1:9000/my-bucket'],
    [
      'R2 virtual-hosted',
      { region: 'auto', forcePathStyle: false, endpoint: 'https://acc.r2.cloudflarestorage.com' },
      'https://my-bucket.acc.r2.cloudflarestorage.com',
    ],
    ['endpoint with a path', { region: 'us-east-1', forcePathStyle: false, endpoint: 'http://minio:9000/s3/' }, 'http://my-bucket.minio:9000/s3'],
    ['IP endpoint', { region: 'us-east-1', forcePathStyle: false, endpoint: 'http://127.0.0.1:9000' }, 'http://127.0.0.1:9000/my-bucket'],
    ['IPv6 endpoint', { region: 'us-east-1', forcePathStyle: false, endpoint: 'http://[::1]:9000' }, 'http://[::1]:9000/my-bucket'],
    ['dotted bucket', { region: 'us-east-1', forcePathStyle: false, bucket: 'my.bucket' }, 'https://s3.us-east-1.amazonaws.com/my.bucket'],
    ['upper-case bucket', { region: 'us-east-1', forcePathStyle: false, bucket: 'My-Bucket' }, 'https://s3.us-east-1.amazonaws.com/My-Bucket'],
  ])('%s: the stored URL is the upload URL without its query and round-trips to the key', async (_label, options, base) => {
    const storage = createStorage({ ...common, ...options })
    const presigned = await storage.presignPut({ key, contentType: 'image/jpeg', maxBytes: 1000 })
    expect(presigned.url).toBe(`${base}/${key}`)
    expect(presigned.url).toBe(withoutQuery(presigned.uploadUrl))
    expect(storage.publicUrl(key)).toBe(presigned.url)
    expect(storage.keyFromUrl(presigned.url)).toBe(key)
    // The content type is part of the signature, not just a hint.
    const query = new URL(presigned.uploadUrl).searchParams
    expect(query.get('X-Amz-SignedHeaders')).toContain('content-type')
    // So is the condition that makes the upload URL work once (issue 17).
    expect(query.get('X-Amz-SignedHeaders')?.split(';')).toContain('if-none-match')
    expect(presigned.headers).toEqual({ 'content-type': 'image/jpeg', 'if-none-match': '*' })
    // A checksum in the query (the SDK's default) is the empty body's, so real S3 would refuse the PUT.
    expect([...query.keys()].filter((name) => name.toLowerCase().includes('checksum'))).toEqual([])
  })

  it('uses the CDN base when one is configured', async () => {
    const storage = createStorage({ ...common, region: 'eu-west-1', forcePathStyle: false, publicBaseUrl: 'https://cdn.example.com/media/' })
    const presigned = await storage.presignPut({ key, contentType: 'image/jpeg', maxBytes: 1000 })
    expect(presigned.url).toBe(`https://cdn.example.com/media/${key}`)
    expect(presigned.uploadUrl.startsWith('https://my-bucket.s3.eu-west-1.amazonaws.com/')).toBe(true)
    expect(storage.keyFromUrl(presigned.url)).toBe(key)
  })
})
