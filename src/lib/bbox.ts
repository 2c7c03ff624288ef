/*
 * A map's visible box as the API and the search page's URL carry it (issue 29):
 * `bbox=west,south,east,north` in decimal degrees (WGS 84), the order GeoJSON and OGC use.
 *
 * Boxes are snapped outward to a grid before they are answered or stored, so panning a map a
 * few pixels asks the same question (one page-store entry) instead of a new one per pixel. The
 * grid follows the box's size, as map tiles follow zoom: a box spans at least about eight cells,
 * so snapping widens it by at most a quarter on each side, and a city-sized view and a
 * state-sized view each get a grid of their own scale.
 */

export type Bbox = { west: number; south: number; east: number; north: number }

/** Why a bbox text was refused; each is its own message to the reader. */
export type BboxProblem = 'format' | 'range' | 'order' | 'antimeridian'

export type BboxResult = { ok: true; bbox: Bbox } | { ok: false; problem: BboxProblem }

const NUMBER = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/

/** Reads `west,south,east,north`; refuses what is not four plain decimal numbers in range. */
export function parseBbox(text: string): BboxResult {
  const parts = text.split(',').map((part) => part.trim())
  if (parts.length !== 4 || !parts.every((part) => NUMBER.test(part))) return { ok: false, problem: 'format' }
  const [west, south, east, north] = parts.map(Number)
  if (west === undefined || south === undefined || east === undefined || north === undefined) return { ok: false, problem: 'format' }
  if ([west, east].some((lng) => lng < -180 || lng > 180) || [south, north].some((lat) => lat < -90 || lat > 90)) return { ok: false, problem: 'range' }
  if (south >= north) return { ok: false, problem: 'order' }
  // A box whose west edge lies east of its east edge crosses the antimeridian: two boxes in
  // truth. The product's markets (California, Georgia) never need one, so it is refused
  // rather than answered as the whole world minus the box.
  if (west >= east) return { ok: false, problem: 'antimeridian' }
  return { ok: true, bbox: { west, south, east, north } }
}

/** Grid steps are powers of two degrees: exact in binary, so snapped edges print exactly. */
const FINEST_STEP_EXPONENT = -10 // ≈ 100 m
const COARSEST_STEP_EXPONENT = 3 // 8°
const CELLS_ACROSS = 8

export function gridStepOf(bbox: Bbox): number {
  const span = Math.max(bbox.east - bbox.west, bbox.north - bbox.south)
  const exponent = Math.floor(Math.log2(span / CELLS_ACROSS))
  return 2 ** Math.min(COARSEST_STEP_EXPONENT, Math.max(FINEST_STEP_EXPONENT, exponent))
}

/** The smallest grid box that holds `bbox`, within the world's bounds. */
export function snapBboxOutward(bbox: Bbox): Bbox {
  const step = gridStepOf(bbox)
  return {
    west: Math.max(-180, Math.floor(bbox.west / step) * step),
    south: Math.max(-90, Math.floor(bbox.south / step) * step),
    east: Math.min(180, Math.ceil(bbox.east / step) * step),
    north: Math.min(90, Math.ceil(bbox.north / step) * step),
  }
}

export function formatBbox(bbox: Bbox): string {
  return [bbox.west, bbox.south, bbox.east, bbox.north].map(String).join(',')
}

/** The snapped form of a bbox text, or undefined when it is not a valid box. */
export function snappedBboxText(text: string): string | undefined {
  const parsed = parseBbox(text)
  return parsed.ok ? formatBbox(snapBboxOutward(parsed.bbox)) : undefined
}

export function bboxContains(bbox: Bbox, latitude: number, longitude: number): boolean {
  return latitude >= bbox.south && latitude <= bbox.north && longitude >= bbox.west && longitude <= bbox.east
}

/**
 * A map's view as a URL keeps it: edges clamped to the world (a zoomed-out map reports
 * longitudes past ±180) and rounded to five decimals (about a metre), so a shared link is short.
 * Undefined when nothing of the world is in view.
 */
export function viewBboxText(bbox: Bbox): string | undefined {
  const round = (value: number) => Math.round(value * 100_000) / 100_000
  const clamped = {
    west: round(Math.max(-180, bbox.west)),
    south: round(Math.max(-85, bbox.south)),
    east: round(Math.min(180, bbox.east)),
    north: round(Math.min(85, bbox.north)),
  }
  if (clamped.west >= clamped.east || clamped.south >= clamped.north) return undefined
  return formatBbox(clamped)
}
