import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { LeadToday } from '../../src/schemas/leads'
import { recordLead } from '../../src/server/leads/record-lead'
import { leadsForToday } from '../../src/server/leads/leads-today'
import { exportLeadsCsv } from '../../src/server/leads/leads-export'
import type { AppServices } from '../../src/server/services'
import {
  actorFor,
  api,
  createTestApp,
  describeOnEachDatabase,
  expectError,
  signUp,
  uniqueEmail,
  validContact,
  validRealtor,
  type ErrorBody,
  type TestApp,
} from './harness'
import { SELLER_HOME } from '../seller-home-fixture'

/*
 * The realtor's day on one screen (issue 52 items 1 and 4, decision 067) on SQLite and
 * PostgreSQL: "due" judged on the realtor's own calendar (the lead settings' time zone) at an
 * injected instant, the follow-up filter and order with their paging, the desk's "Today", and
 * the server's CSV with what every customer asked.
 */

type Lead = { id: string; kind: string; stage: string; nextFollowUp: string | null; followUpDue: boolean }
type LeadPage = { leads: Array<Lead>; nextCursor: string | null; total: number }

const EN = 'en'
/** 16:00 UTC on 2 December: already 3 December (01:00) in Seoul, still the morning of 2 December in Los Angeles. */
const EVENING_UTC = new Date(Date.UTC(2026, 11, 2, 16, 0))
/** Midnight of 3 December in Los Angeles. */
const LA_MIDNIGHT = new Date(Date.UTC(2026, 11, 3, 8, 0))

