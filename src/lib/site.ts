import type { Lang } from './lang'
import type { MapSetup } from './map-setup'

/** What every page needs to know about the deployment it is served from. */
export type SiteContext = {
  /** `https://host` of the current request: ours or a realtor's own domain. */
  origin: string
  siteName: Record<Lang, string>
  buildId: string
  /** The desiredUrl whose own domain this request came in on, if any. */
  ownDomain?: string
  /** The map the home search offers; null when no tiles are configured. */
  map: MapSetup | null
}

/** Spec §2: titles use a pipe between the page and the site. */
export function pageTitle(page: string | undefined, siteName: string): string {
  return page ? `${page} | ${siteName}` : siteName
}
