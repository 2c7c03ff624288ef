import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PMTiles, type RangeResponse, type Source } from 'pmtiles'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toInternalPath } from '../../src/lib/own-domain-paths'
import { isReservedPath } from '../../src/lib/reserved-paths'
import { handleMapFileRequest } from '../../src/server/map/map-files'
import { writeMapFixture } from '../../scripts/map-fixture'

/*
 * The map's files from the data folder (issue 29, decision 048) on a real folder: whole files,
 * the three forms of a byte range a PMTiles reader sends, and nothing outside the folder.
 */

// 256 distinct bytes, so a range answered from the wrong offset shows.
const ARCHIVE = Uint8Array.from({ length: 256 }, (_, i) => i)
const STYLE = '{"version":8,"sources":{},"layers":[]}'

let root: string
let directory: string

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'map-files-'))
  directory = path.join(root, 'map')
  await mkdir(path.join(directory, 'fonts', 'Noto Sans Regular'), { recursive: true })
  await writeFile(path.join(directory, 'x.pmtiles'), ARCHIVE)
  await writeFile(path.join(directory, 'style.json'), STYLE)
  await writeFile(path.join(directory, 'fonts', 'Noto Sans Regular', '0-255.pbf'), 'glyphs')
  await writeFile(path.join(directory, '.hidden'), 'hidden')
  // Next to the map folder, where a traversal would land.
  await writeFile(path.join(root, 'secret'), 'secret')
})

afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

function ask(pathname: string, init: RequestInit = {}): Promise<Response> {
  return handleMapFileRequest(new Request(`http://localhost${pathname}`, init), directory)
}

async function bytesOf(response: Response): Promise<Array<number>> {
  return [...new Uint8Array(await response.arrayBuffer())]
}

describe('GET /map-data/{file}: the whole file', () => {
  it('answers the archive with its type, length, caching and CORS headers', async () => {
    const response = await ask('/map-data/x.pmtiles')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/vnd.pmtiles')
    expect(response.headers.get('content-length')).toBe('256')
    expect(response.headers.get('accept-ranges')).toBe('bytes')
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600')
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/)
    expect(await bytesOf(response)).toEqual([...ARCHIVE])
  })

  it('answers the style as JSON and a glyph range as protobuf, in sub-folders with spaces', async () => {
    const style = await ask('/map-data/style.json')
    expect(style.headers.get('content-type')).toBe('application/json')
    expect(await style.text()).toBe(STYLE)
    const glyphs = await ask('/map-data/fonts/Noto%20Sans%20Regular/0-255.pbf')
    expect(glyphs.status).toBe(200)
    expect(glyphs.headers.get('content-type')).toBe('application/x-protobuf')
    expect(await glyphs.text()).toBe('glyphs')
  })

  it('answers HEAD with the headers and no body', async () => {
    const response = await ask('/map-data/x.pmtiles', { method: 'HEAD' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-length')).toBe('256')
    expect(response.body).toBeNull()
  })

  it('answers 304 to a matching If-None-Match', async () => {
    const etag = (await ask('/map-data/style.json')).headers.get('etag') ?? ''
    const response = await ask('/map-data/style.json', { headers: { 'if-none-match': etag } })
    expect(response.status).toBe(304)
    expect(response.body).toBeNull()
  })
})

describe('Range: one byte range, as PMTiles readers ask', () => {
  it('answers bytes=a-b with exactly those bytes', async () => {
    const response = await ask('/map-data/x.pmtiles', { headers: { range: 'bytes=10-19' } })
    expect(response.status).toBe(206)
    expect(response.headers.get('content-range')).toBe('bytes 10-19/256')
    expect(response.headers.get('content-length')).toBe('10')
    expect(await bytesOf(response)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19])
  })

  it('answers bytes=a- with the rest of the file', async () => {
    const response = await ask('/map-data/x.pmtiles', { headers: { range: 'bytes=250-' } })
    expect(response.status).toBe(206)
    expect(response.headers.get('content-range')).toBe('bytes 250-255/256')
    expect(await bytesOf(response)).toEqual([250, 251, 252, 253, 254, 255])
  })

  it('answers bytes=-n with the last n bytes', async () => {
    const response = await ask('/map-data/x.pmtiles', { headers: { range: 'bytes=-3' } })
    expect(response.status).toBe(206)
    expect(response.headers.get('content-range')).toBe('bytes 253-255/256')
    expect(await bytesOf(response)).toEqual([253, 254, 255])
  })

  it('clamps a range past the end, as the 16 KiB header read of a small archive needs', async () => {
    const response = await ask('/map-data/x.pmtiles', { headers: { range: 'bytes=0-16383' } })
    expect(response.status).toBe(206)
    expect(response.headers.get('content-range')).toBe('bytes 0-255/256')
    expect(await bytesOf(response)).toEqual([...ARCHIVE])
  })

  it('answers HEAD with a range with its headers only', async () => {
    const response = await ask('/map-data/x.pmtiles', { method: 'HEAD', headers: { range: 'bytes=0-9' } })
    expect(response.status).toBe(206)
    expect(response.headers.get('content-length')).toBe('10')
    expect(response.body).toBeNull()
  })

  it('answers 416 with the size when the range starts past the end', async () => {
    for (const range of ['bytes=256-300', 'bytes=1000-', 'bytes=-0']) {
      const response = await ask('/map-data/x.pmtiles', { headers: { range } })
      expect(response.status, range).toBe(416)
      expect(response.headers.get('content-range')).toBe('bytes */256')
    }
  })

  it('answers the whole file to several ranges or one it cannot read', async () => {
    for (const range of ['bytes=0-1,5-6', 'bytes=9-2', 'lines=1-2']) {
      const response = await ask('/map-data/x.pmtiles', { headers: { range } })
      expect(response.status, range).toBe(200)
      expect((await bytesOf(response)).length).toBe(256)
    }
  })
})

