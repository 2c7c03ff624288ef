import { oneOf, searchSchema, text, wholeNumber, type SearchOutput } from '~/lib/search-params'

/*
 * A blog list's filters as URL search params (issue 28): `/sora-park/blog?kind=guide&tag=schools&page=2`.
 * Checked without zod, as every route's search params (`~/lib/search-params`): the route tree
 * is part of every page's first download. A bad value is dropped ("no filter"), never an
 * error page. Also what the page store keys a blog list by (decision 009).
 */

export const POST_KINDS = ['article', 'guide'] as const
export type PostKind = (typeof POST_KINDS)[number]

/** Longest tag a filter may name; a realtor's tags are shorter (src/schemas/posts.ts). */
export const BLOG_TAG_MAX_LENGTH = 40

export const blogSearchSchema = searchSchema({
  kind: oneOf(POST_KINDS),
  tag: text({ trim: true, min: 1, max: BLOG_TAG_MAX_LENGTH }),
  page: wholeNumber({ min: 1, max: 1_000 }),
})
export type BlogSearch = SearchOutput<typeof blogSearchSchema>

/** Posts per list page: a realtor who writes weekly fills a page in a season. */
export const BLOG_POSTS_PER_PAGE = 10

/** A slug segment the store and the router consider (the database decides whether it exists). */
export function isPostSlugSegment(segment: string): boolean {
  return segment.length > 0 && segment.length <= 200
}

/** A realtor's blog, without the language prefix (`localizedPath` adds it). */
export function blogPath(desiredUrl: string): string {
  return `/${desiredUrl}/blog`
}

export function blogPostPath(desiredUrl: string, slug: string): string {
  return `${blogPath(desiredUrl)}/${encodeURIComponent(slug)}`
}
