import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { exportMessagesCsv } from '../../src/server/inbox/messages-export'
import type { AppServices } from '../../src/server/services'
import { parseCsv } from '../csv-reader'
import { actorFor, api, createTestApp, describeOnEachDatabase, expectError, signUp, uniqueEmail, validContact, validRealtor, type TestApp } from './harness'

/*
 * The inbox's two CSVs, made on the server (decision 079) on SQLite and PostgreSQL: every
 * message and every confirmed saved search the filter selects, headers and words in the
 * viewer's language, times in ISO 8601 with the offset of the realtor's own time zone, phones
 * in E.164, the consent stored with each row, formulas guarded; and the same refusals as the
 * lists they export.
 */

/** The consent columns, in one order in every lead CSV. */
const CONSENT_HEADER_EN = ['Consent version', 'Consent time', 'Consent language', 'Consent page', 'Consent text']

const MESSAGE_HEADER_EN = [
  'Date',
  'Name',
  'E-mail',
  'Phone',
  'Message',
  'Listing',
  'Status',
  ...CONSENT_HEADER_EN,
  'Calls and texts',
  'Calls and texts consent version',
  'Calls and texts consent text',
]

const SAVED_SEARCH_HEADER_EN = [
  'Confirmed at',
  'Name',
  'E-mail',
  'Area',
  'Sale or rent',
  'Lowest price',
  'Highest price',
  'Bedrooms',
  'Bathrooms',
  'How often',
  'Status',
  ...CONSENT_HEADER_EN,
]

