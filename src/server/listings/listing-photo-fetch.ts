import dns from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import { sniffImageType } from '~/lib/image-type'
import type { Env } from '~/server/config/env'

/*
 * Fetching a listing photo from the MLS feed's photo host (issue 51 item 6, decision 064) without
 * becoming a way into the server's network (server-side request forgery): the URL comes from a
 * feed, not from a visitor, but a feed is still someone else's data.
 *
 * - Only hosts LISTING_PHOTO_HOSTS names (default: the RESO_API_URL's host), http or https.
 * - The host name is resolved once, every address checked, and the connection made to the checked
 *   address (the socket's `lookup`): a name that answers a public address to a check and a
 *   private one to the connection (DNS rebinding) gets nowhere. Private, loopback, link-local,
 *   multicast and reserved addresses are refused unless LISTING_PHOTO_ALLOW_PRIVATE says otherwise.
 * - Redirects only to the same host, each one checked again; at most MAX_REDIRECTS.
 * - Content-Type image/*, bytes of a JPEG, PNG, WebP or AVIF (as uploads), at most MAX_PHOTO_BYTES,
 *   all of it within FETCH_TIMEOUT_MS.
 */

export type ListingPhotoSettings = {
  /** Lower-case host names, or `*.example.com` for its subdomains; empty: no photo is fetched. */
  hosts: ReadonlyArray<string>
  allowPrivateAddresses: boolean
}

/** A 12 MP JPEG is 3–8 MB; nothing a listing card needs is larger. */
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024
export const FETCH_TIMEOUT_MS = 10_000
const MAX_REDIRECTS = 3

export function listingPhotoSettingsFrom(config: Pick<Env, 'LISTING_PHOTO_HOSTS' | 'LISTING_PHOTO_ALLOW_PRIVATE' | 'RESO_API_URL'>): ListingPhotoSettings {
  const named = config.LISTING_PHOTO_HOSTS
  const feedHost = config.RESO_API_URL ? new URL(config.RESO_API_URL).hostname.toLowerCase() : undefined
  const hosts = named.includes('none') ? [] : named.length > 0 ? named : feedHost ? [feedHost] : []
  return { hosts, allowPrivateAddresses: config.LISTING_PHOTO_ALLOW_PRIVATE === 'true' }
}

export type PhotoFetchRefusal =
  'bad-url' | 'host-not-allowed' | 'private-address' | 'dns-failed' | 'redirect-refused' | 'bad-status' | 'not-an-image' | 'too-large' | 'timeout' | 'network'

export class PhotoFetchError extends Error {
  constructor(
    readonly reason: PhotoFetchRefusal,
    detail: string,
  ) {
    super(`${reason}: ${detail}`)
    this.name = 'PhotoFetchError'
  }
}

/** The URL's host name as a host list compares it: lower case, an IPv6 literal without brackets. */
function hostnameOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1')
}

/** Whether a URL is one the settings let the server fetch: http(s) on a listed host. */
export function isAllowedPhotoUrl(settings: Pick<ListingPhotoSettings, 'hosts'>, url: string): boolean {
  if (!URL.canParse(url)) return false
  const parsed = new URL(url)
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false
  if (parsed.username !== '' || parsed.password !== '') return false
  const hostname = hostnameOf(parsed)
  return settings.hosts.some((entry) => (entry.startsWith('*.') ? hostname.endsWith(entry.slice(1)) : hostname === entry))
}

// Every range that is not the public internet (IANA special-purpose registries). Two lists: a
// BlockList checks an IPv4 address against IPv6 rules as `::ffff:a.b.c.d`, which ::ffff:0:0/96 blocks.
const NOT_PUBLIC_V4 = new net.BlockList()
const NOT_PUBLIC_V6 = new net.BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC_V4.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  // IPv4-mapped, IPv4-compatible, NAT64 and 6to4 addresses carry an IPv4 address that may be private.
  ['::ffff:0:0', 96],
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2002::', 16],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC_V6.addSubnet(network, prefix, 'ipv6')

/** Whether an IP address is on the public internet (not private, loopback, link-local, multicast, reserved). */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address)
  if (family === 0) return false
  return family === 4 ? !NOT_PUBLIC_V4.check(address, 'ipv4') : !NOT_PUBLIC_V6.check(address, 'ipv6')
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | Array<dns.LookupAddress>, family?: number) => void

/**
 * The socket's name lookup: resolves once, refuses the host when any of its addresses is not
 * public, and hands the connection the address it checked (never a second resolution).
 */
function checkedLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses) => {
      if (error) return callback(new PhotoFetchError('dns-failed', `${hostname}: ${error.code ?? error.message}`), [])
      const refused = addresses.find((entry) => !isPublicAddress(entry.address))
      if (refused && !allowPrivate) return callback(new PhotoFetchError('private-address', `${hostname} resolves to ${refused.address}`), [])
      const first = addresses[0]
      if (!first) return callback(new PhotoFetchError('dns-failed', `${hostname}: no address`), [])
      if (options.all) return callback(null, [first])
      callback(null, first.address, first.family)
    })
  }
}

