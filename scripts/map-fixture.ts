import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { zxyToTileId } from 'pmtiles'
import sharp from 'sharp'

/*
 * A map for tests (issue 29, decision 048): a PMTiles v3 archive of raster tiles and a MapLibre
 * style that reads it, written in well under a second with no network. Raster, so the style
 * needs no glyphs or sprites; the tiles are a land colour with a grid, in a checkerboard of two
 * shades, so a screenshot shows where the map is and that it moved. Only for tests: the real
 * map is an extract made with the `pmtiles` CLI (README "Map tiles").
 *
 * The archive follows https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md: a
 * 127-byte header, one root directory (no leaf directories), the JSON metadata, then the tile
 * data in tile-id order, nothing compressed.
 */

export type MapFixtureBounds = { west: number; south: number; east: number; north: number }

export type MapFixtureOptions = {
  /** Where the browser finds the folder, e.g. `http://localhost:3000/map-data`. */
  baseUrl: string
  bounds: MapFixtureBounds
  minZoom?: number
  maxZoom?: number
}

/** A test map stays small: a handful of tiles per zoom over a city, not a state at zoom 12. */
const MAX_TILES = 150
const TILE_SIZE = 256
const HEADER_BYTES = 127
/** Readers fetch the first 16 KiB and expect the header and root directory inside it. */
const ROOT_LIMIT_BYTES = 16_384
/** Web Mercator stops here; tiles have no rows past it. */
const MAX_LATITUDE = 85.051_128_78

const COMPRESSION_NONE = 1
const TILE_TYPE_PNG = 2

const LAND_LIGHT = '#f3efe3'
const LAND_DARK = '#e9e4d3'
const GRID = '#c8c1a8'
const BORDER = '#8c8468'
const BACKGROUND = '#c6d6df'

type Entry = { tileId: number; offset: number; length: number }

export async function writeMapFixture(directory: string, options: MapFixtureOptions): Promise<{ styleFile: string; pmtilesFile: string }> {
  const minZoom = options.minZoom ?? 0
  const maxZoom = options.maxZoom ?? 12
  const { bounds } = options
  if (!Number.isInteger(minZoom) || !Number.isInteger(maxZoom) || minZoom < 0 || maxZoom > 22 || minZoom > maxZoom) {
    throw new Error(`writeMapFixture: zooms ${minZoom}..${maxZoom} are not 0 ≤ min ≤ max ≤ 22`)
  }
  if (!(bounds.west < bounds.east && bounds.south < bounds.north && bounds.west >= -180 && bounds.east <= 180 && bounds.south >= -90 && bounds.north <= 90)) {
    throw new Error(`writeMapFixture: bounds ${JSON.stringify(bounds)} are not west < east, south < north on the globe`)
  }

  const tiles = tilesCovering(bounds, minZoom, maxZoom)
  if (tiles.length > MAX_TILES) {
    throw new Error(
      `writeMapFixture: ${tiles.length} tiles cover these bounds at zooms ${minZoom}..${maxZoom}; lower maxZoom or shrink the bounds (at most ${MAX_TILES})`,
    )
  }
  const [light, dark] = await Promise.all([renderTile(LAND_LIGHT), renderTile(LAND_DARK)])

  const entries: Array<Entry> = []
  const tileData: Array<Uint8Array> = []
  let offset = 0
  for (const tile of tiles) {
    const bytes = (tile.x + tile.y) % 2 === 0 ? light : dark
    entries.push({ tileId: tile.tileId, offset, length: bytes.byteLength })
    tileData.push(bytes)
    offset += bytes.byteLength
  }

  const rootDirectory = serializeDirectory(entries)
  if (HEADER_BYTES + rootDirectory.byteLength > ROOT_LIMIT_BYTES) throw new Error('writeMapFixture: the root directory does not fit in 16 KiB')
  const metadata = new TextEncoder().encode('{}')
  const rootOffset = HEADER_BYTES
  const metadataOffset = rootOffset + rootDirectory.byteLength
  const tileDataOffset = metadataOffset + metadata.byteLength
  const header = serializeHeader({
    rootOffset,
    rootLength: rootDirectory.byteLength,
    metadataOffset,
    metadataLength: metadata.byteLength,
    // No leaf directories: they would start where the tile data does, and are empty.
    leafOffset: tileDataOffset,
    leafLength: 0,
    tileDataOffset,
    tileDataLength: offset,
    tiles: entries.length,
    minZoom,
    maxZoom,
    bounds,
  })

  await mkdir(directory, { recursive: true })
  const pmtilesFile = path.join(directory, 'fixture.pmtiles')
  await writeFile(pmtilesFile, Buffer.concat([header, rootDirectory, metadata, ...tileData]))

  const styleFile = path.join(directory, 'style.json')
  const style = {
    version: 8,
    name: 'Test map fixture',
    sources: {
      fixture: { type: 'raster', url: `pmtiles://${options.baseUrl.replace(/\/+$/, '')}/fixture.pmtiles`, tileSize: TILE_SIZE },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': BACKGROUND } },
      { id: 'fixture-tiles', type: 'raster', source: 'fixture' },
    ],
  }
  await writeFile(styleFile, `${JSON.stringify(style, null, 2)}\n`)
  return { styleFile, pmtilesFile }
}

