/*
 * How a realtor's page reads its listing search (`?region=1&minPrice=…`): which of the realtor's
 * areas it shows and which price range it means. The list itself and "Save this search" read it
 * the same way, so what a visitor saves is what they were looking at. Isomorphic and without zod.
 */

/** The area a list shows: the chosen one, or the first when the index is out of range. */
export function searchedArea<TArea>(areas: ReadonlyArray<TArea>, index: number | undefined): TArea | undefined {
  return areas[index ?? 0] ?? areas[0]
}

/**
 * Reversed bounds are read as the range the visitor meant rather than an error; the page says
 * so beside the field (`pricesReversed`), never silently. The API answers them with a 400.
 */
export function orderedPriceRange(search: { minPrice?: number; maxPrice?: number }): { minPrice: number | undefined; maxPrice: number | undefined } {
  const { minPrice, maxPrice } = search
  return pricesReversed(search) ? { minPrice: maxPrice, maxPrice: minPrice } : { minPrice, maxPrice }
}

/** Whether a search's lowest price is above its highest. */
export function pricesReversed({ minPrice, maxPrice }: { minPrice?: number; maxPrice?: number }): boolean {
  return minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice
}

/** The living-area bounds read as the price bounds are. */
export function orderedSizeRange(search: { minSize?: number; maxSize?: number }): { minSize: number | undefined; maxSize: number | undefined } {
  const { minSize, maxSize } = search
  return sizesReversed(search) ? { minSize: maxSize, maxSize: minSize } : { minSize, maxSize }
}

/** Whether a search's smallest living area is above its largest. */
export function sizesReversed({ minSize, maxSize }: { minSize?: number; maxSize?: number }): boolean {
  return minSize !== undefined && maxSize !== undefined && minSize > maxSize
}