type Answer = { status: number; location: string | undefined; contentType: string; bytes: Uint8Array }

function requestOnce(url: URL, settings: ListingPhotoSettings, signal: AbortSignal): Promise<Answer> {
  const hostname = hostnameOf(url)
  // A literal address is connected to as written, without a lookup: check it here.
  if (net.isIP(hostname) !== 0 && !isPublicAddress(hostname) && !settings.allowPrivateAddresses) {
    return Promise.reject(new PhotoFetchError('private-address', hostname))
  }
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    // Whatever the request is doing (connecting, waiting, streaming), the time is up for all of it.
    const onAbort = () => reject(new PhotoFetchError('timeout', `no whole answer in time`))
    if (signal.aborted) return onAbort()
    signal.addEventListener('abort', onAbort, { once: true })
    const outgoing = client.get(
      url,
      { agent: false, signal, lookup: checkedLookup(settings.allowPrivateAddresses), headers: { accept: 'image/avif,image/webp,image/*;q=0.8' } },
      (response) => {
        const status = response.statusCode ?? 0
        const location = response.headers.location
        const contentType = (response.headers['content-type'] ?? '').toLowerCase()
        if (status >= 300 && status < 400) {
          response.resume()
          return resolve({ status, location, contentType, bytes: new Uint8Array() })
        }
        if (status !== 200) {
          response.resume()
          return reject(new PhotoFetchError('bad-status', `${status}`))
        }
        if (!contentType.startsWith('image/')) {
          response.destroy()
          return reject(new PhotoFetchError('not-an-image', contentType || '(none)'))
        }
        const declared = Number(response.headers['content-length'] ?? Number.NaN)
        if (declared > MAX_PHOTO_BYTES) {
          response.destroy()
          return reject(new PhotoFetchError('too-large', `${declared} bytes declared`))
        }
        const chunks: Array<Buffer> = []
        let received = 0
        response.on('data', (chunk: Buffer) => {
          received += chunk.byteLength
          // Counted as it streams: a server that sends more than it declared (or declares nothing) is cut off.
          if (received > MAX_PHOTO_BYTES) {
            response.destroy()
            reject(new PhotoFetchError('too-large', `more than ${MAX_PHOTO_BYTES} bytes`))
            return
          }
          chunks.push(chunk)
        })
        response.on('end', () => {
          const body = Buffer.concat(chunks)
          resolve({ status, location, contentType, bytes: new Uint8Array(body.buffer, body.byteOffset, body.byteLength) })
        })
        response.on('error', (error) => reject(signal.aborted ? new PhotoFetchError('timeout', 'no whole answer in time') : error))
      },
    )
    outgoing.on('error', (error) => {
      if (error instanceof PhotoFetchError) reject(error)
      else if (signal.aborted) reject(new PhotoFetchError('timeout', 'no whole answer in time'))
      else reject(new PhotoFetchError('network', error.message))
    })
  })
}

/**
 * The photo at `url` under the rules above, or a PhotoFetchError saying which one it broke.
 * `timeoutMs` is for the tests; the server uses FETCH_TIMEOUT_MS.
 */
export async function fetchListingPhoto(
  url: string,
  settings: ListingPhotoSettings,
  timeoutMs: number = FETCH_TIMEOUT_MS,
): Promise<{ bytes: Uint8Array; contentType: string }> {
  if (!isAllowedPhotoUrl(settings, url)) throw new PhotoFetchError(URL.canParse(url) ? 'host-not-allowed' : 'bad-url', url.slice(0, 200))
  const signal = AbortSignal.timeout(timeoutMs)
  let current = new URL(url)
  for (let redirects = 0; ; redirects += 1) {
    const answer = await requestOnce(current, settings, signal)
    if (answer.status === 200) {
      // By its bytes, whatever the header says: only the photo types uploads take reach the decoder
      // (an SVG would have it render a document, with its own references).
      if (sniffImageType(answer.bytes) === undefined) throw new PhotoFetchError('not-an-image', `${answer.contentType} of unknown bytes`)
      return { bytes: answer.bytes, contentType: answer.contentType }
    }
    if (answer.location === undefined || !URL.canParse(answer.location, current) || redirects >= MAX_REDIRECTS) {
      throw new PhotoFetchError('redirect-refused', `${answer.status} ${answer.location ?? '(no location)'}`)
    }
    const next = new URL(answer.location, current)
    // The same host only, and still a listed one over http(s): a photo host cannot send the server elsewhere.
    if (hostnameOf(next) !== hostnameOf(current) || !isAllowedPhotoUrl(settings, next.href)) {
      throw new PhotoFetchError('redirect-refused', `to ${next.host}`)
    }
    current = next
  }
}
