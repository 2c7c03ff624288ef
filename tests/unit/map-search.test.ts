import { describe, expect, it } from 'vitest'
import { HomeClusters, homePointsUrl, markerPrice } from '~/features/map/map-points'
import { initialMapView } from '~/features/map/map-view'
import { viewBboxText } from '~/lib/bbox'
import { bboxText } from '~/lib/search-params'
import { marketCountFilters, realtorHomeListInput } from '~/schemas/home-list-input'
import { homeSearchSchema, listingSearchSchema } from '~/schemas/listing-search'
import { envSchema } from '~/server/config/env'
import { pagePolicy } from '~/server/http/content-security-policy'
import { DEFAULT_MAP_STYLE_URL, mapPolicyOrigins, mapSetupFor } from '~/server/map/map-config'

/* The map search's pure parts (issue 29): its URL, its markers and its configuration. */

describe('the map area in the search page’s URL', () => {
  const field = bboxText()

  it('keeps a valid box as the visitor’s text', () => {
    expect(field('-117.86,33.64,-117.78,33.72')).toBe('-117.86,33.64,-117.78,33.72')
    expect(field('-180,-90,180,90')).toBe('-180,-90,180,90')
  })

  it.each([
    ['not four numbers', '-117.86,33.64,-117.78'],
    ['exponent', '1e2,33,-117,34'],
    ['out of range', '-190,33,-117,34'],
    ['south above north', '-118,34,-117,33'],
    ['across the antimeridian', '170,10,-170,20'],
    ['too long', `${'1'.repeat(60)},33,${'2'.repeat(40)},34`],
    ['not text', 42],
    ['a list', ['-118,33,-117,34']],
  ])('drops %s, as if absent', (_, value) => {
    expect(field(value)).toBeUndefined()
  })

  it('is read by the search page, not by the homepage', () => {
    const raw = { bbox: '-117.86,33.64,-117.78,33.72', view: 'map', minBeds: '2' }
    expect(homeSearchSchema.parse(raw)).toMatchObject({ bbox: raw.bbox, view: 'map', minBeds: 2 })
    expect(homeSearchSchema.parse({ ...raw, view: 'satellite' }).view).toBeUndefined()
    expect(listingSearchSchema.parse(raw)).not.toHaveProperty('bbox')
  })

  it('writes a map’s view clamped to the world and rounded to about a metre', () => {
    expect(viewBboxText({ west: -117.123456789, south: 33.987654321, east: -117.0000049, north: 34.1 })).toBe('-117.12346,33.98765,-117,34.1')
    expect(viewBboxText({ west: -540, south: -89, east: 540, north: 89 })).toBe('-180,-85,180,85')
    expect(viewBboxText({ west: 10, south: 5, east: 10, north: 6 })).toBeUndefined()
  })
})

describe('markers', () => {
  it('show prices short, in dollars, in both languages', () => {
    expect(markerPrice(1_250_000)).toBe('$1.25M')
    expect(markerPrice(850_000)).toBe('$850K')
    expect(markerPrice(2850)).toBe('$2,850')
  })

  it('ask the public points answer with the list’s filters', () => {
    const url = new URL(homePointsUrl('-118,33,-117,34', { type: 'rent', propertyType: 'any', minPrice: 2000, maxPrice: undefined, minBeds: 2 }), 'http://x')
    expect(url.pathname).toBe('/cozying-api/v1/home/points')
    expect(Object.fromEntries(url.searchParams)).toEqual({ bbox: '-118,33,-117,34', type: 'rent', propertyType: 'any', minPrice: '2000', minBeds: '2' })
    // Issue 51 item 3: the map's markers follow the search page's further filters too.
    const more = homePointsUrl('-118,33,-117,34', {
      type: 'sale',
      propertyType: 'condo',
      minBaths: 2,
      minSize: 900,
      maxSize: 1500,
      postalCode: '92620',
      q: 'park view',
    })
    expect(more).toBe(
      '/cozying-api/v1/home/points?bbox=-118%2C33%2C-117%2C34&type=sale&propertyType=condo&minBaths=2&minSize=900&maxSize=1500&postalCode=92620&q=park+view',
    )
  })

  const point = (homeId: string, longitude: number, latitude: number) => ({ homeId, longitude, latitude, price: 1_000_000, homeStatus: 'Active' })
  const points = [point('a', -117.8, 33.7), point('b', -117.8001, 33.7001), point('c', -117.7999, 33.6999), point('far', -84.2, 34)]
  const world = { west: -180, south: -85, east: 180, north: 85 }

  it('cluster homes too close to tell apart, and part at the zoom a cluster opens to', () => {
    const clusters = new HomeClusters(points)
    const zoomedOut = clusters.markers(world, 8)
    const cluster = zoomedOut.find((marker) => marker.kind === 'cluster')
    expect(cluster).toMatchObject({ kind: 'cluster', count: 3 })
    expect(zoomedOut.filter((marker) => marker.kind === 'home').map((marker) => marker.id)).toEqual(['home-far'])
    if (cluster?.kind !== 'cluster') throw new Error('no cluster')
    const zoom = clusters.expansionZoom(cluster.clusterId)
    expect(zoom).toBeGreaterThan(8)
    const homes = clusters.markers(world, 17).filter((marker) => marker.kind === 'home')
    expect(homes.map((marker) => marker.id).sort()).toEqual(['home-a', 'home-b', 'home-c', 'home-far'])
  })

  it('open around the list’s homes, else on the region’s state', () => {
    const view = initialMapView(
      [
        { latitude: 33.7, longitude: -117.8 },
        { latitude: 33.6, longitude: -117.9 },
        { latitude: null, longitude: null },
      ],
      'CA',
    )
    const [west = 0, south = 0, east = 0, north = 0] = (view ?? '').split(',').map(Number)
    expect(west).toBeLessThan(-117.9)
    expect(east).toBeGreaterThan(-117.8)
    expect(south).toBeLessThan(33.6)
    expect(north).toBeGreaterThan(33.7)
    expect(initialMapView([{ latitude: null, longitude: null }], 'GA')).toBe('-85.61,30.36,-80.84,35')
    expect(initialMapView([], undefined)).toBeUndefined()
  })
})

