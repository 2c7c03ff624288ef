import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { UploadContentType } from '../../src/schemas/photo'
import { createServices, type AppServices } from '../../src/server/services'
import { cleanupUnreferencedUploads, runUploadCleanup, startUploadCleanup, UPLOAD_CLEANUP_INTERVAL_MS } from '../../src/server/uploads/cleanup'
import { createStorage, thumbnailKeyFor, uploadFolderOf, uploadKey, type StorageDriver } from '../../src/server/uploads/storage'
import {
  ORIGIN,
  SECRET,
  actorFor,
  api,
  createClock,
  databaseNamed,
  describeOnEachDatabase,
  makeJpeg,
  signUp,
  testEnv,
  uniqueEmail,
  validRealtor,
  type TestClock,
  type TestDatabaseKind,
} from './harness'
import { captureLogs } from '../log-capture'
import { startTestS3, type TestS3 } from './s3rver'
import { variantKeyFor } from '../../src/lib/photo-variants'

/*
 * Issue 17: uploads no realtor shows are removed once older than UPLOAD_CLEANUP_GRACE_HOURS;
 * photos a realtor shows (and their thumbnails) and young uploads stay. Against each database
 * (the references are read from it) and each storage driver: the local disk and s3rver.
 */

const HOUR = 3_600_000

type StorageKind = 'local' | 's3'

type Store = { storage: StorageDriver; close: () => Promise<void> }

async function openStore(kind: StorageKind): Promise<Store> {
  if (kind === 's3') {
    // Signature checks off: s3rver refuses every correctly signed bucket listing (see s3rver.ts).
    const s3: TestS3 = await startTestS3('cleanup-uploads', { allowMismatchedSignatures: true })
    return { storage: s3.storage, close: s3.close }
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'realtor-cleanup-'))
  return {
    storage: createStorage({ driver: 'local', dir, publicBaseUrl: ORIGIN, signingSecret: SECRET }),
    close: () => rm(dir, { recursive: true, force: true }),
  }
}

async function listKeys(storage: StorageDriver, prefix: string): Promise<Array<string>> {
  const keys: Array<string> = []
  for await (const object of storage.list(prefix)) keys.push(object.key)
  return keys.sort()
}

