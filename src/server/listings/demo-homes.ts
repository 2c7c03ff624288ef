import { seededRandom } from '~/lib/seeded-random'
import { DEFAULT_LISTING_IMAGE_COUNT } from './demo-home-images'
import type { HomeRecord } from './reso-property'

/*
 * Deterministic demo listings (issue 6): the same count always gives the same homes, so
 * screenshots, tests and benchmarks agree. Every key starts with DEMO- and every row is
 * stored with is_demo = 1; the pages say so on each card. Addresses, agents and offices
 * are invented.
 */

export const DEMO_SOURCE = 'demo'
const DAY_MS = 86_400_000

/**
 * Dates count back from the seed's day (issue 27: the market reports' last 30 days and sales must
 * be recent on any day the demo is seeded). The day, not the moment, so two seeds on one day
 * produce identical rows; tests pass their own clock's day.
 */
function referenceDayOf(seededAt: Date): number {
  return Date.UTC(seededAt.getUTCFullYear(), seededAt.getUTCMonth(), seededAt.getUTCDate())
}

/**
 * Sale facts of the demo (issue 27): closed homes sold in the past 100 days, at 96–103 % of their
 * price, and a fifth of active homes reduced from a higher original price in the past six weeks.
 * Drawn from a second seeded sequence, so every fact the first one draws (and tests know) stays.
 */
function demoSaleFacts(index: number, status: string, isLease: boolean, listPrice: number, referenceDay: number, onMarket: Date) {
  const random = seededRandom(0x5a1e + index * 104_729)
  if (!isLease && status === 'Closed') {
    const closeDay = referenceDay - Math.floor(random() * 100) * DAY_MS
    const daysToSell = 7 + Math.floor(random() * 80)
    return {
      closePrice: roundTo(listPrice * (0.96 + random() * 0.07), 1000),
      closeDate: new Date(closeDay).toISOString().slice(0, 10),
      onMarket: new Date(closeDay - daysToSell * DAY_MS),
      originalListPrice: null,
      reducedAt: null,
    }
  }
  if (!isLease && status === 'Active' && random() < 0.2) {
    const reducedDay = Math.max(onMarket.getTime() + DAY_MS, referenceDay - Math.floor(random() * 42) * DAY_MS)
    return {
      closePrice: null,
      closeDate: null,
      onMarket,
      originalListPrice: roundTo(listPrice * (1.03 + random() * 0.06), 1000),
      reducedAt: new Date(reducedDay),
    }
  }
  return { closePrice: null, closeDate: null, onMarket, originalListPrice: null, reducedAt: null }
}

type City = {
  city: string
  state: 'CA' | 'GA'
  zips: Array<string>
  lat: number
  lng: number
  weight: number
  /** Typical sale price of a single-family home, in dollars. */
  basePrice: number
}

const CITIES: Array<City> = [
  {
    city: 'Irvine',
    state: 'CA',
    zips: ['92602', '92603', '92604', '92606', '92612', '92614', '92618', '92620'],
    lat: 33.6846,
    lng: -117.8265,
    weight: 50,
    basePrice: 1_650_000,
  },
  { city: 'Tustin', state: 'CA', zips: ['92780', '92782'], lat: 33.7458, lng: -117.8262, weight: 10, basePrice: 1_150_000 },
  { city: 'Duluth', state: 'GA', zips: ['30096', '30097'], lat: 34.0029, lng: -84.1446, weight: 12, basePrice: 520_000 },
  { city: 'Suwanee', state: 'GA', zips: ['30024'], lat: 34.0515, lng: -84.0713, weight: 10, basePrice: 610_000 },
  { city: 'Johns Creek', state: 'GA', zips: ['30005', '30022', '30097'], lat: 34.0289, lng: -84.1986, weight: 10, basePrice: 720_000 },
  { city: 'Alpharetta', state: 'GA', zips: ['30004', '30005', '30009', '30022'], lat: 34.0754, lng: -84.2941, weight: 8, basePrice: 780_000 },
]

