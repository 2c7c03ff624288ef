import { msg } from '@lingui/core/macro'
import { loadCatalog, translate } from '~/i18n/i18n'
import { LOCALE_TAG, type Lang } from '~/lib/lang'
import { realtorDisplayName } from '~/lib/realtor-names'
import { absoluteUrl } from '~/lib/seo'
import type { SiteContext } from '~/lib/site'
import { blogPath, blogPostPath } from '~/schemas/blog-search'
import { absoluteAssetUrl } from '~/lib/seo'
import type { AppServices } from '~/server/services'
import { findRealtor } from '~/server/realtors/realtors'
import { dependOnRealtorPosts, isPublicAt, POST_SUMMARY_COLUMNS, publishedAtOf, publishedRealtorByAddress, tagsOfPosts } from './public-posts'
import { photoUrlOf } from '~/server/uploads/photo-address'
import { shownPostBody } from '~/server/posts/post-body'
import { EXTENSION_BY_CONTENT_TYPE } from '~/server/uploads/storage'
import { rssXml, type RssItem } from './rss-xml'

/*
 * A realtor's RSS 2.0 feed per language (issue 28), what Naver Search Advisor and Google Search
 * Console take for submission: RFC 822 dates and the `atom:link rel="self"` both consoles check.
 * The feed holds the posts written in its language (a Korean feed is read by Korean readers and
 * Naver); the newest FEED_ITEMS of them. Its XML is written by rss-xml.ts (decision 053): titles
 * and summaries as text, bodies through the page's sanitiser with every address absolute.
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
  const blog = absoluteUrl(site, lang, blogPath(realtor.desiredUrl))
  const newest = posts[0]
  const items: Array<RssItem> = posts.map((post) => {
    const url = absoluteUrl(site, lang, blogPostPath(realtor.desiredUrl, post.slug))
    const summary = lang === 'ko' ? post.summaryKo : post.summaryEn
    const body = (lang === 'ko' ? post.bodyKo : post.bodyEn) ?? ''
    const cover = post.coverPhoto ? absoluteAssetUrl(photoUrlOf(services.storage, post.coverPhoto), site.origin) : undefined
    return {
      title: (lang === 'ko' ? post.titleKo : post.titleEn) ?? '',
      link: url,
      guid: url,
      pubDate: new Date(publishedAtOf(post)),
      ...(summary ? { description: summary } : {}),
      contentHtml: shownPostBody(services, row, body, { absoluteOrigin: site.origin }),
      categories: tags.get(post.id) ?? [],
      ...(cover ? { image: { url: cover, type: imageTypeOf(cover) } } : {}),
    }
  })
  return rssXml({
    title: translate(lang, msg`Posts by ${name}`),
    description: translate(lang, msg`Market commentary, buying guides and neighborhood guides by ${name}.`),
    link: blog,
    language: LOCALE_TAG[lang],
    copyright: `© ${name}`,
    lastBuildDate: newest ? new Date(newest.updatedAt > publishedAtOf(newest) ? newest.updatedAt : publishedAtOf(newest)) : new Date(nowIso),
    selfLink: absoluteUrl(site, lang, `${blogPath(realtor.desiredUrl)}/rss.xml`),
    ttlMinutes: 60,
    items,
  })
}

/** An enclosure's type from its file's extension (uploads are named by their type, storage.ts). */
function imageTypeOf(url: string): string {
  const extension = (new URL(url).pathname.split('.').pop() ?? '').toLowerCase()
  const found = Object.entries(EXTENSION_BY_CONTENT_TYPE).find(([, value]) => value === extension)
  return found ? found[0] : 'image/jpeg'
}
