import { sql } from 'kysely'
import type { Lang } from '~/lib/lang'
import type { BlogList, BlogListRequest, BlogPost, BlogPostRequest, BlogPostSummary } from '~/schemas/blog'
import { BLOG_POSTS_PER_PAGE } from '~/schemas/blog-search'
import type { AppServices } from '~/server/services'
import { guideLinks } from './guide-links'
import { inertStoredHtml } from './inert-html'
import { shownPostBody } from '~/server/posts/post-body'
import { recordedVariantWidths } from '~/server/uploads/photo-variants'
import { dependOnRealtorPosts, isPublicAt, POST_SUMMARY_COLUMNS, publishedRealtorByAddress, shownLangOf, tagsOfPosts, toPostSummary } from './public-posts'

/*
 * The reads behind a realtor's blog pages and the homepage's latest posts (issue 28). Each
 * names what it read for the page store, so a stored page is made again when a post is
 * written or a scheduled one comes due (decision 030).
 */

/** Tags offered as filters on a list page: the most used first. */
const TAG_FILTERS_SHOWN = 30

/** A page of the realtor's public posts, newest first, filtered by kind and tag; undefined when the homepage is not there. */
export async function listBlog(services: AppServices, request: BlogListRequest): Promise<BlogList | undefined> {
  const { db } = services
  const realtor = await publishedRealtorByAddress(db, request.desiredUrl)
  if (!realtor) return undefined
  const nowIso = services.now().toISOString()
  await dependOnRealtorPosts(db, realtor, nowIso)
  let filtered = db.selectFrom('post').where('post.realtorId', '=', realtor.id).where(isPublicAt(nowIso))
  if (request.kind) filtered = filtered.where('post.kind', '=', request.kind)
  if (request.tag) {
    const tag = request.tag
    filtered = filtered.where((eb) =>
      eb.exists(eb.selectFrom('postTag').select('postTag.postId').whereRef('postTag.postId', '=', 'post.id').where('postTag.tag', '=', tag)),
    )
  }
  const counted = await filtered.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst()
  const totalPosts = Number(counted?.count ?? 0)
  const totalPages = Math.max(1, Math.ceil(totalPosts / BLOG_POSTS_PER_PAGE))
  const page = Math.min(request.page ?? 1, totalPages)
  const rows = await filtered
    .select([...POST_SUMMARY_COLUMNS])
    .orderBy(sql`coalesce(post.publish_at, post.created_at)`, 'desc')
    .orderBy('post.id')
    .limit(BLOG_POSTS_PER_PAGE)
    .offset((page - 1) * BLOG_POSTS_PER_PAGE)
    .execute()
  const tags = await tagsOfPosts(
    db,
    rows.map((row) => row.id),
  )
  const tagCounts = await db
    .selectFrom('postTag')
    .innerJoin('post', 'post.id', 'postTag.postId')
    .select(['postTag.tag', (eb) => eb.fn.countAll().as('count')])
    .where('postTag.realtorId', '=', realtor.id)
    .where(isPublicAt(nowIso))
    .groupBy('postTag.tag')
    .orderBy('count', 'desc')
    .orderBy('postTag.tag')
    .limit(TAG_FILTERS_SHOWN)
    .execute()
  const coverWidths = await recordedVariantWidths(
    db,
    rows.flatMap((row) => (row.coverPhoto ? [row.coverPhoto] : [])),
  )
  return {
    posts: rows.map((row) => toPostSummary(row, tags.get(row.id) ?? [], request.lang, services.storage, coverWidths)),
    page,
    totalPages,
    totalPosts,
    tags: tagCounts.map((row) => ({ tag: row.tag, count: Number(row.count) })),
  }
}

/** One public post for its page; undefined when it is not there (or not yet public). */
export async function readBlogPost(services: AppServices, request: BlogPostRequest): Promise<BlogPost | undefined> {
  const { db } = services
  const realtor = await publishedRealtorByAddress(db, request.desiredUrl)
  if (!realtor) return undefined
  const nowIso = services.now().toISOString()
  await dependOnRealtorPosts(db, realtor, nowIso)
  const row = await db
    .selectFrom('post')
    .select([...POST_SUMMARY_COLUMNS, 'post.bodyKo', 'post.bodyEn'])
    .where('post.realtorId', '=', realtor.id)
    .where('post.slug', '=', request.slug)
    .where(isPublicAt(nowIso))
    .executeTakeFirst()
  if (!row) return undefined
  const tags = await tagsOfPosts(db, [row.id])
  const coverWidths = await recordedVariantWidths(db, row.coverPhoto ? [row.coverPhoto] : [])
  const summary = toPostSummary(row, tags.get(row.id) ?? [], request.lang, services.storage, coverWidths)
  const shown = shownLangOf(row, request.lang)
  return {
    ...summary,
    bodyHtml: inertStoredHtml(shownPostBody(services, realtor, (shown === 'ko' ? row.bodyKo : row.bodyEn) ?? '')),
    ...(await guideLinks(services, realtor.id, row)),
  }
}

/** The homepage's latest posts section: the newest three, none when the realtor has written nothing public. */
export const LATEST_POSTS_SHOWN = 3

export async function latestPosts(services: AppServices, request: { desiredUrl: string; lang: Lang }): Promise<Array<BlogPostSummary>> {
  const list = await listBlog(services, { desiredUrl: request.desiredUrl, lang: request.lang })
  return list?.posts.slice(0, LATEST_POSTS_SHOWN) ?? []
}