const STREETS = [
  'Willow',
  'Harvest',
  'Sand Canyon',
  'Jeffrey',
  'Culver',
  'Yale',
  'Alton',
  'Peachtree',
  'Sugarloaf',
  'Magnolia',
  'Cedar Ridge',
  'Oak Hollow',
  'Spring Garden',
  'Maple Grove',
  'Lakeview',
  'Briarwood',
  'Sunflower',
  'Morning Glory',
  'Silver Creek',
  'Laurel',
]
const SUFFIXES = ['St', 'Ave', 'Way', 'Ct', 'Ln', 'Dr', 'Pl', 'Cir']
const OFFICES = ['Demo Realty Group', 'Sample Homes Brokerage', 'Example Coast Properties', 'Placeholder Peachtree Realty', 'Fictional Crest Realtors']
const AGENTS = ['Alex Kim', 'Jordan Lee', 'Taylor Choi', 'Morgan Park', 'Casey Jung', 'Riley Han', 'Avery Yoon', 'Quinn Lim']
const VIEWS = ['a quiet cul-de-sac', 'a tree-lined street', 'the community park', 'the hills', 'a greenbelt', 'the lake trail']
const FEATURES = [
  'an open kitchen with a large island',
  'a remodeled primary bath',
  'solar panels',
  'a two-car garage',
  'new wood floors',
  'a covered patio',
  'a downstairs bedroom and bath',
  'an upstairs loft',
]

type SubType = { propertySubType: string; share: number; sizeFactor: number; priceFactor: number }
const SUB_TYPES: Array<SubType> = [
  { propertySubType: 'SingleFamilyResidence', share: 55, sizeFactor: 1, priceFactor: 1 },
  { propertySubType: 'Condominium', share: 25, sizeFactor: 0.55, priceFactor: 0.5 },
  { propertySubType: 'Townhouse', share: 15, sizeFactor: 0.7, priceFactor: 0.68 },
  { propertySubType: 'MultiFamily', share: 5, sizeFactor: 1.4, priceFactor: 1.3 },
]
/**
 * A quarter of the demo's sale listings are recent sales (issue 27): enough that a demo city's
 * months of supply (active listings over the monthly pace of sales) comes out near a real
 * market's few months, and that valuations find sold comparables.
 */
const STATUSES: Array<{ status: string; share: number }> = [
  { status: 'Active', share: 60 },
  { status: 'Pending', share: 10 },
  { status: 'ComingSoon', share: 5 },
  { status: 'Closed', share: 25 },
]

function pick<T>(random: () => number, items: ReadonlyArray<T>): T {
  const item = items[Math.floor(random() * items.length)]
  if (item === undefined) throw new Error('pick from an empty list')
  return item
}

function weighted<T>(random: () => number, items: ReadonlyArray<T>, weightOf: (item: T) => number): T {
  const total = items.reduce((sum, item) => sum + weightOf(item), 0)
  let roll = random() * total
  for (const item of items) {
    roll -= weightOf(item)
    if (roll < 0) return item
  }
  return pick(random, items)
}

function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step
}

/**
 * Condominiums and townhouses pay HOA dues, scaled by size (~$300–700 a month). Derived from the
 * size rather than drawn: another draw would shift the seeded sequence, and with it every demo
 * home that tests and screenshots know.
 */
function demoAssociationFee(propertySubType: string, livingArea: number): number | null {
  if (propertySubType !== 'Condominium' && propertySubType !== 'Townhouse') return null
  return roundTo(200 + livingArea * 0.18, 5)
}

