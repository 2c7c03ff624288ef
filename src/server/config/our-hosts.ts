import { isOwnHost, normalizeHost } from '~/lib/host-environment'
import type { Env } from './env'

/** The names the operator gave our own site: PRODUCT_HOSTS and the host of PUBLIC_URL, and DEV_HOST. */
export type OurHosts = { productHosts: ReadonlyArray<string>; devHost: string | undefined }

export function ourHostsFrom(config: Pick<Env, 'PRODUCT_HOSTS' | 'PUBLIC_URL' | 'DEV_HOST'>): OurHosts {
  const publicHost = config.PUBLIC_URL ? normalizeHost(config.PUBLIC_URL) : undefined
  return { productHosts: [...config.PRODUCT_HOSTS, ...(publicHost ? [publicHost] : [])], devHost: config.DEV_HOST }
}

/**
 * One of our own hosts (localhost, ports 300x, and the configured ones): the platform's pages
 * answer there, so it is never a realtor's own domain.
 */
export function isOurHost(host: string, ours: OurHosts): boolean {
  return isOwnHost(host, ours)
}

/**
 * The origin a visitor's mails may link back to, from the origin their form was posted to: kept
 * when its host is one of ours, else `fallback` (decision 078). It matters only with PUBLIC_URL
 * unset, since PUBLIC_URL (or the realtor's own domain) names the links otherwise; and there the
 * `Host` is whatever the client sent: a search saved with `Host: evil.example` would get a
 * genuine mail whose signed confirm, manage and unsubscribe links went there.
 */
export function mailOriginFor(origin: string, ours: OurHosts, fallback: string): { origin: string; refused: boolean } {
  // A `Host` no URL can hold (`evil example`) is nobody's host of ours, not a failure of the form.
  const host = URL.canParse(origin) ? new URL(origin).host : undefined
  return host !== undefined && isOurHost(host, ours) ? { origin, refused: false } : { origin: fallback, refused: true }
}

/**
 * Where this process answers on its own machine (`PORT`, 3000 by default): PUBLIC_URL's
 * documented default, for sign-in, local uploads and links in mail when it is not set.
 */
export function localOrigin(): string {
  return `http://localhost:${process.env.PORT ?? '3000'}`
}
