/**
 * Environment and own-domain rules of spec §9, decided from the request's host.
 * Pure and isomorphic: the host comes from the request (server) or `location.host` (client).
 */

export type AppEnvironment = 'development' | 'production'

type HostParts = { name: string; port: string | undefined }

/** Splits "name[:port]" into a lowercase name without a trailing dot and the port (IPv6 keeps its brackets). */
function splitHost(host: string): HostParts {
  const text = host.trim().toLowerCase()
  let name = text
  let port: string | undefined
  if (text.startsWith('[')) {
    const end = text.indexOf(']')
    if (end !== -1) {
      name = text.slice(0, end + 1)
      const rest = text.slice(end + 1)
      if (rest.startsWith(':')) port = rest.slice(1)
    }
  } else {
    const colon = text.indexOf(':')
    // A single colon separates the port; more than one is an unbracketed IPv6 literal, all name.
    if (colon !== -1 && colon === text.lastIndexOf(':')) {
      name = text.slice(0, colon)
      port = text.slice(colon + 1)
    }
  }
  return { name: name.endsWith('.') ? name.slice(0, -1) : name, port }
}

function joinHost({ name, port }: HostParts): string {
  return port === undefined ? name : `${name}:${port}`
}

/** A configured host may be written bare or as an origin; both compare as "name[:port]". */
function configuredHost(host: string): HostParts {
  return splitHost(normalizeHost(host) ?? host)
}

/**
 * Spec §9 environment: development when the host starts with "dev.", contains ":300" (the local
 * dev-server ports), contains "localhost", or equals/contains the configured dev host;
 * production otherwise. Case-insensitive, a trailing dot on the name is ignored.
 */
export function environmentForHost(host: string, options: { devHost?: string } = {}): AppEnvironment {
  const current = joinHost(splitHost(host))
  if (current.startsWith('dev.') || current.includes(':300') || current.includes('localhost')) return 'development'
  // An empty dev host would be "contained" in every host: only a non-empty one counts.
  const devHost = options.devHost === undefined ? '' : joinHost(configuredHost(options.devHost))
  return devHost !== '' && current.includes(devHost) ? 'development' : 'production'
}

/** A port of the local dev servers: 3000–3009. */
const DEV_SERVER_PORT = /^300\d$/

/**
 * Spec §9 own-domain check: localhost (any port), 127.0.0.1, any host on port 3000–3009 and the
 * configured product and dev hosts (names compared case-insensitively, ports ignored) are ours;
 * any other host is a realtor's own domain. A leading "www." is kept: a realtor may own it.
 */
export function isOwnHost(host: string, options: { productHosts: readonly string[]; devHost?: string }): boolean {
  const { name, port } = splitHost(host)
  if (name === '') return false
  if (name === 'localhost' || name === '127.0.0.1') return true
  if (port !== undefined && DEV_SERVER_PORT.test(port)) return true
  const configured = options.devHost === undefined ? options.productHosts : [...options.productHosts, options.devHost]
  return configured.some((candidate) => {
    const candidateName = configuredHost(candidate).name
    return candidateName !== '' && candidateName === name
  })
}

/** One DNS label: letters, digits and inner hyphens, 1–63 characters (after lowercasing and punycode). */
const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/

function isValidHostName(name: string): boolean {
  return name.length <= 253 && name.split('.').every((label) => DNS_LABEL.test(label))
}

function isValidPort(port: string): boolean {
  return /^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535
}

/** "scheme://" at the start: the input is an origin (or URL), not a bare host. */
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i

/** Characters that cannot appear in a bare "name[:port]" host. */
const NOT_BARE_HOST = /[\s/?#@\\[\]]/

/**
 * Spec §9 realtor lookup key: a bare host ("Example.com", "example.com:8080"), an http(s) origin
 * or its URL-encoded form gives the lowercase "name[:port]"; anything else gives undefined.
 * Non-ASCII names become punycode (as in the Host header); a trailing dot is dropped; IP-v6
 * literals are rejected. An origin's default port (:80/:443) is dropped, as browsers do; a bare
 * host keeps the port it was given.
 */
export function normalizeHost(input: string): string | undefined {
  let text = input.trim()
  if (text.includes('%')) {
    try {
      text = decodeURIComponent(text).trim()
    } catch {
      return undefined
    }
  }
  if (text === '') return undefined

  let name: string
  let port: string
  if (HAS_SCHEME.test(text)) {
    const url = parseUrl(text)
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return undefined
    name = url.hostname
    port = url.port
  } else {
    if (NOT_BARE_HOST.test(text)) return undefined
    const parts = splitHost(text)
    if (parts.port !== undefined && !isValidPort(parts.port)) return undefined
    // The URL parser lowercases and converts a non-ASCII name to punycode.
    const url = parseUrl(`http://${parts.name}`)
    if (!url) return undefined
    name = url.hostname
    port = parts.port === undefined ? '' : String(Number(parts.port))
  }

  if (name.endsWith('.')) name = name.slice(0, -1)
  if (!isValidHostName(name)) return undefined
  return port === '' ? name : `${name}:${port}`
}

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text)
  } catch {
    return undefined
  }
}
