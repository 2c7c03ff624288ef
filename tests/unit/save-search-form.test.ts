import { describe, expect, it } from 'vitest'
import { homepageSearchFilters, listingSearchFilters, priceBand, saveSearchHiddenValues } from '~/features/saved-searches/search-filters'
import { fieldByHead, sortFormFailure } from '~/lib/visitor-form-post'
import { savedSearchRequestSchema } from '~/schemas/saved-search'

/* Issue 13: what the "Save this search" form saves, and how it reads the API's refusal. */

const regions: Array<{ state: 'CA' | 'GA'; city: string }> = [
  { state: 'CA', city: 'Irvine' },
  { state: 'GA', city: 'Duluth' },
]

describe('homepageSearchFilters', () => {
  it('saves the region the listings show, sale unless rent was chosen', () => {
    expect(homepageSearchFilters(regions, {})).toEqual({
      state: 'CA',
      city: 'Irvine',
      listingType: 'sale',
      minPrice: null,
      maxPrice: null,
      minBeds: null,
      minBaths: null,
    })
    expect(homepageSearchFilters(regions, { region: 1, type: 'rent', minPrice: 2000, minBeds: 2 })).toMatchObject({
      state: 'GA',
      city: 'Duluth',
      listingType: 'rent',
      minPrice: 2000,
      maxPrice: null,
      minBeds: 2,
    })
  })

  it('falls back to the first region and reads reversed prices as the listings do', () => {
    expect(homepageSearchFilters(regions, { region: 7, minPrice: 900_000, maxPrice: 500_000 })).toMatchObject({
      city: 'Irvine',
      minPrice: 500_000,
      maxPrice: 900_000,
    })
  })

  it('saves nothing for a realtor without regions', () => {
    expect(homepageSearchFilters([], {})).toBeNull()
  })
})

describe('priceBand and listingSearchFilters', () => {
  it('reaches 15 % either side, rounded outwards', () => {
    expect(priceBand(850_000)).toEqual({ minPrice: 720_000, maxPrice: 980_000 })
    expect(priceBand(3_200)).toEqual({ minPrice: 2_700, maxPrice: 3_700 })
    expect(priceBand(0)).toEqual({ minPrice: null, maxPrice: null })
  })

  it("takes the listing's area in the realtor's spelling, its type and its bedrooms", () => {
    const home = { state: 'ca', city: 'IRVINE', type: 'sale' as const, price: 1_000_000, beds: 3 }
    expect(listingSearchFilters(regions, home)).toEqual({
      state: 'CA',
      city: 'Irvine',
      listingType: 'sale',
      minPrice: 850_000,
      maxPrice: 1_150_000,
      minBeds: 3,
      minBaths: null,
    })
    expect(listingSearchFilters(regions, { ...home, beds: null })?.minBeds).toBeNull()
  })

  it('offers nothing for a listing outside the realtor regions (the server would refuse it)', () => {
    expect(listingSearchFilters(regions, { state: 'CA', city: 'Tustin', type: 'sale', price: 1, beds: 1 })).toBeNull()
  })
})

describe('saveSearchHiddenValues', () => {
  it('posts what the API accepts, as a form without scripts sends it', () => {
    const filters = homepageSearchFilters(regions, { type: 'rent', maxPrice: 3000, minBeds: 2 })
    if (!filters) throw new Error('no filters')
    const fields = Object.fromEntries(saveSearchHiddenValues({ realtorId: 'r1', lang: 'en', filters, consentPage: '/en/kim' }))
    expect(fields).toMatchObject({ realtorId: 'r1', lang: 'en', state: 'CA', city: 'Irvine', type: 'rent', minPrice: '', maxPrice: '3000', minBeds: '2' })
    const parsed = savedSearchRequestSchema.parse({ ...fields, email: 'minji@example.org' })
    expect(parsed).toMatchObject({
      type: 'rent',
      maxPrice: 3000,
      minBeds: 2,
      frequency: 'daily',
      sort: 'newest',
      consentVersion: 'saved-search-v1',
      consentPage: '/en/kim',
    })
    expect(parsed.minPrice).toBeUndefined()
  })

  it('never names another site as the page', () => {
    const filters = homepageSearchFilters(regions, {})
    if (!filters) throw new Error('no filters')
    const fields = Object.fromEntries(saveSearchHiddenValues({ realtorId: 'r1', lang: 'ko', filters, consentPage: '//evil.example' }))
    expect(fields.consentPage).toBe('')
  })
})

const parseSaveSearchFailure = (body: unknown) => sortFormFailure(body, fieldByHead(['email', 'name', 'frequency']))

describe('sortFormFailure, as the save-search form reads a refusal', () => {
  it('puts typed fields beside them and the hidden ones in the general message', () => {
    const failure = parseSaveSearchFailure({
      message: 'Check the fields',
      code: 'VALIDATION_FAILED',
      fieldErrors: { email: ['Enter a valid e-mail address'], city: ['Choose an area'], state: ['Choose an area'], 'name.0': ['Too long'] },
    })
    expect(failure).toEqual({
      message: 'Check the fields',
      fields: { email: ['Enter a valid e-mail address'], name: ['Too long'] },
      others: ['Choose an area'],
    })
  })

  it('survives a body that is not an error body', () => {
    expect(parseSaveSearchFailure(null)).toEqual({ message: undefined, fields: {}, others: [] })
    expect(parseSaveSearchFailure({ message: 3, fieldErrors: [] })).toEqual({ message: undefined, fields: {}, others: [] })
  })

  it('places paths the form maps itself, as the tour form places `slots.1` beside the second time', () => {
    const slotOf = (path: string) => (path === 'slots.1' ? 'slot2' : path.startsWith('slots') ? 'slot1' : undefined)
    expect(sortFormFailure({ fieldErrors: { 'slots.1': ['Choose a later day'], slots: 'Give two times', lang: ['?'] } }, slotOf)).toEqual({
      message: undefined,
      fields: { slot2: ['Choose a later day'], slot1: ['Give two times'] },
      others: ['?'],
    })
  })
})
