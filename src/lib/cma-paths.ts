import { langParam, type Lang } from './lang'

/*
 * The address of a CMA's share link (issue 53): `/{desiredUrl}/cma/{token}` (`/en/...` in
 * English; `/cma/{token}` on a realtor's own domain). Isomorphic and without zod: the page
 * store's rules, the route and the workspace's "copy link" share it.
 */

export const CMA_SEGMENT = 'cma'

/**
 * What a share token may look like (URL-safe base64 of random bytes): anything else is not
 * looked up at all. The page still has to find the token, unrevoked and unexpired.
 */
export function isCmaTokenSegment(segment: string): boolean {
  return /^[A-Za-z0-9_-]{16,128}$/.test(segment)
}

/** The share page's path on our host, in a language. */
export function cmaSharePath(lang: Lang, desiredUrl: string, token: string): string {
  const prefix = langParam(lang) ? `/${langParam(lang)}` : ''
  return `${prefix}/${desiredUrl}/${CMA_SEGMENT}/${token}`
}
