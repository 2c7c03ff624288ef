import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { claimActiveRow } from '../../src/server/db/claim-row'
import type { SavedSearchTable } from '../../src/server/db/schema'
import { upsertHomes } from '../../src/server/listings/home-store'
import { importFromResoFile } from '../../src/server/listings/import-file'
import { parseResoProperties } from '../../src/server/listings/reso-property'
import { createMailer } from '../../src/server/mail/mailer'
import { realtorInMail, type RealtorForMail } from '../../src/server/mail/sender-realtor'
import { sendDueAlerts } from '../../src/server/saved-searches/alerts'
import { matchSavedSearches } from '../../src/server/saved-searches/matcher'
import type { AppServices } from '../../src/server/services'
import { captureLogs } from '../log-capture'
import { api, createTestApp, describeOnEachDatabase, openSecondServices, signUp, uniqueEmail, validRealtor, type TestApp } from './harness'
import { decodeWords, header as rawHeader, startSmtpSink } from './smtp-sink'

/*
 * Saved-search alerts (issue 13): imports record changes, the matcher turns them into matches,
 * and one mail per due search goes out through a real SMTP server. On SQLite and PostgreSQL.
 */

/** A header as the reader sees it: unfolded, RFC 2047 words decoded. */
function header(raw: string, name: string): string | undefined {
  const value = rawHeader(raw, name)
  return value === undefined ? undefined : decodeWords(value)
}

const T0 = Date.UTC(2026, 2, 2, 17, 0, 0)
const MINUTE = 60_000
const HOUR = 60 * MINUTE

/** A RESO Property in Irvine (or elsewhere), for sale unless PropertyType says lease. */
function property(key: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ListingKey: key,
    ListPrice: 900_000,
    StandardStatus: 'Active',
    PropertyType: 'Residential',
    PropertySubType: 'SingleFamilyResidence',
    BedroomsTotal: 3,
    BathroomsTotalInteger: 2,
    LivingArea: 1650,
    UnparsedAddress: `12 ${key} Lane, Irvine, CA 92620`,
    City: 'Irvine',
    StateOrProvince: 'CA',
    PostalCode: '92620',
    ListOfficeName: 'Coastline Homes',
    ListAgentFullName: 'Dana Lee',
    ModificationTimestamp: '2026-03-01T10:00:00Z',
    OnMarketDate: '2026-03-01',
    InternetEntireListingDisplayYN: true,
    InternetAddressDisplayYN: true,
    Media: [{ MediaKey: `${key}-1`, MediaURL: `https://photos.example/${key}.jpg`, Order: 1 }],
    ...overrides,
  }
}

type SearchOverrides = Partial<Omit<SavedSearchTable, 'id' | 'realtorId'>>

/** A saved search straight into the table, as the subscription flow would leave it. */
async function insertSearch(services: AppServices, realtorId: string, overrides: SearchOverrides = {}): Promise<string> {
  const id = randomUUID()
  const now = services.now().toISOString()
  const email = overrides.email ?? `${randomBytes(5).toString('hex')}@visitor.example`
  await services.db
    .insertInto('savedSearch')
    .values({
      id,
      realtorId,
      email,
      emailKey: email.toLowerCase(),
      name: null,
      lang: 'en',
      siteOrigin: 'http://test.local',
      frequency: 'instant',
      state: 'CA',
      city: 'Irvine',
      cityKey: 'irvine',
      listingType: null,
      minPrice: null,
      maxPrice: null,
      minBeds: null,
      minBaths: null,
      sort: 'newest',
      filtersKey: randomUUID(),
      status: 'active',
      linkSecret: randomBytes(16).toString('hex'),
      consentVersion: 'test',
      consentText: 'I agree to receive alerts.',
      consentLang: 'en',
      consentPage: null,
      consentedAt: now,
      createdAt: now,
      updatedAt: now,
      confirmedAt: now,
      lastAlertedAt: null,
      unsubscribedAt: null,
      ...overrides,
    })
    .execute()
  return id
}

async function alertMails(services: AppServices, searchId?: string) {
  return services.db
    .selectFrom('mailOutbox')
    .selectAll()
    .where('kind', '=', 'saved-search-alert')
    .$if(searchId !== undefined, (query) => query.where('savedSearchId', '=', searchId ?? ''))
    .orderBy('createdAt')
    .execute()
}

