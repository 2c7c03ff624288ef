import zlib from 'node:zlib'

type Encoding = 'br' | 'gzip'

/**
 * The encoding to answer with, from an Accept-Encoding header. Brotli first: it is about a
 * fifth smaller than gzip on our HTML at a speed that keeps up with rendering.
 */
export function pickEncoding(acceptEncoding: string | null): Encoding | undefined {
  if (!acceptEncoding) return undefined
  const accepted = new Set<string>()
  for (const part of acceptEncoding.split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';')
    const refused = params.some((param) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(param))
    if (!refused) accepted.add(token.trim())
  }
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip')) return 'gzip'
  return undefined
}

function compressor(encoding: Encoding): zlib.BrotliCompress | zlib.Gzip {
  return encoding === 'br'
    ? zlib.createBrotliCompress({
        flush: zlib.constants.BROTLI_OPERATION_FLUSH,
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
      })
    : zlib.createGzip({ level: 6, flush: zlib.constants.Z_SYNC_FLUSH })
}

/**
 * Web CompressionStream buffers until the end; zlib flushed after every chunk the renderer
 * writes keeps a streamed page streaming (the head and its preloads reach the browser first).
 */
function compressStream(encoding: Encoding): TransformStream<Uint8Array, Uint8Array> {
  const zip = compressor(encoding)
  return new TransformStream<Uint8Array, Uint8Array>({
    start(controller) {
      zip.on('data', (chunk: Buffer) => {
        try {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
        } catch {
          // The browser went away mid-page: the stream is closed, the rest is not wanted.
          zip.destroy()
        }
      })
      zip.on('error', (error) => {
        try {
          controller.error(error)
        } catch {
          // Already closed; nothing is listening any more.
        }
      })
    },
    transform(chunk) {
      return new Promise<void>((resolve, reject) => {
        zip.write(chunk, (error) => (error ? reject(error) : resolve()))
      })
    },
    flush() {
      return new Promise<void>((resolve, reject) => {
        zip.once('end', resolve)
        zip.once('error', reject)
        zip.end()
      })
    },
  })
}

/**
 * Compresses a server-rendered HTML page. Static files come precompressed from the build
 * (nitro `compressPublicAssets`); pages are rendered per request, so they are compressed
 * here: a homepage's HTML shrinks from ~40 KB to ~8 KB, which a phone on a slow network
 * feels before its first paint. Everything else (images, API JSON) passes through.
 */
export function compressHtmlResponse(request: Request, response: Response): Response {
  if (request.method !== 'GET' || !response.body || response.status === 204 || response.status === 304) return response
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return response
  if (response.headers.has('content-encoding')) return response
  const encoding = pickEncoding(request.headers.get('accept-encoding'))
  const headers = new Headers(response.headers)
  headers.append('vary', 'Accept-Encoding')
  if (!encoding) return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
  headers.set('content-encoding', encoding)
  headers.delete('content-length')
  return new Response(response.body.pipeThrough(compressStream(encoding)), { status: response.status, statusText: response.statusText, headers })
}
