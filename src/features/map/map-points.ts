import Supercluster from 'supercluster'
import type { Bbox } from '~/lib/bbox'
import { formatShortPrice } from '~/lib/format'
import type { HomePoints } from '~/schemas/home'

type HomePoint = HomePoints['points'][number]

/** One marker on the map: a home, or a cluster of homes too close to tell apart at this zoom. */
export type MapMarker =
  | { kind: 'home'; id: string; longitude: number; latitude: number; point: HomePoint }
  | { kind: 'cluster'; id: string; longitude: number; latitude: number; clusterId: number; count: number }

type PointProperties = { point: HomePoint }
/** Clusters carry supercluster's own fields only (no `map`/`reduce` aggregates). */
type ClusterExtra = { point?: never }

/**
 * Markers for the homes of an area (issue 29): supercluster groups homes closer than a marker's
 * width, so a dense area shows a count to zoom into rather than a heap of price tags nobody can
 * read or press. Built once per answer; asked again on every move.
 */
export class HomeClusters {
  private readonly index: Supercluster<PointProperties, ClusterExtra>

  constructor(points: ReadonlyArray<HomePoint>) {
    // A radius of 60 px keeps price tags (about 70 px wide) from covering each other.
    this.index = new Supercluster<PointProperties, ClusterExtra>({ radius: 60, maxZoom: 16 })
    this.index.load(
      points.map((point) => ({
        type: 'Feature',
        properties: { point },
        geometry: { type: 'Point', coordinates: [point.longitude, point.latitude] },
      })),
    )
  }

  markers(bbox: Bbox, zoom: number): Array<MapMarker> {
    return this.index.getClusters([bbox.west, bbox.south, bbox.east, bbox.north], Math.round(zoom)).map((feature) => {
      const [longitude = 0, latitude = 0] = feature.geometry.coordinates
      const properties = feature.properties
      if ('cluster' in properties) {
        return { kind: 'cluster', id: `cluster-${properties.cluster_id}`, longitude, latitude, clusterId: properties.cluster_id, count: properties.point_count }
      }
      return { kind: 'home', id: `home-${properties.point.homeId}`, longitude, latitude, point: properties.point }
    })
  }

  /** The zoom at which a cluster falls apart into smaller ones: where pressing it goes. */
  expansionZoom(clusterId: number): number {
    return this.index.getClusterExpansionZoom(clusterId)
  }
}

/**
 * A price short enough for a marker: `$1.25M`, `$850K`; a rent in full (`$2,850`). The same in
 * both languages: US listings are priced in dollars, and a `$125만` needs glyphs the page's font,
 * cut to the page's own characters, may not hold.
 */
export function markerPrice(price: number): string {
  return formatShortPrice(price)
}

/** The list's filters a map's points follow; `propertyType` is `any` unless a kind is chosen, as the page's list asks. */
export type MapFilters = {
  type: 'sale' | 'rent'
  propertyType: string
  minPrice?: number | undefined
  maxPrice?: number | undefined
  minBeds?: number | undefined
  minBaths?: number | undefined
  minSize?: number | undefined
  maxSize?: number | undefined
  postalCode?: string | undefined
  q?: string | undefined
  /** A market report's count as a search (decision 065), as `marketCountFilters` gives it. */
  propertyStatus?: string | undefined
  listedWithinDays?: number | undefined
  priceReduced?: 'true' | undefined
}

/** The public API's points answer for an area and the list's filters (decision 035). */
export function homePointsUrl(bbox: string, filters: MapFilters): string {
  const params = new URLSearchParams({ bbox })
  // In a fixed order, so the same filters always give the same address (the page store keys by it).
  const keys = ['type', 'propertyType', 'minPrice', 'maxPrice', 'minBeds', 'minBaths', 'minSize', 'maxSize', 'postalCode', 'q'] as const
  // Decision 065's after the others, so the addresses of the searches made before them stay as they were.
  for (const key of [...keys, 'propertyStatus', 'listedWithinDays', 'priceReduced'] as const) {
    const value = filters[key]
    if (value !== undefined) params.set(key, String(value))
  }
  return `/cozying-api/v1/home/points?${params}`
}
