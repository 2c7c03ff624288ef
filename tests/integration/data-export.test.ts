import { randomUUID } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportPath } from '../../src/features/editor/account-zone'
import { handleApiRequest } from '../../src/server/http/api'
import { seedDemoHomes } from '../../src/server/listings/seed-homes'
import type { AppServices } from '../../src/server/services'
import { uploadFolderOf } from '../../src/server/uploads/storage'
import {
  ORIGIN,
  PASSWORD,
  V1,
  anyString,
  api,
  authRequest,
  createTestApp,
  describeOnEachDatabase,
  makeJpeg,
  signUp,
  signUpAdmin,
  stringMatching,
  uniqueEmail,
  uniqueIp,
  uploadPhoto,
  validContact,
  validRealtor,
  type RealtorBody,
  type TestApp,
} from './harness'
import { startTestS3, type TestS3 } from './s3rver'
import { jsonOf, unzip } from './zip-entries'

/*
 * Issue 30 item 8: the export holds every kind of the realtor's data, only its owner or an
 * admin gets it, and deleting the account leaves no row and no file of it behind.
 */

async function exportRequest(services: AppServices, realtorId: string, token?: string): Promise<Response> {
  const headers: Record<string, string> = { 'accept-language': 'en' }
  if (token) headers.authorization = `Bearer ${token}`
  return handleApiRequest(new Request(`${ORIGIN}${V1}/realtors/${realtorId}/export`, { headers }), { services, clientIp: uniqueIp() })
}

async function filesUnder(dir: string): Promise<Array<string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
}

