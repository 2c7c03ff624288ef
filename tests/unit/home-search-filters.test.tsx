import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ListingFilters, type FilterSearch } from '~/features/listings/listing-filters'
import { HOME_SORTS, PROPERTY_TYPE_CHOICES } from '~/schemas/home'
import { realtorHomeListInput } from '~/schemas/home-list-input'
import { homeSearchSchema, listingSearchSchema, SEARCH_PROPERTY_TYPES, SEARCH_SORTS } from '~/schemas/listing-search'
import { publicSearchString } from '~/schemas/public-search'

/*
 * The search page's further filters (issue 51 item 3): in its URL (and so in the page store's
 * key), in what it asks `home/list` for, and in its form, which says so beside the field when it
 * read a reversed range the other way round.
 */

const realtor = { desiredUrl: 'sora-park', activityRegion: [{ state: 'CA' as const, city: 'Irvine' }] }
const size = { perPage: 18, group: 180 }

describe('the search page’s URL', () => {
  it('keeps kind, baths, living area, ZIP code, words and order in the page store’s key, after the older keys', () => {
    expect(
      publicSearchString(
        '/sora-park/homes',
        '?utm_source=kakao&q=%20Woodbridge%20lake%20&sort=size_desc&propertyType=condo&page=2&minSize=900&maxSize=1500&minBaths=2&postalCode=92620',
      ),
    ).toBe('?page=2&propertyType=condo&minBaths=2&minSize=900&maxSize=1500&postalCode=92620&q=Woodbridge+lake&sort=size_desc')
    expect(publicSearchString('/en/homes', '?propertyType=any&sort=newest')).toBe('?propertyType=any&sort=newest')
    // A market report's counts (decision 065), after every older key.
    expect(publicSearchString('/sora-park/homes', '?priceReduced=true&region=1&listedWithinDays=30&sort=newest')).toBe(
      '?region=1&sort=newest&listedWithinDays=30&priceReduced=true',
    )
    expect(publicSearchString('/sora-park/homes', '?priceReduced=yes&listedWithinDays=400')).toBe('')
  })

  it('drops a malformed value as if absent, as every search param', () => {
    expect(
      homeSearchSchema.parse({ propertyType: 'castle', minBaths: '99', minSize: '-1', maxSize: 'big', postalCode: '9262', q: 'x'.repeat(101), sort: 'cheap' }),
    ).toEqual(Object.fromEntries(Object.keys(homeSearchSchema.parse({})).map((key) => [key, undefined])))
    expect(homeSearchSchema.parse({ q: '   ', postalCode: ' 92620 ' })).toMatchObject({ q: undefined, postalCode: '92620' })
  })

  it('is the homepage’s own without them (its stored pages keep their keys)', () => {
    expect(Object.keys(listingSearchSchema.parse({}))).toEqual(['region', 'type', 'minPrice', 'maxPrice', 'minBeds', 'page'])
  })

  it('offers exactly the API’s kinds and orders', () => {
    expect([...SEARCH_PROPERTY_TYPES].sort()).toEqual([...PROPERTY_TYPE_CHOICES].sort())
    expect([...SEARCH_SORTS].sort()).toEqual([...HOME_SORTS].sort())
  })
})

describe('what the page asks home/list for', () => {
  it('every kind when none is chosen (the API alone would mean single-family)', () => {
    expect(realtorHomeListInput({ realtor, search: {}, lang: 'en', size })).toMatchObject({ propertyType: 'any', sort: undefined })
  })

  it('the chosen filters, with a reversed living area read the right way round', () => {
    const search = homeSearchSchema.parse({
      propertyType: 'townhouse',
      minBaths: '2',
      minSize: '2000',
      maxSize: '1000',
      postalCode: '92620',
      q: 'park',
      sort: 'size_asc',
    })
    expect(realtorHomeListInput({ realtor, search, lang: 'en', size })).toMatchObject({
      propertyType: 'townhouse',
      minBaths: 2,
      minSize: 1000,
      maxSize: 2000,
      postalCode: '92620',
      q: 'park',
      sort: 'size_asc',
    })
  })
})

function render(search: FilterSearch, more = true): string {
  i18n.loadAndActivate({ locale: 'en', messages: {} })
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <ListingFilters search={search} regionIndex={0} narrow={false} more={more} onTypeSwitched={() => undefined} />
    </I18nProvider>,
  )
}

describe('the search page’s form', () => {
  it('offers every filter by name, as a plain GET form, with "any type" as the kind’s empty default', () => {
    const html = render({})
    expect(html).toMatch(/<form [^>]*method="get"/)
    for (const name of ['type', 'propertyType', 'minPrice', 'maxPrice', 'minBeds', 'minBaths', 'minSize', 'maxSize', 'postalCode', 'q', 'sort']) {
      expect(html, name).toContain(`name="${name}"`)
    }
    expect(html).toMatch(/<option value="" selected="">Any type<\/option>/)
    expect(html).toContain('<option value="size_desc">Size: large to small</option>')
  })

  it('the homepage’s form stays as it was', () => {
    const html = render({}, false)
    expect(html).not.toContain('name="propertyType"')
    expect(html).not.toContain('name="q"')
  })

  it('says beside the field that a lowest price above the highest was swapped, and shows the range as read', () => {
    const html = render({ minPrice: 2_000_000, maxPrice: 1_000_000 })
    expect(html).toContain('Your lowest price was above your highest, so the two were swapped.')
    expect(html).toMatch(/name="maxPrice" aria-describedby="([^"]+)".*<p id="\1"[^>]*>Your lowest price/)
    // The lowest price select holds the lower bound: the range as the list read it.
    expect(/name="minPrice".*?<option value="(\d+)" selected="">/.exec(html)?.[1]).toBe('1000000')
    expect(/name="maxPrice".*?<option value="(\d+)" selected="">/.exec(html)?.[1]).toBe('2000000')
    expect(render({ minPrice: 1_000_000, maxPrice: 2_000_000 })).not.toContain('were swapped')
  })

  it('says so for a reversed living area too', () => {
    expect(render({ minSize: 3000, maxSize: 1000 })).toContain('Your smallest living area was above your largest, so the two were swapped.')
  })
})
