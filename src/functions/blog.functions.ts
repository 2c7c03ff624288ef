import { createServerFn } from '@tanstack/react-start'
import { blogListRequestSchema, blogPostRequestSchema, latestPostsRequestSchema } from '~/schemas/blog'
import { listBlog, latestPosts, readBlogPost } from '~/server/blog/blog-pages'
import { parseWith } from '~/server/http/server-fn'
import { getServices } from '~/server/process-services'

/*
 * A realtor's public posts for the blog pages and the homepage (issue 28). null: no published
 * homepage or no such public post, which the route answers with a real 404.
 */

export const getBlogList = createServerFn({ method: 'GET' })
  .validator(parseWith(blogListRequestSchema))
  .handler(async ({ data }) => (await listBlog(await getServices(), data)) ?? null)

export const getBlogPost = createServerFn({ method: 'GET' })
  .validator(parseWith(blogPostRequestSchema))
  .handler(async ({ data }) => (await readBlogPost(await getServices(), data)) ?? null)

export const getLatestPosts = createServerFn({ method: 'GET' })
  .validator(parseWith(latestPostsRequestSchema))
  .handler(async ({ data }) => latestPosts(await getServices(), data))