/** Every tile touching the bounds at each zoom, sorted by tile id as the spec's clustered order asks. */
function tilesCovering(bounds: MapFixtureBounds, minZoom: number, maxZoom: number): Array<{ tileId: number; x: number; y: number }> {
  const tiles: Array<{ tileId: number; x: number; y: number }> = []
  for (let z = minZoom; z <= maxZoom; z++) {
    const [westX, eastX] = [columnOf(bounds.west, z), columnOf(bounds.east, z)]
    // Rows count from the north.
    const [northY, southY] = [rowOf(bounds.north, z), rowOf(bounds.south, z)]
    for (let x = westX; x <= eastX; x++) {
      for (let y = northY; y <= southY; y++) tiles.push({ tileId: zxyToTileId(z, x, y), x, y })
    }
  }
  return tiles.sort((a, b) => a.tileId - b.tileId)
}

function columnOf(longitude: number, zoom: number): number {
  const count = 2 ** zoom
  return Math.min(count - 1, Math.max(0, Math.floor(((longitude + 180) / 360) * count)))
}

function rowOf(latitude: number, zoom: number): number {
  const count = 2 ** zoom
  const radians = (Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, latitude)) * Math.PI) / 180
  const fraction = (1 - Math.log(Math.tan(radians) + 1 / Math.cos(radians)) / Math.PI) / 2
  return Math.min(count - 1, Math.max(0, Math.floor(fraction * count)))
}

/** A 256-pixel PNG: the land shade, a 32-pixel grid and a darker edge, so tile seams show. */
async function renderTile(land: string): Promise<Buffer> {
  const lines: Array<string> = []
  for (let at = 32; at < TILE_SIZE; at += 32) {
    lines.push(`<line x1="${at}" y1="0" x2="${at}" y2="${TILE_SIZE}"/>`, `<line x1="0" y1="${at}" x2="${TILE_SIZE}" y2="${at}"/>`)
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE_SIZE}" height="${TILE_SIZE}">
<g stroke="${GRID}" stroke-width="1">${lines.join('')}</g>
<rect x="1" y="1" width="${TILE_SIZE - 2}" height="${TILE_SIZE - 2}" fill="none" stroke="${BORDER}" stroke-width="2"/>
</svg>`
  return sharp({ create: { width: TILE_SIZE, height: TILE_SIZE, channels: 3, background: land } })
    .composite([{ input: Buffer.from(svg), top: 0, left: 0 }])
    .png()
    .toBuffer()
}

/** Unsigned LEB128, as the spec's directories use; exact up to 2^53 (tile ids stay far below). */
function pushVarint(bytes: Array<number>, value: number): void {
  let rest = value
  while (rest >= 0x80) {
    bytes.push((rest % 0x80) | 0x80)
    rest = Math.floor(rest / 0x80)
  }
  bytes.push(rest)
}

/**
 * The spec's directory: the entry count, then the tile ids as deltas, the run lengths, the
 * lengths, and the offsets, where 0 means "right after the previous entry" and any other
 * value is the offset plus one.
 */
function serializeDirectory(entries: ReadonlyArray<Entry>): Buffer {
  const bytes: Array<number> = []
  pushVarint(bytes, entries.length)
  let lastId = 0
  for (const entry of entries) {
    pushVarint(bytes, entry.tileId - lastId)
    lastId = entry.tileId
  }
  for (let i = 0; i < entries.length; i++) pushVarint(bytes, 1)
  for (const entry of entries) pushVarint(bytes, entry.length)
  entries.forEach((entry, i) => {
    const previous = entries[i - 1]
    pushVarint(bytes, previous && entry.offset === previous.offset + previous.length ? 0 : entry.offset + 1)
  })
  return Buffer.from(bytes)
}

type HeaderFields = {
  rootOffset: number
  rootLength: number
  metadataOffset: number
  metadataLength: number
  leafOffset: number
  leafLength: number
  tileDataOffset: number
  tileDataLength: number
  tiles: number
  minZoom: number
  maxZoom: number
  bounds: MapFixtureBounds
}

/** The 127-byte header, little-endian, positions as in the spec's table. */
function serializeHeader(fields: HeaderFields): Buffer {
  const header = Buffer.alloc(HEADER_BYTES)
  header.write('PMTiles', 0, 'ascii')
  header.writeUInt8(3, 7)
  const u64 = (value: number, at: number) => header.writeBigUInt64LE(BigInt(value), at)
  u64(fields.rootOffset, 8)
  u64(fields.rootLength, 16)
  u64(fields.metadataOffset, 24)
  u64(fields.metadataLength, 32)
  u64(fields.leafOffset, 40)
  u64(fields.leafLength, 48)
  u64(fields.tileDataOffset, 56)
  u64(fields.tileDataLength, 64)
  // Addressed tiles, tile entries, tile contents: one of each per tile, nothing shared.
  u64(fields.tiles, 72)
  u64(fields.tiles, 80)
  u64(fields.tiles, 88)
  header.writeUInt8(1, 96) // clustered: the tile data is in tile-id order
  header.writeUInt8(COMPRESSION_NONE, 97) // directories and metadata
  header.writeUInt8(COMPRESSION_NONE, 98) // tiles
  header.writeUInt8(TILE_TYPE_PNG, 99)
  header.writeUInt8(fields.minZoom, 100)
  header.writeUInt8(fields.maxZoom, 101)
  const e7 = (degrees: number) => Math.round(degrees * 10_000_000)
  const { west, south, east, north } = fields.bounds
  header.writeInt32LE(e7(west), 102)
  header.writeInt32LE(e7(south), 106)
  header.writeInt32LE(e7(east), 110)
  header.writeInt32LE(e7(north), 114)
  header.writeUInt8(Math.round((fields.minZoom + fields.maxZoom) / 2), 118)
  header.writeInt32LE(e7((west + east) / 2), 119)
  header.writeInt32LE(e7((south + north) / 2), 123)
  return header
}
