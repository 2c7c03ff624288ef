import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { upsertHomes } from '../../src/server/listings/home-store'
import { parseResoProperties } from '../../src/server/listings/reso-property'
import { createMailer } from '../../src/server/mail/mailer'
import type { AppServices } from '../../src/server/services'
import {
  api,
  createTestApp,
  describeOnEachDatabase,
  expectError,
  marketSnapshotRow,
  pinnedInWindow,
  signUp,
  TEST_LIMITS,
  uniqueEmail,
  uniqueIp,
  validRealtor,
  type ErrorBody,
  type TestApp,
} from './harness'
import { startSmtpSink } from './smtp-sink'
import { resoPropertyFixture } from '../reso-property-fixture'
import { SELLER_HOME } from '../seller-home-fixture'

/*
 * Issue 27 item 2: a seller lead over REST and the form without scripts, on SQLite and
 * PostgreSQL: stored with its consent and the estimate computed again on the server, in the lead
 * desk as kind `seller` with its one line, mailed to the realtor, refused with translated field
 * errors, rate-limited like the contact form, and another realtor's lead not theirs to see.
 */

const FROM = 'Realtor Home <no-reply@test.local>'
const NOW = new Date(Date.UTC(2026, 10, 20, 12, 0, 0))

type Created = { id: string; realtorId: string; createdAt: string; delivery: string }
type Lead = { id: string; kind: string; name: string | null; email: string; lang: string; summary: string | null; replyState: string }
type LeadPage = { leads: Array<Lead>; total: number }

function property(key: string, price: number): Record<string, unknown> {
  return resoPropertyFixture(key, 'Seller Way', { ListPrice: price })
}

function sellerBody(realtorId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    realtorId,
    ...SELLER_HOME,
    name: 'Jiwoo Han',
    email: `owner-${Math.random().toString(36).slice(2, 10)}@example.org`,
    phone: '(949) 555-0199',
    lang: 'ko',
    timeframe: '3-6',
    consent: true,
    consentVersion: 'seller-v1',
    consentPage: '/en/some-realtor/home-value',
    ...overrides,
  }
}

