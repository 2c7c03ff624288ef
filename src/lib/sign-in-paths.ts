import { stripLangPrefix } from './lang'

/** A sign-in page (any language, the platform's or a realtor's): `/login`, `/en/{desiredUrl}/login`. */
export function isSignInPath(path: string): boolean {
  return /^(?:\/[^/?#]+)?\/login(?:[/?#]|$)/.test(stripLangPrefix(path))
}

/**
 * Set on a sign-in page's address when its form was posted before the page's scripts were ready
 * (src/server/http/request-guard.ts sends such a post back, unread): the page says that nothing
 * was sent, rather than showing the empty form as if nothing had happened.
 */
export const UNSENT_SIGN_IN_PARAM = 'unsent'
