import { queryOptions } from '@tanstack/react-query'
import { getBlogList, getBlogPost, getLatestPosts } from '~/functions/blog.functions'
import type { Lang } from '~/lib/lang'
import type { BlogListRequest, BlogPostRequest } from '~/schemas/blog'

/* A realtor's public posts (issue 28), as the pages ask for them; rendered on the server and kept as hydrated. */
export const blogKeys = {
  all: ['blog'] as const,
}

export function blogListQuery(request: BlogListRequest) {
  return queryOptions({
    queryKey: [...blogKeys.all, 'list', request],
    queryFn: () => getBlogList({ data: request }),
    refetchOnMount: false,
  })
}

export function blogPostQuery(request: BlogPostRequest) {
  return queryOptions({
    queryKey: [...blogKeys.all, 'post', request],
    queryFn: () => getBlogPost({ data: request }),
    refetchOnMount: false,
  })
}

export function latestPostsQuery(desiredUrl: string, lang: Lang) {
  return queryOptions({
    queryKey: [...blogKeys.all, 'latest', desiredUrl.toLowerCase(), lang],
    queryFn: () => getLatestPosts({ data: { desiredUrl, lang } }),
    refetchOnMount: false,
  })
}
