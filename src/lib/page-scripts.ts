/**
 * A page a visitor reads and posts from, with nothing on it that needs code: the small status
 * pages a mail's link or a form posted without scripts lands on (issue 31, decision 051). Its
 * route sets this header (`headers: noPageScripts`); the server takes it off again and sends the
 * page without the app's scripts (`withoutPageScripts` in src/server/http/page-scripts.ts).
 */
export const PAGE_SCRIPTS_HEADER = 'x-realtor-page-scripts'

export function noPageScripts(): Record<string, string> {
  return { [PAGE_SCRIPTS_HEADER]: 'none' }
}

/**
 * A realtor's page whose only interactive part would be the analytics choice in its footer
 * (decision 015): without a tag it needs no code (a blog, a post). With one it keeps the app's
 * scripts, since the consent banner is React, until that banner is an island of its own.
 */
export function noPageScriptsWithoutTag(realtor: { tagManagerId?: string | null }): Record<string, string> | undefined {
  return realtor.tagManagerId ? undefined : noPageScripts()
}

/**
 * A realtor's page whose interactive parts are islands (decision 051): sent with the islands
 * runtime instead of the app's scripts (src/server/islands/islands-delivery.ts). Its component
 * renders inside `<IslandsPage enabled={…}>` with the same answer, so the server renders the
 * islands for the runtime exactly when the page is sent with it. With an analytics tag the
 * page keeps the app's scripts: the consent banner is still React of the app (decision 015).
 */
export function islandsDelivery(realtor: { tagManagerId?: string | null }): boolean {
  return !realtor.tagManagerId
}

export function islandsPageWithoutTag(realtor: { tagManagerId?: string | null }): Record<string, string> | undefined {
  return islandsDelivery(realtor) ? { [PAGE_SCRIPTS_HEADER]: 'islands' } : undefined
}