describeOnEachDatabase('saved-search alerts', (database) => {
  let app: TestApp
  let s: AppServices
  let sink: Awaited<ReturnType<typeof startSmtpSink>>
  let dir: string
  let realtorId: string
  let ownDomainRealtorId: string
  let feedCounter = 0

  /** Imports these listings from a RESO file of their own source, as cron would. */
  async function importFile(values: Array<Record<string, unknown>>, source: string, retireMissing = false) {
    feedCounter += 1
    const file = path.join(dir, `feed-${feedCounter}.json`)
    await writeFile(file, JSON.stringify({ value: values }))
    return importFromResoFile(s, file, { source, retireMissing })
  }

  beforeAll(async () => {
    sink = await startSmtpSink()
    dir = await mkdtemp(path.join(tmpdir(), 'alerts-'))
    app = await createTestApp(database.name, { mailer: createMailer(sink.url, 'Realtor Home <no-reply@test.local>') })
    s = app.services
    const token = await signUp(s, uniqueEmail('alerts-owner'))
    const created = await api<{ id: string }>(s, 'POST', '/realtor', {
      token,
      body: validRealtor({
        email: 'sora@realty.example',
        displayNameEn: 'Sora Park',
        displayNameKo: '박소라',
        brokerageAddress: '100 Spectrum Center Dr, Irvine, CA 92618',
        brokerageLicenseNumber: 'DRE #01234567',
      }),
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    realtorId = created.body.id
    const ownToken = await signUp(s, uniqueEmail('alerts-own-domain'))
    const own = await api<{ id: string }>(s, 'POST', '/realtor', {
      token: ownToken,
      body: validRealtor({ email: 'min@realty.example', displayNameEn: 'Min Choi', hompageUrl: 'https://minchoi.example' }),
    })
    expect(own.status, JSON.stringify(own.body)).toBe(201)
    ownDomainRealtorId = own.body.id
  })

  beforeEach(async () => {
    app.clock.set(new Date(T0))
    // Each test starts with no searches and nothing pending.
    await s.db.deleteFrom('savedSearch').execute()
    await s.db.deleteFrom('homeChange').execute()
    await s.db.deleteFrom('home').execute()
    sink.received.length = 0
  })

  afterAll(async () => {
    await app?.close()
    await sink?.close()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('mails an active search once per new listing, from the realtor, with one-click unsubscribe; paused, unsubscribed and pending searches get nothing', async () => {
    const active = await insertSearch(s, realtorId, { name: 'Jin <b>Lee</b>', maxPrice: 1_000_000 })
    const paused = await insertSearch(s, realtorId, { status: 'paused' })
    const unsubscribed = await insertSearch(s, realtorId, { status: 'unsubscribed' })
    const pending = await insertSearch(s, realtorId, { status: 'pending', confirmedAt: null })
    app.clock.advance(MINUTE)

    const feed = [property('IRV-1'), property('IRV-2', { ListPrice: 2_500_000 }), property('DUL-1', { City: 'Duluth', StateOrProvince: 'GA' })]
    const logs = captureLogs()
    const summary = await importFile(feed, 'file:alerts-a').finally(() => logs.stop())
    expect(summary.alerts).toEqual({ matches: 1, mails: 1 })
    // This realtor's brokerage address is in the mail: nothing to tell the operator.
    expect(logs.lines.filter((line) => line.component === 'alerts' && line.level === 40)).toEqual([])

    const mails = await alertMails(s)
    expect(mails.map((mail) => mail.savedSearchId)).toEqual([active])
    for (const other of [paused, unsubscribed, pending]) expect(await alertMails(s, other)).toEqual([])
    const [mail] = mails
    expect(mail?.subject).toBe('1 new home in Irvine, CA — Sora Park')
    expect(mail?.fromName).toBe('Sora Park')
    expect(mail?.replyTo).toBe('sora@realty.example')
    expect(mail?.state).toBe('sent')
    const publicUrl = 'http://test.local'
    expect(mail?.textBody).toContain(`${publicUrl}/en/${(await realtor()).desiredUrl}/homes/IRV-1`)
    expect(mail?.textBody).toContain('New listing: $900,000')
    expect(mail?.textBody).toContain('3 bd · 2 ba · 1,650 sqft')
    expect(mail?.textBody).toContain('Listed by Coastline Homes')
    expect(mail?.textBody).toContain('License number: DRE #02345678')
    expect(mail?.textBody).toContain('Brokerage: Orange Coast Realty (license DRE #01234567)')
    expect(mail?.textBody).toContain('100 Spectrum Center Dr, Irvine, CA 92618')
    expect(mail?.textBody).toMatch(/Listing data last updated March 2, 2026 at 9:01 AM PST/)
    expect(mail?.textBody).toContain("Listing information is provided by the MLS for consumers' personal")
    expect(mail?.textBody).toContain('Homes in Irvine, CA, Up to $1.00M')
    expect(mail?.textBody).not.toContain('IRV-2')
    expect(mail?.htmlBody).toContain('Hello Jin &lt;b&gt;Lee&lt;/b&gt;,')
    expect(mail?.htmlBody).not.toContain('<b>Lee</b>')
    expect(mail?.htmlBody).toContain('src="https://photos.example/IRV-1.jpg"')

    // Over SMTP: the same mail, with the headers mail clients act on.
    expect(sink.received).toHaveLength(1)
    const raw = sink.received[0]?.raw ?? ''
    expect(header(raw, 'Subject')).toBe('1 new home in Irvine, CA — Sora Park')
    expect(header(raw, 'From')).toMatch(/^"?Sora Park"? <no-reply@test\.local>$/)
    expect(header(raw, 'Reply-To')).toBe('sora@realty.example')
    expect(header(raw, 'List-Unsubscribe')).toMatch(
      new RegExp(`^<${publicUrl.replace(/\./g, '\\.')}/cozying-api/v1/saved-searches/unsubscribe\\?token=${active}\\.unsubscribe\\.0\\.[\\w-]+>$`),
    )
    expect(header(raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
    expect(raw).toMatch(/Content-Type: multipart\/alternative/i)
    expect(raw).toMatch(/Content-Type: text\/plain/i)
    expect(raw).toMatch(/Content-Type: text\/html/i)

    // The same feed again changes nothing a search should hear about.
    const again = await importFile(feed, 'file:alerts-a')
    expect(again.alerts).toEqual({ matches: 0, mails: 0 })
    expect(await alertMails(s)).toHaveLength(1)
    expect(sink.received).toHaveLength(1)
  })

  async function realtor() {
    return s.db.selectFrom('realtor').select(['desiredUrl']).where('id', '=', realtorId).executeTakeFirstOrThrow()
  }

  it("links to the realtor's own domain when set, in Korean with 평 and ㎡; without any postal address the operator is told", async () => {
    const search = await insertSearch(s, ownDomainRealtorId, { lang: 'ko', listingType: 'sale' })
    app.clock.advance(MINUTE)
    const logs = captureLogs()
    try {
      await importFile([property('OWN-1')], 'file:alerts-own')
      // This realtor gave no brokerage address and the test app sets no MAIL_POSTAL_ADDRESS (CAN-SPAM).
      // The realtor is named by id: a desiredUrl is often a person's name (decision 044).
      expect(logs.lines.filter((line) => typeof line.msg === 'string' && line.msg.startsWith('alert mails without a postal address'))).toEqual([
        expect.objectContaining({ component: 'alerts', level: 40, realtorIds: [ownDomainRealtorId] }),
      ])
    } finally {
      logs.stop()
    }
    const [mail] = await alertMails(s, search)
    expect(mail?.textBody).toContain('https://minchoi.example/homes/OWN-1')
    expect(mail?.textBody).toContain('https://minchoi.example/alerts?token=')
    expect(mail?.textBody).toMatch(/1,650 sqft \(153\.3㎡ · 46\.4평\)/)
    expect(mail?.headers ?? '').toMatch(/"List-Unsubscribe":"<https:\/\/minchoi\.example\/cozying-api\/v1\/saved-searches\/unsubscribe\?token=/)
  })

  it('sends nothing for a realtor whose homepage is not published, and nothing piles up for later', async () => {
    const token = await signUp(s, uniqueEmail('alerts-unpublished'))
    const created = await api<{ id: string }>(s, 'POST', '/realtor', { token, body: validRealtor({ email: 'quiet@realty.example', isMakeHomepage: 'N' }) })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const search = await insertSearch(s, created.body.id)
    app.clock.advance(MINUTE)
    const summary = await importFile([property('QUIET-1')], 'file:alerts-unpublished')
    expect(summary.alerts).toEqual({ matches: 0, mails: 0 })
    expect(await alertMails(s, search)).toEqual([])
    expect(await s.db.selectFrom('savedSearchMatch').select('homeId').where('savedSearchId', '=', search).execute()).toEqual([])
  })

  it('alerts a price drop once, and a further drop once more', async () => {
    await importFile([property('DROP-1')], 'file:alerts-drop')
    const search = await insertSearch(s, realtorId)
    app.clock.advance(MINUTE)
    await importFile([property('DROP-1', { ListPrice: 850_000 })], 'file:alerts-drop')
    let mails = await alertMails(s, search)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toBe('Price reduced on 1 home in Irvine, CA — Sora Park')
    expect(mails[0]?.textBody).toContain('Price reduced from $900,000: $850,000')

    app.clock.advance(MINUTE)
    await importFile([property('DROP-1', { ListPrice: 850_000 })], 'file:alerts-drop')
    await importFile([property('DROP-1', { ListPrice: 870_000 })], 'file:alerts-drop')
    expect(await alertMails(s, search)).toHaveLength(1)

    app.clock.advance(MINUTE)
    await importFile([property('DROP-1', { ListPrice: 800_000 })], 'file:alerts-drop')
    mails = await alertMails(s, search)
    expect(mails).toHaveLength(2)
    expect(mails[1]?.textBody).toContain('Price reduced from $870,000: $800,000')
  })

  it('waits 24 hours between daily mails and never shows a listing retired before the mail', async () => {
    const search = await insertSearch(s, realtorId, { frequency: 'daily', lastAlertedAt: new Date(T0 - HOUR).toISOString() })
    app.clock.advance(MINUTE)
    await importFile([property('DAY-1'), property('DAY-2')], 'file:alerts-daily')
    expect(await alertMails(s, search)).toEqual([])
    const matches = await s.db.selectFrom('savedSearchMatch').select(['homeId', 'alertedAt']).where('savedSearchId', '=', search).execute()
    expect(matches).toHaveLength(2)

    // DAY-2 leaves the feed before the daily mail is due.
    app.clock.advance(HOUR)
    await importFile([property('DAY-1')], 'file:alerts-daily', true)
    app.clock.set(new Date(T0 + 22 * HOUR))
    await importFile([property('DAY-1')], 'file:alerts-daily')
    expect(await alertMails(s, search)).toEqual([])

    app.clock.set(new Date(T0 + 23 * HOUR + MINUTE))
    await importFile([property('DAY-1')], 'file:alerts-daily')
    const mails = await alertMails(s, search)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.textBody).toContain('/homes/DAY-1')
    expect(mails[0]?.textBody).not.toContain('DAY-2')
    expect(mails[0]?.subject).toBe('1 new home in Irvine, CA — Sora Park')
    const after = await s.db.selectFrom('savedSearchMatch').select(['alertedAt', 'outboxId']).where('savedSearchId', '=', search).execute()
    expect(after.every((match) => match.alertedAt !== null)).toBe(true)
    expect(after.filter((match) => match.outboxId === mails[0]?.id)).toHaveLength(1)

    // Another new home the next hour waits for the next day.
    app.clock.advance(HOUR)
    await importFile([property('DAY-1'), property('DAY-3')], 'file:alerts-daily')
    expect(await alertMails(s, search)).toHaveLength(1)
    app.clock.advance(23 * HOUR)
    await importFile([property('DAY-1'), property('DAY-3')], 'file:alerts-daily')
    expect(await alertMails(s, search)).toHaveLength(2)
  })

  it('matches type, price range, beds, baths, city and state', async () => {
    const expectations: Array<[SearchOverrides, Array<string>]> = [
      [{}, ['F-CONDO', 'F-HOUSE', 'F-RENT']],
      [{ listingType: 'sale' }, ['F-CONDO', 'F-HOUSE']],
      [{ listingType: 'rent' }, ['F-RENT']],
      [{ minPrice: 500_000, maxPrice: 900_000 }, ['F-HOUSE']],
      [{ minPrice: 1_000_000 }, ['F-CONDO']],
      [{ minBeds: 4 }, ['F-CONDO']],
      [{ minBaths: 3 }, ['F-CONDO']],
      [{ city: 'Duluth', cityKey: 'duluth', state: 'GA' }, ['F-DULUTH']],
      [{ city: 'Duluth', cityKey: 'duluth', state: 'CA' }, []],
    ]
    const ids: Array<string> = []
    for (const [overrides] of expectations) ids.push(await insertSearch(s, realtorId, overrides))
    app.clock.advance(MINUTE)
    const { records } = parseResoProperties([
      property('F-HOUSE'),
      property('F-CONDO', { ListPrice: 1_200_000, BedroomsTotal: 4, BathroomsTotalInteger: 3 }),
      property('F-RENT', { PropertyType: 'ResidentialLease', ListPrice: 4_000 }),
      property('F-DULUTH', { City: 'Duluth', StateOrProvince: 'GA' }),
      property('F-HIDDEN', { InternetEntireListingDisplayYN: false }),
    ])
    await upsertHomes(s.db, records, { source: 'file:alerts-filters', isDemo: false, now: s.now() })
    await matchSavedSearches(s.db, s.now())
    const rows = await s.db
      .selectFrom('savedSearchMatch')
      .innerJoin('home', 'home.id', 'savedSearchMatch.homeId')
      .select(['savedSearchMatch.savedSearchId', 'home.listingKey'])
      .execute()
    expectations.forEach(([overrides, keys], index) => {
      const got = rows
        .filter((row) => row.savedSearchId === ids[index])
        .map((row) => row.listingKey)
        .sort()
      expect({ overrides, keys: got }).toEqual({ overrides, keys })
    })
  })

  it('never sends the same alert twice from two workers at once', async () => {
    const other = await openSecondServices(database.name, s)
    try {
      const searches = []
      for (let index = 0; index < 15; index++) searches.push(await insertSearch(s, realtorId, { frequency: index % 2 === 0 ? 'instant' : 'daily' }))
      app.clock.advance(MINUTE)
      const { records } = parseResoProperties([property('RACE-1'), property('RACE-2')])
      await upsertHomes(s.db, records, { source: 'file:alerts-race', isDemo: false, now: s.now() })
      await matchSavedSearches(s.db, s.now())
      const [first, second] = await Promise.all([sendDueAlerts(s), sendDueAlerts(other)])
      expect((first?.mails ?? 0) + (second?.mails ?? 0)).toBe(15)
      const mails = await alertMails(s)
      expect(mails).toHaveLength(15)
      expect(new Set(mails.map((mail) => mail.savedSearchId))).toEqual(new Set(searches))
    } finally {
      await other.close()
    }
  })

  it('claims an active search only from the mark it read: a second claim from the same reading, or a paused search, gets nothing', async () => {
    const searchId = await insertSearch(s, realtorId)
    const pausedId = await insertSearch(s, realtorId, { status: 'paused' })
    const mark = { table: 'savedSearch', mark: 'lastAlertedAt' } as const
    const first = '2026-03-02T17:00:00.000Z'
    const second = '2026-03-03T17:00:00.000Z'
    const lastAlerted = async (id: string) =>
      (await s.db.selectFrom('savedSearch').select('lastAlertedAt').where('id', '=', id).executeTakeFirstOrThrow()).lastAlertedAt

    // Two workers read the never-alerted search: the first to write claims it, the other finds the mark moved.
    expect(await s.db.transaction().execute((trx) => claimActiveRow(trx, mark, searchId, null, first))).toBe(true)
    expect(await s.db.transaction().execute((trx) => claimActiveRow(trx, mark, searchId, null, second))).toBe(false)
    expect(await lastAlerted(searchId)).toBe(first)
    // From what is there now, the next run claims it again.
    expect(await s.db.transaction().execute((trx) => claimActiveRow(trx, mark, searchId, first, second))).toBe(true)
    expect(await lastAlerted(searchId)).toBe(second)
    expect(await s.db.transaction().execute((trx) => claimActiveRow(trx, mark, pausedId, null, first))).toBe(false)
    expect(await lastAlerted(pausedId)).toBeNull()
  })

  it("presents the realtor in the mail's language, with the licence lines, the brokerage's postal address and the photo as resolved", () => {
    const realtor: RealtorForMail = {
      name: { ko: '박소라', en: 'Sora Park' },
      email: 'sora@realty.example',
      desiredUrl: 'sora',
      hompageHost: null,
      photo: '/uploads/sora.jpg',
      licenseNumber: 'DRE #1',
      brokerageName: 'Coastline Homes',
      brokerageLicenseNumber: 'DRE #2',
      brokerageAddress: ' 100 Spectrum Center Dr, Irvine, CA 92618 ',
      regions: [],
    }
    const homepageUrl = 'http://test.local/ko/sora'
    expect(realtorInMail(s, realtor, 'ko', homepageUrl)).toEqual({
      name: '박소라',
      email: 'sora@realty.example',
      photo: 'http://test.local/uploads/sora.jpg',
      licenseNumber: 'DRE #1',
      brokerageName: 'Coastline Homes',
      brokerageLicenseNumber: 'DRE #2',
      postalAddress: '100 Spectrum Center Dr, Irvine, CA 92618',
      homepageUrl: 'http://test.local/ko/sora',
    })
    expect(realtorInMail(s, realtor, 'en', homepageUrl).name).toBe('Sora Park')
    // A photo stored elsewhere keeps its own address; anything but a path or http(s) shows none.
    expect(realtorInMail(s, { ...realtor, photo: 'https://cdn.example/sora.jpg' }, 'ko', homepageUrl).photo).toBe('https://cdn.example/sora.jpg')
    expect(realtorInMail(s, { ...realtor, photo: 'javascript:alert(1)' }, 'ko', homepageUrl).photo).toBeNull()
  })
})