describeOnEachDatabase('seller leads', (database) => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>
  let app: TestApp
  let s: AppServices
  let ownerToken: string
  let otherToken: string
  let realtor: { id: string; desiredUrl: string; email: string }

  beforeAll(async () => {
    sink = await startSmtpSink()
    app = await createTestApp(database.name, { mailer: createMailer(sink.url, FROM) })
    s = app.services
    const ownerEmail = uniqueEmail('seller-owner')
    ownerToken = await signUp(s, ownerEmail)
    otherToken = await signUp(s, uniqueEmail('seller-other'))
    const created = await api<{ id: string; desiredUrl: string; email: string }>(s, 'POST', '/realtor', { token: ownerToken, body: validRealtor() })
    expect(created.status, created.text).toBe(201)
    realtor = created.body
    const parsed = parseResoProperties([
      property('SELL-1', 1_000_000),
      property('SELL-2', 1_040_000),
      property('SELL-3', 980_000),
      property('SELL-4', 1_020_000),
    ])
    await upsertHomes(s.db, parsed.records, { source: 'demo', isDemo: true, now: NOW })
  })

  afterEach(() => app.clock.reset())

  afterAll(async () => {
    await app.close()
    await sink.close()
  })

  it('stores the lead with its consent and the estimate computed on the server, and mails the realtor', async () => {
    // Figures a client sends are not the estimate: the server computes it from the inputs.
    const body = sellerBody(realtor.id, { estimateLow: 1, estimateTypical: 1, estimateHigh: 1, low: 1, typical: 1, high: 1 })
    const created = await api<Created>(s, 'POST', '/seller-leads', { body, lang: 'en' })
    expect(created.status, created.text).toBe(201)
    expect(created.body).toMatchObject({ realtorId: realtor.id, delivery: 'sent' })
    const row = await s.db.selectFrom('sellerLead').selectAll().where('id', '=', created.body.id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ street: '12 Elm Street', postalCode: '92618', timeframe: '3-6', lang: 'ko', comparableCount: 4, consentVersion: 'seller-v1' })
    expect(row.estimateLow).not.toBeNull()
    expect(Number(row.estimateLow)).toBeGreaterThan(100_000)
    expect(Number(row.estimateLow)).toBeLessThanOrEqual(Number(row.estimateTypical))
    expect(Number(row.estimateTypical)).toBeLessThanOrEqual(Number(row.estimateHigh))
    // The words the form shows, from the server's registry, in the page's language.
    expect(row.consentText).toMatch(/^I agree that .+ may contact me by e-mail or phone about a valuation of this home/)
    const mail = sink.received.find((received) => received.rcptTo.includes(realtor.email) && received.raw.includes('12 Elm Street'))
    expect(mail, 'the realtor is mailed').toBeDefined()
    expect(mail?.raw).toContain('Thinking of selling: In 3 to 6 months')
    expect(mail?.raw).toContain('Answer in: Korean')
  })

  it('creates a pending market report subscription when the box is ticked, confirmed by its own mail, and none otherwise', async () => {
    await s.db
      .insertInto('marketSnapshot')
      .values(
        marketSnapshotRow('2026-11', {
          listingCount: 4,
          activeCount: 4,
          medianListPrice: 1_010_000,
          medianPricePerSquareFoot: 505,
          medianDaysOnMarket: 50,
          asOf: NOW.toISOString(),
        }),
      )
      .onConflict((conflict) => conflict.columns(['stateOrProvince', 'cityKey', 'month']).doNothing())
      .execute()
    const subscriptionsOf = (email: string) => s.db.selectFrom('marketSubscription').selectAll().where('email', '=', email).execute()
    const confirmationsTo = (email: string) =>
      s.db.selectFrom('mailOutbox').select('id').where('toAddress', '=', email).where('kind', '=', 'market-confirm').execute()

    const ticked = sellerBody(realtor.id, { marketReport: true, street: '7 Market Lane' })
    const created = await api<Created & { marketReport?: string }>(s, 'POST', '/seller-leads', { body: ticked, lang: 'en' })
    expect(created.status, created.text).toBe(201)
    expect(created.body.marketReport).toBe('pending')
    const [subscription] = await subscriptionsOf(String(ticked.email))
    // Double opt-in still applies: pending, in the language the owner asked for, with the box's own words as consent.
    expect(subscription).toMatchObject({
      status: 'pending',
      city: 'Irvine',
      state: 'CA',
      lang: 'ko',
      consentVersion: 'market-report-seller-v1',
      consentLang: 'en',
    })
    expect(subscription?.consentText).toContain('Irvine')
    expect(await confirmationsTo(String(ticked.email))).toHaveLength(1)

    // Without scripts: `marketReport=on` with the rest of the form.
    const form = new URLSearchParams({
      realtorId: realtor.id,
      pageLang: 'en',
      street: '8 Market Lane',
      city: 'Irvine',
      state: 'CA',
      postalCode: '92618',
      propertyType: 'single_family',
      beds: '3',
      baths: '2',
      livingArea: '2000',
      areaUnit: 'sqft',
      name: 'Form Owner',
      email: `form-owner-${Math.random().toString(36).slice(2, 10)}@example.org`,
      lang: 'en',
      timeframe: 'curious',
      consent: 'on',
      marketReport: 'on',
    })
    const posted = await api(s, 'POST', '/seller-leads', { rawBody: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(posted.status).toBe(303)
    expect(await subscriptionsOf(form.get('email') ?? '')).toHaveLength(1)

    // Not ticked: nothing; a city without a report: the lead all the same, no subscription.
    const plain = sellerBody(realtor.id, { street: '9 Market Lane' })
    const unticked = await api<Created & { marketReport?: string }>(s, 'POST', '/seller-leads', { body: plain })
    expect(unticked.body.marketReport).toBeUndefined()
    expect(await subscriptionsOf(String(plain.email))).toHaveLength(0)
    const elsewhere = sellerBody(realtor.id, { marketReport: true, city: 'Tustin', postalCode: '92780' })
    const refused = await api<Created & { marketReport?: string }>(s, 'POST', '/seller-leads', { body: elsewhere })
    expect(refused.status, refused.text).toBe(201)
    expect(refused.body.marketReport).toBe('unavailable')
    expect(await subscriptionsOf(String(elsewhere.email))).toHaveLength(0)
  })

  it('puts the lead in the lead desk as kind seller, with its one line, for its realtor only', async () => {
    const body = sellerBody(realtor.id, { street: '44 Oak Avenue', timeframe: 'curious' })
    const created = await api<Created>(s, 'POST', '/seller-leads', { body })
    expect(created.status, created.text).toBe(201)
    const page = await api<LeadPage>(s, 'GET', '/leads?kind=seller', { token: ownerToken, lang: 'en' })
    expect(page.status, page.text).toBe(200)
    const lead = page.body.leads.find((item) => item.id === created.body.id)
    expect(lead).toMatchObject({
      kind: 'seller',
      email: body.email,
      lang: 'ko',
      replyState: 'pending',
      summary: 'Valuation of 44 Oak Avenue, Irvine · Just curious',
    })
    const korean = await api<LeadPage>(s, 'GET', '/leads?kind=seller', { token: ownerToken, lang: 'ko' })
    expect(korean.body.leads.find((item) => item.id === created.body.id)?.summary).toBe('44 Oak Avenue, Irvine 시세 평가 · 궁금해서 알아보는 중')
    const other = await api(s, 'PATCH', `/leads/${created.body.id}`, { token: otherToken, body: { stage: 'contacted' } })
    expect(other.status).toBe(404)
  })

  it('refuses bad input with field errors in the reader language, and stores nothing of it', async () => {
    const refusedEmail = `refused-${Date.now()}@example.org`
    const english = await api<ErrorBody>(s, 'POST', '/seller-leads', {
      body: sellerBody(realtor.id, { email: refusedEmail, consent: false, timeframe: 'someday', postalCode: 'x' }),
      lang: 'en',
    })
    expectError(english, 400, 'VALIDATION_FAILED')
    expect(english.body.fieldErrors).toMatchObject({
      consent: ['Agree to be contacted about your valuation'],
      timeframe: ['Choose when you might sell'],
      postalCode: ['Enter a 5-digit ZIP code'],
    })
    const korean = await api<ErrorBody>(s, 'POST', '/seller-leads', { body: sellerBody(realtor.id, { email: refusedEmail, consent: false }), lang: 'ko' })
    expectError(korean, 400, 'VALIDATION_FAILED')
    expect(korean.body.fieldErrors?.consent).toEqual(['시세 평가와 관련한 연락에 동의해 주세요'])
    const unknown = await api<ErrorBody>(s, 'POST', '/seller-leads', { body: sellerBody('no-such-realtor', { email: refusedEmail }) })
    expect(unknown.status).toBe(404)
    // Nothing half-written: no seller row, no lead, no mail for any refused request.
    const rows = await s.db.selectFrom('sellerLead').select('id').where('email', '=', refusedEmail).execute()
    const leads = await s.db.selectFrom('lead').select('id').where('email', '=', refusedEmail).execute()
    expect(rows).toEqual([])
    expect(leads).toEqual([])
    expect(sink.received.some((mail) => mail.raw.includes(refusedEmail))).toBe(false)
  })

  it('takes the form posted without scripts and answers with a 303 to the status page', async () => {
    const email = `form-${Date.now()}@example.org`
    const form = new URLSearchParams({
      realtorId: realtor.id,
      pageLang: 'en',
      street: '7 Form Road',
      city: 'Irvine',
      state: 'CA',
      postalCode: '92618',
      propertyType: 'single_family',
      beds: '3',
      baths: '2',
      // 평 on a Korean form: 56.2 평 is about 2,000 sq ft.
      livingArea: '56.2',
      areaUnit: 'pyeong',
      yearBuilt: '',
      name: 'Form Owner',
      email,
      lang: 'en',
      timeframe: '0-3',
      consent: 'on',
      consentVersion: 'seller-v1',
      consentPage: `/en/${realtor.desiredUrl}/home-value`,
    })
    const sent = await api(s, 'POST', '/seller-leads', { rawBody: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(sent.status).toBe(303)
    const location = sent.headers.get('location') ?? ''
    expect(location).toMatch(new RegExp(`^/en/${realtor.desiredUrl}/valuation-request\\?status=sent`))
    expect(location).not.toContain(email)
    const row = await s.db.selectFrom('sellerLead').select(['livingArea', 'street']).where('email', '=', email).executeTakeFirstOrThrow()
    expect(Math.abs(Number(row.livingArea) - 2000)).toBeLessThan(10)
    form.delete('consent')
    form.set('email', `form-refused-${Date.now()}@example.org`)
    const refused = await api(s, 'POST', '/seller-leads', { rawBody: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(refused.status).toBe(303)
    expect(refused.headers.get('location')).toContain('failed=consent')
  })

  it('stores the phone in E.164, a Korean mobile as +82, and refuses what is no number in the reader language', async () => {
    // Typed freely: read as American, then as Korean (issue 52 item 7, decision 070).
    const korean = await api<{ id: string }>(s, 'POST', '/seller-leads', {
      body: sellerBody(realtor.id, { phone: '010-2345-6789' }),
      lang: 'ko',
      ip: uniqueIp(),
    })
    expect(korean.status, korean.text).toBe(201)
    const american = await api<{ id: string }>(s, 'POST', '/seller-leads', { body: sellerBody(realtor.id), lang: 'en', ip: uniqueIp() })
    expect(american.status, american.text).toBe(201)
    for (const [id, e164] of [
      [korean.body.id, '+821023456789'],
      [american.body.id, '+19495550199'],
    ] as const) {
      expect((await s.db.selectFrom('sellerLead').select('phone').where('id', '=', id).executeTakeFirstOrThrow()).phone).toBe(e164)
      expect((await s.db.selectFrom('lead').select('phone').where('id', '=', id).executeTakeFirstOrThrow()).phone).toBe(e164)
    }
    const refused = await api<ErrorBody>(s, 'POST', '/seller-leads', { body: sellerBody(realtor.id, { phone: '555-0199-1' }), lang: 'ko', ip: uniqueIp() })
    expectError(refused, 400, 'VALIDATION_FAILED')
    expect(refused.body.fieldErrors?.phone).toEqual(['올바른 전화번호를 입력해 주세요'])
    const english = await api<ErrorBody>(s, 'POST', '/seller-leads', { body: sellerBody(realtor.id, { phone: '555-0199-1' }), lang: 'en', ip: uniqueIp() })
    expect(english.body.fieldErrors?.phone).toEqual(['Enter a valid phone number'])
  })

  it('is rate-limited per client like the contact form', async () => {
    // All in one rate-limit window: a window that turns over mid-test would start the count again.
    pinnedInWindow(app.clock)
    const ip = uniqueIp()
    for (let index = 0; index < TEST_LIMITS.contact; index += 1) {
      const accepted = await api(s, 'POST', '/seller-leads', { body: sellerBody(realtor.id), ip })
      expect(accepted.status, accepted.text).toBe(201)
    }
    expectError(await api(s, 'POST', '/seller-leads', { body: sellerBody(realtor.id), ip }), 429, 'RATE_LIMITED')
  })
})
