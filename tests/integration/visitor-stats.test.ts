import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { VISIT_BEACON_PATH, countVisit, handleVisitBeacon } from '../../src/server/stats/beacon'
import { purgeVisitStats } from '../../src/server/stats/purge'
import { readStatistics } from '../../src/server/stats/statistics'
import { VisitCounter } from '../../src/server/stats/visit-counter'
import type { AppServices } from '../../src/server/services'
import {
  ORIGIN,
  api,
  createTestApp,
  describeOnEachDatabase,
  expectError,
  signUp,
  signUpAdmin,
  uniqueEmail,
  validContact,
  validRealtor,
  type RealtorBody,
  type TestApp,
} from './harness'

/*
 * Issue 14: visitor statistics, on each database. Counted in memory, written only by a flush
 * (one transaction per flush), several processes' flushes adding up in the same daily rows;
 * bots and the realtor themself left out; events purged after 48 hours and days after two
 * years; the REST endpoint for the owner and an admin only.
 */

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
const NOON = new Date('2025-03-10T12:00:00.000Z')

type StatisticsBody = {
  days: number
  from: string
  to: string
  daily: Array<{ day: string; views: number; homeViews: number; listingViews: number; messages: number }>
  totals: { views: number; ko: number; en: number; messages: number; savedSearches: number; messagesPer100Views: number | null }
  topListings: Array<{ listingKey: string; views: number }>
  topReferrers: Array<{ referrerClass: string; referrerHost: string; views: number }>
}

function beacon(body: Record<string, unknown>, headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}${VISIT_BEACON_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': CHROME, ...headers },
    body: JSON.stringify(body),
  })
}

async function storedRows(s: AppServices): Promise<{ events: number; daily: number }> {
  const events = await s.db
    .selectFrom('visitEvent')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow()
  const daily = await s.db
    .selectFrom('visitDaily')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow()
  return { events: Number(events.n), daily: Number(daily.n) }
}

