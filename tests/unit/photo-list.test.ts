import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { galleryItems } from '~/features/homepage/photos'
import {
  checkFile,
  chunk,
  currentPhoto,
  formatFileSize,
  galleryEntries,
  MAX_PHOTO_ENTRIES,
  MAX_UPLOAD_BYTES,
  PRESIGN_BATCH_SIZE,
  readPutResponse,
  sniffImageType,
  SNIFF_BYTES,
  thumbnailUrlFor,
  uploadsThatFit,
  withGalleryPhotoMoved,
  withoutPhoto,
  withUploadedPhoto,
} from '~/features/photos/photo-list'
import { createLimiter } from '~/features/photos/upload-transport'
import type { Photo, PhotoPath, UploadContentType } from '~/schemas/photo'
import { realtorInputSchema } from '~/schemas/realtor'
import { envSchema } from '~/server/config/env'
import { sniffImageType as serverSniffImageType } from '~/server/uploads/image-check'
import { presignRequestSchema } from '~/schemas/uploads'

const full = (path: PhotoPath, url: string): Photo => ({ path, imageType: 'fullsize', url })
const thumb = (url: string): Photo => ({ path: 'gallery', imageType: 'thumbnail', url: thumbnailUrlFor(url) })
const urls = (photos: ReadonlyArray<Photo>) => photos.map((photo) => `${photo.path}:${photo.imageType}:${photo.url}`)

describe('limits agree with the server', () => {
  it('the browser size limit is the server default UPLOAD_MAX_BYTES (10 MB)', () => {
    expect(MAX_UPLOAD_BYTES).toBe(10_485_760)
    expect(envSchema.shape.UPLOAD_MAX_BYTES.parse(undefined)).toBe(MAX_UPLOAD_BYTES)
  })
  it('the photo list holds at most MAX_PHOTO_ENTRIES, as realtorInputSchema does', () => {
    const realtor = (count: number) => ({
      desiredUrl: 'sora-park',
      email: 'sora@example.com',
      // Not published: the limit under test, not the state disclosures a published page needs.
      isMakeHomepage: 'N',
      photos: Array.from({ length: count }, (_, index) => full('gallery', `https://cdn.example/${index}.jpg`)),
    })
    expect(realtorInputSchema.safeParse(realtor(MAX_PHOTO_ENTRIES)).success).toBe(true)
    const over = realtorInputSchema.safeParse(realtor(MAX_PHOTO_ENTRIES + 1))
    expect(over.success).toBe(false)
    expect(over.error?.issues.map((issue) => issue.path[0])).toContain('photos')
  })
  it('a presign batch is at most PRESIGN_BATCH_SIZE files', () => {
    const files = (count: number) => ({ files: Array.from({ length: count }, () => ({ path: 'gallery', contentType: 'image/jpeg', size: 1 })) })
    expect(presignRequestSchema.safeParse(files(PRESIGN_BATCH_SIZE)).success).toBe(true)
    expect(presignRequestSchema.safeParse(files(PRESIGN_BATCH_SIZE + 1)).success).toBe(false)
    expect(
      chunk(
        Array.from({ length: 45 }, (_, index) => index),
        PRESIGN_BATCH_SIZE,
      ).map((run) => run.length),
    ).toEqual([20, 20, 5])
    expect(chunk([], PRESIGN_BATCH_SIZE)).toEqual([])
  })
})