describeOnEachDatabase('the inbox’s CSV exports', (database) => {
  let app: TestApp
  let s: AppServices
  let ownerToken: string
  let otherToken: string
  let realtorId: string
  let handledId: string

  async function savedSearch(overrides: {
    name: string | null
    listingType: 'sale' | 'rent' | null
    minPrice: number | null
    status: 'active' | 'paused' | 'pending'
  }) {
    const at = s.now().toISOString()
    await s.db
      .insertInto('savedSearch')
      .values({
        id: randomUUID(),
        realtorId,
        email: `${randomUUID().slice(0, 8)}@example.org`,
        emailKey: randomUUID(),
        lang: 'ko',
        siteOrigin: 'http://test.local',
        frequency: 'weekly',
        state: 'CA',
        city: 'Irvine',
        cityKey: 'irvine',
        maxPrice: 1_200_000,
        minBeds: 3,
        minBaths: null,
        sort: 'newest',
        filtersKey: randomUUID(),
        linkSecret: randomUUID(),
        consentVersion: 'saved-search-v1',
        consentText: '새 매물 알림 메일을 받는 데 동의합니다.',
        consentLang: 'ko',
        consentPage: '/jane/homes',
        consentedAt: at,
        createdAt: at,
        updatedAt: at,
        confirmedAt: overrides.status === 'pending' ? null : at,
        lastAlertedAt: null,
        unsubscribedAt: null,
        ...overrides,
      })
      .execute()
  }

  beforeAll(async () => {
    app = await createTestApp(database.name)
    s = app.services
    ownerToken = await signUp(s, uniqueEmail('csv-owner'))
    otherToken = await signUp(s, uniqueEmail('csv-other'))
    const created = await api<{ id: string }>(s, 'POST', '/realtor', { token: ownerToken, body: validRealtor() })
    expect(created.status, created.text).toBe(201)
    realtorId = created.body.id
    const settings = await api<Record<string, unknown>>(s, 'GET', `/realtors/${realtorId}/reply-settings`, { token: ownerToken })
    const saved = await api(s, 'PUT', `/realtors/${realtorId}/reply-settings`, { token: ownerToken, body: { ...settings.body, timeZone: 'Asia/Seoul' } })
    expect(saved.status, saved.text).toBe(200)

    // 23:30 UTC on 1 March: already 2 March in Seoul.
    app.clock.set(new Date(Date.UTC(2026, 2, 1, 23, 30)))
    const first = await api(s, 'POST', '/realtor-contacts', {
      body: validContact(realtorId, {
        phone: '9495550123',
        phoneCountryCode: 'US',
        message: 'Is the house "as is"?\nCall me after 5.',
        consentLang: 'en',
        consentPage: '/en/jane/homes/OC24123456',
        phoneContactConsent: true,
      }),
    })
    expect(first.status, first.text).toBe(201)
    app.clock.set(new Date(Date.UTC(2026, 2, 2, 1, 0)))
    const second = await api<{ id: string }>(s, 'POST', '/realtor-contacts', {
      body: validContact(realtorId, { message: '=HYPERLINK("http://evil.example")', consentLang: 'ko' }),
    })
    expect(second.status, second.text).toBe(201)
    handledId = second.body.id
    const marked = await api(s, 'PATCH', `/realtor-contacts/${handledId}`, { token: ownerToken, body: { status: 'handled' } })
    expect(marked.status, marked.text).toBe(200)

    await savedSearch({ name: '=cmd|"/c calc"!A1', listingType: 'rent', minPrice: null, status: 'paused' })
    // A minute later, so that newest first is one order (at the same time it would fall back on random ids).
    app.clock.set(new Date(Date.UTC(2026, 2, 2, 1, 1)))
    await savedSearch({ name: '민지', listingType: 'sale', minPrice: 500_000, status: 'active' })
    // Unconfirmed: no lead yet, in no file.
    await savedSearch({ name: 'Pending Pat', listingType: null, minPrice: null, status: 'pending' })
  })

  afterAll(async () => {
    await app?.close()
  })

  it('exports every message with its consent record, ISO times in the realtor’s zone and E.164 phones, as an attachment', async () => {
    const csv = await api(s, 'GET', `/realtor-contacts/export.csv?realtorId=${realtorId}&viewerLang=en`, { token: ownerToken, lang: 'ko' })
    expect(csv.status, csv.text).toBe(200)
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="messages-2026-03-02.csv"')
    expect(csv.headers.get('cache-control')).toBe('private, no-store')
    // The BOM Excel needs to read Korean (a text decoder drops it, so it is read from the use case's file).
    const file = await exportMessagesCsv(s, await actorFor(s, ownerToken), { realtorId, viewerLang: 'en' }, 'ko')
    expect(file.body.charCodeAt(0)).toBe(0xfeff)
    expect(file.body.slice(1)).toBe(csv.text)

    const [header, handled, first, ...rest] = parseCsv(csv.text)
    expect(header).toEqual(MESSAGE_HEADER_EN)
    expect(rest).toEqual([])
    // Newest first; the formula a visitor wrote is guarded, the status is in words.
    expect(handled?.slice(0, 7)).toEqual([
      '2026-03-02T10:00:00+09:00',
      'Lee Minji',
      'minji.lee@example.org',
      "'+821012345678",
      '\'=HYPERLINK("http://evil.example")',
      '',
      'Handled',
    ])
    expect(handled?.[9]).toBe('ko')
    expect(handled?.[12]).toBe('Not agreed')
    expect(first?.slice(0, 7)).toEqual([
      '2026-03-02T08:30:00+09:00',
      'Lee Minji',
      'minji.lee@example.org',
      "'+19495550123",
      'Is the house "as is"?\nCall me after 5.',
      '',
      'New',
    ])
    // The consent as stored: the version, when, in which language, where, the exact words.
    const stored = await s.db.selectFrom('contactMessage').selectAll().where('id', '!=', handledId).where('realtorId', '=', realtorId).executeTakeFirstOrThrow()
    expect(first?.slice(7)).toEqual([
      stored.consentVersion,
      '2026-03-02T08:30:00+09:00',
      'en',
      '/en/jane/homes/OC24123456',
      stored.consentText,
      'Agreed',
      stored.phoneContactConsentVersion,
      stored.phoneContactConsentText,
    ])
    expect(stored.consentText).toMatch(/\S/)
    expect(stored.phoneContactConsentText).toMatch(/\S/)
  })

  it('writes the words in the request’s language without viewerLang, and exports only what the status filter selects', async () => {
    const korean = await api(s, 'GET', `/realtor-contacts/export.csv?status=handled`, { token: ownerToken, lang: 'ko' })
    expect(korean.status, korean.text).toBe(200)
    const [header, ...rows] = parseCsv(korean.text)
    expect(header?.slice(0, 8)).toEqual(['날짜', '이름', '이메일', '전화번호', '메시지', '매물', '상태', '동의 버전'])
    expect(rows).toHaveLength(1)
    expect(rows[0]?.[6]).toBe('처리 완료')
    expect(rows[0]?.[12]).toBe('동의하지 않음')
  })

  it('exports every confirmed saved search, its filters one per column, with its consent record', async () => {
    const csv = await api(s, 'GET', `/saved-searches/export.csv?realtorId=${realtorId}&viewerLang=en`, { token: ownerToken })
    expect(csv.status, csv.text).toBe(200)
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="saved-searches-2026-03-02.csv"')
    expect(parseCsv(csv.text)).toEqual([
      SAVED_SEARCH_HEADER_EN,
      [
        '2026-03-02T10:01:00+09:00',
        '민지',
        expect.stringMatching(/@example\.org$/),
        'Irvine, CA',
        'For sale',
        '500000',
        '1200000',
        '3',
        '',
        'Once a week',
        'Active',
        'saved-search-v1',
        '2026-03-02T10:01:00+09:00',
        'ko',
        '/jane/homes',
        '새 매물 알림 메일을 받는 데 동의합니다.',
      ],
      [
        '2026-03-02T10:00:00+09:00',
        '\'=cmd|"/c calc"!A1',
        expect.stringMatching(/@example\.org$/),
        'Irvine, CA',
        'For rent',
        '',
        '1200000',
        '3',
        '',
        'Once a week',
        'Paused',
        'saved-search-v1',
        '2026-03-02T10:00:00+09:00',
        'ko',
        '/jane/homes',
        '새 매물 알림 메일을 받는 데 동의합니다.',
      ],
    ])

    const paused = await api(s, 'GET', `/saved-searches/export.csv?status=paused&viewerLang=ko`, { token: ownerToken })
    const [koreanHeader, ...rows] = parseCsv(paused.text)
    expect(koreanHeader?.[0]).toBe('확인 일시')
    expect(rows).toHaveLength(1)
    expect(rows[0]?.[4]).toBe('임대')
  })

  it('refuses as the lists do: no session 401, another account’s realtor 403, no such realtor 404, a wrong filter 400 in words', async () => {
    for (const path of ['/realtor-contacts/export.csv', '/saved-searches/export.csv']) {
      expectError(await api(s, 'GET', path), 401, 'UNAUTHORIZED')
      expectError(await api(s, 'GET', `${path}?realtorId=${realtorId}`, { token: otherToken }), 403, 'FORBIDDEN')
      expectError(await api(s, 'GET', `${path}?realtorId=${randomUUID()}`, { token: ownerToken }), 404, 'NOT_FOUND')
      const wrong = await api<{ fieldErrors?: Record<string, Array<string>> }>(s, 'GET', `${path}?status=everything&viewerLang=de`, {
        token: ownerToken,
        lang: 'en',
      })
      expectError(wrong, 400, 'VALIDATION_FAILED')
      expect(Object.keys(wrong.body.fieldErrors ?? {}).sort()).toEqual(['status', 'viewerLang'])
    }
    // Another account's own (empty) files hold the header row alone.
    const empty = await api(s, 'GET', '/realtor-contacts/export.csv', { token: otherToken, lang: 'en' })
    expect(parseCsv(empty.text)).toEqual([MESSAGE_HEADER_EN])
  })
})
