import { afterAll, beforeAll, expect, it } from 'vitest'
import { CMA_FIXTURE_SUBJECT as SUBJECT } from '../../scripts/cma-fixture'
import type { Cma, CmaList, CmaSent, CmaShare } from '../../src/schemas/cma/cma'
import type { LeadTimeline } from '../../src/schemas/lead-timeline'
import { getSharedReport } from '../../src/server/cma/cma-share'
import { upsertHomes } from '../../src/server/listings/home-store'
import { rankComparables } from '../../src/server/valuations/value-home'
import { parseResoProperties } from '../../src/server/listings/reso-property'
import type { AppServices } from '../../src/server/services'
import { resoPropertyFixture } from '../reso-property-fixture'
import {
  api,
  createTestApp,
  describeOnEachDatabase,
  expectError,
  marketSnapshotRow,
  signUp,
  uniqueEmail,
  uniqueIp,
  validContact,
  validRealtor,
  type ErrorBody,
  type TestApp,
} from './harness'

/*
 * A realtor's CMA over REST (issue 53 part 2) on SQLite and PostgreSQL: made from a subject and
 * a seller lead with comparables chosen by match, changed (picks, grid lines, range, note) with the
 * adjusted prices recomputed on the server, printed as a PDF, shared by a link that can be revoked
 * or expire, sent to the lead (on its timeline), deleted; another realtor's CMA is 404 everywhere.
 * A comparable whose MLS withholds its address never says where it is.
 */

const NOW = new Date(Date.UTC(2026, 10, 20, 12, 0, 0))
const HIDDEN = 'CMA-HIDDEN Secret Way'

function property(key: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return resoPropertyFixture(key, 'Comparable Ct', { Latitude: 33.68, Longitude: -117.77, YearBuilt: 1995, LotSizeSquareFeet: 5000, ...overrides })
}

