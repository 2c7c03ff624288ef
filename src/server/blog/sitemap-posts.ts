import { blogPath, blogPostPath } from '~/schemas/blog-search'
import { dependsOn, dependsUntil } from '~/server/pages/page-dependencies'
import type { AppServices } from '~/server/services'
import { isPublicAt, postLangs, publishedAtOf } from './public-posts'

/*
 * The sitemap's share of the blogs (issue 28): each public post in the languages it is written
 * in, with its last change as `lastmod`, and each blog's list page. Every post write moves the
 * `realtors` scope the sitemap depends on (post-revisions.ts); a scheduled post's time makes
 * the stored sitemap again by itself.
 */

type SitemapPost = { path: string; lastmod: string; langs: Array<'ko' | 'en'> }

export async function sitemapPosts(services: AppServices, ownDomainDesiredUrl?: string): Promise<Array<SitemapPost>> {
  dependsOn('realtors')
  const nowIso = services.now().toISOString()
  let query = services.db
    .selectFrom('post')
    .innerJoin('realtor', 'realtor.id', 'post.realtorId')
    .select(['realtor.desiredUrl', 'post.slug', 'post.titleKo', 'post.titleEn', 'post.publishAt', 'post.createdAt', 'post.updatedAt'])
    .where('realtor.isMakeHomepage', '=', 'Y')
    .where(isPublicAt(nowIso))
  if (ownDomainDesiredUrl) query = query.where('realtor.desiredUrlKey', '=', ownDomainDesiredUrl.toLowerCase())
  const [rows, next] = await Promise.all([
    query.orderBy('realtor.desiredUrl').orderBy('post.slug').limit(40_000).execute(),
    services.db
      .selectFrom('post')
      .select((eb) => eb.fn.min('post.publishAt').as('next'))
      .where('post.status', 'in', ['scheduled', 'published'])
      .where('post.publishAt', '>', nowIso)
      .executeTakeFirst(),
  ])
  if (next?.next) dependsUntil(next.next)
  const newestByBlog = new Map<string, string>()
  const posts = rows.map((row) => {
    const published = publishedAtOf(row)
    const lastmod = (row.updatedAt > published ? row.updatedAt : published).slice(0, 10)
    const newest = newestByBlog.get(row.desiredUrl)
    if (!newest || lastmod > newest) newestByBlog.set(row.desiredUrl, lastmod)
    return { path: blogPostPath(row.desiredUrl, row.slug), lastmod, langs: postLangs(row) }
  })
  const lists = [...newestByBlog].map(([desiredUrl, lastmod]) => ({ path: blogPath(desiredUrl), lastmod, langs: ['ko', 'en'] satisfies Array<'ko' | 'en'> }))
  return [...lists, ...posts]
}