describeOnEachDatabase('the lead desk’s day', (database) => {
  let app: TestApp
  let s: AppServices
  let seoulToken: string
  let laToken: string
  let seoulRealtor: string
  let laRealtor: string
  /** Seoul's leads by name. */
  const ids: Record<string, string> = {}
  let laLead: string

  async function message(realtorId: string, overrides: Record<string, unknown>, at: Date): Promise<string> {
    app.clock.set(at)
    const sent = await api<{ id: string }>(s, 'POST', '/realtor-contacts', { body: validContact(realtorId, overrides) })
    expect(sent.status, sent.text).toBe(201)
    return sent.body.id
  }

  async function setFollowUp(token: string, id: string, body: Record<string, unknown>): Promise<void> {
    const changed = await api(s, 'PATCH', `/leads/${id}`, { token, body })
    expect(changed.status, changed.text).toBe(200)
  }

  async function setTimeZone(token: string, realtorId: string, timeZone: string): Promise<void> {
    const settings = await api<Record<string, unknown>>(s, 'GET', `/realtors/${realtorId}/reply-settings`, { token })
    const saved = await api(s, 'PUT', `/realtors/${realtorId}/reply-settings`, { token, body: { ...settings.body, timeZone } })
    expect(saved.status, saved.text).toBe(200)
  }

  const consent = { consentVersion: 'v1', consentText: 'I agree', consentLang: 'en' as const, consentPage: null, siteOrigin: 'https://example.org' }

  async function tour(realtorId: string, status: 'requested' | 'confirmed', at: Date): Promise<string> {
    const id = randomUUID()
    const iso = at.toISOString()
    await s.db
      .insertInto('tourRequest')
      .values({
        id,
        realtorId,
        listingKey: 'TOUR-1',
        listingAddress: '5 Oak Lane, Irvine, CA 92618',
        timeZone: 'America/Los_Angeles',
        mode: 'in_person',
        slots: JSON.stringify([
          { start: '2026-12-05T01:00:00.000Z', date: '2026-12-04', time: '17:00' },
          { start: '2026-12-06T18:30:00.000Z', date: '2026-12-06', time: '10:30' },
        ]),
        name: `Tour ${status}`,
        email: `tour-${status}@example.org`,
        phone: '(949) 555-0134',
        message: 'Can we see the backyard?',
        lang: 'en',
        ...consent,
        consentedAt: iso,
        status,
        confirmedSlot: status === 'confirmed' ? JSON.stringify({ start: '2026-12-05T01:00:00.000Z', date: '2026-12-04', time: '17:00' }) : null,
        icsSequence: 0,
        createdAt: iso,
        updatedAt: iso,
      })
      .execute()
    await recordLead(s.db, {
      id,
      realtorId,
      kind: 'tour',
      name: `Tour ${status}`,
      email: `tour-${status}@example.org`,
      phone: '(949) 555-0134',
      lang: 'en',
      listingKey: 'TOUR-1',
      replyState: 'none',
      at: iso,
    })
    return id
  }

  async function seller(realtorId: string, at: Date): Promise<string> {
    const id = randomUUID()
    const iso = at.toISOString()
    await s.db
      .insertInto('sellerLead')
      .values({
        id,
        realtorId,
        name: '한지우',
        email: 'jiwoo@example.org',
        phone: '+1 949 555 0199',
        lang: 'ko',
        timeframe: '3-6',
        ...SELLER_HOME,
        estimateLow: 1_000_000,
        estimateTypical: 1_050_000,
        estimateHigh: 1_100_000,
        comparableCount: 4,
        ...consent,
        consentedAt: iso,
        createdAt: iso,
      })
      .execute()
    await recordLead(s.db, {
      id,
      realtorId,
      kind: 'seller',
      name: '한지우',
      email: 'jiwoo@example.org',
      phone: '+1 949 555 0199',
      lang: 'ko',
      replyState: 'none',
      at: iso,
    })
    return id
  }

  const minutesBefore = (minutes: number) => new Date(EVENING_UTC.getTime() - minutes * 60_000)

  beforeAll(async () => {
    app = await createTestApp(database.name)
    s = app.services
    seoulToken = await signUp(s, uniqueEmail('seoul'))
    laToken = await signUp(s, uniqueEmail('la'))
    seoulRealtor = (await api<{ id: string }>(s, 'POST', '/realtor', { token: seoulToken, body: validRealtor() })).body.id
    laRealtor = (await api<{ id: string }>(s, 'POST', '/realtor', { token: laToken, body: validRealtor() })).body.id
    await setTimeZone(seoulToken, seoulRealtor, 'Asia/Seoul')
    // The Los Angeles realtor keeps the default zone (America/Los_Angeles) without saving settings.

    ids.overdue = await message(
      seoulRealtor,
      { lastName: 'Overdue', firstName: 'Olive', email: 'olive@example.org', message: 'Old question' },
      minutesBefore(60),
    )
    ids.dueToday = await message(
      seoulRealtor,
      {
        lastName: 'Today',
        firstName: 'Tina',
        email: 'tina@example.org',
        message: '학교 근처 집을 찾고 있어요.\n"3 beds", please',
        phone: '010-1234-5678',
        phoneCountryCode: 'KR',
      },
      minutesBefore(50),
    )
    ids.upcoming = await message(seoulRealtor, { lastName: 'Later', firstName: 'Lee', email: 'later@example.org' }, minutesBefore(40))
    ids.fresh = await message(
      seoulRealtor,
      { lastName: 'Fresh', firstName: 'Fay', email: 'fay@example.org', phone: '714-555-0188', phoneCountryCode: 'US' },
      minutesBefore(30),
    )
    ids.archived = await message(seoulRealtor, { lastName: 'Gone', firstName: 'Gil', email: 'gil@example.org' }, minutesBefore(25))
    ids.contacted = await message(seoulRealtor, { lastName: 'Called', firstName: 'Cho', email: 'cho@example.org' }, minutesBefore(24))
    ids.tourWaiting = await tour(seoulRealtor, 'requested', minutesBefore(20))
    ids.tourConfirmed = await tour(seoulRealtor, 'confirmed', minutesBefore(15))
    ids.seller = await seller(seoulRealtor, minutesBefore(10))
    laLead = await message(laRealtor, { lastName: 'West', firstName: 'Wes', email: 'wes@example.org' }, minutesBefore(5))

    await setFollowUp(seoulToken, ids.overdue, { nextFollowUp: '2026-11-30', stage: 'contacted' })
    await setFollowUp(seoulToken, ids.dueToday, { nextFollowUp: '2026-12-03' })
    await setFollowUp(seoulToken, ids.upcoming, { nextFollowUp: '2026-12-10', stage: 'appointment' })
    await setFollowUp(seoulToken, ids.archived, { nextFollowUp: '2026-12-01', stage: 'archived' })
    await setFollowUp(seoulToken, ids.contacted, { stage: 'contacted' })
    await setFollowUp(laToken, laLead, { nextFollowUp: '2026-12-03' })
    app.clock.set(EVENING_UTC)
  })

  afterAll(async () => {
    await app?.close()
  })

  it('judges "due" on the realtor’s own calendar: the same day has come in Seoul and not yet in Los Angeles', async () => {
    const seoulDue = await api<LeadPage>(s, 'GET', '/leads?nextFollowUp=due', { token: seoulToken })
    expect(seoulDue.status, seoulDue.text).toBe(200)
    expect(seoulDue.body.leads.map((lead) => lead.id).sort()).toEqual([ids.overdue, ids.dueToday, ids.archived].sort())
    expect(seoulDue.body.leads.every((lead) => lead.followUpDue)).toBe(true)

    const laDue = await api<LeadPage>(s, 'GET', '/leads?nextFollowUp=due', { token: laToken })
    expect(laDue.body.leads).toEqual([])
    const laUpcoming = await api<LeadPage>(s, 'GET', '/leads?nextFollowUp=upcoming', { token: laToken })
    expect(laUpcoming.body.leads.map((lead) => lead.id)).toEqual([laLead])
    expect(laUpcoming.body.leads[0]?.followUpDue).toBe(false)

    // Midnight comes to Los Angeles: the same lead is due there now.
    app.clock.set(LA_MIDNIGHT)
    const laLater = await api<LeadPage>(s, 'GET', '/leads?nextFollowUp=due', { token: laToken })
    expect(laLater.body.leads.map((lead) => lead.id)).toEqual([laLead])
    expect(laLater.body.leads[0]?.followUpDue).toBe(true)
    app.clock.set(EVENING_UTC)

    const upcoming = await api<LeadPage>(s, 'GET', '/leads?nextFollowUp=upcoming', { token: seoulToken })
    expect(upcoming.body.leads.map((lead) => lead.id)).toEqual([ids.upcoming])
    const none = await api<LeadPage>(s, 'GET', '/leads?nextFollowUp=none', { token: seoulToken })
    expect(none.body.leads.map((lead) => lead.id)).toEqual([ids.seller, ids.tourConfirmed, ids.tourWaiting, ids.contacted, ids.fresh])
    expect(none.body.total).toBe(5)
    // The filter goes with the others.
    const dueContacted = await api<LeadPage>(s, 'GET', '/leads?nextFollowUp=due&stage=contacted', { token: seoulToken })
    expect(dueContacted.body.leads.map((lead) => lead.id)).toEqual([ids.overdue])
  })

  it('sorts by follow-up day, the earliest first and leads without one last, page by page', async () => {
    const all = await api<LeadPage>(s, 'GET', '/leads?sort=nextFollowUp', { token: seoulToken })
    expect(all.body.leads.map((lead) => lead.id)).toEqual([
      ids.overdue,
      ids.archived,
      ids.dueToday,
      ids.upcoming,
      // No day: newest first.
      ids.seller,
      ids.tourConfirmed,
      ids.tourWaiting,
      ids.contacted,
      ids.fresh,
    ])
    const paged: Array<string> = []
    let cursor: string | null = null
    do {
      const suffix: string = cursor ? `&cursor=${cursor}` : ''
      const page: { body: LeadPage } = await api<LeadPage>(s, 'GET', `/leads?sort=nextFollowUp&limit=2${suffix}`, { token: seoulToken })
      paged.push(...page.body.leads.map((lead) => lead.id))
      cursor = page.body.nextCursor
    } while (cursor)
    expect(paged).toEqual(all.body.leads.map((lead) => lead.id))

    // A newest-first cursor names no page of this order.
    const newest = await api<LeadPage>(s, 'GET', '/leads?limit=1', { token: seoulToken })
    const mixed = await api<ErrorBody>(s, 'GET', `/leads?sort=nextFollowUp&cursor=${newest.body.nextCursor}`, { token: seoulToken, lang: EN })
    expectError(mixed, 400, 'VALIDATION_FAILED')
    expect(mixed.body.fieldErrors?.cursor).toEqual(['This page of leads no longer exists. Start from the newest.'])
  })

  it('refuses unknown follow-up filters and orders with 400 and a translated message', async () => {
    for (const path of ['/leads?nextFollowUp=today', '/leads/export.csv?nextFollowUp=today']) {
      const english = await api<ErrorBody>(s, 'GET', path, { token: seoulToken, lang: EN })
      expectError(english, 400, 'VALIDATION_FAILED')
      expect(english.body.fieldErrors?.nextFollowUp).toEqual(['Choose due, upcoming or none'])
      const korean = await api<ErrorBody>(s, 'GET', path, { token: seoulToken, lang: 'ko' })
      expect(korean.status).toBe(400)
      expect(korean.body.fieldErrors?.nextFollowUp?.[0]).toMatch(/[가-힣]/)
    }
    const sort = await api<ErrorBody>(s, 'GET', '/leads?sort=oldest', { token: seoulToken, lang: EN })
    expect(sort.body.fieldErrors?.sort).toEqual(['Sort by newest or nextFollowUp'])
    expectError(await api(s, 'GET', '/leads/export.csv'), 401, 'UNAUTHORIZED')
    expectError(await api(s, 'GET', `/leads/export.csv?realtorId=${seoulRealtor}`, { token: laToken }), 403, 'FORBIDDEN')
  })

  it('opens on Today: due follow-ups (oldest day first), then new leads, then tours waiting, each once, with counts', async () => {
    const today: LeadToday = await leadsForToday(s, await actorFor(s, seoulToken), { realtorId: seoulRealtor, viewerLang: 'en' })
    expect(today).toMatchObject({ today: '2026-12-03', timeZone: 'Asia/Seoul' })
    // Archived leads are done with, due or not.
    expect(today.due.leads.map((lead) => lead.id)).toEqual([ids.overdue, ids.dueToday])
    expect(today.due.total).toBe(2)
    // New and not contacted; the due one is in the first part already, the waiting tour in the last.
    expect(today.fresh.leads.map((lead) => lead.id)).toEqual([ids.seller, ids.tourConfirmed, ids.fresh])
    expect(today.tours.leads.map((lead) => lead.id)).toEqual([ids.tourWaiting])
    expect(today.tours.total).toBe(1)

    const la = await leadsForToday(s, await actorFor(s, laToken), { viewerLang: 'ko' })
    expect(la).toMatchObject({ today: '2026-12-02', timeZone: 'America/Los_Angeles' })
    expect(la.due.total).toBe(0)
    expect(la.fresh.leads.map((lead) => lead.id)).toEqual([laLead])
  })

  it('exports a CSV on the server with what every customer asked, notes with their dates, ISO times with the realtor’s offset and E.164 phones', async () => {
    app.clock.set(new Date(Date.UTC(2026, 11, 2, 16, 30)))
    const note = await api(s, 'POST', `/leads/${ids.dueToday}/notes`, { token: seoulToken, body: { body: 'Called, wants a school district map' } })
    expect(note.status, note.text).toBe(201)
    app.clock.set(EVENING_UTC)

    const csv = await api(s, 'GET', `/leads/export.csv?realtorId=${seoulRealtor}&viewerLang=en`, { token: seoulToken, lang: 'ko' })
    expect(csv.status, csv.text).toBe(200)
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="leads-2026-12-03.csv"')
    expect(csv.headers.get('cache-control')).toBe('private, no-store')
    // The BOM Excel needs (a text decoder drops it from `csv.text`, so it is read from the use case's file).
    const file = await exportLeadsCsv(s, await actorFor(s, seoulToken), { realtorId: seoulRealtor }, 'en')
    expect(file.body.charCodeAt(0)).toBe(0xfeff)
    expect(file.body.slice(1)).toBe(csv.text)
    const [header] = csv.text.split('\r\n')
    expect(header).toBe(
      'Received,Kind,Stage,Name,E-mail,Phone,Language,Next follow-up,Message,Home address,Listing,Tour,Requested times,Confirmed time,Home details,Timeframe,Estimate low (USD),Estimate (USD),Estimate high (USD),Saved search,Source page,Automatic reply,Automatic reply sent at,Notes',
    )
    const text = csv.text
    // The message's whole text, quotes and line break kept (RFC 4180).
    expect(text).toContain('"학교 근처 집을 찾고 있어요.\n""3 beds"", please"')
    // Received at 15:10 UTC: 00:10 the next day in Seoul.
    expect(text).toContain('2026-12-03T00:10:00+09:00,Message,New,Today Tina')
    // E.164, behind the apostrophe every export of ours puts before a cell starting with + (formula guard).
    expect(text).toContain(",Today Tina,tina@example.org,'+821012345678,")
    expect(text).toContain(",Fresh Fay,fay@example.org,'+17145550188,")
    expect(text).toContain('"2026-12-03T01:30:00+09:00 Called, wants a school district map"')
    // A tour: its home, its way and state, the times asked for and the one confirmed, in the realtor's zone.
    expect(text).toContain('5 Oak Lane, Irvine, CA 92618')
    expect(text).toContain('"2026-12-05T10:00:00+09:00\n2026-12-07T03:30:00+09:00"')
    expect(text).toContain('In-person tour · confirmed,"2026-12-05T10:00:00+09:00\n2026-12-07T03:30:00+09:00",2026-12-05T10:00:00+09:00')
    expect(text).toContain('Can we see the backyard?')
    // A seller: the address, the home and the estimate.
    expect(text).toContain('"12 Elm Street, Irvine, CA 92618"')
    expect(text).toContain('1000000,1050000,1100000')
    expect(text).toContain("'+19495550199")
    expect(text).toContain('"Single-family home · 3 beds · 2 baths · 2,000 sq ft · built 1998",In 3 to 6 months')
    // One record per lead of the realtor, archived ones included: the export is of the whole desk.
    expect(text.split('\r\n').filter((line) => /^\S+\+09:00,(Message|Tour request|Seller lead),/.test(line))).toHaveLength(9)

    // The desk's filters select the rows; the words follow viewerLang, else Accept-Language.
    const tours = await api(s, 'GET', '/leads/export.csv?kind=tour', { token: seoulToken, lang: 'ko' })
    expect(tours.status).toBe(200)
    const [koreanHeader, ...rows] = tours.text.split('\r\n').filter((line) => line !== '')
    expect(koreanHeader).toMatch(/^[^,]*[가-힣]/)
    expect(rows.join('\n')).toContain('Tour confirmed')
    expect(rows.join('\n')).not.toContain('Today Tina')
    const due = await api(s, 'GET', '/leads/export.csv?nextFollowUp=due&sort=nextFollowUp&viewerLang=en', { token: seoulToken })
    const names = due.text
      .split('\r\n')
      .slice(1)
      .filter((line) => /^\d{4}-/.test(line))
      .map((line) => line.split(',')[3])
    expect(names).toEqual(['Overdue Olive', 'Gone Gil', 'Today Tina'])
  })
})