describeOnEachDatabase('CMAs', (database) => {
  let app: TestApp
  let s: AppServices
  let ownerToken = ''
  let otherToken = ''
  let realtorId = ''
  let otherRealtorId = ''
  let leadId = ''

  beforeAll(async () => {
    app = await createTestApp(database.name)
    s = app.services
    app.clock.set(NOW)
    ownerToken = await signUp(s, uniqueEmail('cma-owner'))
    otherToken = await signUp(s, uniqueEmail('cma-other'))
    const created = await api<{ id: string }>(s, 'POST', '/realtor', { token: ownerToken, body: validRealtor() })
    expect(created.status, created.text).toBe(201)
    realtorId = created.body.id
    const other = await api<{ id: string }>(s, 'POST', '/realtor', { token: otherToken, body: validRealtor() })
    expect(other.status, other.text).toBe(201)
    otherRealtorId = other.body.id
    const parsed = parseResoProperties([
      property('CMA-1', { ListPrice: 1_000_000, Media: [{ MediaURL: 'https://photos.example/cma-1.jpg', Order: 1 }] }),
      property('CMA-2', { ListPrice: 1_050_000, LivingArea: 2100, Latitude: 33.69 }),
      property('CMA-3', { ListPrice: 980_000, LivingArea: 1900, BedroomsTotal: 4 }),
      property('CMA-4', { StandardStatus: 'Closed', ClosePrice: 1_020_000, CloseDate: '2026-09-15' }),
      property('CMA-5', { ListPrice: 1_010_000, LivingArea: 2050 }),
      property('CMA-6', { ListPrice: 990_000, LivingArea: 1950 }),
      property('CMA-7', { PostalCode: '92620', ListPrice: 1_100_000 }),
      property('CMA-HIDDEN', { ListPrice: 1_005_000, InternetAddressDisplayYN: false, UnparsedAddress: HIDDEN }),
      // The owner's own home, once listed: its position makes the distances real.
      property('CMA-SUBJECT', { UnparsedAddress: '1 Test Lane', PropertySubType: 'Condominium', Latitude: 33.68, Longitude: -117.78 }),
    ])
    expect(parsed.rejected).toEqual([])
    await upsertHomes(s.db, parsed.records, { source: 'demo', isDemo: true, now: NOW })
    // Irvine's price per sq ft up 1 % a month: its sale of September is worth more today (the market line).
    await s.db
      .insertInto('marketSnapshot')
      .values(
        ['2026-08', '2026-09', '2026-10', '2026-11'].map((month, index) =>
          marketSnapshotRow(month, {
            listingCount: 8,
            activeCount: 7,
            newListings: 1,
            soldCount: 1,
            medianPricePerSquareFoot: 500 * 1.01 ** index,
            asOf: NOW.toISOString(),
          }),
        ),
      )
      .execute()
    const lead = await api<{ id: string }>(s, 'POST', '/seller-leads', {
      body: {
        realtorId,
        ...SUBJECT,
        name: 'Jiwoo Han',
        email: `owner-${Math.random().toString(36).slice(2, 10)}@example.org`,
        lang: 'ko',
        timeframe: '3-6',
        consent: true,
      },
    })
    expect(lead.status, lead.text).toBe(201)
    leadId = lead.body.id
  })

  afterAll(async () => {
    await app.close()
  })

  async function createCma(body: Record<string, unknown> = { realtorId, subject: SUBJECT, leadId }): Promise<Cma> {
    const created = await api<Cma>(s, 'POST', '/cmas', { token: ownerToken, body })
    expect(created.status, created.text).toBe(201)
    return created.body
  }

  it('starts a CMA with comparables by match, the best picked, a withheld address withheld', async () => {
    const cma = await createCma()
    expect(cma).toMatchObject({ realtorId, leadId, status: 'draft', note: '', recommendedLow: null, share: null, subject: SUBJECT })
    const keys = cma.comparables.map((home) => home.listingKey)
    expect(keys).toContain('CMA-1')
    expect(keys).not.toContain('CMA-SUBJECT')
    // Best match first (the estimator's ranking, decision 073): the farther, larger home behind the one like the subject.
    expect(keys.indexOf('CMA-2')).toBeGreaterThan(keys.indexOf('CMA-1'))
    const scores = cma.comparables.map((home) => home.matchScore)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
    expect(cma.comparables.filter((home) => home.picked)).toHaveLength(6)
    for (const home of cma.comparables) {
      const { other, ...lines } = home.adjustments
      expect(home.adjustedPrice).toBe(home.price + Object.values(lines).reduce((sum, amount) => sum + amount, 0) + other.amount)
    }
    const bigger = cma.comparables.find((home) => home.listingKey === 'CMA-2')
    expect(bigger?.adjustments.size).toBeLessThan(0)
    expect(bigger?.distanceMiles).toBeGreaterThan(0.5)
    expect(cma.comparables.find((home) => home.listingKey === 'CMA-1')).toMatchObject({
      photoUrl: 'https://photos.example/cma-1.jpg',
      address: 'CMA-1 Comparable Ct',
    })
    const hidden = cma.comparables.find((home) => home.listingKey === 'CMA-HIDDEN')
    expect(hidden).toMatchObject({ address: null, postalCode: null, distanceMiles: null })
    expect(JSON.stringify(cma)).not.toContain('Secret Way')
    expect(cma.rangeBasis.pickedCount).toBe(6)
  })

  it("puts the estimator's move to today's market on a line of its own, so each adjusted price is the estimator's; an older CMA reads it as 0", async () => {
    const cma = await createCma()
    const ranked = new Map((await rankComparables(s, { realtorId, ...SUBJECT }, 12)).map((home) => [home.listingKey, home]))
    // The sale of two months ago is worth more today.
    expect(cma.comparables.find((home) => home.listingKey === 'CMA-4')?.adjustments.market).toBeGreaterThan(0)
    for (const home of cma.comparables) {
      const estimated = ranked.get(home.listingKey)
      if (!estimated) throw new Error(`${home.listingKey} was not ranked`)
      expect(home.adjustments.market, home.listingKey).toBe(Math.round(estimated.marketPrice - estimated.price))
      // Each line is rounded to the dollar: six lines differ from the estimator's sum by a few dollars at most.
      expect(Math.abs(home.adjustedPrice - estimated.adjustedPrice), home.listingKey).toBeLessThanOrEqual(6)
    }
    const first = cma.comparables[0]
    if (!first) throw new Error('no comparables')
    // A grid changed without naming the market line keeps it.
    const patched = await api<Cma>(s, 'PATCH', `/cmas/${cma.id}`, {
      token: ownerToken,
      body: { comparables: [{ id: first.id, adjustments: { view: 10_000 } }] },
    })
    expect(patched.status, patched.text).toBe(200)
    expect(patched.body.comparables[0]?.adjustments).toMatchObject({ market: first.adjustments.market, view: 10_000 })
    // A grid stored before the market line existed.
    const patchedFirst = patched.body.comparables[0]
    if (!patchedFirst) throw new Error('no comparables')
    const { market: _market, ...older } = patchedFirst.adjustments
    await s.db
      .updateTable('cmaComparable')
      .set({ adjustments: JSON.stringify(older) })
      .where('id', '=', first.id)
      .execute()
    const read = await api<Cma>(s, 'GET', `/cmas/${cma.id}`, { token: ownerToken })
    expect(read.status, read.text).toBe(200)
    expect(read.body.comparables[0]?.adjustments).toMatchObject({ market: 0, size: first.adjustments.size, view: 10_000 })
  })

  it('lists, changes and deletes a CMA, recomputing adjusted prices on the server', async () => {
    const cma = await createCma()
    const first = cma.comparables[0]
    const last = cma.comparables.at(-1)
    if (!first || !last) throw new Error('no comparables')
    const patched = await api<Cma>(s, 'PATCH', `/cmas/${cma.id}`, {
      token: ownerToken,
      body: {
        comparables: [
          { id: first.id, adjustments: { condition: 25_000, other: { label: 'New roof', amount: -5_000 } }, adjustedPrice: 1 },
          { id: last.id, picked: true },
        ],
        recommendedLow: 1_000_000,
        recommendedHigh: 1_060_000,
        note: '주방 리모델링 반영',
      },
    })
    expect(patched.status, patched.text).toBe(200)
    const changed = patched.body.comparables.find((home) => home.id === first.id)
    expect(changed?.adjustments).toMatchObject({ size: first.adjustments.size, condition: 25_000, other: { label: 'New roof', amount: -5_000 } })
    expect(changed?.adjustedPrice).toBe(first.adjustedPrice + 20_000)
    expect(patched.body.comparables.find((home) => home.id === last.id)?.picked).toBe(true)
    expect(patched.body).toMatchObject({ recommendedLow: 1_000_000, recommendedHigh: 1_060_000, note: '주방 리모델링 반영' })
    expect(patched.body.rangeBasis.pickedCount).toBe(7)

    const listed = await api<CmaList>(s, 'GET', `/cmas?realtorId=${realtorId}`, { token: ownerToken })
    expect(listed.status, listed.text).toBe(200)
    expect(listed.body.cmas.map((item) => item.id)).toContain(cma.id)
    expect(listed.body.cmas.find((item) => item.id === cma.id)).toMatchObject({ pickedCount: 7 })

    const inverted = await api<ErrorBody>(s, 'PATCH', `/cmas/${cma.id}`, { token: ownerToken, lang: 'ko', body: { recommendedLow: 2_000_000 } })
    expectError(inverted, 400, 'VALIDATION_FAILED')
    expect(inverted.body.fieldErrors?.recommendedHigh?.[0]).toMatch(/[가-힣]/)
    const stranger = await api<ErrorBody>(s, 'PATCH', `/cmas/${cma.id}`, {
      token: ownerToken,
      body: { comparables: [{ id: 'not-one-of-them', picked: false }] },
    })
    expectError(stranger, 400, 'VALIDATION_FAILED')
    expect(Object.keys(stranger.body.fieldErrors ?? {})).toEqual(['comparables.0.id'])
    const badGrid = await api<ErrorBody>(s, 'PATCH', `/cmas/${cma.id}`, {
      token: ownerToken,
      body: { comparables: [{ id: first.id, adjustments: { view: 'a lot' } }] },
    })
    expectError(badGrid, 400, 'VALIDATION_FAILED')

    const deleted = await api(s, 'DELETE', `/cmas/${cma.id}`, { token: ownerToken })
    expect(deleted.status, deleted.text).toBe(200)
    expectError(await api(s, 'GET', `/cmas/${cma.id}`, { token: ownerToken }), 404, 'NOT_FOUND')
    expect(await s.db.selectFrom('cmaComparable').select('id').where('cmaId', '=', cma.id).execute()).toEqual([])
  })

  it("answers 404 for another realtor's CMA, whatever the method, and 401 without a token", async () => {
    const cma = await createCma()
    for (const [method, path] of [
      ['GET', `/cmas/${cma.id}`],
      ['PATCH', `/cmas/${cma.id}`],
      ['DELETE', `/cmas/${cma.id}`],
      ['GET', `/cmas/${cma.id}.pdf`],
      ['POST', `/cmas/${cma.id}/share`],
      ['DELETE', `/cmas/${cma.id}/share`],
      ['POST', `/cmas/${cma.id}/send`],
    ] as const) {
      expectError(await api(s, method, path, { token: otherToken, body: method === 'GET' || method === 'DELETE' ? undefined : {} }), 404, 'NOT_FOUND')
      expectError(await api(s, method, path, { body: method === 'GET' || method === 'DELETE' ? undefined : {} }), 401, 'UNAUTHORIZED')
    }
    expectError(await api(s, 'GET', `/cmas?realtorId=${realtorId}`, { token: otherToken }), 404, 'NOT_FOUND')
    expectError(await api(s, 'POST', '/cmas', { token: otherToken, body: { realtorId, subject: SUBJECT } }), 404, 'NOT_FOUND')
    // Another realtor's lead is not one to send this realtor's CMA to.
    const foreignLead = await api<ErrorBody>(s, 'POST', '/cmas', { token: otherToken, body: { realtorId: otherRealtorId, subject: SUBJECT, leadId } })
    expectError(foreignLead, 400, 'VALIDATION_FAILED')
    expect(Object.keys(foreignLead.body.fieldErrors ?? {})).toEqual(['leadId'])
    // Nor is a lead of this realtor's that is no seller: a message has no home to value.
    const message = await api<{ id: string }>(s, 'POST', '/realtor-contacts', { body: validContact(realtorId), ip: uniqueIp() })
    expect(message.status, message.text).toBe(201)
    const messageLead = await s.db.selectFrom('lead').select('id').where('id', '=', message.body.id).executeTakeFirstOrThrow()
    const notSeller = await api<ErrorBody>(s, 'POST', '/cmas', { token: ownerToken, body: { realtorId, subject: SUBJECT, leadId: messageLead.id }, lang: 'en' })
    expectError(notSeller, 400, 'VALIDATION_FAILED')
    expect(notSeller.body.fieldErrors).toEqual({ leadId: ["Choose one of your seller leads: a market analysis values a seller's home"] })
    expect((await api<Cma>(s, 'GET', `/cmas/${cma.id}`, { token: ownerToken })).status).toBe(200)
  })

  it('shares by an unguessable link that revocation and expiry end, never showing a withheld address', async () => {
    const cma = await createCma()
    const hidden = cma.comparables.find((home) => home.listingKey === 'CMA-HIDDEN')
    if (!hidden) throw new Error('the hidden home is not a candidate')
    const picked = await api<Cma>(s, 'PATCH', `/cmas/${cma.id}`, { token: ownerToken, body: { comparables: [{ id: hidden.id, picked: true }] } })
    const pickedCount = picked.body.comparables.filter((home) => home.picked).length
    const shared = await api<CmaShare>(s, 'POST', `/cmas/${cma.id}/share`, { token: ownerToken })
    expect(shared.status, shared.text).toBe(201)
    expect(shared.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(shared.body.paths.en).toMatch(new RegExp(`^/en/[^/]+/cma/${shared.body.token}$`))
    const report = await getSharedReport(s, shared.body.token, 'ko')
    expect(report?.comparables.length).toBe(pickedCount)
    expect(report?.comparables.some((home) => home.address === null && home.distanceMiles === null)).toBe(true)
    expect(JSON.stringify(report)).not.toContain('Secret Way')
    expect(report?.subject.street).toBe('1 Test Lane')
    expect(report?.disclosures.equalHousing).toMatch(/[가-힣]/)
    expect((await getSharedReport(s, shared.body.token, 'en'))?.disclosures.equalHousing).toContain('Equal Housing Opportunity')
    expect((await api<Cma>(s, 'GET', `/cmas/${cma.id}`, { token: ownerToken })).body.share?.token).toBe(shared.body.token)

    // A new link ends the old one; revoking ends the new one.
    const again = await api<CmaShare>(s, 'POST', `/cmas/${cma.id}/share`, { token: ownerToken, body: {} })
    expect(await getSharedReport(s, shared.body.token, 'ko')).toBeNull()
    const revoked = await api<{ revoked: boolean }>(s, 'DELETE', `/cmas/${cma.id}/share`, { token: ownerToken })
    expect(revoked.body).toMatchObject({ revoked: true })
    expect(await getSharedReport(s, again.body.token, 'ko')).toBeNull()
    expect((await api<Cma>(s, 'GET', `/cmas/${cma.id}`, { token: ownerToken })).body.share).toBeNull()

    // JSON that is no set of fields (null, a list) is refused, and changes nothing: no new link, no mail.
    for (const path of [`/cmas/${cma.id}/share`, `/cmas/${cma.id}/send`])
      for (const rawBody of ['null', '[]', '7']) {
        const refused = await api<ErrorBody>(s, 'POST', path, { token: ownerToken, rawBody, headers: { 'content-type': 'application/json' } })
        expectError(refused, 400, 'VALIDATION_FAILED')
      }
    expect((await api<Cma>(s, 'GET', `/cmas/${cma.id}`, { token: ownerToken })).body.share).toBeNull()

    const past = await api<ErrorBody>(s, 'POST', `/cmas/${cma.id}/share`, { token: ownerToken, body: { expiresAt: '2026-11-19T00:00:00Z' } })
    expectError(past, 400, 'VALIDATION_FAILED')
    expect(Object.keys(past.body.fieldErrors ?? {})).toEqual(['expiresAt'])
    const expiring = await api<CmaShare>(s, 'POST', `/cmas/${cma.id}/share`, { token: ownerToken, body: { expiresAt: '2026-11-21T12:00:00Z' } })
    expect(expiring.body.expiresAt).toBe('2026-11-21T12:00:00.000Z')
    expect(await getSharedReport(s, expiring.body.token, 'en')).not.toBeNull()
    app.clock.set(new Date(Date.UTC(2026, 10, 21, 12, 0, 1)))
    try {
      expect(await getSharedReport(s, expiring.body.token, 'en')).toBeNull()
    } finally {
      app.clock.set(NOW)
    }
    expect(await getSharedReport(s, 'x'.repeat(43), 'en')).toBeNull()
    expect(await getSharedReport(s, '../etc', 'en')).toBeNull()
  })

  it('prints the PDF on Letter or A4 in either language, and refuses another language', async () => {
    const cma = await createCma()
    for (const query of ['lang=ko', 'lang=en&paper=a4']) {
      const pdf = await api(s, 'GET', `/cmas/${cma.id}.pdf?${query}`, { token: ownerToken })
      expect(pdf.status, pdf.text.slice(0, 200)).toBe(200)
      expect(pdf.headers.get('content-type')).toBe('application/pdf')
      expect(pdf.headers.get('cache-control')).toBe('private, no-store')
      expect(pdf.text.startsWith('%PDF-')).toBe(true)
      expect(pdf.text).toMatch(/\/BaseFont \/[A-Z]{6}\+Pretendard-Regular/)
    }
    expectError(await api(s, 'GET', `/cmas/${cma.id}.pdf?lang=fr`, { token: ownerToken }), 400, 'VALIDATION_FAILED')
  })

  it("sends the link to the seller lead in the lead's language, on the lead's timeline", async () => {
    const cma = await createCma()
    await api(s, 'PATCH', `/cmas/${cma.id}`, { token: ownerToken, body: { recommendedLow: 990_000, recommendedHigh: 1_040_000 } })
    const sent = await api<CmaSent>(s, 'POST', `/cmas/${cma.id}/send`, { token: ownerToken })
    expect(sent.status, sent.text).toBe(200)
    expect(sent.body).toMatchObject({ lang: 'ko', delivery: 'outbox' })
    expect(sent.body.cma).toMatchObject({ status: 'sent', sentAt: NOW.toISOString() })
    const token = sent.body.cma.share?.token ?? ''
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const mail = await s.db.selectFrom('mailOutbox').selectAll().where('id', '=', sent.body.mailId).executeTakeFirstOrThrow()
    expect(mail).toMatchObject({ kind: 'cma', leadId, realtorId })
    expect(mail.textBody).toContain(`/cma/${token}`)
    expect(mail.textBody).not.toContain('/en/')
    expect(mail.subject).toMatch(/[가-힣]/)
    expect(mail.textBody).toContain('$990,000')
    const timeline = await api<LeadTimeline>(s, 'GET', `/leads/${leadId}/timeline`, { token: ownerToken })
    expect(timeline.status, timeline.text).toBe(200)
    expect(timeline.body.entries.find((entry) => entry.type === 'mail' && entry.id === sent.body.mailId)).toMatchObject({ kind: 'cma', state: 'queued' })

    // The realtor may choose English; the same live link is sent again.
    const english = await api<CmaSent>(s, 'POST', `/cmas/${cma.id}/send`, { token: ownerToken, body: { lang: 'en' } })
    expect(english.body.lang).toBe('en')
    const englishMail = await s.db.selectFrom('mailOutbox').select(['subject', 'textBody']).where('id', '=', english.body.mailId).executeTakeFirstOrThrow()
    expect(englishMail.textBody).toContain(`/en/`)
    expect(englishMail.textBody).toContain(token)
    expect(englishMail.subject).toContain('market analysis')

    const typed = await createCma({ realtorId, subject: SUBJECT })
    expectError(await api(s, 'POST', `/cmas/${typed.id}/send`, { token: ownerToken }), 409, 'CONFLICT')
  })
})
