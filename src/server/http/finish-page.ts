import { VISITOR_CATALOG_META } from '~/i18n/visitor-catalog'
import { GONE_PAGE_HEADER, PAGE_SCRIPTS_HEADER } from '~/lib/page-scripts'
import { addFontPreloads, addToHead } from '~/server/fonts/font-preloads'
import { pageFontHead, pageFonts, type FontMaking, type PageFonts } from '~/server/fonts/page-font'
import { mapPolicyOrigins } from '~/server/map/map-config'
import { requestOrigin } from '~/server/site/site-context'
import { pagePolicy } from './content-security-policy'
import { deferScriptsUntilPainted } from '~/server/web/defer-scripts'
import { isSecureRequest } from './security-headers'
import { withoutPageScripts, withPrefetchRules } from '~/server/web/page-scripts'
import { hasIslandsRuntime, withIslandsRuntime } from '~/server/islands/islands-delivery'

const VISITOR_PAGE = `<meta name="${VISITOR_CATALOG_META}" content="visitor"/>`

/**
 * The last touches on a server-rendered page, which need its complete HTML: its fonts, on a
 * visitor's page JavaScript after the first paint, and on every page (error pages too) the
 * Content-Security-Policy naming its inline scripts by hash, computed from the final markup.
 * A visitor's page (a realtor's homepage, whose text changes only when the realtor edits it)
 * and every page sent without the app (an islands page or one without scripts: its text is
 * what the server rendered) gets one font cut to its characters; the app's pages, whose text
 * the client changes, preload the unicode-range subsets their text needs. Measured on the
 * home value page (Lighthouse mobile): its eleven preloaded subsets (~330 KB) held its
 * largest paint at ~3.0 s, a static copy's just the same (decision 051). A page is rendered
 * in full before it is sent (its data is loaded in `beforeLoad`), so reading it whole here
 * delays nothing.
 */
export async function finishPage(
  request: Request,
  response: Response,
  { photoOrigins, fonts = pageFonts }: { photoOrigins: ReadonlyArray<string>; fonts?: PageFonts },
): Promise<Response> {
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html') || response.body === null) return response
  const rendered = await response.text()
  // A page whose route asks for no scripts (src/lib/page-scripts.ts) is sent without them, its
  // error pages too: they are as static as it is.
  // An islands page (decision 051) gets the islands runtime instead, where the build has one.
  const scripts = response.headers.get(PAGE_SCRIPTS_HEADER)
  const delivery = scripts === 'none' ? 'none' : scripts === 'islands' && hasIslandsRuntime() ? 'islands' : 'app'
  const page = delivery === 'none' ? withPrefetchRules(withoutPageScripts(rendered)) : delivery === 'islands' ? withIslandsRuntime(rendered) : rendered
  const html =
    response.status !== 200
      ? page
      : page.includes(VISITOR_PAGE)
        ? deferScriptsUntilPainted(await withPageFont(page, fonts, 'at once'))
        : delivery !== 'app'
          ? await withPageFont(page, fonts, 'when asked')
          : addFontPreloads(page)
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  headers.delete(PAGE_SCRIPTS_HEADER)
  const status = response.status === 404 && headers.get(GONE_PAGE_HEADER) !== null ? 410 : response.status
  headers.delete(GONE_PAGE_HEADER)
  headers.set(
    'content-security-policy',
    pagePolicy(html, { secure: isSecureRequest(request), extraOrigins: photoOrigins, mapOrigins: mapPolicyOrigins(requestOrigin(request)) }),
  )
  return new Response(html, { status, statusText: status === response.status ? response.statusText : 'Gone', headers })
}

async function withPageFont(html: string, fonts: PageFonts, making: FontMaking): Promise<string> {
  const urls = await fonts.fontsFor(html, making)
  return urls ? addToHead(html, pageFontHead(urls)) : addFontPreloads(html)
}
