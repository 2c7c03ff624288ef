/*
 * How a realtor's page reads its listing search (`?region=1&minPrice=…`): which of the realtor's
 * areas it shows and which price range it means. The list itself and "Save this search" read it
 * the same way, so what a visitor saves is what they were looking at. Isomorphic and without zod.
 */

/** The area a list shows: the chosen one, or the first when the index is out of range. */
export function searchedArea<TArea>(areas: ReadonlyArray<TArea>, index: number | undefined): TArea | undefined {
  return areas[index ?? 0] ?? areas[0]
}

/** Reversed bounds are read as the range the visitor meant rather than an error. */
export function orderedPriceRange(search: { minPrice?: number; maxPrice?: number }): { minPrice: number | undefined; maxPrice: number | undefined } {
  const { minPrice, maxPrice } = search
  return minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice ? { minPrice: maxPrice, maxPrice: minPrice } : { minPrice, maxPrice }
}
