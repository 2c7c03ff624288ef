import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PMTiles, TileType, type RangeResponse, type Source } from 'pmtiles'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeMapFixture } from '../../scripts/map-fixture'

/*
 * The test map's archive (decision 048) read back by the `pmtiles` package itself, the reader
 * the browser uses: if the header, the directory or the offsets were off, it would not find
 * the tiles.
 */

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
// Los Angeles, roughly: a few tiles per zoom.
const BOUNDS = { west: -118.5, south: 33.9, east: -118.1, north: 34.2 }

/** The archive from memory, as FetchSource would get it from a server answering byte ranges. */
class BufferSource implements Source {
  constructor(
    private readonly bytes: Uint8Array,
    private readonly key: string,
  ) {}
  getKey(): string {
    return this.key
  }
  getBytes(offset: number, length: number): Promise<RangeResponse> {
    return Promise.resolve({ data: Uint8Array.from(this.bytes.subarray(offset, offset + length)).buffer })
  }
}

function tileOf(longitude: number, latitude: number, zoom: number): { x: number; y: number } {
  const count = 2 ** zoom
  const radians = (latitude * Math.PI) / 180
  return {
    x: Math.floor(((longitude + 180) / 360) * count),
    y: Math.floor(((1 - Math.log(Math.tan(radians) + 1 / Math.cos(radians)) / Math.PI) / 2) * count),
  }
}

let directory: string
let archive: PMTiles
let files: { styleFile: string; pmtilesFile: string }

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'map-fixture-'))
  files = await writeMapFixture(directory, { baseUrl: 'http://localhost:3000/map-data/', bounds: BOUNDS, maxZoom: 12 })
  archive = new PMTiles(new BufferSource(new Uint8Array(await readFile(files.pmtilesFile)), files.pmtilesFile))
})

afterAll(async () => {
  await rm(directory, { recursive: true, force: true })
})

describe('writeMapFixture: a PMTiles v3 archive of PNG tiles and a style that names it', () => {
  it('writes a header the pmtiles reader accepts', async () => {
    const header = await archive.getHeader()
    expect(header.specVersion).toBe(3)
    expect(header.tileType).toBe(TileType.Png)
    expect(header.minZoom).toBe(0)
    expect(header.maxZoom).toBe(12)
    expect(header.clustered).toBe(true)
    expect(header.minLon).toBeCloseTo(BOUNDS.west, 6)
    expect(header.minLat).toBeCloseTo(BOUNDS.south, 6)
    expect(header.maxLon).toBeCloseTo(BOUNDS.east, 6)
    expect(header.maxLat).toBeCloseTo(BOUNDS.north, 6)
    expect(header.centerLon).toBeCloseTo(-118.3, 6)
    expect(header.numAddressedTiles).toBeGreaterThan(13)
    expect(header.numAddressedTiles).toBeLessThanOrEqual(150)
    expect(await archive.getMetadata()).toEqual({})
  })

  it('finds a PNG tile inside the bounds at every zoom', async () => {
    for (const zoom of [0, 3, 7, 10, 12]) {
      const { x, y } = tileOf(-118.3, 34.05, zoom)
      const tile = await archive.getZxy(zoom, x, y)
      expect(tile, `z${zoom}/${x}/${y}`).toBeDefined()
      expect([...new Uint8Array(tile?.data ?? new ArrayBuffer(0)).subarray(0, 8)]).toEqual(PNG_SIGNATURE)
    }
  })

  it('has no tile outside the bounds or past the deepest zoom', async () => {
    // Atlanta at zoom 10, and Los Angeles' own tile one zoom deeper than the archive goes.
    const atlanta = tileOf(-84.39, 33.75, 10)
    expect(await archive.getZxy(10, atlanta.x, atlanta.y)).toBeUndefined()
    const deeper = tileOf(-118.3, 34.05, 13)
    expect(await archive.getZxy(13, deeper.x, deeper.y)).toBeUndefined()
  })

  it('writes a raster style with no glyphs, sprites or symbol layers', async () => {
    const style: unknown = JSON.parse(await readFile(files.styleFile, 'utf8'))
    expect(style).toMatchObject({
      version: 8,
      sources: { fixture: { type: 'raster', url: 'pmtiles://http://localhost:3000/map-data/fixture.pmtiles', tileSize: 256 } },
      layers: [{ type: 'background' }, { type: 'raster', source: 'fixture' }],
    })
    expect(style).not.toHaveProperty('glyphs')
    expect(style).not.toHaveProperty('sprite')
  })

  it('refuses bounds that would need too many tiles', async () => {
    await expect(
      writeMapFixture(directory, { baseUrl: 'http://localhost', bounds: { west: -124.48, south: 32.53, east: -114.13, north: 42.01 } }),
    ).rejects.toThrow(/tiles cover these bounds/)
  })
})
