import type { Stats } from 'node:fs'
import { open, type FileHandle } from 'node:fs/promises'
import path from 'node:path'
import { loadCatalog } from '~/i18n/i18n'
import { errors, type AppError } from '~/server/app-error'
import { dataDir } from '~/server/config/env'
import { apiLang, errorResponse } from '~/server/web/responses'

/**
 * The map's own files (issue 29, decision 048): a PMTiles archive, its style and whatever the
 * style names next to it (glyphs, sprites), served from `<DATA_DIR>/map/` when the deployment
 * keeps its map on its own disk rather than in the photo bucket.
 */
export const MAP_FILES_PREFIX = '/map-data/'

/** Where the embedded deployment keeps its map files, next to its uploads. */
export function mapFilesDirectory(): string {
  return path.join(dataDir(), 'map')
}

const CONTENT_TYPE_BY_EXTENSION: Readonly<Record<string, string>> = {
  '.json': 'application/json',
  '.pmtiles': 'application/vnd.pmtiles',
  '.pbf': 'application/x-protobuf',
  '.png': 'image/png',
  '.webp': 'image/webp',
}

/**
 * A style, its archive and its glyphs change when the operator replaces them, so an hour
 * bounds how long a browser keeps an old copy; the ETag makes the check after that cheap.
 */
const CACHE_CONTROL = 'public, max-age=3600'

type ByteRange = { start: number; end: number }

/**
 * `GET /map-data/{path}` and `HEAD`: the file under `directory`, whole or one byte range.
 * PMTiles readers ask for a few hundred bytes at a time of a file that can be gigabytes, so
 * the answer is streamed from disk and never held in memory.
 */
export async function handleMapFileRequest(request: Request, directory: string): Promise<Response> {
  if (request.method === 'OPTIONS') return preflight()
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return refuse(request, errors.methodNotAllowed(), { allow: 'GET, HEAD, OPTIONS' })
  }
  const file = resolveMapFile(directory, new URL(request.url).pathname)
  if (file === undefined) return refuse(request, errors.notFound())
  const opened = await openRegularFile(file)
  if (!opened) return refuse(request, errors.notFound())
  const { handle, stats } = opened
  const size = stats.size
  const etag = `"${size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`
  const headers: Record<string, string> = {
    'content-type': CONTENT_TYPE_BY_EXTENSION[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    'accept-ranges': 'bytes',
    'cache-control': CACHE_CONTROL,
    etag,
    'last-modified': stats.mtime.toUTCString(),
    // Public files, which a realtor's own domain (another origin) reads too.
    'access-control-allow-origin': '*',
    // PMTiles reads the ETag to notice a replaced archive and the Content-Range of a 416.
    'access-control-expose-headers': 'content-range, etag',
    'x-content-type-options': 'nosniff',
  }
  const range = parseRange(request.headers.get('range'), size)
  if (range === 'unsatisfiable') {
    await handle.close()
    return new Response(null, { status: 416, headers: { ...headers, 'content-range': `bytes */${size}` } })
  }
  if (range === undefined && request.headers.get('if-none-match') === etag) {
    await handle.close()
    return new Response(null, { status: 304, headers })
  }
  const { start, end } = range ?? { start: 0, end: size - 1 }
  const length = end - start + 1
  headers['content-length'] = String(length)
  if (range) headers['content-range'] = `bytes ${start}-${end}/${size}`
  const status = range ? 206 : 200
  if (request.method === 'HEAD' || length === 0) {
    await handle.close()
    return new Response(null, { status, headers })
  }
  // The read stream closes the handle when it ends, fails, or the client goes away.
  return new Response(webStream(handle.createReadStream({ start, end })), { status, headers })
}

/**
 * The file's bytes as the web stream a Response takes, pulled only as fast as the client
 * reads (as the data export does). `Readable.toWeb` would do the same, but its Node stream
 * type is not the DOM's that `Response` is declared with.
 */
function webStream(source: AsyncIterable<Buffer>): ReadableStream<Uint8Array> {
  const iterator = source[Symbol.asyncIterator]()
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next()
      if (next.done) controller.close()
      else controller.enqueue(next.value)
    },
    async cancel() {
      await iterator.return?.()
    },
  })
}

/**
 * Browsers ask before sending `Range` to another origin (a realtor's own domain reading the
 * archive from ours), whatever the Fetch standard's safelist says: without this answer the
 * map there stays empty. The same for every path, so it says nothing about which files exist.
 */
function preflight(): Response {
  return new Response(null, {
    status: 204,
    headers: {
      allow: 'GET, HEAD, OPTIONS',
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, HEAD',
      'access-control-allow-headers': 'range, if-match, if-none-match, if-range',
      'access-control-max-age': '86400',
    },
  })
}

async function refuse(request: Request, error: AppError, headers: Record<string, string> = {}): Promise<Response> {
  const lang = apiLang(request)
  await loadCatalog(lang)
  return errorResponse(error, lang, headers)
}

/**
 * The file a request path names inside `directory`, or undefined when it names none that may
 * be served: outside the prefix, a malformed escape, a `..`, `.` or empty segment (an encoded
 * `%2e%2e%2f` decodes to one), a dot-file (`.env`, a `.git` folder), a backslash or a NUL.
 */
export function resolveMapFile(directory: string, pathname: string): string | undefined {
  if (!pathname.startsWith(MAP_FILES_PREFIX)) return undefined
  let relative: string
  try {
    relative = decodeURIComponent(pathname.slice(MAP_FILES_PREFIX.length))
  } catch {
    return undefined
  }
  const segments = relative.split('/')
  const unsafe = segments.some((segment) => segment === '' || segment.startsWith('.') || segment.includes('\\') || segment.includes('\0'))
  if (unsafe) return undefined
  const root = path.resolve(directory)
  const file = path.resolve(root, ...segments)
  // Belt and braces: whatever the checks above missed must still land inside the folder.
  const inside = path.relative(root, file)
  if (inside === '' || inside.startsWith('..') || path.isAbsolute(inside)) return undefined
  return file
}

/** The open file and what it was when opened, so a file replaced meanwhile cannot mix sizes. */
async function openRegularFile(file: string): Promise<{ handle: FileHandle; stats: Stats } | undefined> {
  const handle = await open(file, 'r').catch(() => undefined)
  if (!handle) return undefined
  const stats = await handle.stat().catch(() => undefined)
  if (stats?.isFile()) return { handle, stats }
  await handle.close()
  return undefined
}

/**
 * One byte range of `Range: bytes=a-b`, `bytes=a-` or `bytes=-n` (RFC 9110 §14.1.2), clamped
 * to the file; 'unsatisfiable' when it starts past the end; undefined (the whole file) when
 * there is no header, it asks for several ranges, or it cannot be read, as the RFC allows.
 */
export function parseRange(header: string | null, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (header === null) return undefined
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match) return undefined
  const [, first = '', last = ''] = match
  if (first === '' && last === '') return undefined
  if (first === '') {
    const suffix = Number(last)
    if (suffix === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(first)
  // `bytes=9-2` is not a range at all: ignored, like any header that cannot be read.
  if (last !== '' && Number(last) < start) return undefined
  if (start >= size) return 'unsatisfiable'
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) }
}
