/*
 * Where links in mail point. A mail is read long after the request that caused it (or with no
 * request at all: a digest, a monthly report), so its links are built from what is stored: the
 * realtor's own domain, else PUBLIC_URL, else the origin the visitor's form came to. Every mail
 * that links to a realtor's site builds its base here, so all of them agree on that order.
 */

/** Where a realtor's public pages live, for links in mail sent without a request to answer. */
export type SiteBase = {
  desiredUrl: string
  /** The realtor's own domain key (`realtor.hompageHost`), when set. */
  hompageHost: string | null
  /** PUBLIC_URL, when configured. */
  publicUrl: string | undefined
  /** The origin the visitor's form came to (or `localOrigin()` for a mail no form caused): the last resort. */
  siteOrigin: string
}

/** The base for a realtor's links: `siteOrigin` is the stored origin of the form, where there was one. */
export function siteBaseFor(
  config: { publicUrl: string | undefined },
  realtor: { desiredUrl: string; hompageHost: string | null },
  siteOrigin: string,
): SiteBase {
  return { desiredUrl: realtor.desiredUrl, hompageHost: realtor.hompageHost, publicUrl: config.publicUrl, siteOrigin }
}

/**
 * The absolute URL of a realtor page path such as `homes/ABC123` or `alerts` (empty for the
 * homepage) in a language: on the realtor's own domain when set (`https://kim.com/en/homes/…`),
 * else under PUBLIC_URL or the origin the form came to (`…/en/kim/homes/…`).
 */
export function realtorPageUrl(base: SiteBase, lang: 'ko' | 'en', path: string): string {
  const prefix = lang === 'en' ? '/en' : ''
  const rest = path === '' ? '' : `/${path.replace(/^\/+/, '')}`
  if (base.hompageHost) return `https://${base.hompageHost}${prefix}${rest}`
  return `${platformOrigin(base)}${prefix}/${base.desiredUrl}${rest}`
}

/** A machine path (`/cozying-api/v1/...`) on the same site as realtorPageUrl. */
export function siteApiUrl(base: SiteBase, path: string): string {
  const origin = base.hompageHost ? `https://${base.hompageHost}` : platformOrigin(base)
  return `${origin}${path}`
}

function platformOrigin(base: SiteBase): string {
  return (base.publicUrl ? new URL(base.publicUrl).origin : base.siteOrigin).replace(/\/$/, '')
}

/**
 * The headers that let a mail client unsubscribe in one click (RFC 8058): the client POSTs
 * `List-Unsubscribe=One-Click` to the URL, with no page to visit and nothing to confirm.
 */
export function oneClickUnsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
}