function describeCleanup(database: TestDatabaseKind, kind: StorageKind): void {
  describe(`with ${kind} storage`, () => {
    let services: AppServices
    let clock: TestClock
    let store: Store
    let closeDatabase: () => Promise<void>
    /** When the fixtures were stored: every object's modification time is at or just after it. */
    let storedAt: number
    const keys = {
      logo: '',
      favicon: '',
      gallery: '',
      galleryThumbnail: '',
      /** Named by a URL under a base the store no longer answers to (PUBLIC_URL changed since). */
      formerBase: '',
      /** A post's cover and a photo in its text (issue 28): named by the post, not the photo list. */
      postCover: '',
      postImage: '',
      orphan: '',
      orphanThumbnail: '',
      orphanVariant: '',
      /** Made by the saves below (decision 050): the 32 px fixture's variant at its own width. */
      logoVariant: '',
      galleryVariant: '',
      postCoverVariant: '',
      demoListingImage: 'demo/homes/home-01.webp',
    }

    beforeAll(async () => {
      const opened = await database.open()
      closeDatabase = async () => {
        await opened.database.close()
        await opened.cleanup()
      }
      store = await openStore(kind)
      clock = createClock()
      services = await createServices({ database: opened.database, env: testEnv(), secret: SECRET, storage: store.storage, now: clock.now })

      const token = await signUp(services, uniqueEmail('cleanup'))
      const { userId } = await actorFor(services, token)
      const jpeg = await makeJpeg()
      storedAt = Date.now()
      const put = async (key: string, contentType: UploadContentType | 'image/webp' = 'image/jpeg') => {
        await services.storage.put(key, jpeg, contentType)
        return key
      }
      const upload = (photoPath: 'logo' | 'favicon' | 'gallery' | 'top') =>
        put(uploadKey({ ownerId: uploadFolderOf(services.config.signingSecret, userId), path: photoPath, contentType: 'image/jpeg' }))
      keys.logo = await upload('logo')
      keys.favicon = await upload('favicon')
      keys.gallery = await upload('gallery')
      keys.galleryThumbnail = await put(thumbnailKeyFor(keys.gallery), 'image/webp')
      keys.formerBase = await upload('top')
      keys.postCover = await upload('gallery')
      keys.postImage = await upload('gallery')
      keys.orphan = await upload('gallery')
      keys.orphanThumbnail = await put(thumbnailKeyFor(keys.orphan), 'image/webp')
      keys.orphanVariant = await put(variantKeyFor(keys.orphan, 32), 'image/webp')
      keys.logoVariant = variantKeyFor(keys.logo, 32)
      keys.galleryVariant = variantKeyFor(keys.gallery, 32)
      keys.postCoverVariant = variantKeyFor(keys.postCover, 32)
      await put(keys.demoListingImage, 'image/webp')

      const created = await api(services, 'POST', '/realtor', {
        token,
        body: validRealtor({
          photos: [
            { path: 'logo', url: services.storage.publicUrl(keys.logo) },
            { path: 'favicon', url: services.storage.publicUrl(keys.favicon) },
            // The thumbnail is not listed: it is kept because its original is.
            { path: 'gallery', url: services.storage.publicUrl(keys.gallery) },
            { path: 'top', url: `https://old-host.example.com/media/${keys.formerBase}` },
          ],
        }),
      })
      expect(created.status, created.text).toBe(201)
      const post = await api(services, 'POST', '/posts', {
        token,
        body: {
          slug: 'with-photos',
          kind: 'article',
          status: 'draft',
          titleEn: 'With photos',
          bodyEn: `<p>Before</p><img src="${services.storage.publicUrl(keys.postImage)}" alt="A kitchen"><p>After</p>`,
          coverPhotoUrl: services.storage.publicUrl(keys.postCover),
        },
      })
      expect(post.status, post.text).toBe(201)
    })

    afterAll(async () => {
      await services?.close()
      await closeDatabase?.()
      await store?.close()
    })

    it('lists every object under the uploads folder with its time, and nothing outside it', async () => {
      const listed: Array<{ key: string; lastModified: Date }> = []
      for await (const object of services.storage.list('realtors/')) listed.push(object)
      expect(listed.map(({ key }) => key).sort()).toEqual(
        [
          keys.logo,
          keys.favicon,
          keys.gallery,
          keys.galleryThumbnail,
          keys.formerBase,
          keys.postCover,
          keys.postImage,
          keys.orphan,
          keys.orphanThumbnail,
          keys.orphanVariant,
          keys.logoVariant,
          keys.galleryVariant,
          keys.postCoverVariant,
        ].sort(),
      )
      for (const { lastModified } of listed) {
        // Stores keep whole seconds; a minute either way is far inside any grace period.
        expect(Math.abs(lastModified.getTime() - storedAt)).toBeLessThan(60_000)
      }
    })

    it('keeps an unreferenced upload younger than the grace period', async () => {
      clock.set(new Date(storedAt + 23 * HOUR))
      expect(await cleanupUnreferencedUploads(services)).toEqual({ scanned: 13, deleted: 0 })
      expect(await services.storage.inspect(keys.orphan)).toBeDefined()
      expect(await services.storage.inspect(keys.orphanThumbnail)).toBeDefined()
    })

    it('removes an unreferenced upload (and its thumbnail) older than the grace period, keeping every referenced one', async () => {
      clock.set(new Date(storedAt + 25 * HOUR))
      const logs = captureLogs()
      try {
        expect(await runUploadCleanup(services)).toEqual({ scanned: 13, deleted: 3 })
        expect(logs.withMessage('job')).toEqual([
          expect.objectContaining({ job: 'uploads.cleanup', outcome: 'ok', graceHours: 24, counts: { scanned: 13, deleted: 3 }, level: 30 }),
        ])
      } finally {
        logs.stop()
      }
      expect(await services.storage.inspect(keys.orphan)).toBeUndefined()
      expect(await services.storage.inspect(keys.orphanThumbnail)).toBeUndefined()
      expect(await services.storage.inspect(keys.orphanVariant)).toBeUndefined()
      // Variants stay as long as their original, as thumbnails do.
      expect(await listKeys(services.storage, 'realtors/')).toEqual(
        [
          keys.logo,
          keys.logoVariant,
          keys.favicon,
          keys.gallery,
          keys.galleryThumbnail,
          keys.galleryVariant,
          keys.formerBase,
          keys.postCover,
          keys.postCoverVariant,
          keys.postImage,
        ].sort(),
      )
      // Outside the uploads folder nothing is touched, referenced or not.
      expect(await services.storage.inspect(keys.demoListingImage)).toBeDefined()
      // A second pass finds nothing more to do.
      expect(await cleanupUnreferencedUploads(services)).toEqual({ scanned: 10, deleted: 0 })
    })

    it('removes a photo once its realtor no longer shows it and the grace period has passed', async () => {
      // The realtor row goes straight from the database, so the use case's own delete never
      // runs: the cleanup alone must find the files.
      // Stored by key (issue 32), not by URL.
      await services.db.deleteFrom('realtorPhoto').where('url', '=', keys.favicon).execute()
      clock.set(new Date(storedAt + 25 * HOUR))
      expect(await cleanupUnreferencedUploads(services)).toEqual({ scanned: 10, deleted: 1 })
      expect(await services.storage.inspect(keys.favicon)).toBeUndefined()
      expect(await services.storage.inspect(keys.logo)).toBeDefined()
    })
  })
}

describe('upload cleanup schedule', () => {
  it('runs a pass a few minutes after the start, then hourly, until stopped', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] })
    const logs = captureLogs()
    const passes = () => logs.withMessage('job').map((line) => line.counts)
    const store = await openStore('local')
    const opened = await databaseNamed('sqlite').open()
    try {
      const services = await createServices({ database: opened.database, env: testEnv(), secret: SECRET, storage: store.storage })
      const stop = startUploadCleanup(services)
      await vi.advanceTimersByTimeAsync(60_000)
      expect(passes()).toEqual([])
      await vi.advanceTimersByTimeAsync(5 * 60_000)
      // A pass reads the disk and the database, which no fake timer hurries.
      await vi.waitFor(() => expect(passes()).toEqual([{ scanned: 0, deleted: 0 }]))
      await vi.advanceTimersByTimeAsync(UPLOAD_CLEANUP_INTERVAL_MS)
      await vi.waitFor(() => expect(passes()).toHaveLength(2))
      stop()
      await vi.advanceTimersByTimeAsync(3 * UPLOAD_CLEANUP_INTERVAL_MS)
      expect(passes()).toHaveLength(2)
      await services.close()
    } finally {
      logs.stop()
      vi.useRealTimers()
      await opened.cleanup()
      await store.close()
    }
  })
})

describeOnEachDatabase('upload cleanup', (database) => {
  describeCleanup(database, 'local')
  describeCleanup(database, 's3')
})
