import { describe, expect, it } from 'vitest'
import { i18nFor, loadCatalog } from '~/i18n/i18n'
import { consentWording, CURRENT_CONSENT } from '~/lib/consent'
import { priceBandInWords, savedSearchInWords } from '~/lib/saved-search-words'
import { savedSearchRequestSchema } from '~/schemas/saved-search'

/* Issue 13: what a saved search accepts, and how it is put in words. */

const base = { realtorId: 'r1', email: 'minji@example.org', state: 'ca', city: ' Irvine ', consentVersion: 'saved-search-v1' }

function paths(input: Record<string, unknown>): Array<string> {
  const result = savedSearchRequestSchema.safeParse(input)
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.')).sort()
}

describe('savedSearchRequestSchema', () => {
  it('fills the defaults and normalises the area', () => {
    const parsed = savedSearchRequestSchema.parse(base)
    expect(parsed).toMatchObject({ state: 'CA', city: 'Irvine', frequency: 'daily', sort: 'newest' })
    expect(parsed.type).toBeUndefined()
  })

  it('reads a form posted without JavaScript: strings, and empty selects as "any"', () => {
    const parsed = savedSearchRequestSchema.parse({ ...base, minPrice: '500000', maxPrice: '', minBeds: '3', type: '', frequency: 'weekly', name: '' })
    expect(parsed).toMatchObject({ minPrice: 500000, minBeds: 3, frequency: 'weekly' })
    expect(parsed.maxPrice).toBeUndefined()
    expect(parsed.name).toBeUndefined()
  })

  it('names the fields at fault', () => {
    expect(paths({ ...base, email: 'nope' })).toEqual(['email'])
    expect(paths({ ...base, minPrice: 900, maxPrice: 100 })).toEqual(['maxPrice'])
    expect(paths({ ...base, minBeds: '2.5', frequency: 'hourly', sort: 'random', type: 'lease' })).toEqual(['frequency', 'minBeds', 'sort', 'type'])
    expect(paths({ ...base, consentVersion: 'contact-v1' })).toEqual(['consentVersion'])
    expect(paths({ ...base, consentPage: 'https://evil.example' })).toEqual(['consentPage'])
    expect(paths({ ...base, city: '' })).toEqual(['city'])
    // A number is a JSON number or decimal digits, nothing z.coerce would make one of.
    expect(paths({ ...base, minPrice: [7], minBeds: true, maxPrice: '0x10', minBaths: '1e1' })).toEqual(['maxPrice', 'minBaths', 'minBeds', 'minPrice'])
  })

  it('knows the current saved-search wording', () => {
    expect(consentWording(CURRENT_CONSENT.savedSearch, 'savedSearch')?.version).toBe('saved-search-v1')
  })
})

describe('savedSearchInWords', () => {
  it('says the area, sale or rent, the price band and the rooms that were set', async () => {
    await loadCatalog('en')
    const en = i18nFor('en')
    const filters = { state: 'CA', city: 'Irvine', listingType: 'sale' as const, minPrice: 500_000, maxPrice: 1_200_000, minBeds: 3, minBaths: 2 }
    expect(savedSearchInWords(en, filters)).toContain('Irvine')
    expect(savedSearchInWords(en, filters)).toContain('$500,000 – $1.20M')
    expect(savedSearchInWords(en, { ...filters, minPrice: null, maxPrice: null, minBeds: null, minBaths: null }).split(' · ')).toHaveLength(1)
    expect(savedSearchInWords(en, { ...filters, minBaths: null }).split(' · ')).toHaveLength(3)
  })

  it('writes one-sided price bands and none at all', async () => {
    await loadCatalog('en')
    const en = i18nFor('en')
    expect(priceBandInWords(en, null, null)).toBe('')
    expect(priceBandInWords(en, 2_000, 3_000)).toBe('$2,000 – $3,000')
    expect(priceBandInWords(en, 2_000, null)).toContain('$2,000')
    expect(priceBandInWords(en, null, 3_000)).toContain('$3,000')
  })
})
