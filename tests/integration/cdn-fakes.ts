import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

/*
 * Loopback stand-ins for the CDN purge APIs the app calls (decision 046), each implementing its
 * vendor's documented endpoint as a client sees it: the path and method, the credential header,
 * the shape of the keys, the per-request limit (an over-limit request is refused with 400, as
 * the vendor does), and a 429 with Retry-After when a test asks for one. What a fake refuses for
 * any other reason is kept in `refusals`, so a test can say the app never sent a bad request.
 */

export const CLOUDFLARE_ZONE = 'zone0123456789abcdef'
export const CLOUDFLARE_TOKEN = 'cf-token-purge-only'
export const FASTLY_SERVICE = 'SU1Z0isxPaozGVKXdv0eY'
export const FASTLY_TOKEN = 'fastly-token-purge-select'

export type PurgeRequest = { keys: Array<string>; headers: IncomingMessage['headers'] }

export type FakeCdn = {
  /** The API base URL the app is configured with (`CLOUDFLARE_API_BASE_URL` / `FASTLY_API_BASE_URL`). */
  baseUrl: string
  /** Every purge the fake accepted, in order. */
  accepted: Array<PurgeRequest>
  /** Why the fake refused requests other than the 429s it was asked for. */
  refusals: Array<string>
  /** Requests answered 429 so far. */
  rateLimited: number
  /** The next request is answered 429, with this Retry-After (none when undefined). */
  rateLimitNext: (retryAfter: string | undefined) => void
  /** The next accepted purge waits until `release` is called before it is answered. */
  holdNext: () => { arrived: Promise<void>; release: () => void }
  close: () => Promise<void>
}

type Vendor = {
  path: string
  limit: number
  /** The keys of a request, or why the vendor would refuse it (status, body). */
  read: (request: IncomingMessage, body: string) => { keys: Array<string> } | { status: number; body: unknown; why: string }
  accepted: (keys: ReadonlyArray<string>) => unknown
  refusedBody: (message: string) => unknown
}

function startFake(vendor: Vendor, basePath: string, delayMs: number): Promise<FakeCdn> {
  let rateLimit: { retryAfter: string | undefined } | undefined
  let hold: { arrived: () => void; released: Promise<void> } | undefined
  const fake: Omit<FakeCdn, 'baseUrl' | 'close'> = {
    accepted: [],
    refusals: [],
    rateLimited: 0,
    rateLimitNext: (retryAfter) => {
      rateLimit = { retryAfter }
    },
    holdNext: () => {
      let release = () => {}
      let arrived = () => {}
      const arrival = new Promise<void>((resolve) => {
        arrived = resolve
      })
      const released = new Promise<void>((resolve) => {
        release = resolve
      })
      hold = { arrived, released }
      return { arrived: arrival, release }
    },
  }
  const send = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers })
    response.end(JSON.stringify(body))
  }
  const server = createServer((request, response) => {
    const chunks: Array<Buffer> = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks).toString('utf8')
        if (request.method !== 'POST' || request.url !== `${basePath}${vendor.path}`) {
          fake.refusals.push(`${request.method ?? '?'} ${request.url ?? '?'}`)
          return send(response, 404, vendor.refusedBody('Not found'))
        }
        if (rateLimit) {
          const retryAfter = rateLimit.retryAfter
          rateLimit = undefined
          fake.rateLimited += 1
          return send(response, 429, vendor.refusedBody('Rate limited'), retryAfter === undefined ? {} : { 'retry-after': retryAfter })
        }
        const read = vendor.read(request, body)
        if ('status' in read) {
          fake.refusals.push(read.why)
          return send(response, read.status, read.body)
        }
        if (read.keys.length > vendor.limit) {
          fake.refusals.push(`${read.keys.length} keys in one request, over the limit of ${vendor.limit}`)
          return send(response, 400, vendor.refusedBody(`At most ${vendor.limit} keys per request`))
        }
        // Overlapping requests, so two senders racing really race.
        await new Promise((resolve) => setTimeout(resolve, delayMs))
        const held = hold
        hold = undefined
        if (held) {
          held.arrived()
          await held.released
        }
        fake.accepted.push({ keys: read.keys, headers: request.headers })
        send(response, 200, vendor.accepted(read.keys))
      })()
    })
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      resolve({
        ...fake,
        // Getters, so a test reads the live counters rather than the values at start.
        get rateLimited() {
          return fake.rateLimited
        },
        baseUrl: `http://127.0.0.1:${port}${basePath}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      })
    })
  })
}

/**
 * Cloudflare: `POST /client/v4/zones/{zone_id}/purge_cache`, `Authorization: Bearer <token>`,
 * JSON `{"tags": [...]}` with at most 100 tags; answers `{"success": true, ...}`.
 */
export function startFakeCloudflare(options: { delayMs?: number } = {}): Promise<FakeCdn> {
  const refused = (message: string) => ({ success: false, errors: [{ code: 1000, message }], messages: [], result: null })
  return startFake(
    {
      path: `/zones/${CLOUDFLARE_ZONE}/purge_cache`,
      limit: 100,
      read: (request, body) => {
        if (request.headers.authorization !== `Bearer ${CLOUDFLARE_TOKEN}`)
          return { status: 403, body: refused('Authentication error'), why: 'bad authorization' }
        if (!(request.headers['content-type'] ?? '').startsWith('application/json')) return { status: 400, body: refused('Bad content type'), why: 'not JSON' }
        let parsed: unknown
        try {
          parsed = JSON.parse(body)
        } catch {
          return { status: 400, body: refused('Malformed JSON'), why: 'malformed JSON' }
        }
        const tags: unknown = typeof parsed === 'object' && parsed !== null && 'tags' in parsed ? parsed.tags : undefined
        if (!Array.isArray(tags) || tags.length === 0 || !tags.every((tag): tag is string => typeof tag === 'string' && tag !== '')) {
          return { status: 400, body: refused('tags must be a non-empty list of strings'), why: `bad body ${body}` }
        }
        return { keys: tags }
      },
      accepted: () => ({ success: true, errors: [], messages: [], result: { id: CLOUDFLARE_ZONE } }),
      refusedBody: refused,
    },
    '/client/v4',
    options.delayMs ?? 10,
  )
}

/**
 * Fastly: `POST /service/{service_id}/purge`, `Fastly-Key: <token>`, the keys space-separated in
 * `Surrogate-Key`, at most 256; answers 200 with each key's purge id.
 */
export function startFakeFastly(options: { delayMs?: number } = {}): Promise<FakeCdn> {
  const refused = (message: string) => ({ msg: message })
  return startFake(
    {
      path: `/service/${FASTLY_SERVICE}/purge`,
      limit: 256,
      read: (request) => {
        if (request.headers['fastly-key'] !== FASTLY_TOKEN)
          return { status: 401, body: refused('Provided credentials are missing or invalid'), why: 'bad Fastly-Key' }
        const header = request.headers['surrogate-key']
        const keys = typeof header === 'string' ? header.split(' ').filter((key) => key !== '') : []
        if (keys.length === 0) return { status: 400, body: refused('Surrogate-Key is required'), why: 'no Surrogate-Key' }
        return { keys }
      },
      accepted: (keys) => Object.fromEntries(keys.map((key, index) => [key, `purge-${index}`])),
      refusedBody: refused,
    },
    '',
    options.delayMs ?? 10,
  )
}
