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
 * `requestOrigin` from a header reader, for a caller that has Node's request and no `Request`
 * (the stored answers sent from Node, decision 059): both must name the same origin, since the
 * page store keys its answers by it. `url` is the request's URL, for a request without Host.
 */
export function originFromHeaders(header: (name: string) => string | null | undefined, url: URL): string {
  const forwardedHost = header('x-forwarded-host')?.split(',')[0]?.trim()
  const forwardedProto = header('x-forwarded-proto')?.split(',')[0]?.trim()
  const host = forwardedHost || header('host') || url.host
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
