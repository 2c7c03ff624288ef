import { type ComparableCandidate, milesBetween } from './estimate'

/*
 * The homes a valuation may compare with, indexed for a search by distance (issue 53 item 1,
 * decision 073): one index per property type and state, built once per listings revision and kept
 * by each process (value-home.ts). Homes with a position sit in a grid of 0.01° cells (about
 * 0.7 × 0.6 mile in the US); a search visits rings of cells outward from the home until it holds
 * enough homes, then keeps the nearest. Homes without a position are found by ZIP and by city, the
 * fallback when the home valued or its neighbours have none.
 */

const CELL_DEGREES = 0.01
/** How many of the nearest homes the estimator learns adjustments from and ranks (decision 073). */
export const NEARBY_HOMES = 150
/** Rings of cells a search may visit: ~14 miles out, beyond which a home is no neighbour. */
const MAX_RINGS = 20

function cellOf(latitude: number, longitude: number): [number, number] {
  return [Math.floor(latitude / CELL_DEGREES), Math.floor(longitude / CELL_DEGREES)]
}

function cellKey(row: number, column: number): string {
  return `${row}:${column}`
}

/** An address as typed and as stored compared alike: lower case, single spaces, no punctuation. */
export function addressKey(postalCode: string, street: string): string {
  return `${postalCode.trim().slice(0, 5)}|${street.toLowerCase().replace(/[.,#]/g, ' ').replace(/\s+/g, ' ').trim()}`
}

type Position = { latitude: number; longitude: number }

/** Where a search starts from: the home's own listing when we hold it, else its ZIP's or city's centre. */
export type SubjectLocation = Position & {
  /** `address`: the home's own listing; `zip`, `city`: the centre of the homes we hold there. */
  from: 'address' | 'zip' | 'city'
  /** The home's lot, when its own listing gives one. */
  lotSquareFeet: number | null
}

function centreOf(positions: readonly Position[]): Position | undefined {
  if (positions.length === 0) return undefined
  return {
    latitude: positions.reduce((sum, position) => sum + position.latitude, 0) / positions.length,
    longitude: positions.reduce((sum, position) => sum + position.longitude, 0) / positions.length,
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

export class CandidateIndex<C extends ComparableCandidate> {
  private readonly cells = new Map<string, C[]>()
  private readonly byZip = new Map<string, C[]>()
  private readonly byCity = new Map<string, C[]>()
  private readonly byAddress = new Map<string, C>()
  private readonly zipCentres = new Map<string, Position>()
  private readonly cityCentres = new Map<string, Position>()
  /** Every home indexed (a backtest values each from the others). */
  readonly homes: readonly C[]

  constructor(homes: readonly C[], addressOf: (home: C) => string | null) {
    this.homes = homes
    const zipPositions = new Map<string, Position[]>()
    const cityPositions = new Map<string, Position[]>()
    for (const home of homes) {
      const zip = home.postalCode.trim().slice(0, 5)
      const city = home.city.trim().toLowerCase()
      push(this.byZip, zip, home)
      push(this.byCity, city, home)
      const address = addressOf(home)
      if (address) this.byAddress.set(addressKey(zip, address), home)
      if (home.latitude === null || home.longitude === null) continue
      const [row, column] = cellOf(home.latitude, home.longitude)
      push(this.cells, cellKey(row, column), home)
      const position = { latitude: home.latitude, longitude: home.longitude }
      push(zipPositions, zip, position)
      push(cityPositions, city, position)
    }
    for (const [zip, positions] of zipPositions) {
      const centre = centreOf(positions)
      if (centre) this.zipCentres.set(zip, centre)
    }
    for (const [city, positions] of cityPositions) {
      const centre = centreOf(positions)
      if (centre) this.cityCentres.set(city, centre)
    }
  }

  /**
   * Where the home is, as far as the listings tell: its own listing (same street address and ZIP),
   * else the centre of the ZIP's homes, else the city's; undefined when none has a position.
   */
  locate(place: { street: string; postalCode: string; city: string }): SubjectLocation | undefined {
    const own = this.byAddress.get(addressKey(place.postalCode, place.street))
    if (own && own.latitude !== null && own.longitude !== null)
      return { latitude: own.latitude, longitude: own.longitude, from: 'address', lotSquareFeet: own.lotSquareFeet }
    const zip = this.zipCentres.get(place.postalCode.trim().slice(0, 5))
    if (zip) return { ...zip, from: 'zip', lotSquareFeet: own?.lotSquareFeet ?? null }
    const city = this.cityCentres.get(place.city.trim().toLowerCase())
    return city ? { ...city, from: 'city', lotSquareFeet: own?.lotSquareFeet ?? null } : undefined
  }

  /**
   * The homes nearest a position (at most NEARBY_HOMES), and those of its ZIP that have no
   * position; `exclude` leaves one home out (a backtest values a home from the others).
   */
  nearby(position: Position, postalCode: string, exclude?: string): C[] {
    const [row, column] = cellOf(position.latitude, position.longitude)
    const found: C[] = []
    let enoughAt: number | undefined
    for (let ring = 0; ring <= MAX_RINGS; ring++) {
      for (let r = row - ring; r <= row + ring; r++) {
        for (let c = column - ring; c <= column + ring; c++) {
          // Only the ring's border: the inside was visited on earlier rings.
          if (Math.abs(r - row) !== ring && Math.abs(c - column) !== ring) continue
          const homes = this.cells.get(cellKey(r, c))
          if (homes) for (const home of homes) if (home.id !== exclude) found.push(home)
        }
      }
      // One ring past the ring that filled the target: a home in a corner of the last ring may lie
      // further than one just outside it, a ring's width at most.
      if (enoughAt === undefined && found.length >= NEARBY_HOMES) enoughAt = ring
      if (enoughAt !== undefined && ring > enoughAt) break
    }
    const nearest = found
      .map((home) => ({ home, miles: milesBetween(position, { latitude: home.latitude ?? 0, longitude: home.longitude ?? 0 }) }))
      .sort((a, b) => a.miles - b.miles)
      .slice(0, NEARBY_HOMES)
      .map((entry) => entry.home)
    const unplaced = (this.byZip.get(postalCode.trim().slice(0, 5)) ?? []).filter(
      (home) => (home.latitude === null || home.longitude === null) && home.id !== exclude,
    )
    return [...nearest, ...unplaced]
  }

  /**
   * Without a position: the ZIP's homes, then the city's, the NEARBY_HOMES closest in size to the
   * home (the rest could not rank among its comparables anyway).
   */
  inPlace(place: { postalCode: string; city: string; livingArea: number }, exclude?: string): C[] {
    const zip = place.postalCode.trim().slice(0, 5)
    const zipHomes = this.byZip.get(zip) ?? []
    const cityHomes = (this.byCity.get(place.city.trim().toLowerCase()) ?? []).filter((home) => home.postalCode.trim().slice(0, 5) !== zip)
    const bySize = (homes: readonly C[]) =>
      homes
        .filter((home) => home.id !== exclude && home.livingArea !== null && home.livingArea > 0)
        .map((home) => ({ home, gap: Math.abs(Math.log((home.livingArea ?? 1) / place.livingArea)) }))
        .sort((a, b) => a.gap - b.gap)
        .map((entry) => entry.home)
    const own = bySize(zipHomes).slice(0, NEARBY_HOMES)
    return own.length >= NEARBY_HOMES ? own : [...own, ...bySize(cityHomes).slice(0, NEARBY_HOMES - own.length)]
  }
}
