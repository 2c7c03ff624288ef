import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { blogPostHead } from '~/features/blog/blog-head'
import { BlogPostPage } from '~/features/blog/blog-post-page'
import { langFromParam } from '~/lib/lang'
import { IslandsPage } from '~/features/islands/island'
import { noPageScriptsUnlessTagged } from '~/lib/page-scripts'
import { errorCode } from '~/lib/errors'
import { blogPostQuery } from '~/queries/blog'

function postQuery(desiredUrl: string, langValue: string | undefined, slug: string) {
  return blogPostQuery({ desiredUrl, lang: langFromParam(langValue), slug })
}

/** One post (issue 28); a draft, a post not yet due or a slug that cannot be one is a real 404. */
export const Route = createFileRoute('/{-$lang}/$desiredUrl/blog/$slug')({
  beforeLoad: ({ context }) => {
    if (context.realtor.isMakeHomepage !== 'Y') throw notFound()
  },
  loader: async ({ context, params }) => {
    try {
      const post = await context.queryClient.ensureQueryData(postQuery(params.desiredUrl, params.lang, params.slug))
      if (!post) throw notFound()
    } catch (error) {
      if (errorCode(error) === 'VALIDATION_FAILED') throw notFound()
      throw error
    }
  },
  head: ({ match, params }) => {
    const post = match.context.queryClient.getQueryData(postQuery(params.desiredUrl, params.lang, params.slug).queryKey)
    return post ? blogPostHead(match.context.realtor, langFromParam(params.lang), match.context.site, post) : {}
  },
  // Links and text only: sent without the app's scripts unless the realtor's analytics asks consent, an island then (decision 051).
  headers: ({ match }) => noPageScriptsUnlessTagged(match.context.realtor),
  component: BlogPostRoute,
})

function BlogPostRoute() {
  const { realtor } = Route.useRouteContext()
  const { lang, desiredUrl, slug } = Route.useParams()
  const { data: post } = useSuspenseQuery(postQuery(desiredUrl, lang, slug))
  if (!post) return null
  return (
    <IslandsPage>
      <BlogPostPage realtor={realtor} lang={langFromParam(lang)} post={post} />
    </IslandsPage>
  )
}