describeOnEachDatabase('Visitor statistics', (database) => {
  let app: TestApp
  let s: AppServices
  let ownerToken: string
  let otherToken: string
  let adminToken: string
  let realtorId: string
  let otherRealtorId: string

  beforeAll(async () => {
    app = await createTestApp(database.name, { env: { STATS_FLUSH_EVENTS: '100000' } })
    s = app.services
    ownerToken = await signUp(s, uniqueEmail('stats-owner'))
    otherToken = await signUp(s, uniqueEmail('stats-other'))
    adminToken = await signUpAdmin(s, uniqueEmail('stats-admin'))
    const created = await api<RealtorBody>(s, 'POST', '/realtor', { token: ownerToken, body: validRealtor() })
    expect(created.status, created.text).toBe(201)
    realtorId = created.body.id
    const other = await api<RealtorBody>(s, 'POST', '/realtor', { token: otherToken, body: validRealtor() })
    expect(other.status, other.text).toBe(201)
    otherRealtorId = other.body.id
  })

  afterAll(async () => {
    await app?.close()
  })

  beforeEach(async () => {
    await s.visits.flush()
    await s.db.deleteFrom('visitEvent').execute()
    await s.db.deleteFrom('visitDaily').execute()
    app.clock.set(NOON)
  })

  it('writes nothing until a flush, then the right counts in one flush', async () => {
    const home = { realtorId, page: 'home', lang: 'ko' }
    for (let index = 0; index < 5; index++) expect(await countVisit(s, beacon(home))).toBe('counted')
    for (let index = 0; index < 3; index++)
      expect(await countVisit(s, beacon({ ...home, lang: 'en', referrer: 'https://search.naver.com/search.naver?query=x' }))).toBe('counted')
    expect(await countVisit(s, beacon({ realtorId, page: 'listing', listingKey: 'L-1', lang: 'en', referrer: 'https://talk.kakao.com/' }))).toBe('counted')
    expect(s.visits.pendingEvents()).toBe(9)
    expect(await storedRows(s)).toEqual({ events: 0, daily: 0 })

    const flushed = await s.visits.flush()
    expect(flushed).toMatchObject({ rows: 3, views: 9 })
    expect(await storedRows(s)).toEqual({ events: 3, daily: 3 })
    expect(s.visits.pendingEvents()).toBe(0)

    const stats = await readStatistics(s, realtorId, 30)
    expect(stats.totals).toMatchObject({ views: 9, homeViews: 8, listingViews: 1, ko: 5, en: 4, messages: 0, savedSearches: 0 })
    expect(stats.daily).toHaveLength(30)
    expect(stats.daily.at(-1)).toEqual({ day: '2025-03-10', views: 9, homeViews: 8, listingViews: 1, messages: 0 })
    expect(stats.topListings).toEqual([{ listingKey: 'L-1', views: 1 }])
    expect(stats.topReferrers).toEqual([
      { referrerClass: 'direct', referrerHost: '', views: 5 },
      { referrerClass: 'search', referrerHost: 'naver', views: 3 },
      { referrerClass: 'social', referrerHost: 'kakaotalk', views: 1 },
    ])
    // Nothing about the visitor: the stored row names the class and host, not the URL.
    const row = await s.db.selectFrom('visitEvent').selectAll().where('referrerHost', '=', 'naver').executeTakeFirstOrThrow()
    expect(JSON.stringify(row)).not.toContain('query')
  })

  it('adds up the flushes of two processes in the same rows', async () => {
    const first = new VisitCounter({ db: s.db, now: app.clock.now, flushEvents: 100000 })
    const second = new VisitCounter({ db: s.db, now: app.clock.now, flushEvents: 100000 })
    const source = { referrerClass: 'search', referrerHost: 'google' } as const
    for (let index = 0; index < 4; index++) first.recordView({ realtorId, lang: 'ko', pageKind: 'home', source })
    for (let index = 0; index < 6; index++) second.recordView({ realtorId, lang: 'ko', pageKind: 'home', source })
    await Promise.all([first.flush(), second.flush()])
    first.recordView({ realtorId, lang: 'ko', pageKind: 'home', source })
    await first.flush()
    const rows = await s.db.selectFrom('visitDaily').selectAll().where('realtorId', '=', realtorId).execute()
    expect(rows).toHaveLength(1)
    expect(Number(rows[0]?.views)).toBe(11)
    expect((await storedRows(s)).events).toBe(3)
    // A flush with nothing counted writes nothing.
    expect(await second.flush()).toMatchObject({ rows: 0 })
  })

  it('counts messages with the visits and saved searches once asked', async () => {
    await countVisit(s, beacon({ realtorId, page: 'home', lang: 'en' }))
    await countVisit(s, beacon({ realtorId, page: 'home', lang: 'en' }))
    const sent = await api(s, 'POST', '/realtor-contacts', { body: validContact(realtorId, { listingKey: 'L-9' }), lang: 'en' })
    expect(sent.status, sent.text).toBe(201)
    s.visits.recordSavedSearch(realtorId)
    await s.visits.flush()
    const stats = await readStatistics(s, realtorId, 30)
    expect(stats.totals).toMatchObject({ views: 2, messages: 1, savedSearches: 1, messagesPer100Views: 50 })
    // A message is not a view: no listing or referrer gains from it.
    expect(stats.topListings).toEqual([])
    expect(stats.topReferrers).toEqual([{ referrerClass: 'direct', referrerHost: '', views: 2 }])
  })

  it('leaves out bots, prefetches, bad beacons and the realtor themself', async () => {
    const home = { realtorId, page: 'home', lang: 'ko' }
    expect(await countVisit(s, beacon(home, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }))).toBe('automated')
    expect(await countVisit(s, beacon(home, { 'user-agent': `${CHROME} HeadlessChrome/126` }))).toBe('automated')
    expect(await countVisit(s, beacon(home, { 'sec-purpose': 'prefetch' }))).toBe('automated')
    expect(await countVisit(s, beacon(home, { authorization: `Bearer ${ownerToken}` }))).toBe('owner')
    expect(await countVisit(s, beacon({ realtorId, page: 'listing', lang: 'ko' }))).toBe('invalid')
    expect(await countVisit(s, beacon({ ...home, lang: 'fr' }))).toBe('invalid')
    expect(await countVisit(s, new Request(`${ORIGIN}${VISIT_BEACON_PATH}`, { method: 'POST', body: '{oops' }))).toBe('invalid')
    // Another signed-in realtor looking at this page is a visitor like any other.
    expect(await countVisit(s, beacon(home, { authorization: `Bearer ${otherToken}` }))).toBe('counted')
    // The HTTP face answers 204 whatever it decided.
    const answered = await handleVisitBeacon(beacon(home, { 'user-agent': 'curl/8' }), s)
    expect(answered.status).toBe(204)
    await s.visits.flush()
    expect((await readStatistics(s, realtorId, 30)).totals.views).toBe(1)
  })

  it('drops the counts of an unknown realtor and deletes the statistics with their realtor', async () => {
    const token = await signUp(s, uniqueEmail('stats-gone'))
    const gone = await api<RealtorBody>(s, 'POST', '/realtor', { token, body: validRealtor() })
    await countVisit(s, beacon({ realtorId: gone.body.id, page: 'home', lang: 'ko' }))
    await countVisit(s, beacon({ realtorId: 'no-such-realtor', page: 'home', lang: 'ko' }))
    expect(await s.visits.flush()).toMatchObject({ rows: 1 })
    expect(await storedRows(s)).toEqual({ events: 1, daily: 1 })
    expect((await api(s, 'DELETE', `/realtor/${gone.body.id}`, { token })).status).toBe(200)
    expect(await storedRows(s)).toEqual({ events: 0, daily: 0 })
  })

  it('purges events after 48 hours and days after two years', async () => {
    const source = { referrerClass: 'direct', referrerHost: '' } as const
    const counter = new VisitCounter({ db: s.db, now: app.clock.now, flushEvents: 100000 })
    app.clock.set(new Date('2023-03-01T12:00:00.000Z'))
    counter.recordView({ realtorId, lang: 'ko', pageKind: 'home', source })
    await counter.flush()
    app.clock.set(new Date('2025-03-08T11:00:00.000Z'))
    counter.recordView({ realtorId, lang: 'ko', pageKind: 'home', source })
    await counter.flush()
    app.clock.set(NOON)
    counter.recordView({ realtorId, lang: 'ko', pageKind: 'home', source })
    await counter.flush()
    expect(await storedRows(s)).toEqual({ events: 3, daily: 3 })

    expect(await purgeVisitStats(s.db, NOON)).toEqual({ events: 2, days: 1 })
    expect(await storedRows(s)).toEqual({ events: 1, daily: 2 })
    const days = await s.db.selectFrom('visitDaily').select('day').orderBy('day').execute()
    expect(days.map((row) => row.day)).toEqual(['2025-03-08', '2025-03-10'])
    // Again: nothing left to delete.
    expect(await purgeVisitStats(s.db, NOON)).toEqual({ events: 0, days: 0 })
  })

  it('answers GET /realtors/{id}/statistics to the owner and an admin only', async () => {
    await countVisit(s, beacon({ realtorId, page: 'home', lang: 'ko' }))
    await s.visits.flush()
    const owner = await api<StatisticsBody>(s, 'GET', `/realtors/${realtorId}/statistics?days=90`, { token: ownerToken })
    expect(owner.status, owner.text).toBe(200)
    expect(owner.body).toMatchObject({ days: 90, from: '2024-12-11', to: '2025-03-10', totals: { views: 1 } })
    expect(owner.body.daily).toHaveLength(90)
    const admin = await api<StatisticsBody>(s, 'GET', `/realtors/${realtorId}/statistics`, { token: adminToken })
    expect(admin.status, admin.text).toBe(200)
    expect(admin.body.days).toBe(30)

    expectError(await api(s, 'GET', `/realtors/${realtorId}/statistics`), 401, 'UNAUTHORIZED')
    expectError(await api(s, 'GET', `/realtors/${realtorId}/statistics`, { token: otherToken }), 403, 'FORBIDDEN')
    expectError(await api(s, 'GET', `/realtors/${otherRealtorId}/statistics`, { token: ownerToken }), 403, 'FORBIDDEN')
    expectError(await api(s, 'GET', '/realtors/no-such-realtor/statistics', { token: ownerToken }), 404, 'NOT_FOUND')
    const bad = await api<{ fieldErrors?: Record<string, Array<string>> }>(s, 'GET', `/realtors/${realtorId}/statistics?days=7`, { token: ownerToken })
    expectError(bad, 400, 'VALIDATION_FAILED')
    // The schema's own message (English once the catalogs are extracted), not zod's generic one.
    expect(bad.body.fieldErrors?.days).toHaveLength(1)
    expect(bad.body.fieldErrors?.days?.[0]).not.toMatch(/invalid/i)
    const badKo = await api<{ fieldErrors?: Record<string, Array<string>> }>(s, 'GET', `/realtors/${realtorId}/statistics?days=x`, {
      token: ownerToken,
      lang: 'ko',
    })
    expectError(badKo, 400, 'VALIDATION_FAILED')
    expect(badKo.body.fieldErrors?.days).toHaveLength(1)
  })
})
