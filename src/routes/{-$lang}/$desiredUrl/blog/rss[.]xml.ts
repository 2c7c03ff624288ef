import { createFileRoute } from '@tanstack/react-router'
import { langFromParam } from '~/lib/lang'
import { buildRssFeed } from '~/server/blog/rss-feed'
import { getServices } from '~/server/process-services'
import { siteContextFor } from '~/server/site/site-context'

/** A realtor's RSS 2.0 feed in the page's language (issue 28); stored by the page store like the pages. */
export const Route = createFileRoute('/{-$lang}/$desiredUrl/blog/rss.xml')({
  server: {
    handlers: {
      GET: async ({ request, params }) => {
        const feed = await buildRssFeed(await getServices(), { desiredUrl: params.desiredUrl, lang: langFromParam(params.lang), site: siteContextFor(request) })
        if (feed === undefined) return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } })
        return new Response(feed, { headers: { 'content-type': 'application/rss+xml; charset=utf-8' } })
      },
    },
  },
})
