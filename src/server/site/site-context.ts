import { getRequest } from '@tanstack/react-start/server'
import { env } from '~/server/config/env'
import type { SiteContext } from '~/lib/site'
import { mapSetupFor } from '~/server/map/map-config'
import { currentOwnDomain } from './own-domain'

/** The origin this request was made to, as the visitor sees it (own domains included). */
export function requestOrigin(request: Request, url: URL = new URL(request.url)): string {
  return originFromHeaders((name) => request.headers.get(name), url)
}

/**
 * Whether `X-Forwarded-Host` and `X-Forwarded-Proto` are a proxy's word: only when the operator
 * said a proxy stands in front (TRUSTED_PROXY_HOPS, which also decides whose `X-Forwarded-For`
 * is believed). Without one, a client could name any host, and the pages, feeds and mail links
 * made for it (and a CDN's copy of them) would point there.
 */
function forwardedHeadersTrusted(): boolean {
  return env().TRUSTED_PROXY_HOPS > 0
}

type HeaderReader = (name: string) => string | null | undefined

/** The first value of a forwarded header, when a trusted proxy wrote it. */
function forwarded(header: HeaderReader, name: string, trusted: boolean): string | undefined {
  return trusted ? header(name)?.split(',')[0]?.trim() || undefined : undefined
}

/** The host this request was made to: the proxy's `X-Forwarded-Host` behind a trusted one, else `Host`. */
export function requestHost(header: HeaderReader, trusted = forwardedHeadersTrusted()): string | null {
  return forwarded(header, 'x-forwarded-host', trusted) ?? header('host') ?? null
}

/**
 * `requestOrigin` from a header reader, for a caller that has Node's request and no `Request`
 * (the stored answers sent from Node, decision 059): both must name the same origin, since the
 * page store keys its answers by it. `url` is the request's URL, for a request without Host.
 */
export function originFromHeaders(header: HeaderReader, url: URL, trusted = forwardedHeadersTrusted()): string {
  const forwardedProto = forwarded(header, 'x-forwarded-proto', trusted)
  const host = requestHost(header, trusted) || url.host
  const protocol = forwardedProto === 'https' || forwardedProto === 'http' ? `${forwardedProto}:` : url.protocol
  return `${protocol}//${host}`
}

export function siteContextFor(request: Request): SiteContext {
  const config = env()
  const origin = requestOrigin(request)
  return {
    origin,
    siteName: { ko: config.SITE_NAME_KO, en: config.SITE_NAME_EN },
    buildId: __BUILD_ID__,
    ownDomain: currentOwnDomain(),
    map: mapSetupFor(origin),
  }
}

export function currentSiteContext(): SiteContext {
  return siteContextFor(getRequest())
}