describe('map configuration', () => {
  const settings = (values: Record<string, string>) => envSchema.parse({ PUBLIC_URL: 'https://homes.example.com', ...values })
  const site = 'https://homes.example.com'

  it('offers OpenFreeMap’s public style when no style is set, as a third party, and lets its one host into the policy', () => {
    expect(DEFAULT_MAP_STYLE_URL).toBe('https://tiles.openfreemap.org/styles/liberty')
    // Its TileJSON carries the OpenStreetMap credit, which MapLibre shows: none is added twice.
    expect(mapSetupFor(site, settings({}))).toEqual({ styleUrl: DEFAULT_MAP_STYLE_URL, attribution: null, thirdPartyHost: 'tiles.openfreemap.org' })
    const origins = mapPolicyOrigins(site, settings({}))
    expect(origins).toEqual(['https://tiles.openfreemap.org'])
    const policy = pagePolicy('', { secure: true, extraOrigins: [], mapOrigins: origins })
    expect(policy).toContain("connect-src 'self' https://tiles.openfreemap.org;")
    expect(policy).toMatch(/img-src [^;]*https:\/\/tiles\.openfreemap\.org/)
    // A blank setting is unset, not a style.
    expect(mapSetupFor(site, settings({ MAP_STYLE_URL: '  ' }))?.styleUrl).toBe(DEFAULT_MAP_STYLE_URL)
    // The operator's extra hosts join the default's, as they join any style's.
    expect(mapPolicyOrigins(site, settings({ MAP_EXTRA_ORIGINS: 'https://tiles.example.com' }))).toEqual([
      'https://tiles.openfreemap.org',
      'https://tiles.example.com',
    ])
  })

  it('offers no map and adds nothing to the policy when the operator turns it off', () => {
    for (const off of ['off', 'OFF', ' Off ']) {
      expect(mapSetupFor(site, settings({ MAP_STYLE_URL: off })), off).toBeNull()
      expect(mapPolicyOrigins(site, settings({ MAP_STYLE_URL: off, MAP_EXTRA_ORIGINS: 'https://tiles.example.com' })), off).toEqual([])
    }
    const policy = pagePolicy('', { secure: true, extraOrigins: [], mapOrigins: mapPolicyOrigins(site, settings({ MAP_STYLE_URL: 'off' })) })
    expect(policy).toContain("connect-src 'self';")
    expect(policy).not.toMatch(/openfreemap/)
  })

  it('counts a style on this site or the photo bucket as ours: no consent step', () => {
    const local = mapSetupFor(site, settings({ MAP_STYLE_URL: '/map-data/style.json' }))
    expect(local).toEqual({ styleUrl: 'https://homes.example.com/map-data/style.json', attribution: null, thirdPartyHost: null })
    expect(mapPolicyOrigins(site, settings({ MAP_STYLE_URL: '/map-data/style.json' }))).toEqual([])
    // A realtor's own domain reads the same style from it; the policy has nothing to add there either.
    expect(mapSetupFor('https://sora.example', settings({ MAP_STYLE_URL: '/map-data/style.json' }))?.styleUrl).toBe('https://sora.example/map-data/style.json')
    const bucket = settings({ MAP_STYLE_URL: 'https://photos.example-cdn.com/map/style.json', S3_PUBLIC_BASE_URL: 'https://photos.example-cdn.com' })
    expect(mapSetupFor(site, bucket)?.thirdPartyHost).toBeNull()
  })

  it('names a third-party host and lets exactly its origins into connect-src and img-src', () => {
    const provider = settings({
      MAP_STYLE_URL: 'https://api.maptiler.com/maps/streets/style.json?key=abc',
      MAP_ATTRIBUTION: '© MapTiler © OpenStreetMap contributors',
      MAP_EXTRA_ORIGINS: 'https://tiles.example.com',
    })
    expect(mapSetupFor(site, provider)).toEqual({
      styleUrl: 'https://api.maptiler.com/maps/streets/style.json?key=abc',
      attribution: '© MapTiler © OpenStreetMap contributors',
      thirdPartyHost: 'api.maptiler.com',
    })
    const origins = mapPolicyOrigins(site, provider)
    expect(origins).toEqual(['https://api.maptiler.com', 'https://tiles.example.com'])
    const policy = pagePolicy('', { secure: true, extraOrigins: [], mapOrigins: origins })
    expect(policy).toContain("connect-src 'self' https://api.maptiler.com https://tiles.example.com")
    expect(policy).toMatch(/img-src [^;]*https:\/\/api\.maptiler\.com/)
    // MapLibre's worker is one of our own files: no blob: or other worker source is added.
    expect(policy).not.toMatch(/worker-src/)
  })

  it('refuses settings that cannot be a map', () => {
    expect(() => settings({ MAP_STYLE_URL: '//evil.example/style.json' })).toThrow()
    expect(() => settings({ MAP_STYLE_URL: 'javascript:alert(1)' })).toThrow()
    // Only `off` turns the map off; a near miss is refused rather than read as a path or a host.
    expect(() => settings({ MAP_STYLE_URL: 'none' })).toThrow(/or off/)
    expect(() => settings({ MAP_STYLE_URL: 'false' })).toThrow()
    expect(() => settings({ MAP_EXTRA_ORIGINS: 'https://tiles.example.com/path' })).toThrow()
  })
})