describe('type check in the browser, by the bytes', () => {
  const images = new Map<UploadContentType, Uint8Array>()
  beforeAll(async () => {
    const base = () => sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    const bytes = (buffer: Buffer) => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
    images.set('image/jpeg', bytes(await base().jpeg().toBuffer()))
    images.set('image/png', bytes(await base().png().toBuffer()))
    images.set('image/webp', bytes(await base().webp().toBuffer()))
    images.set('image/avif', bytes(await base().avif().toBuffer()))
  })

  it('recognises JPEG, PNG, WebP and AVIF from their first SNIFF_BYTES bytes, as the server does from the whole file', () => {
    for (const [type, bytes] of images) {
      const head = bytes.subarray(0, SNIFF_BYTES)
      expect(sniffImageType(head), type).toBe(type)
      expect(serverSniffImageType(bytes), type).toBe(type)
    }
  })
  it('refuses GIF, SVG, HEIC, text and truncated files', async () => {
    const gif = new Uint8Array(
      await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
        .gif()
        .toBuffer(),
    )
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')
    const heic = new Uint8Array([0, 0, 0, 24, ...new TextEncoder().encode('ftypheic'), 0, 0, 0, 0, ...new TextEncoder().encode('mif1heic')])
    for (const bytes of [gif, svg, heic, new TextEncoder().encode('hello'), new Uint8Array([0xff, 0xd8]), new Uint8Array()]) {
      expect(sniffImageType(bytes)).toBeUndefined()
      expect(serverSniffImageType(bytes)).toBeUndefined()
    }
  })
  it('accepts up to exactly 10485760 bytes and refuses one byte more', () => {
    const head = images.get('image/jpeg') ?? new Uint8Array()
    expect(checkFile({ size: 10_485_760 }, head)).toEqual({ ok: true, contentType: 'image/jpeg' })
    expect(checkFile({ size: 10_485_761 }, head)).toEqual({ ok: false, reason: 'too-large' })
    expect(checkFile({ size: 0 }, new Uint8Array())).toEqual({ ok: false, reason: 'empty' })
  })
  it('declares what the bytes are, not what the name says (a PNG saved as .jpg uploads as PNG)', () => {
    const png = images.get('image/png') ?? new Uint8Array()
    const misnamed = { name: 'house.jpg', type: 'image/jpeg', size: png.byteLength }
    expect(checkFile(misnamed, png)).toEqual({ ok: true, contentType: 'image/png' })
    expect(checkFile({ size: 5 }, new TextEncoder().encode('hello'))).toEqual({ ok: false, reason: 'not-an-image' })
  })
  it('words sizes in the page language', () => {
    // A no-break space, so "10" and "MB" never land on two lines.
    expect(formatFileSize(12.34 * 1024 * 1024, 'en')).toBe('12.3\u00a0MB')
    expect(formatFileSize(MAX_UPLOAD_BYTES, 'en')).toBe('10\u00a0MB')
    expect(formatFileSize(840.4 * 1024, 'en')).toBe('840\u00a0kB')
    expect(formatFileSize(12, 'en')).toBe('1\u00a0kB')
    expect(formatFileSize(MAX_UPLOAD_BYTES, 'ko')).toMatch(/^10\u00a0?MB$/)
  })
})

describe('room in the photo list', () => {
  const many = (count: number, path: PhotoPath = 'gallery') => Array.from({ length: count }, (_, index) => full(path, `/u/${path}/${index}.jpg`))

  it('a gallery photo reserves two entries (it may bring a thumbnail)', () => {
    expect(uploadsThatFit({ photos: many(50), pendingPaths: [], path: 'gallery', count: 8 })).toBe(5)
    expect(uploadsThatFit({ photos: many(59), pendingPaths: [], path: 'gallery', count: 1 })).toBe(0)
    expect(uploadsThatFit({ photos: [], pendingPaths: [], path: 'gallery', count: 40 })).toBe(30)
  })
  it('uploads still in progress hold their room', () => {
    expect(uploadsThatFit({ photos: many(50), pendingPaths: ['gallery', 'gallery'], path: 'gallery', count: 8 })).toBe(3)
    expect(uploadsThatFit({ photos: many(56), pendingPaths: ['logo', 'gallery'], path: 'id', count: 1 })).toBe(1)
    expect(uploadsThatFit({ photos: many(57), pendingPaths: ['logo', 'gallery'], path: 'id', count: 1 })).toBe(0)
  })
  it('a single-photo path replaces, so a full list still takes a new logo when it has one', () => {
    const full60 = [...many(59), full('logo', '/u/logo.png')]
    expect(uploadsThatFit({ photos: full60, pendingPaths: [], path: 'logo', count: 3 })).toBe(1)
    expect(uploadsThatFit({ photos: full60, pendingPaths: ['logo'], path: 'logo', count: 1 })).toBe(1)
    expect(uploadsThatFit({ photos: full60, pendingPaths: [], path: 'top', count: 1 })).toBe(0)
  })
})

