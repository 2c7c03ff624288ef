import { afterAll, beforeAll, expect, it } from 'vitest'
import { upsertHomes } from '../../src/server/listings/home-store'
import { parseResoProperties } from '../../src/server/listings/reso-property'
import type { ValuationAnswer } from '../../src/schemas/valuations'
import { buildSitemap } from '../../src/server/seo/sitemap'
import { loadCandidateIndex } from '../../src/server/valuations/comparables'
import { estimateHomeValue } from '../../src/server/valuations/estimate'
import { postedValuation, renderWithPostedValuation } from '../../src/server/valuations/posted-valuation'
import { rankComparables } from '../../src/server/valuations/value-home'
import { api, createTestApp, describeOnEachDatabase, expectError, ORIGIN, signUp, uniqueEmail, validRealtor, type ErrorBody, type TestApp } from './harness'
import { resoPropertyFixture } from '../reso-property-fixture'

/*
 * `POST /valuations` (issue 27 item 3) on SQLite and PostgreSQL: a range from comparable homes of
 * the same type in the same ZIP or city, no number below three comparables, field errors in the
 * caller's language, an MLS-withheld address never shown, and an answer no cache may keep.
 */

const NOW = new Date(Date.UTC(2026, 10, 20, 12, 0, 0))

function property(key: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return resoPropertyFixture(key, 'Valuation Way', overrides)
}

const HOME = { street: '1 Test Lane', city: 'Irvine', state: 'CA', postalCode: '92618', propertyType: 'single_family', beds: 3, baths: 2, livingArea: 2000 }