describe('the list the map view asks the API for', () => {
  const realtor = {
    desiredUrl: 'sora-park',
    activityRegion: [
      { state: 'CA' as const, city: 'Irvine' },
      { state: 'CA' as const, city: 'Tustin' },
    ],
  }
  const size = { perPage: 18, group: 180 }

  it('is the searched region’s city, or the map’s area in its place, with the page’s size and language', () => {
    expect(realtorHomeListInput({ realtor, search: { region: 1, type: 'rent', minBeds: 2 }, lang: 'en', size })).toEqual({
      state: 'CA',
      city: 'Tustin',
      type: 'rent',
      propertyType: 'any',
      minPrice: undefined,
      maxPrice: undefined,
      minBeds: 2,
      currentPage: 1,
      homesPerPage: 18,
      totalHomesPerGroup: 180,
      realtor: 'sora-park',
      lang: 'en',
    })
    const inArea = realtorHomeListInput({ realtor, search: { bbox: '-117.86,33.64,-117.78,33.72', page: 3 }, lang: 'ko', size })
    expect(inArea).toMatchObject({ city: 'Irvine', type: 'sale', bbox: '-117.86,33.64,-117.78,33.72', currentPage: 3 })
    expect(realtorHomeListInput({ realtor: { ...realtor, activityRegion: [] }, search: {}, lang: 'ko', size })).toBeNull()
  })

  it('puts prices in order and leaves the map’s area out when none is chosen', () => {
    const input = realtorHomeListInput({ realtor, search: { minPrice: 900_000, maxPrice: 500_000 }, lang: 'ko', size })
    expect(input).toMatchObject({ minPrice: 500_000, maxPrice: 900_000, minBeds: undefined, realtor: 'sora-park' })
    expect(input && 'bbox' in input).toBe(false)
  })

  it('asks for a market report’s new listings whatever their status, its price reductions for sale or under contract (decision 065)', () => {
    const search = homeSearchSchema.parse({ listedWithinDays: '30', priceReduced: 'nope' })
    expect(search).toMatchObject({ listedWithinDays: 30, priceReduced: undefined })
    expect(realtorHomeListInput({ realtor, search, lang: 'ko', size })).toMatchObject({ propertyStatus: 'any', listedWithinDays: 30 })
    const reduced = realtorHomeListInput({ realtor, search: homeSearchSchema.parse({ priceReduced: true }), lang: 'ko', size })
    expect(reduced).toMatchObject({ propertyStatus: 'active,pending,under_contract', priceReduced: 'true' })
    expect(reduced && 'listedWithinDays' in reduced).toBe(false)
    // Neither: the API's default status, as before.
    expect(realtorHomeListInput({ realtor, search: {}, lang: 'ko', size })).not.toHaveProperty('propertyStatus')
    // The map's points ask the same, after the older filters.
    const url = homePointsUrl('-118,33,-117,34', { type: 'sale', propertyType: 'any', q: 'pool', ...marketCountFilters({ priceReduced: true }) })
    expect(new URL(url, 'http://x').search).toBe(
      '?bbox=-118%2C33%2C-117%2C34&type=sale&propertyType=any&q=pool&propertyStatus=active%2Cpending%2Cunder_contract&priceReduced=true',
    )
  })
})