describe('the photo list', () => {
  const seeded: Array<Photo> = [
    full('logo', '/u/logo.png'),
    full('gallery', '/u/g1.jpg'),
    thumb('/u/g1.jpg'),
    full('gallery', '/u/g2.jpg'),
    thumb('/u/g2.jpg'),
    full('top', '/u/top.jpg'),
    full('gallery', '/u/g3.jpg'),
    thumb('/u/g3.jpg'),
  ]

  it('pairs each gallery photo with its thumbnail the way the homepage does', () => {
    const entries = galleryEntries(seeded)
    expect(entries.map((entry) => [entry.photo.url, entry.thumbnail?.url])).toEqual([
      ['/u/g1.jpg', '/u/g1.jpg.thumb.webp'],
      ['/u/g2.jpg', '/u/g2.jpg.thumb.webp'],
      ['/u/g3.jpg', '/u/g3.jpg.thumb.webp'],
    ])
    expect(galleryItems({ photos: seeded })).toEqual(entries.map((entry) => ({ full: entry.photo.url, thumbnail: entry.thumbnail?.url })))
    expect(galleryEntries([full('gallery', '/u/a.jpg')])).toEqual([{ photo: full('gallery', '/u/a.jpg'), thumbnail: undefined }])
  })
  it('shows the first fullsize photo of a single path', () => {
    expect(currentPhoto(seeded, 'logo')?.url).toBe('/u/logo.png')
    expect(currentPhoto(seeded, 'favicon')).toBeUndefined()
  })

  describe('after an upload', () => {
    it('replaces a single-photo path in place, every older entry of it included', () => {
      const legacy = [full('top', '/u/old-top.jpg'), full('logo', '/u/logo.png'), full('top', '/u/older-top.jpg')]
      expect(urls(withUploadedPhoto(legacy, { path: 'top', url: '/u/new-top.jpg' }))).toEqual(['top:fullsize:/u/new-top.jpg', 'logo:fullsize:/u/logo.png'])
      expect(urls(withUploadedPhoto(legacy, { path: 'favicon', url: '/u/icon.png' })).at(-1)).toBe('favicon:fullsize:/u/icon.png')
    })
    it('appends a gallery photo with the thumbnail the local driver made', () => {
      const next = withUploadedPhoto(seeded, { path: 'gallery', url: '/u/g4.jpg', thumbnailUrl: '/u/g4.jpg.thumb.webp' })
      expect(urls(next.slice(-2))).toEqual(['gallery:fullsize:/u/g4.jpg', 'gallery:thumbnail:/u/g4.jpg.thumb.webp'])
      expect(galleryItems({ photos: next }).at(-1)).toEqual({ full: '/u/g4.jpg', thumbnail: '/u/g4.jpg.thumb.webp' })
    })
    it('appends a gallery photo alone when storage made no thumbnail (S3), or one the homepage could not pair', () => {
      expect(urls(withUploadedPhoto(seeded, { path: 'gallery', url: '/u/g4.jpg' }).slice(seeded.length))).toEqual(['gallery:fullsize:/u/g4.jpg'])
      expect(urls(withUploadedPhoto(seeded, { path: 'gallery', url: '/u/g4.jpg', thumbnailUrl: '/u/other.webp' }).slice(seeded.length))).toEqual([
        'gallery:fullsize:/u/g4.jpg',
      ])
    })
    it('never adds a thumbnail entry for a single-photo path', () => {
      expect(withUploadedPhoto([], { path: 'logo', url: '/u/l.png', thumbnailUrl: '/u/l.png.thumb.webp' })).toEqual([full('logo', '/u/l.png')])
    })
    it('does not change the list it was given', () => {
      const copy = structuredClone(seeded)
      withUploadedPhoto(seeded, { path: 'logo', url: '/u/x.png' })
      withoutPhoto(seeded, 'gallery', '/u/g1.jpg')
      withGalleryPhotoMoved(seeded, '/u/g1.jpg', 2)
      expect(seeded).toEqual(copy)
    })
  })

  describe('removing', () => {
    it('a gallery photo takes its thumbnail with it and leaves the others', () => {
      expect(urls(withoutPhoto(seeded, 'gallery', '/u/g2.jpg'))).toEqual([
        'logo:fullsize:/u/logo.png',
        'gallery:fullsize:/u/g1.jpg',
        'gallery:thumbnail:/u/g1.jpg.thumb.webp',
        'top:fullsize:/u/top.jpg',
        'gallery:fullsize:/u/g3.jpg',
        'gallery:thumbnail:/u/g3.jpg.thumb.webp',
      ])
    })
    it('a single-photo path empties it', () => {
      expect(urls(withoutPhoto([...seeded, full('logo', '/u/logo-old.png')], 'logo', '/u/logo.png')).filter((entry) => entry.startsWith('logo'))).toEqual([])
    })
  })

  describe('reordering the gallery', () => {
    it('moves a photo and keeps each thumbnail right after its photo', () => {
      const next = withGalleryPhotoMoved(seeded, '/u/g3.jpg', 0)
      expect(galleryItems({ photos: next }).map((item) => item.full)).toEqual(['/u/g3.jpg', '/u/g1.jpg', '/u/g2.jpg'])
      expect(galleryItems({ photos: next }).every((item) => item.thumbnail === `${item.full}.thumb.webp`)).toBe(true)
      expect(urls(next)).toEqual([
        'logo:fullsize:/u/logo.png',
        'gallery:fullsize:/u/g3.jpg',
        'gallery:thumbnail:/u/g3.jpg.thumb.webp',
        'gallery:fullsize:/u/g1.jpg',
        'gallery:thumbnail:/u/g1.jpg.thumb.webp',
        'top:fullsize:/u/top.jpg',
        'gallery:fullsize:/u/g2.jpg',
        'gallery:thumbnail:/u/g2.jpg.thumb.webp',
      ])
    })
    it('leaves other paths where they were and keeps every entry', () => {
      const next = withGalleryPhotoMoved(seeded, '/u/g1.jpg', 1)
      expect(next[0]).toEqual(seeded[0])
      expect(next[5]).toEqual(seeded[5])
      expect([...urls(next)].sort()).toEqual([...urls(seeded)].sort())
      expect(galleryItems({ photos: next }).map((item) => item.full)).toEqual(['/u/g2.jpg', '/u/g1.jpg', '/u/g3.jpg'])
    })
    it('clamps past either end and ignores an unknown photo', () => {
      expect(galleryItems({ photos: withGalleryPhotoMoved(seeded, '/u/g1.jpg', 99) }).map((item) => item.full)).toEqual(['/u/g2.jpg', '/u/g3.jpg', '/u/g1.jpg'])
      expect(withGalleryPhotoMoved(seeded, '/u/g1.jpg', -5)).toEqual(seeded)
      expect(withGalleryPhotoMoved(seeded, '/u/nope.jpg', 0)).toEqual(seeded)
    })
    it('keeps thumbnails without a photo (legacy data) inside the gallery', () => {
      const withOrphan = [...seeded.slice(0, 5), thumb('/u/gone.jpg'), ...seeded.slice(5)]
      const next = withGalleryPhotoMoved(withOrphan, '/u/g3.jpg', 0)
      expect(next).toHaveLength(withOrphan.length)
      expect(urls(next)).toContain('gallery:thumbnail:/u/gone.jpg.thumb.webp')
      expect(galleryItems({ photos: next }).map((item) => item.full)).toEqual(['/u/g3.jpg', '/u/g1.jpg', '/u/g2.jpg'])
    })
    it('photos without a thumbnail move too', () => {
      const plain = [full('gallery', '/s3/a.jpg'), full('gallery', '/s3/b.jpg')]
      expect(withGalleryPhotoMoved(plain, '/s3/b.jpg', 0)).toEqual([full('gallery', '/s3/b.jpg'), full('gallery', '/s3/a.jpg')])
    })
  })
})