describe('the test map through the handler', () => {
  it('lets the pmtiles reader find a tile with range requests alone', async () => {
    await writeMapFixture(path.join(directory, 'fixture'), {
      baseUrl: 'http://localhost/map-data/fixture',
      bounds: { west: -84.5, south: 33.7, east: -84.3, north: 33.8 },
    })
    // What FetchSource does in the browser: one `Range: bytes=a-b` per read, the ETag kept.
    const source: Source = {
      getKey: () => '/map-data/fixture/fixture.pmtiles',
      async getBytes(offset: number, length: number): Promise<RangeResponse> {
        const response = await ask('/map-data/fixture/fixture.pmtiles', { headers: { range: `bytes=${offset}-${offset + length - 1}` } })
        expect(response.status).toBe(206)
        return { data: await response.arrayBuffer(), etag: response.headers.get('etag') ?? undefined }
      },
    }
    const archive = new PMTiles(source)
    expect((await archive.getHeader()).maxZoom).toBe(12)
    // Atlanta's tile at zoom 10.
    const tile = await archive.getZxy(10, 271, 409)
    expect([...new Uint8Array(tile?.data ?? new ArrayBuffer(0)).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47])
  })
})

describe('nothing else is served', () => {
  it('answers 404, translated, to traversal, dot-files, folders and missing files', async () => {
    const refused = [
      '/map-data/../secret',
      '/map-data/%2e%2e%2fsecret',
      '/map-data/%2E%2E/secret',
      '/map-data/fonts/..%2f..%2fsecret',
      '/map-data/.hidden',
      '/map-data/%2ehidden',
      '/map-data/%2Fetc%2Fpasswd',
      '/map-data/x.pmtiles%00.png',
      '/map-data/fonts%5c..%5c..%5csecret',
      '/map-data/%E0%A4%A',
      '/map-data/',
      '/map-data/fonts',
      '/map-data/fonts/',
      '/map-data/missing.pmtiles',
    ]
    for (const pathname of refused) {
      const response = await ask(pathname, { headers: { 'accept-language': 'en' } })
      expect(response.status, pathname).toBe(404)
      expect(await response.json(), pathname).toMatchObject({ code: 'NOT_FOUND', message: 'Not found' })
    }
    const korean = await ask('/map-data/missing.pmtiles', { headers: { 'accept-language': 'ko' } })
    expect(korean.headers.get('content-language')).toBe('ko')
  })

  it('answers 405 naming GET, HEAD and OPTIONS to any other method', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const response = await ask('/map-data/x.pmtiles', { method, ...(method === 'DELETE' ? {} : { body: 'x' }) })
      expect(response.status, method).toBe(405)
      expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS')
    }
  })

  it('answers a CORS preflight for a range read from another origin', async () => {
    const response = await ask('/map-data/x.pmtiles', {
      method: 'OPTIONS',
      headers: { origin: 'https://sora-park.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'range' },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, HEAD')
    expect(response.headers.get('access-control-allow-headers')).toContain('range')
  })

  it('keeps /map-data/ away from realtor addresses, on our host and on an own domain', () => {
    expect(isReservedPath('map-data')).toBe(true)
    expect(toInternalPath('/map-data/style.json', 'sora-park')).toBe('/map-data/style.json')
  })
})
