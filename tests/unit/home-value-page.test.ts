import { describe, expect, it } from 'vitest'
import { postedValuationReader } from '../../src/features/valuations/valuation-answer'
import { emptyValuationForm, isHomeValuePagePath, valuationFormFrom, valuationRequestFrom } from '../../src/lib/home-value'
import { toInternalPath, toPublicPath } from '../../src/lib/own-domain-paths'
import { isReservedPath } from '../../src/lib/reserved-paths'
import { parseDesiredUrlParams } from '../../src/lib/route-params'
import { publicPageRule } from '../../src/schemas/public-search'
import { valuationAnswerSchema } from '../../src/schemas/valuations'
import { storeTargetFor } from '../../src/server/pages/public-routes'

/** The page store's view of a request, as the front door asks it. */
function storeTargetForTest(method: string, href: string) {
  const url = new URL(href)
  return storeTargetFor(new Request(url, { method }), url, url.origin)
}

/* The home-value page's pure rules (issue 27 items 1 and 6): its address, the page store's view of it, and the form's entries. */

describe('home-value addresses', () => {
  it('reserves `home-value`, so no realtor takes the address an own domain serves the page at', () => {
    expect(isReservedPath('home-value')).toBe(true)
    expect(isReservedPath('Home-Value')).toBe(true)
    // The seller form's status page on an own domain, and the market reports to come.
    expect(isReservedPath('valuation-request')).toBe(true)
    expect(isReservedPath('market')).toBe(true)
    expect(parseDesiredUrlParams({ desiredUrl: 'home-value' })).toBe(false)
  })

  it('maps an own domain’s page to the realtor’s and back', () => {
    expect(toInternalPath('/home-value', 'jane')).toBe('/jane/home-value')
    expect(toInternalPath('/en/home-value', 'jane')).toBe('/en/jane/home-value')
    expect(toPublicPath('/en/jane/home-value', 'jane')).toBe('/en/home-value')
  })

  it('stores the empty form’s page on our host and on own domains, without its query', () => {
    for (const path of ['/jane/home-value', '/en/jane/home-value', '/home-value', '/en/home-value']) expect(publicPageRule(path)?.search, path).toBe('none')
    for (const path of ['/jane/home-value/x', '/admin/home-value', '/jane/homes/home-value/x']) expect(publicPageRule(path), path).toBeUndefined()
  })

  it('never stores a POST to it, which carries the visitor’s address', () => {
    expect(storeTargetForTest('GET', 'http://test.local/en/jane/home-value?street=1+Main')?.key).toBe('http://test.local/en/jane/home-value')
    expect(storeTargetForTest('POST', 'http://test.local/en/jane/home-value')).toBeUndefined()
  })

  it('knows the paths whose POST the page answers itself', () => {
    for (const path of ['/jane/home-value', '/en/jane/home-value', '/home-value', '/en/home-value']) expect(isHomeValuePagePath(path), path).toBe(true)
    for (const path of ['/jane', '/jane/homes', '/a/b/home-value', '/cozying-api/v1/valuations', '/jane/home-value/x'])
      expect(isHomeValuePagePath(path), path).toBe(false)
  })
})

describe('the home-value form', () => {
  it('reads posted pairs into its fields, ignoring anything else and an unknown unit', () => {
    const values = valuationFormFrom({ street: '1 Main St', beds: '3', areaUnit: 'acres', email: 'x@example.com' })
    expect(values).toEqual({ ...emptyValuationForm(''), propertyType: '', street: '1 Main St', beds: '3', areaUnit: 'sqft' })
    expect(values).not.toHaveProperty('email')
  })

  it('turns 평 and ㎡ into square feet, and leaves what is not a number for the schema to refuse', () => {
    const base = { ...emptyValuationForm('CA'), beds: '3', baths: '2', yearBuilt: '' }
    expect(valuationRequestFrom({ ...base, livingArea: '30', areaUnit: 'pyeong' }, 'r1')).toMatchObject({
      realtorId: 'r1',
      livingArea: 1067,
      beds: 3,
      baths: 2,
    })
    expect(valuationRequestFrom({ ...base, livingArea: '100', areaUnit: 'm2' }, 'r1')).toMatchObject({ livingArea: 1076 })
    expect(valuationRequestFrom({ ...base, livingArea: '1,850', areaUnit: 'sqft' }, 'r1')).toMatchObject({ livingArea: 1850, yearBuilt: undefined })
    expect(valuationRequestFrom({ ...base, livingArea: 'big' }, 'r1')).toMatchObject({ livingArea: 'big' })
  })
})