/** The index-th demo home; independent of every other index. */
export function demoHome(index: number, imageUrls: ReadonlyArray<string>, seededAt: Date): HomeRecord {
  const referenceDay = referenceDayOf(seededAt)
  const random = seededRandom(0x5eed + index * 7919)
  const place = weighted(random, CITIES, (city) => city.weight)
  const subType = weighted(random, SUB_TYPES, (type) => type.share)
  const isLease = random() < 0.15
  const status = isLease ? 'Active' : weighted(random, STATUSES, (item) => item.share).status
  const beds = Math.max(1, Math.round((2 + random() * 4) * Math.sqrt(subType.sizeFactor)))
  const baths = Math.max(1, Math.min(beds + 1, Math.round(beds * (0.6 + random() * 0.5))))
  const livingArea = roundTo((900 + random() * 2800) * subType.sizeFactor + beds * 150, 10)
  const salePrice = roundTo(place.basePrice * subType.priceFactor * (0.6 + random() * 0.9) * (livingArea / 2200) ** 0.6, 1000)
  const listPrice = isLease ? roundTo(salePrice * 0.0042, 50) : salePrice
  const daysOnMarket = Math.floor(random() * 150)
  const listedAt = new Date(referenceDay - daysOnMarket * DAY_MS)
  const listedModified = new Date(listedAt.getTime() + Math.floor(random() * 72) * 3_600_000)
  const street = `${100 + Math.floor(random() * 9800)} ${pick(random, STREETS)} ${pick(random, SUFFIXES)}`
  const unit = subType.propertySubType === 'Condominium' ? ` #${100 + Math.floor(random() * 300)}` : ''
  const photoCount = 3 + Math.floor(random() * 4)
  const firstPhoto = Math.floor(random() * imageUrls.length)
  const yearBuilt = 1965 + Math.floor(random() * 60)
  const view = pick(random, VIEWS)
  const featureA = pick(random, FEATURES)
  const featureB = pick(
    random,
    FEATURES.filter((feature) => feature !== featureA),
  )
  const kind =
    subType.propertySubType === 'SingleFamilyResidence'
      ? 'home'
      : subType.propertySubType === 'Condominium'
        ? 'condo'
        : subType.propertySubType === 'Townhouse'
          ? 'townhome'
          : 'multi-family property'
  const sale = demoSaleFacts(index, status, isLease, listPrice, referenceDay, listedAt)
  return {
    listingKey: `DEMO-${String(index + 1).padStart(6, '0')}`,
    listPrice,
    originalListPrice: sale.originalListPrice,
    closePrice: sale.closePrice,
    closeDate: sale.closeDate,
    standardStatus: status,
    propertyType: isLease ? 'ResidentialLease' : subType.propertySubType === 'MultiFamily' ? 'ResidentialIncome' : 'Residential',
    propertySubType: subType.propertySubType,
    bedroomsTotal: beds,
    bathroomsTotalInteger: baths,
    livingArea,
    lotSizeSquareFeet: subType.propertySubType === 'Condominium' ? null : roundTo(livingArea * (1.4 + random() * 2.5), 10),
    associationFeeMonthly: demoAssociationFee(subType.propertySubType, livingArea),
    yearBuilt,
    unparsedAddress: `${street}${unit}`,
    city: place.city,
    stateOrProvince: place.state,
    postalCode: pick(random, place.zips),
    latitude: Number((place.lat + (random() - 0.5) * 0.08).toFixed(6)),
    longitude: Number((place.lng + (random() - 0.5) * 0.08).toFixed(6)),
    publicRemarks: `Demo listing (not a real home). A ${beds}-bedroom ${kind} in ${place.city} built in ${yearBuilt}, facing ${view}, with ${featureA} and ${featureB}. ${isLease ? 'Available for lease now.' : 'Close to schools, shopping and parks.'}`,
    listAgentFullName: pick(random, AGENTS),
    listOfficeName: pick(random, OFFICES),
    onMarketDate: sale.onMarket.toISOString().slice(0, 10),
    modificationTimestamp: (sale.reducedAt ?? (sale.onMarket === listedAt ? listedModified : new Date(sale.onMarket.getTime() + 3_600_000))).toISOString(),
    // A few listings exercise the MLS display rules.
    internetEntireListingDisplay: random() >= 0.01,
    internetAddressDisplay: random() >= 0.03,
    media: Array.from({ length: photoCount }, (_, photo) => ({
      mediaKey: `DEMO-${index + 1}-${photo + 1}`,
      url: imageUrls[(firstPhoto + photo) % imageUrls.length] ?? '',
    })),
  }
}

export function* demoHomes(count: number, imageUrls: ReadonlyArray<string>, seededAt: Date): Generator<HomeRecord> {
  if (imageUrls.length === 0) throw new Error(`demo homes need images (expected ${DEFAULT_LISTING_IMAGE_COUNT})`)
  for (let index = 0; index < count; index += 1) yield demoHome(index, imageUrls, seededAt)
}
