import { Feed } from 'feed'
import { msg } from '@lingui/core/macro'
import { loadCatalog, translate } from '~/i18n/i18n'
import { LOCALE_TAG, type Lang } from '~/lib/lang'
import { realtorDisplayName } from '~/lib/realtor-names'
import { absoluteUrl } from '~/lib/seo'
import type { SiteContext } from '~/lib/site'
import { blogPath, blogPostPath } from '~/schemas/blog-search'
import { absoluteAssetUrl } from '~/features/homepage/json-ld'
import type { AppServices } from '~/server/services'
import { findRealtor } from '~/server/realtors/realtors'
import { dependOnRealtorPosts, isPublicAt, POST_SUMMARY_COLUMNS, publishedAtOf, publishedRealtorByAddress, tagsOfPosts } from './public-posts'
import { photoUrlOf } from '~/server/uploads/photo-address'

/*
 * A realtor's RSS 2.0 feed per language (issue 28), what Naver Search Advisor and Google Search
 * Console take for submission. Made with `feed` (pinned): it writes the channel and items
 * with RFC 822 dates, escapes text and wraps HTML in CDATA (`content:encoded`), and adds the
 * `atom:link rel="self"` both consoles check, which a hand-written template would each have
 * to get right. The feed holds the posts written in its language (a Korean feed is read by
 * Korean readers and Naver); the newest FEED_ITEMS of them.
 */

export const FEED_ITEMS = 20

export async function buildRssFeed(services: AppServices, input: { desiredUrl: string; lang: Lang; site: SiteContext }): Promise<string | undefined> {
  const { db } = services
  const row = await publishedRealtorByAddress(db, input.desiredUrl)
  if (!row) return undefined
  const realtor = await findRealtor(services, row.id)
  if (!realtor) return undefined
  const { lang, site } = input
  await loadCatalog(lang)
  const nowIso = services.now().toISOString()
  await dependOnRealtorPosts(db, row, nowIso)
  const titleColumn = lang === 'ko' ? 'post.titleKo' : 'post.titleEn'
  const posts = await db
    .selectFrom('post')
    .select([...POST_SUMMARY_COLUMNS, 'post.bodyKo', 'post.bodyEn'])
    .where('post.realtorId', '=', row.id)
    .where(isPublicAt(nowIso))
    .where(titleColumn, 'is not', null)
    .orderBy((eb) => eb.fn.coalesce('post.publishAt', 'post.createdAt'), 'desc')
    .orderBy('post.id')
    .limit(FEED_ITEMS)
    .execute()
  const tags = await tagsOfPosts(
    db,
    posts.map((post) => post.id),
  )
  const name = realtorDisplayName(realtor, lang)
  const homepage = absoluteUrl(site, lang, `/${realtor.desiredUrl}`)
  const blog = absoluteUrl(site, lang, blogPath(realtor.desiredUrl))
  const newest = posts[0]
  const feed = new Feed({
    id: blog,
    title: translate(lang, msg`Posts by ${name}`),
    description: translate(lang, msg`Market commentary, buying guides and neighbourhood guides by ${name}.`),
    link: blog,
    language: LOCALE_TAG[lang],
    copyright: `© ${name}`,
    updated: newest ? new Date(newest.updatedAt > publishedAtOf(newest) ? newest.updatedAt : publishedAtOf(newest)) : new Date(nowIso),
    generator: false,
    feedLinks: { rss: absoluteUrl(site, lang, `${blogPath(realtor.desiredUrl)}/rss.xml`) },
    author: { name, link: homepage },
    ttl: 60,
  })
  for (const post of posts) {
    const url = absoluteUrl(site, lang, blogPostPath(realtor.desiredUrl, post.slug))
    const summary = lang === 'ko' ? post.summaryKo : post.summaryEn
    feed.addItem({
      title: (lang === 'ko' ? post.titleKo : post.titleEn) ?? '',
      id: url,
      guid: url,
      link: url,
      date: new Date(publishedAtOf(post)),
      ...(summary ? { description: summary } : {}),
      content: (lang === 'ko' ? post.bodyKo : post.bodyEn) ?? '',
      category: (tags.get(post.id) ?? []).map((tag) => ({ name: tag })),
      ...(post.coverPhoto ? { image: absoluteAssetUrl(photoUrlOf(services.storage, post.coverPhoto), site.origin) } : {}),
    })
  }
  return feed.rss2()
}
