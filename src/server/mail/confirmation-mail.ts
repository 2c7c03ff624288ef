import { escapeHtml } from './mail-html'

/*
 * The one mail a double opt-in sends before confirmation (a saved search, a market report
 * subscription): a greeting, what is asked and what it is about, one link, when it expires and
 * that ignoring it is enough, and who asks. Plain, so nothing in it looks like the mailings it
 * asks about. The words come translated; this only lays them out in text and HTML.
 */

export type ConfirmationWords = {
  greeting: string
  ask: string
  /** What the visitor is confirming, in words; the first line is shown in bold. */
  details: ReadonlyArray<string>
  action: string
  url: string
  expiry: string
  signature: string
}

export function confirmationMailBodies(words: ConfirmationWords): { textBody: string; htmlBody: string } {
  const { greeting, ask, details, action, url, expiry, signature } = words
  const e = escapeHtml
  const [first, ...rest] = details
  const detailHtml = [first === undefined ? null : `<strong>${e(first)}</strong>`, ...rest.map(e)].filter((line) => line !== null)
  const textBody = [greeting, '', ask, ...details, '', `${action}: ${url}`, '', expiry, '', signature].join('\n')
  const htmlBody = [
    `<p>${e(greeting)}</p>`,
    `<p>${[e(ask), ...detailHtml].join('<br>')}</p>`,
    `<p><a href="${e(url)}">${e(action)}</a></p>`,
    `<p>${e(expiry)}</p>`,
    `<p>${e(signature)}</p>`,
  ].join('\n')
  return { textBody, htmlBody }
}
