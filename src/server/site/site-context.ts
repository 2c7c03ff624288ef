import { getRequest } from '@tanstack/react-start/server'
import { env } from '~/server/config/env'
import type { SiteContext } from '~/lib/site'
import { mapSetupFor } from '~/server/map/map-config'
import { currentOwnDomain } from './own-domain'

/** The origin this request was made to, as the visitor sees it (own domains included). */
export function requestOrigin(request: Request, url: URL = new URL(request.url)): string {
  const forwardedHost = request.headers.get('x-forwarded-host')?.split(',')[0]?.trim()
  const forwardedProto = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim()
  const host = forwardedHost || request.headers.get('host') || url.host
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
