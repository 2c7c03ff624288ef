import { VISITOR_CATALOG_META } from '~/i18n/visitor-catalog'
import { addFontPreloads } from '~/server/fonts/font-preloads'
import { deferScriptsUntilPainted } from './defer-scripts'

const VISITOR_PAGE = `<meta name="${VISITOR_CATALOG_META}" content="visitor"/>`

/**
 * The last touches on a server-rendered page, which need its complete HTML: the font
 * preloads its text calls for, and on a visitor's page, JavaScript after the first paint.
 * A page is rendered in full before it is sent (its data is loaded in `beforeLoad`), so
 * reading it whole here delays nothing.
 */
export async function finishPage(response: Response): Promise<Response> {
  if (response.status !== 200 || !(response.headers.get('content-type') ?? '').startsWith('text/html')) return response
  const rendered = await response.text()
  const withFonts = addFontPreloads(rendered)
  const html = withFonts.includes(VISITOR_PAGE) ? deferScriptsUntilPainted(withFonts) : withFonts
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  return new Response(html, { status: response.status, statusText: response.statusText, headers })
}
