import { createFileRoute } from '@tanstack/react-router'
import { buildSitemap } from '~/server/seo/sitemap'
import { getServices } from '~/server/process-services'
import { currentOwnDomain } from '~/server/site/own-domain'
import { requestOrigin } from '~/server/site/site-context'

export const Route = createFileRoute('/sitemap.xml')({
  server: {
    handlers: {
      GET: async ({ request }) =>
        new Response(await buildSitemap(await getServices(), requestOrigin(request), currentOwnDomain()), {
          headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
        }),
    },
  },
})
