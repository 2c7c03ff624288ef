import { localizedPath, type Lang } from '~/lib/lang'
import { isSignInPath, UNSENT_SIGN_IN_PARAM } from '~/lib/sign-in-paths'
import { oneOf, searchSchema, text, wholeNumber, type SearchOutput } from '~/lib/search-params'
import { localRedirect, loginSearchFields } from '~/schemas/navigation'
import { LOGIN_METHODS } from './browser-storage'

/*
 * The search params and the routing rules of sign-in, kept pure so they are unit-tested and
 * shared by `/login`, `/{desiredUrl}/login` and their redirect pages.
 */

export const SIGN_IN_MODES = ['signin', 'signup', 'forgot'] as const
export type SignInMode = (typeof SIGN_IN_MODES)[number]

/**
 * `/login`: where to go afterwards, which form to open first (links can ask for sign-up),
 * and the error code better-auth appends when a Kakao or Google sign-in fails.
 * Anything malformed is dropped rather than answered with an error page.
 */
export const signInPageSearchSchema = searchSchema({
  ...loginSearchFields,
  mode: oneOf(SIGN_IN_MODES),
  error: text({ max: 100 }),
  // The router reads `?unsent=1` as the number 1.
  [UNSENT_SIGN_IN_PARAM]: wholeNumber({ min: 1, max: 1 }),
})
export type SignInPageSearch = SearchOutput<typeof signInPageSearchSchema>

/** `/login/redirect`: where to go, and which provider sent the user back (absent after e-mail). */
export const signInRedirectSearchSchema = searchSchema({
  redirect: localRedirect,
  provider: oneOf(LOGIN_METHODS),
})
export type SignInRedirectSearch = SearchOutput<typeof signInRedirectSearchSchema>

/** `/login/reset`: better-auth sends the user here with `?token=` or, for a dead link, `?error=`. */
export const resetPasswordSearchSchema = searchSchema({
  token: text({ min: 1, max: 500 }),
  error: text({ max: 100 }),
})
export type ResetPasswordSearch = SearchOutput<typeof resetPasswordSearchSchema>

/**
 * Where a completed sign-in leads, in the language of the page the user signed in on:
 * 1. the page they came from (`redirect`, already checked to be a local path);
 * 2. the realtor homepage whose sign-in link they used (`/{desiredUrl}/login`);
 * 3. the editor of their own homepage;
 * 4. `/process`, to make one.
 * The language of the sign-in page wins over the one `redirect` was written in: links such as
 * the landing page's pass a bare `/process`, and someone who switched language on the sign-in
 * page expects to stay in it.
 */
export function signInDestination(input: {
  lang: Lang
  redirect: string | undefined
  homepage: string | undefined
  ownRealtor: { desiredUrl: string } | null
}): string {
  // A sign-in page itself is never a place to return to.
  if (input.redirect && !isSignInPath(input.redirect)) return localizedPath(input.lang, input.redirect)
  if (input.homepage) return localizedPath(input.lang, `/${input.homepage}`)
  return ownHomepagePath(input.lang, input.ownRealtor)
}

/** The account's own place: the editor of their homepage, or onboarding when they have none. */
export function ownHomepagePath(lang: Lang, realtor: { desiredUrl: string } | null): string {
  return localizedPath(lang, realtor ? `/${realtor.desiredUrl}/admin` : '/process')
}
