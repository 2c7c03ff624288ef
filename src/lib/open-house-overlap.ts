/*
 * A realtor's own open house and the MLS's on the same home at the same time are one event
 * (issue 52 item 8, decision 070): the workspace warns before adding it, and a public page
 * shows it once. Pure and isomorphic.
 */

type Span = { start: string; end: string }
/** What of an open house this needs (`OpenHouse` of src/schemas/open-houses.ts has it). */
type SourcedSpan = Span & { source: 'mls' | 'realtor' }

/** Two spans share time (ISO-8601 UTC strings compare in time order); touching ends do not. */
export function spansOverlap(a: Span, b: Span): boolean {
  return a.start < b.end && b.start < a.end
}

/** The MLS's open houses of a home that share time with `span`. */
export function overlappingMlsOpenHouses<T extends SourcedSpan>(openHouses: ReadonlyArray<T>, span: Span): Array<T> {
  return openHouses.filter((openHouse) => openHouse.source === 'mls' && spansOverlap(openHouse, span))
}

/**
 * A home's open houses with each MLS one dropped when the realtor's own shares its time: the
 * realtor's carries their note and is what they added for this site. Order is kept.
 */
export function withoutDuplicateOpenHouses<T extends SourcedSpan>(openHouses: ReadonlyArray<T>): Array<T> {
  const own = openHouses.filter((openHouse) => openHouse.source === 'realtor')
  if (own.length === 0) return [...openHouses]
  return openHouses.filter((openHouse) => openHouse.source === 'realtor' || !own.some((mine) => spansOverlap(mine, openHouse)))
}
