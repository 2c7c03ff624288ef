import { seededRandom } from '~/lib/seeded-random'

/*
 * A market whose true prices are known (issue 53 item 1, decision 073), to measure the estimator
 * against the best any estimator could do. Every home's value today is
 *
 *   value = cityPricePerFoot × 2,000 × (area / 2,000)^0.7 × e^(0.04 (beds − 3)) × e^(−0.004 age) × place(x, y)
 *
 * where place is a smooth bump (±12 %) over each city's 5 × 5 mile square, so nearby homes share
 * more of it than far ones. A home sold `m` months ago sold at value × 1.005^(−m) (the market rose
 * 0.5 % a month); a home for sale asks value × 1.03. Every observed price is then multiplied by
 * log-normal noise, σ = 8 %: no estimator can beat a median absolute error of 0.6745 × 8 % ≈ 5.4 %
 * (the noise floor), as that is how far the home's own price lies from its value. Each month's
 * median price per sq ft of the city's sales is its market snapshot, as the monthly imports
 * would record it. Seeded: the same seed gives the same market on every machine.
 */

export const GENERATED_NOISE_SIGMA = 0.08
/** The median of |ε| for ε ~ N(0, σ²), 0.6745 σ: the best median absolute error possible (≈ 5.4 % for σ = 8 %). */
export const GENERATED_NOISE_FLOOR = 0.6745 * GENERATED_NOISE_SIGMA
/** The seed the unit test and `npm run bench` use. */
export const GENERATED_MARKET_SEED = 53
const MONTHLY_TREND = 0.005
const ASKING_PREMIUM = 1.03
const CITY_MILES = 5
const MILES_PER_DEGREE_LATITUDE = 69.05

type GeneratedCity = { city: string; zips: ReadonlyArray<string>; latitude: number; longitude: number; pricePerFoot: number }

const GENERATED_CITIES: ReadonlyArray<GeneratedCity> = [
  { city: 'Maple Bay', zips: ['90501', '90502', '90503'], latitude: 34.0, longitude: -118.0, pricePerFoot: 600 },
  { city: 'Cedar Hill', zips: ['90511', '90512'], latitude: 34.1, longitude: -117.9, pricePerFoot: 420 },
  { city: 'Lake Rowan', zips: ['90521', '90522'], latitude: 33.9, longitude: -118.1, pricePerFoot: 800 },
]

export type GeneratedHome = {
  id: string
  listingKey: string
  city: string
  postalCode: string
  street: string
  latitude: number | null
  longitude: number | null
  livingArea: number
  beds: number
  baths: number
  yearBuilt: number
  lotSquareFeet: number
  /** `sale`: sold `monthsAgo` months ago at `price`; `asking`: for sale at `price`. */
  priceKind: 'sale' | 'asking'
  monthsAgo: number
  /** The observed price: close price or list price, noise included. */
  price: number
  /** The list price: a sale's last asking price (3 % over its value then, give or take 2 %), else `price`. */
  listPrice: number
  /** What the home would sell for today, noise included: the figure its estimate is judged against. */
  priceToday: number
  /** The MLS withholds the address (a few homes, as in real feeds). */
  addressHidden: boolean
}

export type GeneratedMarket = {
  homes: GeneratedHome[]
  /** Per city, month offset (0 = this month, 1 = last) → median sale price per sq ft. */
  snapshots: Map<string, Map<number, number>>
}

function normal(random: () => number): number {
  // Box–Muller; 1 − u keeps the logarithm finite.
  const u = 1 - random()
  const v = random()
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v)
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 === 1 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

/** `count` homes over three cities, 45 % of them sold within the last 12 months and the rest for sale. */
export function generateMarket(count: number, seed = GENERATED_MARKET_SEED, thisYear = 2026): GeneratedMarket {
  const random = seededRandom(seed)
  const homes: GeneratedHome[] = []
  const salesPerFoot = new Map<string, Map<number, number[]>>()
  for (let index = 0; index < count; index++) {
    const place = GENERATED_CITIES[Math.floor(random() * GENERATED_CITIES.length)] ?? GENERATED_CITIES[0]
    if (!place) throw new Error('no generated city')
    const east = (random() - 0.5) * CITY_MILES
    const north = (random() - 0.5) * CITY_MILES
    const livingArea = Math.round(Math.min(6000, Math.max(600, 2000 * Math.exp(0.35 * normal(random)))) / 10) * 10
    const beds = Math.min(7, Math.max(1, Math.round(livingArea / 550 + (random() - 0.5) * 1.6)))
    const baths = Math.min(6, Math.max(1, Math.round(beds * 0.75 + (random() - 0.5) * 1.2)))
    const yearBuilt = 1950 + Math.floor(random() * 75)
    const lotSquareFeet = Math.round((livingArea * (1.5 + random() * 2.5)) / 10) * 10
    const placeFactor = 1 + 0.12 * Math.sin(east / 1.6) * Math.cos(north / 2.1)
    const value = place.pricePerFoot * 2000 * (livingArea / 2000) ** 0.7 * Math.exp(0.04 * (beds - 3)) * Math.exp(-0.004 * (thisYear - yearBuilt)) * placeFactor
    const noise = Math.exp(GENERATED_NOISE_SIGMA * normal(random))
    const sold = random() < 0.45
    const monthsAgo = sold ? Math.floor(random() * 12) : 0
    const trend = (1 + MONTHLY_TREND) ** -monthsAgo
    const price = Math.round(sold ? value * trend * noise : value * ASKING_PREMIUM * noise)
    const listPrice = sold ? Math.round(value * trend * ASKING_PREMIUM * Math.exp(0.02 * normal(random))) : price
    const hasPosition = random() >= 0.02
    const latitude = place.latitude + north / MILES_PER_DEGREE_LATITUDE
    const longitude = place.longitude + east / (MILES_PER_DEGREE_LATITUDE * Math.cos((place.latitude * Math.PI) / 180))
    const postalCode = place.zips[Math.min(place.zips.length - 1, Math.floor((east / CITY_MILES + 0.5) * place.zips.length))] ?? '90501'
    homes.push({
      id: `gen-${index}`,
      listingKey: `GEN-${index}`,
      city: place.city,
      postalCode,
      street: `${100 + index} Generated Way`,
      latitude: hasPosition ? latitude : null,
      longitude: hasPosition ? longitude : null,
      livingArea,
      beds,
      baths,
      yearBuilt,
      lotSquareFeet,
      priceKind: sold ? 'sale' : 'asking',
      monthsAgo,
      price,
      listPrice,
      priceToday: Math.round(value * noise),
      addressHidden: random() < 0.03,
    })
    if (sold) {
      const byMonth = salesPerFoot.get(place.city) ?? new Map<number, number[]>()
      salesPerFoot.set(place.city, byMonth)
      const month = byMonth.get(monthsAgo) ?? []
      byMonth.set(monthsAgo, month)
      month.push(price / livingArea)
    }
  }
  const snapshots = new Map<string, Map<number, number>>()
  for (const [city, byMonth] of salesPerFoot) snapshots.set(city, new Map([...byMonth].map(([month, values]) => [month, median(values)])))
  return { homes, snapshots }
}
