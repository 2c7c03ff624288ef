import { VISITOR_CATALOG_META } from '~/i18n/visitor-catalog'
import { addFontPreloads, addToHead } from '~/server/fonts/font-preloads'
import { pageFontHead, pageFonts, type PageFonts } from '~/server/fonts/page-font'
import { mapPolicyOrigins } from '~/server/map/map-config'
import { requestOrigin } from '~/server/site/site-context'
import { pagePolicy } from './content-security-policy'
import { deferScriptsUntilPainted } from './defer-scripts'
import { isSecureRequest } from './security-headers'

const VISITOR_PAGE = `<meta name="${VISITOR_CATALOG_META}" content="visitor"/>`

/**
 * The last touches on a server-rendered page, which need its complete HTML: its fonts, on a
 * visitor's page JavaScript after the first paint, and on every page (error pages too) the
 * Content-Security-Policy naming its inline scripts by hash, computed from the final markup.
 * A visitor's page (a realtor's homepage, whose text changes only when the realtor edits it)
 * gets one font cut to its characters; other pages preload the unicode-range subsets their
 * text needs. A page is rendered in full before it is sent (its data is loaded in
 * `beforeLoad`), so reading it whole here delays nothing.
 */
export async function finishPage(
  request: Request,
  response: Response,
  { photoOrigins, fonts = pageFonts }: { photoOrigins: ReadonlyArray<string>; fonts?: PageFonts },
): Promise<Response> {
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html') || response.body === null) return response
  const rendered = await response.text()
  const html =
    response.status !== 200
      ? rendered
      : rendered.includes(VISITOR_PAGE)
        ? deferScriptsUntilPainted(await withPageFont(rendered, fonts))
        : addFontPreloads(rendered)
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  headers.set(
    'content-security-policy',
    pagePolicy(html, { secure: isSecureRequest(request), extraOrigins: photoOrigins, mapOrigins: mapPolicyOrigins(requestOrigin(request)) }),
  )
  return new Response(html, { status: response.status, statusText: response.statusText, headers })
}

async function withPageFont(html: string, fonts: PageFonts): Promise<string> {
  const urls = await fonts.fontsFor(html)
  return urls ? addToHead(html, pageFontHead(urls)) : addFontPreloads(html)
}