/* The island's reading of `POST /valuations` (decision 051): zod's mini build, kept in step with the API's schema. */

describe('the home-value island’s answer reader', () => {
  const comparable = {
    id: 'h1',
    listingKey: 'K1',
    address: null,
    price: 1_200_000,
    pricePerSquareFoot: 600,
    beds: 3,
    baths: null,
    livingArea: 2000,
    yearBuilt: null,
    lotSquareFeet: 4000,
    status: 'sold',
    date: '2026-10-01',
    priceKind: 'sale',
    marketPrice: 1_210_000,
    adjustments: { livingArea: 10_000, beds: 0, baths: 0, age: 0, lot: -2_000 },
    adjustedPrice: 1_218_000,
    matchScore: 71.5,
    photo: null,
  }
  const shown = {
    ...comparable,
    id: 'h2',
    listingKey: 'K2',
    address: '1 Main St, Irvine, CA 92618',
    sameZip: true,
    distanceMiles: 0.3,
    mapPoint: { x: 0.4, y: 0.6 },
    photo: { url: '/a.jpg', variantBase: null },
  }
  const map = { subjectPoint: { x: 0.5, y: 0.5 }, mapSpanMiles: 1 }
  const answers = [
    {
      status: 'estimate',
      low: 1_100_000,
      typical: 1_200_000,
      high: 1_300_000,
      basis: 'sold',
      rangeCoverage: 0.8,
      comparableCount: 3,
      minimumComparables: 3,
      comparables: [comparable, shown],
      ...map,
    },
    { status: 'too_few', comparableCount: 1, minimumComparables: 3, comparables: [comparable], subjectPoint: null, mapSpanMiles: null },
    {
      status: 'out_of_range',
      message: 'No estimate.',
      reasons: [{ feature: 'beds', value: 40, low: 1, high: 6 }],
      comparableCount: 2,
      minimumComparables: 3,
      comparables: [shown, comparable],
      ...map,
    },
  ]

  it('reads exactly what the API’s schema accepts', () => {
    for (const answer of answers) {
      expect(valuationAnswerSchema.parse(answer)).toEqual(answer)
    }
  })

  it('refuses what the API’s schema refuses', () => {
    const wrong = [
      { ...answers[0], status: 'guess' },
      { ...answers[0], low: '1' },
      { ...answers[1], comparables: [{ ...comparable, status: 'rented' }] },
      { ...answers[1], comparables: [{ ...comparable, address: 7 }] },
      // A home whose address is shown says whether it shares the ZIP; one whose address is withheld never does.
      { ...answers[1], comparables: [{ ...shown, sameZip: undefined }] },
      { ...answers[2], reasons: [{ feature: 'pool', value: 1, low: 0, high: 0 }] },
      { ...answers[1], comparables: [{ ...comparable, adjustments: { livingArea: 1 } }] },
      null,
      '<html>',
    ]
    for (const answer of wrong) {
      expect(valuationAnswerSchema.safeParse(answer).success, JSON.stringify(answer)).toBe(false)
    }
  })

  it('drops where a home is from a comparable whose address is withheld', () => {
    const leaky = { ...answers[1], comparables: [{ ...comparable, sameZip: true, latitude: 33.6, distanceMiles: 0.4, mapPoint: { x: 0.1, y: 0.2 } }] }
    // The API's answer, and the same answer handed to the island by a page posted without scripts.
    const posted = postedValuationReader.parse({ values: emptyValuationForm('CA'), outcome: { kind: 'answer', answer: leaky } }).outcome
    const reads = [valuationAnswerSchema.parse(leaky), ...(posted.kind === 'answer' ? [posted.answer] : [])]
    expect(reads).toHaveLength(2)
    for (const read of reads) {
      expect(Object.keys(read.comparables[0] ?? {}).sort()).toEqual(Object.keys(comparable).sort())
    }
  })

  it('reads a posted form’s answer and its refusal, as the page hands them to the island', () => {
    const values = valuationFormFrom({ street: '1 Main', city: 'Irvine', state: 'CA' })
    expect(postedValuationReader.parse({ values, outcome: { kind: 'answer', answer: answers[0] } }).outcome.kind).toBe('answer')
    const refused = { values, outcome: { kind: 'error', message: 'Check the entries.', fieldErrors: { postalCode: ['Enter a 5-digit ZIP code'] } } }
    expect(postedValuationReader.parse(refused)).toEqual(refused)
    expect(postedValuationReader.safeParse({ values: { street: '1 Main' }, outcome: refused.outcome }).success).toBe(false)
  })
})
