import { afterAll, beforeAll, expect, it } from 'vitest'
import { databaseFontRecipes, PageFonts } from '../../src/server/fonts/page-font'
import { handleApiRequest } from '../../src/server/http/api'
import { retireHomesNotIn, upsertHomes } from '../../src/server/listings/home-store'
import { PageStore } from '../../src/server/pages/page-store'
import { storeTargetFor } from '../../src/server/pages/public-routes'
import { readRevisions, realtorRevisions } from '../../src/server/pages/revisions'
import type { AppServices } from '../../src/server/services'
import {
  api,
  createTestApp,
  describeOnEachDatabase,
  ORIGIN,
  signUp,
  uniqueEmail,
  uniqueIp,
  uniqueSlug,
  validRealtor,
  type TestApp,
  type RealtorBody,
} from './harness'

/*
 * The page store's versions on a real SQLite file and a real PostgreSQL (issue 12, decision
 * 009): every write a visitor could see moves the counters in its own transaction, a store
 * over the REST face shows a save at the very next request, and a page font named by one
 * process is made by another from the database.
 */

describeOnEachDatabase('page store', (database) => {
  let app: TestApp
  let s: AppServices
  let token: string
  let realtorId: string
  let slug: string
  let otherToken: string
  let otherId: string

  beforeAll(async () => {
    app = await createTestApp(database.name)
    s = app.services
    token = await signUp(s, uniqueEmail('store'))
    slug = uniqueSlug('store')
    const created = await api<RealtorBody>(s, 'POST', '/realtor', { token, body: validRealtor({ desiredUrl: slug, displayNameEn: 'First Name' }) })
    expect(created.status).toBe(201)
    realtorId = created.body.id
    otherToken = await signUp(s, uniqueEmail('other'))
    const other = await api<RealtorBody>(s, 'POST', '/realtor', { token: otherToken, body: validRealtor({ desiredUrl: uniqueSlug('other') }) })
    expect(other.status).toBe(201)
    otherId = other.body.id
  })

  afterAll(async () => {
    await app?.close()
  })

  const revisionOf = async (id: string) => (await realtorRevisions(s.db, [id])).get(id)

  it("a realtor's save moves its own revision, 'realtors' and 'site', in the write itself; a refused save moves nothing", async () => {
    const before = await readRevisions(s.db)
    const own = await revisionOf(realtorId)
    const other = await revisionOf(otherId)
    expect((await api(s, 'PATCH', `/realtor/${realtorId}`, { token, body: { displayNameEn: 'Second Name' } })).status).toBe(200)
    const after = await readRevisions(s.db)
    expect(after.site).toBe(before.site + 1)
    expect(after.realtors).toBe(before.realtors + 1)
    expect(after.listings).toBe(before.listings)
    expect(await revisionOf(realtorId)).toBe((own ?? 0) + 1)
    expect(await revisionOf(otherId)).toBe(other)
    // Refused (not the owner; invalid): nothing moves.
    expect((await api(s, 'PATCH', `/realtor/${realtorId}`, { token: otherToken, body: { displayNameEn: 'X' } })).status).toBe(403)
    expect((await api(s, 'PATCH', `/realtor/${realtorId}`, { token, body: { email: 'not-an-email' } })).status).toBe(400)
    expect(await readRevisions(s.db)).toEqual(after)
  })

  it('an import moves the listings revision, a retirement too', async () => {
    const before = await readRevisions(s.db)
    const record = {
      listingKey: `STORE-${database.name}`,
      listPrice: 1_000_000,
      standardStatus: 'Active',
      propertyType: 'Residential',
      propertySubType: 'SingleFamilyResidence',
      bedroomsTotal: 3,
      bathroomsTotalInteger: 2,
      livingArea: 1500,
      lotSizeSquareFeet: null,
      yearBuilt: 2000,
      unparsedAddress: '1 Test Way',
      city: 'Irvine',
      stateOrProvince: 'CA',
      postalCode: '92618',
      latitude: null,
      longitude: null,
      publicRemarks: null,
      listAgentFullName: null,
      listOfficeName: 'Test Realty',
      onMarketDate: '2026-11-01',
      modificationTimestamp: '2026-11-01T00:00:00Z',
      internetEntireListingDisplay: true,
      internetAddressDisplay: true,
      associationFeeMonthly: null,
      originalListPrice: null,
      closePrice: null,
      closeDate: null,
      media: [],
    }
    await upsertHomes(s.db, [record], { source: 'store-test', isDemo: false, now: new Date() })
    const imported = await readRevisions(s.db)
    expect(imported.listings).toBeGreaterThan(before.listings)
    expect(imported.site).toBeGreaterThan(before.site)
    expect(imported.realtors).toBe(before.realtors)
    expect(await retireHomesNotIn(s.db, 'store-test', new Set(), new Date())).toBe(1)
    expect((await readRevisions(s.db)).listings).toBeGreaterThan(imported.listings)
  })

  it('a store over the REST face shows a save at the very next request, and keeps answering others from memory', async () => {
    const store = new PageStore({
      maxBytes: 4 * 1024 * 1024,
      revisions: () => s.revisions.current(),
      realtorRevisions: (ids) => realtorRevisions(s.db, ids),
      cacheControl: { sMaxAge: 60, staleWhileRevalidate: 60 },
    })
    const get = async (path: string) => {
      const request = new Request(`${ORIGIN}/cozying-api/v1${path}`)
      const target = storeTargetFor(request, new URL(request.url), ORIGIN)
      if (!target) throw new Error(`not stored: ${path}`)
      const response = await store.respond(request, target, (fresh) => handleApiRequest(fresh, { services: s, clientIp: uniqueIp() }))
      const body: unknown = await response.json()
      return { cache: response.headers.get('x-cache'), status: response.status, body }
    }
    expect(await get(`/realtor/${slug}`)).toMatchObject({ cache: 'MISS', status: 200, body: { displayNameEn: 'Second Name' } })
    expect(await get(`/realtor/${slug}`)).toMatchObject({ cache: 'HIT' })
    expect(await get(`/realtor?state=CA`)).toMatchObject({ cache: 'MISS', status: 200 })

    expect((await api(s, 'PATCH', `/realtor/${realtorId}`, { token, body: { displayNameEn: 'Third Name' } })).status).toBe(200)
    expect(await get(`/realtor/${slug}`)).toMatchObject({ cache: 'MISS', body: { displayNameEn: 'Third Name' } })
    // The directory lists every realtor: any save makes it again.
    expect(await get(`/realtor?state=CA`)).toMatchObject({ cache: 'MISS' })

    // Another realtor's save: this realtor's entry is checked, not made again.
    expect((await api(s, 'PATCH', `/realtor/${otherId}`, { token: otherToken, body: { displayNameEn: 'Someone Else' } })).status).toBe(200)
    expect(await get(`/realtor/${slug}`)).toMatchObject({ cache: 'HIT', body: { displayNameEn: 'Third Name' } })

    // Deleted: gone at the next request, and a 404 is not stored.
    expect((await api(s, 'DELETE', `/realtor/${otherId}`, { token: otherToken })).status).toBe(200)
    const otherSlugGone = await get(`/realtor/${otherId}`)
    expect(otherSlugGone.status).toBe(404)
    expect(otherSlugGone.cache).toBeNull()
  })

  it('a page font named by one process is made by another from the database', async () => {
    const recipes = databaseFontRecipes(() => Promise.resolve(s))
    const naming = new PageFonts({ recipes })
    const other = new PageFonts({ recipes })
    const urls = await naming.fontsFor(`<!DOCTYPE html><html><head></head><body><p>어바인 부동산 ${database.name}</p></body></html>`)
    // The page's font and, as the page shows Hangul, the phones' font without it.
    expect(urls?.withoutHangul).toBeDefined()
    for (const url of [urls?.full, urls?.withoutHangul]) {
      expect(url).toMatch(/^\/fonts\/page\/[\w-]{22}\.ttf$/)
      const response = await other.respond(new Request(`${ORIGIN}${url}`, { headers: { 'accept-encoding': 'br' } }))
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('font/ttf')
    }
    // A key no page named is still a 404.
    expect((await other.respond(new Request(`${ORIGIN}/fonts/page/AAAAAAAAAAAAAAAAAAAAAA.ttf`))).status).toBe(404)
  })
})
