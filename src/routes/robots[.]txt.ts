import { createFileRoute } from '@tanstack/react-router'
import { buildRobots } from '~/server/seo/sitemap'
import { requestOrigin } from '~/server/site/site-context'

export const Route = createFileRoute('/robots.txt')({
  server: {
    handlers: {
      GET: ({ request }) =>
        new Response(buildRobots(requestOrigin(request)), {
          headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=86400' },
        }),
    },
  },
})
