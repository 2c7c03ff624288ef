import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { sendMonthlyMarketReports } from '../../src/server/market-subscriptions/monthly-reports'
import { confirmMarketSubscription, readMarketConfirmLink } from '../../src/server/market-subscriptions/subscriptions'
import { signSavedSearchToken } from '../../src/server/saved-searches/links'
import type { AppServices } from '../../src/server/services'
import {
  anyString,
  api,
  createTestApp,
  describeOnEachDatabase,
  expectError,
  marketSnapshotRow,
  openSecondServices,
  pinnedInWindow,
  signUp,
  uniqueEmail,
  uniqueIp,
  validRealtor,
  type ErrorBody,
  type TestApp,
} from './harness'

/*
 * Issue 27 item 5, the monthly market e-mail on SQLite and PostgreSQL: subscribe → pending with
 * the consent given and one confirmation → confirm → one report per month, even from two
 * processes at once; one-click unsubscribe; refusals (fields, a city not the realtor's, the rate
 * limit). Mails are read from the outbox, where they are stored before they are sent.
 */

const LIMIT = 4
const ADDRESS = '100 Spectrum Center Dr, Irvine, CA 92618'
const NOW = new Date(Date.UTC(2026, 10, 20, 12, 0, 0))

type Created = { id: string; status: string }

function request(realtorId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    realtorId,
    email: `reader-${randomUUID().slice(0, 8)}@example.org`,
    name: 'Minji',
    state: 'CA',
    city: 'Irvine',
    consent: true,
    consentPage: '/en/some-realtor/market/irvine-ca',
    // A client's own consent text is never what is stored.
    consentText: 'I agree to anything',
    ...overrides,
  }
}

async function insertSnapshot(services: AppServices, city: string, month: string, overrides: Record<string, number | null> = {}): Promise<void> {
  await services.db
    .insertInto('marketSnapshot')
    .values(
      marketSnapshotRow(month, {
        cityKey: city.toLowerCase(),
        city,
        listingCount: 40,
        activeCount: 31,
        newListings: 9,
        priceReductions: 4,
        soldCount: 6,
        medianListPrice: 1_185_000,
        medianPricePerSquareFoot: 612.4,
        medianDaysOnMarket: 23,
        monthsOfSupply: 2.5,
        asOf: `${month}-20T12:00:00.000Z`,
        ...overrides,
      }),
    )
    .execute()
}

