import handler, { createServerEntry } from '@tanstack/react-start/server-entry'
import { PAGE_FONT_PATH, pageFonts } from '~/server/fonts/page-font'
import { handleApiRequest } from '~/server/http/api'
import { clientIpOf } from '~/server/http/request-ip'
import { applySecurityHeaders } from '~/server/http/security-headers'
import { getServices } from '~/server/services'

/**
 * The REST API answers before Start's router and request middleware: it renders nothing,
 * needs no route matching and no own-domain lookup, and that pipeline was most of its
 * latency under load (issues 6 and 7, decision 007). A homepage's own font is answered
 * here too (decision 008). Everything else goes to Start.
 */
export default createServerEntry({
  async fetch(request, options) {
    const { pathname } = new URL(request.url)
    if (pathname === '/cozying-api' || pathname.startsWith('/cozying-api/')) {
      const response = await handleApiRequest(request, { services: await getServices(), clientIp: clientIpOf(request) })
      applySecurityHeaders(request, response.headers)
      return response
    }
    if (pathname.startsWith(PAGE_FONT_PATH)) {
      const response = await pageFonts.respond(request)
      applySecurityHeaders(request, response.headers)
      return response
    }
    return handler.fetch(request, options)
  },
})