describeOnEachDatabase('data export and account deletion', (database) => {
  let app: TestApp
  let s: AppServices
  let ownerToken: string
  let ownerEmail: string
  let ownerUserId: string
  let otherToken: string
  let adminToken: string
  let realtor: RealtorBody
  let other: RealtorBody
  let logoKey: string
  let galleryKey: string
  let otherLogoKey: string
  const leadEmails = {
    message: `msg-${randomUUID().slice(0, 8)}@example.org`,
    search: `search-${randomUUID().slice(0, 8)}@example.org`,
    seller: `seller-${randomUUID().slice(0, 8)}@example.org`,
    tour: `tour-${randomUUID().slice(0, 8)}@example.org`,
    market: `market-${randomUUID().slice(0, 8)}@example.org`,
  }

  beforeAll(async () => {
    app = await createTestApp(database.name)
    s = app.services
    app.clock.set(new Date('2026-10-28T16:00:00Z'))
    await seedDemoHomes(s, 60)
    // The demo homes come with Irvine's market figures, which a market report subscription needs.

    ownerEmail = uniqueEmail('exporter')
    ownerToken = await signUp(s, ownerEmail)
    otherToken = await signUp(s, uniqueEmail('bystander'))
    adminToken = await signUpAdmin(s)

    const logo = await uploadPhoto(s, ownerToken, 'logo')
    const gallery = await uploadPhoto(s, ownerToken, 'gallery')
    logoKey = logo.key
    galleryKey = gallery.key
    const created = await api<RealtorBody>(s, 'POST', '/realtor', {
      token: ownerToken,
      body: validRealtor({
        photos: [
          { path: 'logo', url: logo.url },
          { path: 'gallery', url: gallery.url },
        ],
        testimonials: [{ clientName: 'The Lee family', textEn: 'Patient and clear.', rating: 5 }],
      }),
    })
    expect(created.status, created.text).toBe(201)
    realtor = created.body
    ownerUserId = realtor.userId

    const otherLogo = await uploadPhoto(s, otherToken, 'logo')
    otherLogoKey = otherLogo.key
    const otherCreated = await api<RealtorBody>(s, 'POST', '/realtor', {
      token: otherToken,
      body: validRealtor({ photos: [{ path: 'logo', url: otherLogo.url }] }),
    })
    expect(otherCreated.status, otherCreated.text).toBe(201)
    other = otherCreated.body

    // A lead of every kind.
    const message = await api(s, 'POST', '/realtor-contacts', { body: validContact(realtor.id, { email: leadEmails.message }) })
    expect(message.status, message.text).toBe(201)
    const search = await api(s, 'POST', '/saved-searches', {
      body: { realtorId: realtor.id, email: leadEmails.search, state: 'CA', city: 'Irvine', consentVersion: 'saved-search-v1' },
    })
    expect(search.status, search.text).toBe(202)
    const seller = await api(s, 'POST', '/seller-leads', {
      body: {
        realtorId: realtor.id,
        street: '2 Any Street',
        city: 'Irvine',
        state: 'CA',
        postalCode: '92618',
        propertyType: 'townhouse',
        beds: 3,
        baths: 2,
        livingArea: 1850,
        name: 'Seller Person',
        email: leadEmails.seller,
        lang: 'en',
        timeframe: '6-12',
        consent: true,
      },
    })
    expect(seller.status, seller.text).toBe(201)
    const list = await api<{ homes: Array<{ homeId: string }> }>(s, 'GET', '/home/list?state=CA&city=Irvine')
    const tour = await api(s, 'POST', '/tour-requests', {
      body: {
        realtorId: realtor.id,
        listingKey: list.body.homes[0]?.homeId ?? '',
        mode: 'in_person',
        slots: [
          { date: '2026-10-31', time: '10:00' },
          { date: '2026-11-02', time: '10:00' },
        ],
        name: 'Tour Person',
        email: leadEmails.tour,
        consent: true,
      },
    })
    expect(tour.status, tour.text).toBe(201)
    const market = await api(s, 'POST', '/market-subscriptions', {
      body: { realtorId: realtor.id, email: leadEmails.market, name: 'Reader', state: 'CA', city: 'Irvine', consent: true },
    })
    expect(market.status, market.text).toBe(202)
    const lead = await s.db.selectFrom('lead').select('id').where('realtorId', '=', realtor.id).executeTakeFirstOrThrow()
    const note = await api(s, 'POST', `/leads/${lead.id}/notes`, { token: ownerToken, body: { body: 'Call back on Friday' } })
    expect(note.status, note.text).toBe(201)
    const post = await api(s, 'POST', '/posts', {
      token: ownerToken,
      body: { slug: 'export-post', kind: 'article', status: 'published', titleEn: 'Export', bodyEn: '<p>The whole body</p>', tags: ['irvine'] },
    })
    expect(post.status, post.text).toBe(201)
    await s.db
      .insertInto('visitDaily')
      .values({
        realtorId: realtor.id,
        day: '2026-10-27',
        lang: 'en',
        pageKind: 'home',
        listingKey: '',
        referrerClass: 'direct',
        referrerHost: '',
        views: 12,
        messages: 1,
        savedSearches: 1,
      })
      .execute()
  })

  afterAll(async () => {
    await app?.close()
  })

  it('export: 401 without a token, 404 for another realtor and an unknown id, a ZIP for the owner and an admin', async () => {
    expect((await exportRequest(s, realtor.id)).status).toBe(401)
    const notYours = await exportRequest(s, realtor.id, otherToken)
    expect(notYours.status).toBe(404)
    expect(notYours.headers.get('content-type')).toMatch(/^application\/json/)
    expect((await exportRequest(s, randomUUID(), ownerToken)).status).toBe(404)
    const byAdmin = await exportRequest(s, realtor.id, adminToken)
    expect(byAdmin.status).toBe(200)
    await byAdmin.body?.cancel()

    const response = await exportRequest(s, realtor.id, ownerToken)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/zip')
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="[A-Za-z_-]+-data-2026-10-28\.zip"$/)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const entries = await unzip(Buffer.from(await response.arrayBuffer()))

    expect(jsonOf<{ formatVersion: number; realtorId: string }>(entries, 'export.json')).toMatchObject({ formatVersion: 1, realtorId: realtor.id })
    expect(jsonOf<{ id: string; desiredUrl: string }>(entries, 'realtor.json')).toMatchObject({ id: realtor.id, desiredUrl: realtor.desiredUrl })
    expect(jsonOf<Array<{ clientName: string }>>(entries, 'testimonials.json')).toEqual([expect.objectContaining({ clientName: 'The Lee family' })])

    const kinds = {
      messages: leadEmails.message,
      'saved-searches': leadEmails.search,
      'seller-leads': leadEmails.seller,
      'tour-requests': leadEmails.tour,
      'market-subscriptions': leadEmails.market,
    }
    for (const [kind, email] of Object.entries(kinds)) {
      const rows = jsonOf<Array<Record<string, unknown>>>(entries, `leads/${kind}.json`)
      expect(rows, kind).toHaveLength(1)
      expect(rows[0], kind).toMatchObject({ email, consentVersion: anyString, consentText: anyString, consentedAt: anyString })
      expect(rows[0], `${kind}: link secrets stay ours`).not.toHaveProperty('linkSecret')
      const csv = entries.get(`leads/${kind}.csv`)?.toString('utf8') ?? ''
      expect(csv.startsWith('\uFEFF'), kind).toBe(true)
      expect(csv, kind).toContain(email)
      expect(csv.split('\r\n')[0], kind).toContain('consentText')
    }
    expect(jsonOf<Array<{ status: string }>>(entries, 'leads/messages.json')[0]?.status).toBe('new')
    expect(jsonOf<Array<{ status: string }>>(entries, 'leads/tour-requests.json')[0]?.status).toBe('requested')
    const pipeline = jsonOf<Array<{ email: string; stage: string }>>(entries, 'leads/pipeline.json')
    expect(pipeline.map((lead) => lead.email).sort()).toEqual(expect.arrayContaining([leadEmails.message]))
    expect(pipeline.every((lead) => typeof lead.stage === 'string')).toBe(true)
    expect(jsonOf<Array<{ body: string }>>(entries, 'leads/lead-notes.json')).toEqual([expect.objectContaining({ body: 'Call back on Friday' })])

    expect(jsonOf<Array<{ slug: string; bodyEn: string; tags: Array<string> }>>(entries, 'posts.json')).toEqual([
      expect.objectContaining({ slug: 'export-post', bodyEn: stringMatching(/The whole body/), tags: ['irvine'] }),
    ])
    expect(jsonOf<Array<{ day: string; views: number }>>(entries, 'statistics/daily.json')).toEqual([
      expect.objectContaining({ day: '2026-10-27', views: 12, messages: 1 }),
    ])
    expect(entries.get('statistics/daily.csv')?.toString('utf8')).toContain('2026-10-27')
    expect(jsonOf<{ totals: { views: number } }>(entries, 'statistics/last-90-days.json').totals.views).toBe(12)

    const photos = jsonOf<Array<{ file: string; usedAs: Array<string> }>>(entries, 'photos/index.json')
    expect(photos.map((photo) => photo.file).sort()).toEqual(
      [`photos/${galleryKey.split('/').slice(2).join('/')}`, `photos/${logoKey.split('/').slice(2).join('/')}`].sort(),
    )
    for (const photo of photos) {
      const bytes = entries.get(photo.file)
      // The JPEG's own bytes, not a link to them.
      expect(bytes?.subarray(0, 3).toString('hex'), photo.file).toBe('ffd8ff')
    }
    expect(jsonOf<Array<string>>(entries, 'photos/missing.json')).toEqual([])
  })

  it("the workspace's link: the session cookie of a browser sign-in is enough", async () => {
    const signedIn = await authRequest(s, 'POST', '/sign-in/email', { body: { email: ownerEmail, password: PASSWORD }, headers: { origin: ORIGIN } })
    expect(signedIn.status, signedIn.text).toBe(200)
    const cookie = signedIn.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ')
    expect(cookie).not.toBe('')
    const response = await handleApiRequest(new Request(`${ORIGIN}${exportPath(realtor.id)}`, { headers: { cookie } }), { services: s, clientIp: uniqueIp() })
    expect(response.status).toBe(200)
    expect((await unzip(Buffer.from(await response.arrayBuffer()))).has('realtor.json')).toBe(true)
  })

  it('DELETE /account: 401, 400 without the right e-mail, then no row or file of the account is left', async () => {
    expect((await api(s, 'DELETE', '/account', { body: { confirmEmail: ownerEmail } })).status).toBe(401)
    const wrong = await api<{ code: string; fieldErrors: Record<string, Array<string>> }>(s, 'DELETE', '/account', {
      token: ownerToken,
      body: { confirmEmail: 'someone-else@example.org' },
      lang: 'en',
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.code).toBe('VALIDATION_FAILED')
    expect(wrong.body.fieldErrors.confirmEmail).toHaveLength(1)
    expect((await api(s, 'DELETE', '/account', { token: ownerToken, body: {} })).status).toBe(400)

    const files = await filesUnder(app.storageDir)
    const ownFolder = `realtors/${uploadFolderOf(s.config.signingSecret, ownerUserId)}/`
    expect(files.some((file) => file.startsWith(ownFolder))).toBe(true)
    // An upload never attached to a page is theirs too.
    await uploadPhoto(s, ownerToken, 'top')
    // Another realtor's file shown on this homepage (stored before uploads were checked by owner) stays that realtor's.
    await s.db
      .insertInto('realtorPhoto')
      .values({ id: randomUUID(), realtorId: realtor.id, path: 'gallery', imageType: 'fullsize', url: otherLogoKey, sortOrder: 9 })
      .execute()

    const deleted = await api<{ userId: string; realtorIds: Array<string>; deletedFiles: number }>(s, 'DELETE', '/account', {
      token: ownerToken,
      body: { confirmEmail: ownerEmail.toUpperCase() },
    })
    expect(deleted.status, deleted.text).toBe(200)
    expect(deleted.body).toMatchObject({ userId: ownerUserId, realtorIds: [realtor.id] })

    // The token no longer signs in, and the homepage is gone.
    expect((await api(s, 'GET', '/realtor-contacts', { token: ownerToken })).status).toBe(401)
    expect((await api(s, 'GET', `/realtor/${realtor.id}`)).status).toBe(404)

    // Every table, whatever its columns: no row names the account, its homepage, its e-mail or its leads' addresses.
    const needles = [ownerUserId, realtor.id, ownerEmail.toLowerCase(), ...Object.values(leadEmails)]
    const tables = await s.db.introspection.getTables()
    expect(tables.length).toBeGreaterThan(30)
    const leftovers: Array<string> = []
    for (const table of tables) {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(s.db)
      for (const row of rows.rows) {
        const text = JSON.stringify(row).toLowerCase()
        for (const needle of needles) if (text.includes(needle.toLowerCase())) leftovers.push(`${table.name}: ${needle}`)
      }
    }
    // Decision 043: the suppression list is not the account's and is kept (none here: nobody unsubscribed).
    expect(leftovers).toEqual([])

    const after = await filesUnder(app.storageDir)
    expect(after.filter((file) => file.startsWith(ownFolder) || file.includes(logoKey) || file.includes(galleryKey))).toEqual([])
    // Nothing of anyone else.
    expect(after.some((file) => file.includes(otherLogoKey))).toBe(true)
    expect((await api(s, 'GET', `/realtor/${other.id}`)).status).toBe(200)
    expect((await api(s, 'GET', '/realtor-contacts', { token: otherToken })).status).toBe(200)
  })
})