describe('the answer to PUT {uploadUrl} (spec §7: accepted only on 200)', () => {
  it('the local driver answers JSON with a thumbnail for gallery photos', () => {
    expect(readPutResponse(200, JSON.stringify({ url: '/uploads/a.jpg', thumbnailUrl: '/uploads/a.jpg.thumb.webp' }))).toEqual({
      kind: 'stored',
      thumbnailUrl: '/uploads/a.jpg.thumb.webp',
    })
    expect(readPutResponse(200, JSON.stringify({ url: '/uploads/logo.png' }))).toEqual({ kind: 'stored' })
  })
  it('S3 answers 200 with an empty body', () => {
    expect(readPutResponse(200, '')).toEqual({ kind: 'stored' })
    expect(readPutResponse(200, '<xml/>')).toEqual({ kind: 'stored' })
  })
  it('any other status is a failure, with the server message when there is one', () => {
    expect(readPutResponse(201, '')).toEqual({ kind: 'refused', status: 201 })
    expect(readPutResponse(204, '')).toEqual({ kind: 'refused', status: 204 })
    expect(readPutResponse(415, JSON.stringify({ message: 'Only JPEG, PNG, WebP and AVIF images are accepted', code: 'UNSUPPORTED_MEDIA_TYPE' }))).toEqual({
      kind: 'refused',
      status: 415,
      message: 'Only JPEG, PNG, WebP and AVIF images are accepted',
    })
    expect(readPutResponse(403, '<Error><Code>AccessDenied</Code></Error>')).toEqual({ kind: 'refused', status: 403 })
    expect(readPutResponse(500, JSON.stringify({ message: '  ' }))).toEqual({ kind: 'refused', status: 500 })
  })
})

describe('upload limiter', () => {
  it('runs at most N tasks at once, in the order asked, and frees the slot on failure', async () => {
    const limit = createLimiter(2)
    let running = 0
    let peak = 0
    const started: Array<number> = []
    const task = (index: number) => async () => {
      started.push(index)
      running += 1
      peak = Math.max(peak, running)
      await new Promise((resolve) => setTimeout(resolve, 5))
      running -= 1
      if (index === 1) throw new Error('network')
      return index
    }
    const results = await Promise.allSettled([0, 1, 2, 3, 4].map((index) => limit(task(index))))
    expect(peak).toBe(2)
    expect(started).toEqual([0, 1, 2, 3, 4])
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled'])
  })
})
