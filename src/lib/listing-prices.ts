/*
 * The price choices of the homepage's listing filters (issue 32, item 13). A sale price and a
 * monthly rent live on scales a hundred times apart, so each type offers its own steps, and a
 * price chosen for one type is kept when the visitor switches to the other only if it still
 * makes sense there; otherwise it is cleared and the page says so (never silently).
 * Isomorphic and without zod: the homepage's first download includes it.
 */

export type ListingPriceType = 'sale' | 'rent'

/** The steps offered as lowest and highest price, per type (rents per month). */
export const LISTING_PRICE_STEPS: Readonly<Record<ListingPriceType, ReadonlyArray<number>>> = {
  sale: [300_000, 500_000, 750_000, 1_000_000, 1_500_000, 2_000_000, 3_000_000, 5_000_000],
  rent: [1_000, 1_500, 2_000, 2_500, 3_000, 4_000, 5_000, 7_500, 10_000],
}

/**
 * Where monthly rents end and sale prices begin. No home in the listed markets rents for more
 * than this a month, and none sells for less, so a price on either side of it belongs to one
 * type only: a hand-typed `?type=rent&maxPrice=3200` is a rent and is kept.
 */
export const HIGHEST_MONTHLY_RENT = 25_000

/** Whether `price` is a price of homes of `type` (see HIGHEST_MONTHLY_RENT). */
export function priceFitsType(type: ListingPriceType, price: number): boolean {
  return type === 'rent' ? price <= HIGHEST_MONTHLY_RENT : price > HIGHEST_MONTHLY_RENT
}

/**
 * The choices of a price select: the type's steps, plus the visitor's own value when it fits
 * the type but is not a step (a shared URL), so the select shows it instead of "any".
 */
export function priceOptions(type: ListingPriceType, chosen: number | undefined): Array<number> {
  const steps = [...LISTING_PRICE_STEPS[type]]
  if (chosen === undefined || steps.includes(chosen) || !priceFitsType(type, chosen)) return steps
  return [...steps, chosen].sort((a, b) => a - b)
}

type PricedSearch = { type?: ListingPriceType; minPrice?: number; maxPrice?: number }

/**
 * The search with every price that does not fit its type removed, and whether any was
 * (the page then tells the visitor their price range was cleared). No type means sale.
 */
export function fitPricesToType<TSearch extends PricedSearch>(search: TSearch): { search: TSearch; cleared: boolean } {
  const type = search.type ?? 'sale'
  const minFits = search.minPrice === undefined || priceFitsType(type, search.minPrice)
  const maxFits = search.maxPrice === undefined || priceFitsType(type, search.maxPrice)
  if (minFits && maxFits) return { search, cleared: false }
  return {
    search: { ...search, minPrice: minFits ? search.minPrice : undefined, maxPrice: maxFits ? search.maxPrice : undefined },
    cleared: true,
  }
}
