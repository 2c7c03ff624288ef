import { z } from 'zod'
import { BLOG_TAG_MAX_LENGTH, POST_KINDS } from './blog-search'
import { langSchema } from './lang'

/*
 * What a visitor's pages ask for and get back (issue 28): a realtor's public posts. Writing
 * posts is src/schemas/posts.ts; these are the read side, the same for the pages, the feed and
 * the homepage's latest-posts section.
 */

const desiredUrl = z.string().trim().min(1).max(64)

export const blogListRequestSchema = z.object({
  desiredUrl,
  lang: langSchema,
  kind: z.enum(POST_KINDS).optional(),
  tag: z.string().trim().min(1).max(BLOG_TAG_MAX_LENGTH).optional(),
  page: z.number().int().min(1).max(1_000).optional(),
})
export type BlogListRequest = z.infer<typeof blogListRequestSchema>

export const blogPostRequestSchema = z.object({ desiredUrl, lang: langSchema, slug: z.string().min(1).max(200) })
export type BlogPostRequest = z.infer<typeof blogPostRequestSchema>

export const latestPostsRequestSchema = z.object({ desiredUrl, lang: langSchema })

const postBase = {
  slug: z.string(),
  kind: z.enum(POST_KINDS),
  /** The title in the page's language, else in the other one. */
  title: z.string(),
  summary: z.string().nullable(),
  /** The language the title and body are shown in: the page's own, or the other when the post has only that. */
  shownLang: langSchema,
  /** The languages the post is written in. */
  langs: z.array(langSchema),
  publishedAt: z.string(),
  updatedAt: z.string(),
  coverPhotoUrl: z.string().nullable(),
  /** The cover's WebP width variants (src/lib/photo-variants.ts), present once they exist. */
  coverPhotoWidths: z.array(z.number().int().positive()).optional(),
  tags: z.array(z.string()),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
}

export const blogPostSummarySchema = z.object(postBase)
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>

export const blogListSchema = z.object({
  posts: z.array(blogPostSummarySchema),
  page: z.number().int(),
  totalPages: z.number().int(),
  totalPosts: z.number().int(),
  /** Every tag of the realtor's public posts, most used first, for the filter links. */
  tags: z.array(z.object({ tag: z.string(), count: z.number().int() })),
})
export type BlogList = z.infer<typeof blogListSchema>

export const blogPostSchema = z.object({
  ...postBase,
  /** Sanitised HTML as stored (src/server/posts sanitises every write). */
  bodyHtml: z.string(),
  /** For a guide: the homepage's listings of that area, when it is one of the realtor's areas. */
  listingsRegion: z.number().int().nullable(),
  /** For a guide: its area's market report (`irvine-ca`, issue 27) when the area is the realtor's and has figures. */
  marketCity: z.string().nullable(),
})
export type BlogPost = z.infer<typeof blogPostSchema>