describeOnEachDatabase('POST /valuations', (database) => {
  let app: TestApp
  let realtorId = ''
  let desiredUrl = ''

  beforeAll(async () => {
    app = await createTestApp(database.name)
    const token = await signUp(app.services, uniqueEmail('valuation-owner'))
    const created = await api<{ id: string; desiredUrl: string }>(app.services, 'POST', '/realtor', { token, body: validRealtor() })
    expect(created.status, created.text).toBe(201)
    realtorId = created.body.id
    desiredUrl = created.body.desiredUrl
    const parsed = parseResoProperties([
      property('VAL-1', { ListPrice: 1_000_000 }),
      property('VAL-2', { ListPrice: 1_050_000, StandardStatus: 'Pending' }),
      property('VAL-3', { ListPrice: 980_000, LivingArea: 1900 }),
      property('VAL-4', { StandardStatus: 'Closed', ClosePrice: 1_020_000, CloseDate: '2026-09-15' }),
      property('VAL-HIDDEN', { ListPrice: 1_010_000, InternetAddressDisplayYN: false }),
      // Another ZIP of the same city: ranks behind the same-ZIP homes (the fixture's homes have no position).
      property('VAL-CITY', { PostalCode: '92620', ListPrice: 1_030_000 }),
      // Condos in Tustin: only two, too few for a number.
      property('VAL-T1', { City: 'Tustin', PostalCode: '92780', PropertySubType: 'Condominium', ListPrice: 600_000, LivingArea: 1200 }),
      property('VAL-T2', { City: 'Tustin', PostalCode: '92780', PropertySubType: 'Condominium', ListPrice: 620_000, LivingArea: 1250 }),
    ])
    expect(parsed.rejected).toEqual([])
    await upsertHomes(app.services.db, parsed.records, { source: 'demo', isDemo: true, now: NOW })
  })

  afterAll(async () => {
    await app.close()
  })

  it('answers a range from the comparables, same ZIP first, each with its status and a withheld address kept withheld', async () => {
    const result = await api<ValuationAnswer>(app.services, 'POST', '/valuations', { body: { realtorId, ...HOME, yearBuilt: 1999 } })
    expect(result.status, result.text).toBe(200)
    expect(result.headers.get('cache-control')).toBe('no-store')
    const answer = result.body
    if (answer.status !== 'estimate') throw new Error(`expected an estimate, got ${result.text}`)
    expect(answer.comparableCount).toBe(6)
    expect(answer.minimumComparables).toBe(3)
    expect(answer.low).toBeLessThan(answer.typical)
    expect(answer.typical).toBeLessThan(answer.high)
    expect(answer.typical).toBeGreaterThan(950_000)
    expect(answer.typical).toBeLessThan(1_060_000)
    expect(answer.typical % 1000).toBe(0)
    expect(answer.basis).toBe('listed')
    const keys = answer.comparables.map((home) => home.listingKey)
    expect(keys.at(-1)).toBe('VAL-CITY')
    expect(answer.comparables.find((home) => home.listingKey === 'VAL-CITY')).toMatchObject({ sameZip: false })
    expect(answer.comparables.find((home) => home.listingKey === 'VAL-4')).toMatchObject({ status: 'sold', price: 1_020_000, date: '2026-09-15' })
    expect(answer.comparables.find((home) => home.listingKey === 'VAL-2')?.status).toBe('pending')
    expect(answer.comparables.find((home) => home.listingKey === 'VAL-1')).toMatchObject({
      status: 'active',
      address: 'VAL-1 Valuation Way',
      pricePerSquareFoot: 500,
    })
    expect(answer.comparables.find((home) => home.listingKey === 'VAL-HIDDEN')?.address).toBeNull()
    expect(result.text).not.toContain('VAL-HIDDEN Valuation Way')
  })

  it('says nothing of where a comparable is when its MLS withholds the address: no ZIP, no position, no distance', async () => {
    const result = await api<ValuationAnswer>(app.services, 'POST', '/valuations', { body: { realtorId, ...HOME } })
    expect(result.status, result.text).toBe(200)
    const hidden = result.body.comparables.find((home) => home.listingKey === 'VAL-HIDDEN')
    // Exactly the facts of the home itself: a field added later (a distance, a position) fails here too.
    expect(Object.keys(hidden ?? {}).sort()).toEqual([
      'address',
      'adjustedPrice',
      'adjustments',
      'baths',
      'beds',
      'date',
      'id',
      'listingKey',
      'livingArea',
      'lotSquareFeet',
      'marketPrice',
      'matchScore',
      'photo',
      'price',
      'priceKind',
      'pricePerSquareFoot',
      'status',
      'yearBuilt',
    ])
    expect(hidden).toMatchObject({ address: null, price: 1_010_000 })
    // A comparable with its address shown keeps saying which ZIP it shares.
    expect(result.body.comparables.find((home) => home.listingKey === 'VAL-1')).toMatchObject({ sameZip: true })
  })

  it('gives no number with fewer than three comparables, and says how many there were', async () => {
    const result = await api<ValuationAnswer>(app.services, 'POST', '/valuations', {
      body: { realtorId, ...HOME, city: 'Tustin', postalCode: '92780', propertyType: 'condo', livingArea: 1200 },
    })
    expect(result.status, result.text).toBe(200)
    expect(result.body).toMatchObject({ status: 'too_few', comparableCount: 2, minimumComparables: 3 })
    expect(result.body).not.toHaveProperty('typical')
  })

  it('answers 400 with field errors in English and in Korean', async () => {
    const bad = { realtorId, ...HOME, postalCode: '9261', state: 'California', livingArea: 20, street: '' }
    const english = await api<ErrorBody>(app.services, 'POST', '/valuations', { body: bad, lang: 'en' })
    expectError(english, 400, 'VALIDATION_FAILED')
    expect(english.body.fieldErrors).toEqual({
      street: ['Enter the street address'],
      state: ['Enter the two-letter state, e.g. CA'],
      postalCode: ['Enter a 5-digit ZIP code'],
      livingArea: ['Enter a living area of at least 100 sq ft'],
    })
    const korean = await api<ErrorBody>(app.services, 'POST', '/valuations', { body: bad, lang: 'ko' })
    expectError(korean, 400, 'VALIDATION_FAILED')
    expect(korean.body.fieldErrors).toEqual({
      street: ['도로명 주소를 입력해 주세요'],
      state: ['주를 두 글자로 입력해 주세요 (예: CA)'],
      postalCode: ['5자리 ZIP 코드를 입력해 주세요'],
      livingArea: ['실내 면적은 100 sq ft 이상으로 입력해 주세요'],
    })
  })

  it('answers 404 for a realtor without a homepage', async () => {
    expectError(await api(app.services, 'POST', '/valuations', { body: { ...HOME, realtorId: 'no-such-realtor' }, lang: 'en' }), 404, 'NOT_FOUND')
  })

  it('lists the home-value page in the sitemap in both languages with hreflang, on our host and on the own domain', async () => {
    const sitemap = await buildSitemap(app.services, ORIGIN)
    const korean = `${ORIGIN}/${desiredUrl}/home-value`
    const english = `${ORIGIN}/en/${desiredUrl}/home-value`
    expect(sitemap).toContain(
      `<url><loc>${korean}</loc><xhtml:link rel="alternate" hreflang="ko" href="${korean}"/><xhtml:link rel="alternate" hreflang="en" href="${english}"/>`,
    )
    expect(sitemap).toContain(`<url><loc>${english}</loc>`)
    const own = await buildSitemap(app.services, 'https://jane.example', desiredUrl)
    expect(own).toContain('<loc>https://jane.example/home-value</loc>')
    expect(own).toContain('<loc>https://jane.example/en/home-value</loc>')
  })

  it('answers exactly as from every home of the ZIP and city, and from the new homes at once after an import', async () => {
    // 12 homes within 2% of the size valued, 20 others, and the city's homes in another ZIP.
    const near = Array.from({ length: 12 }, (_, index) =>
      property(`BAND-N${index}`, { City: 'Bandville', PostalCode: '92700', LivingArea: 1980 + index * 4, ListPrice: 900_000 + index * 17_000 }),
    )
    const far = Array.from({ length: 20 }, (_, index) =>
      property(`BAND-F${index}`, { City: 'Bandville', PostalCode: '92700', LivingArea: 1000 + index * 150, ListPrice: 500_000 + index * 60_000 }),
    )
    const city = Array.from({ length: 5 }, (_, index) =>
      property(`BAND-C${index}`, { City: 'Bandville', PostalCode: '92701', LivingArea: 2000, ListPrice: 2_000_000 + index * 1000 }),
    )
    const parsed = parseResoProperties([...near, ...far, ...city])
    expect(parsed.rejected).toEqual([])
    await upsertHomes(app.services.db, parsed.records, { source: 'demo', isDemo: true, now: NOW })
    const home = { ...HOME, city: 'Bandville', postalCode: '92700', livingArea: 2000 }
    const result = await api<ValuationAnswer>(app.services, 'POST', '/valuations', { body: { realtorId, ...home } })
    expect(result.status, result.text).toBe(200)
    const index = await loadCandidateIndex(
      app.services.db,
      app.services.config.displayProfiles,
      { propertyType: 'single_family', state: 'CA' },
      app.services.now(),
    )
    expect(index.homes.filter((candidate) => candidate.city === 'Bandville').length).toBe(37)
    // No home here has a position: the ZIP's homes, then the city's, are the candidates.
    const valued = { postalCode: '92700', city: 'Bandville', beds: 3, baths: 2, livingArea: 2000 }
    const expected = estimateHomeValue(valued, index.inPlace(valued), app.services.now().getUTCFullYear())
    if (result.body.status !== 'estimate' || expected.kind !== 'estimate') throw new Error(`expected estimates, got ${result.text}`)
    expect({ low: result.body.low, typical: result.body.typical, high: result.body.high }).toEqual({
      low: expected.low,
      typical: expected.typical,
      high: expected.high,
    })
    expect(result.body.comparables.map((comparable) => comparable.listingKey).sort()).toEqual(
      expected.comparables.map((comparable) => comparable.listingKey).sort(),
    )
    // The place's homes are kept in memory per listings revision: an import moves it, and the next
    // answer rests on the homes it brought (here ten the same size, at twice the price).
    const again = await api<ValuationAnswer>(app.services, 'POST', '/valuations', { body: { realtorId, ...home } })
    expect(again.body).toEqual(result.body)
    const dearer = parseResoProperties(
      Array.from({ length: 10 }, (_, index) =>
        property(`BAND-D${index}`, { City: 'Bandville', PostalCode: '92700', LivingArea: 2000, ListPrice: 4_000_000 + index * 1000 }),
      ),
    )
    await upsertHomes(app.services.db, dearer.records, { source: 'demo', isDemo: true, now: NOW })
    const after = await api<ValuationAnswer>(app.services, 'POST', '/valuations', { body: { realtorId, ...home } })
    if (after.body.status !== 'estimate') throw new Error(`expected an estimate, got ${after.text}`)
    expect(after.body.typical).toBeGreaterThan(result.body.typical * 1.5)
    expect(after.body.comparables.every((comparable) => comparable.listingKey.startsWith('BAND-D'))).toBe(true)
  })

  it('refuses a ZIP that the listings place in another city, in the reader’s language, on the API, the page and the seller form', async () => {
    // Irvine's 92604 (condos, so the Irvine houses above are not touched).
    const irvine = parseResoProperties(
      Array.from({ length: 4 }, (_, index) =>
        property(`ZIP-IRV-${index}`, { City: 'Irvine', PostalCode: '92604', PropertySubType: 'Condominium', LivingArea: 1400 + index * 20 }),
      ),
    )
    await upsertHomes(app.services.db, irvine.records, { source: 'demo', isDemo: true, now: NOW })
    const fresno = { realtorId, ...HOME, city: 'Fresno', postalCode: '92604', propertyType: 'condo', livingArea: 1400 }

    const english = await api<ErrorBody>(app.services, 'POST', '/valuations', { body: fresno, lang: 'en' })
    expectError(english, 400, 'VALIDATION_FAILED')
    expect(english.body.fieldErrors).toEqual({ postalCode: ['ZIP code 92604 is in Irvine, not in Fresno. Check the city or the ZIP code.'] })
    const korean = await api<ErrorBody>(app.services, 'POST', '/valuations', { body: { ...fresno, postalCode: '92604-1234' }, lang: 'ko' })
    expectError(korean, 400, 'VALIDATION_FAILED')
    expect(korean.body.fieldErrors).toEqual({
      postalCode: ['ZIP 코드 92604 지역의 도시는 Irvine입니다(입력하신 도시: Fresno). 도시나 ZIP 코드를 확인해 주세요.'],
    })

    // The city in any case is the ZIP's city; a ZIP we hold no home in is not judged.
    const sameCity = await api<ValuationAnswer>(app.services, 'POST', '/valuations', { body: { ...fresno, city: ' irvine ' } })
    expect(sameCity.status, sameCity.text).toBe(200)
    expect(sameCity.body.comparables.every((home) => home.address === null || home.sameZip)).toBe(true)
    const unknownZip = await api<ValuationAnswer>(app.services, 'POST', '/valuations', { body: { ...fresno, postalCode: '93650' } })
    expect(unknownZip.status, unknownZip.text).toBe(200)
    expect(unknownZip.body).toMatchObject({ status: 'too_few', comparableCount: 0 })

    // The page's form posted without scripts gets the same words beside the ZIP field.
    const form = new URLSearchParams({ ...Object.fromEntries(Object.entries(fresno).map(([key, value]) => [key, String(value)])), areaUnit: 'sqft' })
    const request = new Request(`${ORIGIN}/${desiredUrl}/home-value`, {
      method: 'POST',
      body: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    const posted = await renderWithPostedValuation(request, () => postedValuation(app.services, realtorId, 'ko'))
    expect(posted?.outcome).toEqual({
      kind: 'error',
      message: '입력 내용을 다시 확인해 주세요',
      fieldErrors: { postalCode: ['ZIP 코드 92604 지역의 도시는 Irvine입니다(입력하신 도시: Fresno). 도시나 ZIP 코드를 확인해 주세요.'] },
    })

    // The seller form asks the same use case: refused, and nothing stored.
    const leadsBefore = await app.services.db
      .selectFrom('sellerLead')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
      .executeTakeFirstOrThrow()
    const seller = await api<ErrorBody>(app.services, 'POST', '/seller-leads', {
      body: { ...fresno, name: 'Seller Person', email: uniqueEmail('zip-seller'), lang: 'en', timeframe: '6-12', consent: true },
      lang: 'en',
    })
    expectError(seller, 400, 'VALIDATION_FAILED')
    expect(seller.body.fieldErrors).toEqual(english.body.fieldErrors)
    const leadsAfter = await app.services.db
      .selectFrom('sellerLead')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(leadsAfter.n)).toBe(Number(leadsBefore.n))
  })
  it('refuses a home far beyond its comparables with out_of_range and the reason in the caller’s language, no number', async () => {
    const mansion = { realtorId, ...HOME, livingArea: 60_000, beds: 40, baths: 30 }
    const english = await api<ValuationAnswer>(app.services, 'POST', '/valuations', { body: mansion, lang: 'en' })
    expect(english.status, english.text).toBe(200)
    if (english.body.status !== 'out_of_range') throw new Error(`expected out_of_range, got ${english.text}`)
    expect(english.body).not.toHaveProperty('typical')
    expect(english.body.reasons.map((reason) => reason.feature)).toEqual(['livingArea', 'beds', 'baths'])
    expect(english.body.reasons[0]).toMatchObject({ value: 60_000, high: 2500 })
    expect(english.body.message).toContain('Its living area, 60,000 sq ft, is beyond what the comparable homes nearby can value')
    expect(english.body.comparables.length).toBeGreaterThanOrEqual(3)
    const korean = await api<ValuationAnswer>(app.services, 'POST', '/valuations', { body: mansion, lang: 'ko' })
    if (korean.body.status !== 'out_of_range') throw new Error(`expected out_of_range, got ${korean.text}`)
    expect(korean.body.message).toContain('실내 면적 60,000 sq ft는 주변 비교 주택으로 평가할 수 있는 범위')
    const closet = await api<ValuationAnswer>(app.services, 'POST', '/valuations', { body: { ...HOME, realtorId, livingArea: 100 }, lang: 'en' })
    expect(closet.body).toMatchObject({ status: 'out_of_range', reasons: [{ feature: 'livingArea', value: 100 }] })
  })

  it('ranks nearby homes by distance from the home’s own listing, with photos and map points, never placing a withheld address', async () => {
    // Six homes on a line going east from the valued home's own listing, 0.1 mile apart; one withheld.
    const at = (step: number) => ({ Latitude: 33.9, Longitude: -118.3 + step * 0.00174 })
    const homes = parseResoProperties([
      property('GEO-OWN', { City: 'Geoville', PostalCode: '90301', ...at(0), ListPrice: 1_000_000, LotSizeSquareFeet: 6000 }),
      ...[1, 2, 3, 4, 5].map((step) =>
        property(`GEO-${step}`, {
          City: 'Geoville',
          PostalCode: '90301',
          ...at(step),
          ListPrice: 1_000_000 + step * 10_000,
          InternetAddressDisplayYN: step !== 2,
          Media: [{ MediaKey: `GEO-${step}-1`, MediaURL: `https://photos.example/geo-${step}.jpg`, Order: 0, MediaCategory: 'Photo' }],
        }),
      ),
    ])
    expect(homes.rejected).toEqual([])
    await upsertHomes(app.services.db, homes.records, { source: 'demo', isDemo: true, now: NOW })
    const home = { realtorId, ...HOME, street: 'GEO-OWN Valuation Way', city: 'Geoville', postalCode: '90301' }
    const result = await api<ValuationAnswer>(app.services, 'POST', '/valuations', { body: home, lang: 'en' })
    expect(result.status, result.text).toBe(200)
    const { comparables } = result.body
    const scores = comparables.map((comparable) => comparable.matchScore)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
    const one = comparables.find((comparable) => comparable.listingKey === 'GEO-1')
    if (!one || one.address === null) throw new Error(`expected GEO-1 with its address, got ${result.text}`)
    expect(one.distanceMiles).toBe(0.1)
    expect(one.mapPoint?.x).toBeGreaterThan(0.5)
    expect(one.mapPoint?.y).toBeCloseTo(0.5, 2)
    expect(one.photo?.url).toContain('geo-1.jpg')
    expect(result.body).toMatchObject({ subjectPoint: { x: 0.5, y: 0.5 } })
    const hidden = comparables.find((comparable) => comparable.listingKey === 'GEO-2')
    expect(hidden).toMatchObject({ address: null })
    expect(hidden).not.toHaveProperty('distanceMiles')
    expect(hidden).not.toHaveProperty('mapPoint')

    // What a CMA starts from: the same ranking, the withheld address kept for the realtor's eyes and flagged.
    const ranked = await rankComparables(app.services, home)
    expect(ranked[0]?.matchScore).toBeGreaterThanOrEqual(ranked[1]?.matchScore ?? 0)
    expect(ranked.find((comparable) => comparable.listingKey === 'GEO-2')).toMatchObject({
      addressHidden: true,
      address: 'GEO-2 Valuation Way',
      distanceMiles: 0.2,
    })
    expect(ranked.find((comparable) => comparable.listingKey === 'GEO-1')).toMatchObject({ addressHidden: false, priceKind: 'asking' })
  })
})
