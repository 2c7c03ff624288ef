import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { useEffect } from 'react'
import { homeDetailHead } from '~/features/listings/home-detail-head'
import { HomeDetailPage } from '~/features/listings/home-detail-page'
import { langFromParam } from '~/lib/lang'
import { IslandsPage } from '~/features/islands/island'
import { GONE_PAGE_HEADER, islandsPage } from '~/lib/page-scripts'
import { sendVisitBeacon, VISIT_META } from '~/lib/visit-beacon'
import { homeDetailQuery, similarHomesQuery } from '~/queries/homes'
import { RealtorNotFoundPage } from '~/features/homepage/realtor-not-found-page'
import { NotFoundPage } from '~/features/shell/error-page'
import { errorCode } from '~/lib/errors'
import type { PublicRealtor } from '~/schemas/realtor'

/** The page's home: the loader fetches it, the head and the page read it. */
function detailQuery(realtor: PublicRealtor, langValue: string | undefined, listingKey: string) {
  return homeDetailQuery({ listingKey, desiredUrl: realtor.desiredUrl, lang: langFromParam(langValue) })
}

/** Homes like the page's home, when it is gone; a key that cannot be one is looked up as none. */
function similarQuery(realtor: PublicRealtor, langValue: string | undefined, listingKey: string) {
  const key = listingKey.length <= 128 && !listingKey.includes('\0') ? listingKey : ''
  return similarHomesQuery({ listingKey: key, desiredUrl: realtor.desiredUrl, lang: langFromParam(langValue) })
}

export const Route = createFileRoute('/{-$lang}/$desiredUrl/homes/$listingKey')({
  beforeLoad: ({ context }) => {
    if (context.realtor.isMakeHomepage !== 'Y') throw notFound()
  },
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.ensureQueryData(detailQuery(context.realtor, params.lang, params.listingKey))
    } catch (error) {
      // A home that is gone, or a key that cannot be one (too long, a NUL in it): a real 404 (410
      // for a listing an import retired) on the realtor's site, with homes like it (issue 51 item 2).
      const code = errorCode(error)
      if (code !== 'NOT_FOUND' && code !== 'VALIDATION_FAILED' && code !== 'BAD_REQUEST') throw error
      // The page says the home is gone even when the homes like it cannot be read.
      await context.queryClient.ensureQueryData(similarQuery(context.realtor, params.lang, params.listingKey)).catch(() => undefined)
      throw notFound()
    }
  },
  head: ({ match, params }) => {
    const home = match.context.queryClient.getQueryData(detailQuery(match.context.realtor, params.lang, params.listingKey).queryKey)
    if (!home) return {}
    const head = homeDetailHead(match.context.realtor, home, langFromParam(params.lang), match.context.site)
    // The view the islands runtime counts (decision 051); the app (a client navigation here) counts it in the component.
    const visit = { realtorId: match.context.realtor.id, page: 'listing', listingKey: params.listingKey, lang: langFromParam(params.lang) }
    return { ...head, meta: [...(head.meta ?? []), { name: VISIT_META, content: JSON.stringify(visit) }] }
  },
  // Sent with the islands runtime instead of the app's scripts (decision 051), as the component renders it;
  // a listing an import retired answers 410 (src/server/http/finish-page.ts).
  headers: ({ match, params }) => {
    const similar = match.context.queryClient.getQueryData(similarQuery(match.context.realtor, params.lang, params.listingKey).queryKey)
    return { ...islandsPage(), ...(similar?.retired ? { [GONE_PAGE_HEADER]: 'retired' } : {}) }
  },
  component: HomeDetailRoute,
  notFoundComponent: GoneHomeRoute,
})

function GoneHomeRoute() {
  const { realtor } = Route.useRouteContext()
  const { lang, listingKey } = Route.useParams()
  const gone = useQuery(similarQuery(realtor, lang, listingKey)).data
  // A homepage not published has no site to stay in (its beforeLoad's not-found lands here too).
  if (realtor.isMakeHomepage !== 'Y') return <NotFoundPage />
  return (
    <IslandsPage>
      <RealtorNotFoundPage realtor={realtor} lang={langFromParam(lang)} gone={gone ?? { retired: false, homes: [], sources: [] }} />
    </IslandsPage>
  )
}

function HomeDetailRoute() {
  const { realtor, site } = Route.useRouteContext()
  const { lang, listingKey } = Route.useParams()
  const { data: home } = useSuspenseQuery(detailQuery(realtor, lang, listingKey))
  // A view of this listing once it is shown (decision 016), also after a click from the homepage.
  useEffect(() => sendVisitBeacon({ realtorId: realtor.id, page: 'listing', listingKey, lang: langFromParam(lang) }), [realtor.id, listingKey, lang])
  return (
    <IslandsPage>
      <HomeDetailPage realtor={realtor} home={home} lang={langFromParam(lang)} map={site.map} />
    </IslandsPage>
  )
}