describeOnEachDatabase('market report subscriptions', (database) => {
  let app: TestApp
  let s: AppServices
  let realtor: { id: string; desiredUrl: string }

  const row = (id: string) => s.db.selectFrom('marketSubscription').selectAll().where('id', '=', id).executeTakeFirst()
  const mailsTo = (email: string, kind: 'market-confirm' | 'market-report') =>
    s.db.selectFrom('mailOutbox').selectAll().where('toAddress', '=', email).where('kind', '=', kind).orderBy('createdAt').execute()

  async function subscribe(overrides: Record<string, unknown> = {}, lang: 'ko' | 'en' = 'en'): Promise<{ id: string; email: string }> {
    const body = request(realtor.id, overrides)
    const created = await api<Created>(s, 'POST', '/market-subscriptions', { body, lang })
    expect(created.status, created.text).toBe(202)
    return { id: created.body.id, email: String(body.email) }
  }

  async function confirmed(overrides: Record<string, unknown> = {}): Promise<{ id: string; email: string }> {
    const subscription = await subscribe(overrides)
    const stored = await row(subscription.id)
    await confirmMarketSubscription(s, { token: signSavedSearchToken(s.config.signingSecret, stored!, 'confirm', null) })
    return subscription
  }

  beforeAll(async () => {
    app = await createTestApp(database.name, { env: { RATE_LIMIT_SAVED_SEARCH: String(LIMIT) } })
    s = app.services
    app.clock.set(NOW)
    const token = await signUp(s, uniqueEmail('market-mail-owner'))
    const created = await api<{ id: string; desiredUrl: string }>(s, 'POST', '/realtor', {
      token,
      body: validRealtor({ email: 'jane.kim@realty.example', displayNameEn: 'Jane Kim', displayNameKo: '김제인', brokerageAddress: ADDRESS }),
    })
    expect(created.status, created.text).toBe(201)
    realtor = created.body
    await insertSnapshot(s, 'Irvine', '2026-10', { medianListPrice: 1_150_000 })
    await insertSnapshot(s, 'Irvine', '2026-11')
    // A city with figures that is not one of this realtor's.
    await insertSnapshot(s, 'Tustin', '2026-11')
  })

  afterEach(() => app.clock.set(NOW))

  afterAll(async () => {
    await app?.close()
  })

  it('stores a pending subscription with its consent and sends one confirmation in the visitor’s language; the link confirms it', async () => {
    const { id, email } = await subscribe({ lang: 'ko' })
    const stored = await row(id)
    expect(stored).toMatchObject({
      status: 'pending',
      state: 'CA',
      city: 'Irvine',
      cityKey: 'irvine',
      lang: 'ko',
      consentVersion: 'market-report-v2',
      consentLang: 'en',
      consentPage: '/en/some-realtor/market/irvine-ca',
      confirmedAt: null,
      lastSentMonth: null,
    })
    expect(stored?.consentText).not.toBe('I agree to anything')
    expect(stored?.consentText).toContain('Jane Kim')
    expect(stored?.consentText).toContain('Irvine')
    expect(stored?.consentedAt).toBe(NOW.toISOString())

    const mails = await mailsTo(email, 'market-confirm')
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ fromName: '김제인', replyTo: 'jane.kim@realty.example' })
    const link = /https?:\/\/\S+\/market-alerts\/confirm\?token=\S+/.exec(mails[0]!.textBody)?.[0]
    expect(link, mails[0]!.textBody).toBeDefined()
    // Korean pages have no language prefix; the link names the realtor's page.
    expect(new URL(link!).pathname).toBe(`/${realtor.desiredUrl}/market-alerts/confirm`)
    const token = new URL(link!).searchParams.get('token') ?? ''

    // The link's page shows what will be confirmed and confirms nothing by itself.
    expect(await readMarketConfirmLink(s, { token })).toMatchObject({ city: 'Irvine', state: 'CA', status: 'pending', realtorName: '김제인' })
    expect((await row(id))?.status).toBe('pending')

    // The confirm page's button, posted without scripts: back to the page, which says so.
    const back = `/${realtor.desiredUrl}/market-alerts/confirm`
    const posted = await api(s, 'POST', '/market-subscriptions/confirm', {
      rawBody: new URLSearchParams({ token, back }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(posted.status).toBe(303)
    expect(posted.headers.get('location')).toBe(`${back}?token=${encodeURIComponent(token).replace(/%20/g, '+')}&done=confirmed`)
    expect(await row(id)).toMatchObject({ status: 'active', confirmedAt: NOW.toISOString() })
    // Idempotent, as JSON too.
    const again = await api(s, 'POST', '/market-subscriptions/confirm', { body: { token } })
    expect(again.status, again.text).toBe(200)
    expect(again.body).toMatchObject({ status: 'active', city: 'Irvine' })

    // Subscribing again once active: the same answer, no second mail.
    const repeated = await api<Created>(s, 'POST', '/market-subscriptions', { body: request(realtor.id, { email: email.toUpperCase() }) })
    expect(repeated.body).toEqual({ id, status: 'pending' })
    expect(await mailsTo(email, 'market-confirm')).toHaveLength(1)
  })

  it('accepts the plain form without scripts (consent=on, the city’s address segment) with a 303 to the status page', async () => {
    const email = `form-${randomUUID().slice(0, 8)}@example.org`
    const form = new URLSearchParams({
      realtorId: realtor.id,
      email,
      state: 'CA',
      city: 'irvine-ca',
      consent: 'on',
      lang: 'en',
      consentPage: '/en/x/market/irvine-ca',
    })
    const posted = await api(s, 'POST', '/market-subscriptions', { rawBody: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(posted.status).toBe(303)
    expect(posted.headers.get('location')).toBe(`/en/${realtor.desiredUrl}/market-alerts/subscribed?status=sent&back=%2Fen%2Fx%2Fmarket%2Firvine-ca`)
    expect(await mailsTo(email, 'market-confirm')).toHaveLength(1)

    form.set('consent', '')
    const refused = await api(s, 'POST', '/market-subscriptions', {
      rawBody: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(refused.headers.get('location')).toContain('failed=consent')
  })

  it('refuses bad fields with translated errors, a city not the realtor’s, and an unknown realtor', async () => {
    const english = await api<ErrorBody>(s, 'POST', '/market-subscriptions', {
      body: request(realtor.id, { email: 'not-an-address', consent: false }),
      lang: 'en',
    })
    expectError(english, 400, 'VALIDATION_FAILED')
    expect(english.body.fieldErrors?.email).toEqual(['Enter a valid e-mail address'])
    expect(english.body.fieldErrors?.consent).toEqual(['Agree to receive the monthly market report'])

    const korean = await api<ErrorBody>(s, 'POST', '/market-subscriptions', {
      body: request(realtor.id, { email: 'not-an-address', consent: false }),
      lang: 'ko',
    })
    expectError(korean, 400, 'VALIDATION_FAILED')
    expect(korean.headers.get('content-language')).toBe('ko')
    expect(korean.body.fieldErrors?.email?.[0]).toMatch(/\p{Script=Hangul}/u)
    expect(korean.body.fieldErrors?.consent?.[0]).toMatch(/\p{Script=Hangul}/u)

    // Tustin has figures, but is not in this realtor's region; Santa Ana is neither.
    for (const city of ['Tustin', 'Santa Ana']) {
      const body = request(realtor.id, { city })
      const refused = await api<ErrorBody>(s, 'POST', '/market-subscriptions', { body, lang: 'en' })
      expectError(refused, 400, 'VALIDATION_FAILED')
      expect(refused.body.fieldErrors?.city).toEqual(['Choose a city with a market report'])
      expect(await mailsTo(String(body.email), 'market-confirm')).toHaveLength(0)
    }
    expectError(await api(s, 'POST', '/market-subscriptions', { body: request(randomUUID()) }), 404, 'NOT_FOUND')
    const count = await s.db
      .selectFrom('marketSubscription')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('email', '=', 'not-an-address')
      .executeTakeFirst()
    expect(Number(count?.n)).toBe(0)
  })

  it('limits subscriptions per client address and per e-mail address (429)', async () => {
    // All in one rate-limit window: a window that turns over mid-test would start the counts again.
    pinnedInWindow(app.clock)
    const ip = uniqueIp()
    for (let index = 0; index < LIMIT; index++) {
      const result = await api(s, 'POST', '/market-subscriptions', { ip, body: request(realtor.id) })
      expect(result.status, result.text).toBe(202)
    }
    const blocked = await api(s, 'POST', '/market-subscriptions', { ip, body: request(realtor.id) })
    expectError(blocked, 429, 'RATE_LIMITED')
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/)

    const email = `flood-${randomUUID().slice(0, 8)}@example.org`
    for (let index = 0; index < LIMIT; index++) {
      const result = await api(s, 'POST', '/market-subscriptions', { body: request(realtor.id, { email }) })
      expect(result.status, result.text).toBe(202)
    }
    expectError(await api(s, 'POST', '/market-subscriptions', { body: request(realtor.id, { email }) }), 429, 'RATE_LIMITED')
    // Pending again each time: one confirmation per accepted request, none for the refused one.
    expect(await mailsTo(email, 'market-confirm')).toHaveLength(LIMIT)
  })

  it('sends each active subscription exactly one report a month, with the figures, the unsubscribe link and the postal address; pending ones get nothing', async () => {
    const active = await confirmed({ lang: 'en', name: 'Jin <b>Lee</b>' })
    const pending = await subscribe()

    await sendMonthlyMarketReports(s)
    await sendMonthlyMarketReports(s)
    const reports = await mailsTo(active.email, 'market-report')
    expect(reports).toHaveLength(1)
    expect(await mailsTo(pending.email, 'market-report')).toHaveLength(0)
    expect((await row(active.id))?.lastSentMonth).toBe('2026-11')

    const [mail] = reports
    expect(mail?.subject).toBe('Irvine, CA market report, November 2026 — Jane Kim')
    expect(mail?.fromName).toBe('Jane Kim')
    const text = mail?.textBody ?? ''
    expect(text).toContain('Median list price: $1.19M')
    expect(text).toContain('Median price per sq ft: $612')
    expect(text).toContain('Active listings: 31')
    expect(text).toContain('New listings (last 30 days): 9')
    expect(text).toContain('Price reductions (last 30 days): 4')
    expect(text).toContain('Median days on market: 23')
    expect(text).toContain('Months of supply: 2.5')
    expect(text).toMatch(/Demonstration data/)
    expect(text).toContain('Source: demonstration listings')
    expect(text).toContain(`/en/${realtor.desiredUrl}/market/irvine-ca`)
    expect(text).toMatch(new RegExp(`/en/${realtor.desiredUrl}/market-alerts/unsubscribe\\?token=`))
    expect(text).toContain(ADDRESS)
    expect(mail?.htmlBody).toContain(ADDRESS)
    // Data is escaped in the HTML.
    expect(mail?.htmlBody).toContain('Jin &lt;b&gt;Lee&lt;/b&gt;')
    const headers = JSON.parse(mail?.headers ?? '{}') as Record<string, string>
    expect(headers['List-Unsubscribe']).toMatch(/^<https?:\/\/\S+\/cozying-api\/v1\/market-subscriptions\/unsubscribe\?token=\S+>$/)
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')

    // A new month's snapshot: one more report, once.
    await insertSnapshot(s, 'Irvine', '2026-12', { monthsOfSupply: null })
    app.clock.set(new Date(Date.UTC(2026, 11, 2, 9, 0, 0)))
    await sendMonthlyMarketReports(s)
    await sendMonthlyMarketReports(s)
    const both = await mailsTo(active.email, 'market-report')
    expect(both).toHaveLength(2)
    expect(both[1]?.subject).toContain('December 2026')
    expect(both[1]?.textBody).not.toContain('Months of supply')
  })

  it('never sends the same month twice from two processes at once', async () => {
    const subscriptions = []
    for (let index = 0; index < 6; index++) subscriptions.push(await confirmed())
    const other = await openSecondServices(database.name, s)
    try {
      await Promise.all([sendMonthlyMarketReports(s), sendMonthlyMarketReports(other)])
      for (const subscription of subscriptions) expect(await mailsTo(subscription.email, 'market-report')).toHaveLength(1)
    } finally {
      await other.close()
    }
  })

  it('sends nothing while the realtor’s homepage is unpublished, and the month once it is published again', async () => {
    const subscription = await confirmed()
    await s.db.updateTable('realtor').set({ isMakeHomepage: 'N' }).where('id', '=', realtor.id).execute()
    try {
      await sendMonthlyMarketReports(s)
      expect(await mailsTo(subscription.email, 'market-report')).toHaveLength(0)
    } finally {
      await s.db.updateTable('realtor').set({ isMakeHomepage: 'Y' }).where('id', '=', realtor.id).execute()
    }
    await sendMonthlyMarketReports(s)
    expect(await mailsTo(subscription.email, 'market-report')).toHaveLength(1)
  })

  it('unsubscribes in one click from a mail provider and from the unsubscribe page; nothing is sent afterwards', async () => {
    const first = await confirmed()
    const stored = await row(first.id)
    const token = signSavedSearchToken(s.config.signingSecret, stored!, 'unsubscribe', null)
    const oneClick = () =>
      api(s, 'POST', `/market-subscriptions/unsubscribe?token=${encodeURIComponent(token)}`, {
        rawBody: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
    const answer = await oneClick()
    expect(answer.status, answer.text).toBe(200)
    expect(answer.body).toEqual({ status: 'unsubscribed' })
    expect((await oneClick()).status).toBe(200)
    expect(await row(first.id)).toMatchObject({ status: 'unsubscribed', unsubscribedAt: anyString })

    const second = await confirmed()
    const secondToken = signSavedSearchToken(s.config.signingSecret, (await row(second.id))!, 'unsubscribe', null)
    const back = `/en/${realtor.desiredUrl}/market-alerts/unsubscribe`
    const page = await api(s, 'POST', '/market-subscriptions/unsubscribe', {
      rawBody: new URLSearchParams({ token: secondToken, back }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(page.status).toBe(303)
    expect(page.headers.get('location')).toMatch(new RegExp(`^${back}\\?token=.+&done=unsubscribed$`))
    expect((await row(second.id))?.status).toBe('unsubscribed')

    await sendMonthlyMarketReports(s)
    expect(await mailsTo(first.email, 'market-report')).toHaveLength(0)
    expect(await mailsTo(second.email, 'market-report')).toHaveLength(0)

    // A confirm link cannot unsubscribe; a bad token is a translated 400.
    const confirmToken = signSavedSearchToken(s.config.signingSecret, stored!, 'confirm', null)
    expectError(await api(s, 'POST', `/market-subscriptions/unsubscribe?token=${encodeURIComponent(confirmToken)}`), 400, 'BAD_REQUEST')
    const bad = await api<ErrorBody>(s, 'POST', '/market-subscriptions/unsubscribe?token=nonsense', { lang: 'ko' })
    expectError(bad, 400, 'BAD_REQUEST')
    expect(bad.body.message).toBe('유효하지 않은 링크입니다. 이메일의 링크를 다시 열어 주세요.')
  })
})
