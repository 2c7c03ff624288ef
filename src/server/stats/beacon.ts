import { z } from 'zod'
import { VISIT_BEACON_PATH } from '~/lib/visit-beacon'
import type { AppServices } from '~/server/services'
import { requestOrigin } from '~/server/site/site-context'
import { isAutomated } from './bots'
import { classifyReferrer } from './referrer'
import { componentLogger } from '~/server/logging/logger'

/*
 * The page's "I was seen" (decision 016): after a homepage or listing page has loaded in a
 * browser, it sends `navigator.sendBeacon(VISIT_BEACON_PATH, {...})`; the page itself is served
 * from the page store untouched. Here the visit is judged and counted in memory: nothing is
 * written and nothing about the visitor is kept, whatever the answer (always 204).
 */

export { VISIT_BEACON_PATH }

/** The beacon is a few hundred bytes; anything much larger is not ours. */
const MAX_BODY_BYTES = 4096

const beaconSchema = z.object({
  realtorId: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[\w-]+$/),
  page: z.enum(['home', 'listing']),
  listingKey: z.string().min(1).max(128).optional(),
  lang: z.enum(['ko', 'en']),
  referrer: z.string().max(2048).optional(),
})

/** better-auth's session cookie (`__Secure-` on HTTPS): only its presence is looked at here. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/

export type VisitOutcome = 'counted' | 'invalid' | 'automated' | 'owner'

/**
 * Whether the visitor is the realtor themself. Visitors have no session, so the session is
 * looked up only when a session cookie or a bearer token came with the beacon: one query for
 * the rare signed-in visitor, none for everyone else.
 */
async function isOwnVisit(services: AppServices, headers: Headers, realtorId: string): Promise<boolean> {
  if (!SESSION_COOKIE.test(headers.get('cookie') ?? '') && !headers.has('authorization')) return false
  const session = await services.auth.api.getSession({ headers }).catch(() => null)
  if (!session) return false
  const owned = await services.db.selectFrom('realtor').select('id').where('id', '=', realtorId).where('userId', '=', session.user.id).executeTakeFirst()
  return owned !== undefined
}

/** Judges one beacon and counts it when it is a person's view of someone else's page. */
export async function countVisit(services: AppServices, request: Request): Promise<VisitOutcome> {
  if (request.method !== 'POST') return 'invalid'
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > MAX_BODY_BYTES) return 'invalid'
  const text = await request.text()
  if (text.length > MAX_BODY_BYTES) return 'invalid'
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return 'invalid'
  }
  const parsed = beaconSchema.safeParse(body)
  if (!parsed.success) return 'invalid'
  const visit = parsed.data
  if (visit.page === 'listing' && !visit.listingKey) return 'invalid'
  if (isAutomated(request.headers)) return 'automated'
  if (await isOwnVisit(services, request.headers, visit.realtorId)) return 'owner'
  const url = new URL(request.url)
  const siteHosts = [url.host, new URL(requestOrigin(request, url)).host]
  const source = classifyReferrer({ referrer: visit.referrer, siteHosts, userAgent: request.headers.get('user-agent') })
  services.visits.recordView({ realtorId: visit.realtorId, lang: visit.lang, pageKind: visit.page, listingKey: visit.listingKey, source })
  return 'counted'
}

/** The HTTP face: 204 whatever happened, so a page learns nothing and a bot nothing to retry. */
export async function handleVisitBeacon(request: Request, services: AppServices): Promise<Response> {
  const headers = { 'cache-control': 'no-store' }
  if (request.method !== 'POST') return new Response(null, { status: 405, headers: { ...headers, allow: 'POST' } })
  await countVisit(services, request).catch((error: unknown) => componentLogger('stats').error({ err: error }, 'beacon failed'))
  return new Response(null, { status: 204, headers })
}