describe('data export and account deletion with S3 storage (SQLite, s3rver)', () => {
  let s3: TestS3
  let app: TestApp
  let s: AppServices

  beforeAll(async () => {
    // Deletion lists the account's folder: s3rver needs its signature quirk allowed for listings (see s3rver.ts).
    s3 = await startTestS3('export-delete', { allowMismatchedSignatures: true })
    app = await createTestApp('sqlite', { storage: () => s3.storage })
    s = app.services
  })

  afterAll(async () => {
    await app?.close()
    await s3?.close()
  })

  async function keysUnder(prefix: string): Promise<Array<string>> {
    const keys: Array<string> = []
    for await (const object of s.storage.list(prefix)) keys.push(object.key)
    return keys
  }

  /** A realtor whose logo is stored in the bucket under its owner's folder, plus an upload never attached. */
  async function realtorWithStoredLogo(email: string) {
    const token = await signUp(s, email)
    const created = await api<RealtorBody>(s, 'POST', '/realtor', { token, body: validRealtor() })
    expect(created.status, created.text).toBe(201)
    const folder = `realtors/${uploadFolderOf(s.config.signingSecret, created.body.userId)}/`
    const logoKey = `${folder}logo/${randomUUID()}.jpg`
    await s.storage.put(logoKey, await makeJpeg(), 'image/jpeg')
    await s.storage.put(`${folder}top/${randomUUID()}.jpg`, await makeJpeg(), 'image/jpeg')
    const patched = await api(s, 'PATCH', `/realtor/${created.body.id}`, { token, body: { photos: [{ path: 'logo', url: s.storage.publicUrl(logoKey) }] } })
    expect(patched.status, patched.text).toBe(200)
    return { token, realtor: created.body, folder, logoKey }
  }

  it('exports the photos from the bucket and leaves none of the account in it', async () => {
    const email = uniqueEmail('s3-leaver')
    const owner = await realtorWithStoredLogo(email)
    const bystander = await realtorWithStoredLogo(uniqueEmail('s3-stayer'))

    const response = await exportRequest(s, owner.realtor.id, owner.token)
    expect(response.status).toBe(200)
    const entries = await unzip(Buffer.from(await response.arrayBuffer()))
    const logoFile = `photos/${owner.logoKey.split('/').slice(2).join('/')}`
    expect(entries.get(logoFile)?.subarray(0, 3).toString('hex')).toBe('ffd8ff')

    // The logo, its WebP variant made by the save (decision 050) and the unsaved top photo.
    expect(await keysUnder(owner.folder)).toHaveLength(3)
    const deleted = await api<{ deletedFiles: number }>(s, 'DELETE', '/account', { token: owner.token, body: { confirmEmail: email } })
    expect(deleted.status, deleted.text).toBe(200)
    expect(await keysUnder(owner.folder)).toEqual([])
    expect(await keysUnder(bystander.folder)).toHaveLength(3)
    expect(await s.db.selectFrom('photoVariant').select('key').where('key', '=', owner.logoKey).executeTakeFirst()).toBeUndefined()
    expect(await s.db.selectFrom('photoVariant').select('key').where('key', '=', bystander.logoKey).executeTakeFirst()).toBeDefined()
  })
})
