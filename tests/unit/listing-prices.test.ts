import { describe, expect, it } from 'vitest'
import { fitPricesToType, HIGHEST_MONTHLY_RENT, LISTING_PRICE_STEPS, priceFitsType, priceOptions } from '../../src/lib/listing-prices'

describe('listing price steps (issue 32, item 13)', () => {
  it('offers monthly rents for rentals and sale prices for sales, each step on its own side of the line', () => {
    expect(LISTING_PRICE_STEPS.rent[0]).toBe(1_000)
    expect(LISTING_PRICE_STEPS.rent.at(-1)).toBe(10_000)
    expect(LISTING_PRICE_STEPS.sale).toContain(500_000)
    expect(LISTING_PRICE_STEPS.rent.every((price) => priceFitsType('rent', price) && !priceFitsType('sale', price))).toBe(true)
    expect(LISTING_PRICE_STEPS.sale.every((price) => priceFitsType('sale', price) && !priceFitsType('rent', price))).toBe(true)
  })

  it('draws the line between rents and sale prices at the highest monthly rent', () => {
    expect(priceFitsType('rent', HIGHEST_MONTHLY_RENT)).toBe(true)
    expect(priceFitsType('sale', HIGHEST_MONTHLY_RENT)).toBe(false)
    expect(priceFitsType('sale', HIGHEST_MONTHLY_RENT + 1)).toBe(true)
  })

  it('adds a fitting price that is not a step (a shared URL), in order, and leaves out one that does not fit', () => {
    expect(priceOptions('rent', 3_200)).toEqual([1_000, 1_500, 2_000, 2_500, 3_000, 3_200, 4_000, 5_000, 7_500, 10_000])
    expect(priceOptions('rent', 2_000)).toEqual([...LISTING_PRICE_STEPS.rent])
    expect(priceOptions('rent', 500_000)).toEqual([...LISTING_PRICE_STEPS.rent])
    expect(priceOptions('sale', undefined)).toEqual([...LISTING_PRICE_STEPS.sale])
  })
})

describe('fitPricesToType', () => {
  it('keeps prices that fit the type and says nothing was cleared', () => {
    const search = { type: 'rent' as const, minPrice: 2_000, maxPrice: 3_000, minBeds: 2 }
    expect(fitPricesToType(search)).toEqual({ search, cleared: false })
    expect(fitPricesToType({ minPrice: 500_000 })).toEqual({ search: { minPrice: 500_000 }, cleared: false })
  })

  it('clears a sale price sent with rent, and a rent sent as a sale (no type means sale), keeping the rest', () => {
    expect(fitPricesToType({ type: 'rent' as const, minPrice: 500_000, maxPrice: 3_000, minBeds: 2 })).toEqual({
      search: { type: 'rent', minPrice: undefined, maxPrice: 3_000, minBeds: 2 },
      cleared: true,
    })
    expect(fitPricesToType({ maxPrice: 3_000 })).toEqual({ search: { minPrice: undefined, maxPrice: undefined }, cleared: true })
  })
})
