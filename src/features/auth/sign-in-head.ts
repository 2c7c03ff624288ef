import { msg } from '@lingui/core/macro'
import { staticPageHead } from '~/features/pages/page-head'
import type { SiteContext } from '~/lib/site'

/*
 * Its own module because a route's `head` is not code-split: importing it from the page
 * component's module put the whole sign-in page (the form library, zod, the auth client)
 * into every visitor's first download.
 */

/** The head of both sign-in pages, `/login` and a homepage's `/{desiredUrl}/login`. */
export function signInPageHead(input: { site: SiteContext; langParam: string | undefined; path: string }) {
  return staticPageHead({ ...input, title: msg`Sign in`, description: msg`Sign in to edit your homepage and read your messages.`, noindex: true })
}
