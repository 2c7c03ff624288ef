import { queryOptions } from '@tanstack/react-query'
import { listMyPosts } from '~/functions/posts.functions'

/** A realtor's own posts in the workspace, drafts and scheduled ones too: `['posts', realtorId]`. */
export const postKeys = {
  all: ['posts'] as const,
  realtor: (realtorId: string) => [...postKeys.all, realtorId] as const,
}

export function realtorPostsQuery(realtorId: string) {
  return queryOptions({
    queryKey: postKeys.realtor(realtorId),
    queryFn: () => listMyPosts({ data: { realtorId } }),
  })
}
