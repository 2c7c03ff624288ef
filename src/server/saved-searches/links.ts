import { createHmac, timingSafeEqual } from 'node:crypto'
import { realtorPageUrl, siteApiUrl, type SiteBase } from '~/server/mail/site-links'

/*
 * Signed links for saved searches (issue 13): the visitor has no account, so a link in their
 * mail is their key. A token names the search, what it may do, and until when; it is signed
 * with the server's secret and the search's own random `linkSecret`, so deleting the search
 * (or resetting its secret) revokes every link ever sent for it.
 *
 * Token: `<searchId>.<purpose>.<expires epoch seconds, or 0 for never>.<base64url HMAC-SHA256>`.
 */

export type LinkPurpose = 'confirm' | 'manage' | 'unsubscribe'

const PURPOSES: ReadonlySet<string> = new Set<LinkPurpose>(['confirm', 'manage', 'unsubscribe'])

/** A confirmation link lasts a week; manage and unsubscribe links last as long as the search. */
export const CONFIRM_LINK_TTL_SECONDS = 7 * 24 * 3600

function isPurpose(value: string): value is LinkPurpose {
  return PURPOSES.has(value)
}

function signature(serverSecret: string, linkSecret: string, payload: string): string {
  return createHmac('sha256', serverSecret).update(`${linkSecret}\n${payload}`).digest('base64url')
}

export function signSavedSearchToken(serverSecret: string, search: { id: string; linkSecret: string }, purpose: LinkPurpose, expiresAt: Date | null): string {
  const expires = expiresAt ? Math.floor(expiresAt.getTime() / 1000) : 0
  const payload = `${search.id}.${purpose}.${expires}`
  return `${payload}.${signature(serverSecret, search.linkSecret, payload)}`
}

export type ParsedToken = { searchId: string; purpose: LinkPurpose; expires: number; mac: string; payload: string }

/** The parts of a token, before its search is looked up; undefined when it is not one of ours. */
export function parseSavedSearchToken(token: string): ParsedToken | undefined {
  if (token.length > 300) return undefined
  const parts = token.split('.')
  if (parts.length !== 4) return undefined
  const [searchId = '', purpose = '', expiresText = '', mac = ''] = parts
  if (!/^[0-9a-f-]{36}$/.test(searchId) || !isPurpose(purpose) || !/^\d{1,12}$/.test(expiresText)) return undefined
  return { searchId, purpose, expires: Number(expiresText), mac, payload: `${searchId}.${purpose}.${expiresText}` }
}

/**
 * Whether a parsed token was signed for this search and purpose and is still valid. `manage`
 * tokens also allow unsubscribing (the manage page has a delete button), never the reverse.
 */
export function verifySavedSearchToken(
  serverSecret: string,
  token: ParsedToken,
  search: { id: string; linkSecret: string },
  allowed: ReadonlyArray<LinkPurpose>,
  now: Date,
): boolean {
  if (token.searchId !== search.id || !allowed.includes(token.purpose)) return false
  if (token.expires !== 0 && token.expires * 1000 < now.getTime()) return false
  const expected = Buffer.from(signature(serverSecret, search.linkSecret, token.payload))
  const given = Buffer.from(token.mac)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/**
 * The row a visitor's token names, when the token is one of ours for it and one of `allowed`:
 * the signature first (checked as of the epoch, so only the signature counts), then the time,
 * so an expired link of ours says so while a forged or revoked one is only `invalid`. Saved
 * searches and market report subscriptions (issue 27 item 5) read their links alike.
 */
export async function rowForLinkToken<Row extends { id: string; linkSecret: string }>(
  serverSecret: string,
  token: string,
  allowed: ReadonlyArray<LinkPurpose>,
  now: Date,
  load: (id: string) => Promise<Row | undefined>,
): Promise<Row | 'invalid' | 'expired'> {
  const parsed = parseSavedSearchToken(token)
  if (!parsed) return 'invalid'
  const row = await load(parsed.searchId)
  if (!row || !verifySavedSearchToken(serverSecret, parsed, row, allowed, new Date(0))) return 'invalid'
  return verifySavedSearchToken(serverSecret, parsed, row, allowed, now) ? row : 'expired'
}

/*
 * The agreed addresses (issue 13):
 * - confirm page:  realtorPageUrl(base, lang, `alerts/confirm?token=${confirm token}`)
 * - manage page:   realtorPageUrl(base, lang, `alerts?token=${manage token}`)
 * - one-click:     siteApiUrl(base, `/cozying-api/v1/saved-searches/unsubscribe?token=${unsubscribe token}`)
 *                  (POST with `List-Unsubscribe=One-Click`, RFC 8058)
 */
export function confirmPageUrl(base: SiteBase, lang: 'ko' | 'en', token: string): string {
  return realtorPageUrl(base, lang, `alerts/confirm?token=${encodeURIComponent(token)}`)
}

export function managePageUrl(base: SiteBase, lang: 'ko' | 'en', token: string): string {
  return realtorPageUrl(base, lang, `alerts?token=${encodeURIComponent(token)}`)
}

export function oneClickUnsubscribeUrl(base: SiteBase, token: string): string {
  return siteApiUrl(base, `/cozying-api/v1/saved-searches/unsubscribe?token=${encodeURIComponent(token)}`)
}
