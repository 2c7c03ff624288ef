import { msg } from '@lingui/core/macro'
import { serializeJsonLd } from '~/features/homepage/json-ld'
import { absoluteAssetUrl } from '~/lib/seo'
import { firstPhoto } from '~/features/homepage/photos'
import { translate } from '~/i18n/i18n'
import { VISITOR_CATALOG_META } from '~/i18n/visitor-catalog'
import type { Lang } from '~/lib/lang'
import { realtorDisplayName } from '~/lib/realtor-names'
import { absoluteUrl, seoHead, type HeadLink } from '~/lib/seo'
import type { SiteContext } from '~/lib/site'
import type { BlogPost } from '~/schemas/blog'
import { blogPath, blogPostPath, type BlogSearch } from '~/schemas/blog-search'
import type { PublicRealtor } from '~/schemas/realtor'

/*
 * Heads of a realtor's blog pages (issue 28): title, description, canonical and hreflang, the
 * RSS feed of the page's language as `<link rel="alternate">` (feed readers and Naver find it
 * there), and on a post its `BlogPosting` JSON-LD with the realtor as author.
 */

/** The feed of the page's language, for feed readers and search consoles that look for it in a page's head. */
export function feedLink(realtor: PublicRealtor, lang: Lang, site: SiteContext): HeadLink {
  const name = realtorDisplayName(realtor, lang)
  return {
    rel: 'alternate',
    type: 'application/rss+xml',
    title: translate(lang, msg`Posts by ${name}`),
    href: absoluteUrl(site, lang, `${blogPath(realtor.desiredUrl)}/rss.xml`),
  }
}

/** The query a list page keeps in its canonical address: the filters and the page, nothing else. */
function listQuery(search: BlogSearch): string {
  const params = new URLSearchParams()
  if (search.kind) params.set('kind', search.kind)
  if (search.tag) params.set('tag', search.tag)
  if (search.page && search.page > 1) params.set('page', String(search.page))
  const query = params.toString()
  return query ? `?${query}` : ''
}

export function blogListHead(realtor: PublicRealtor, lang: Lang, site: SiteContext, search: BlogSearch) {
  const name = realtorDisplayName(realtor, lang)
  const head = seoHead({
    site,
    lang,
    path: `${blogPath(realtor.desiredUrl)}${listQuery(search)}`,
    title: translate(lang, msg`Posts by ${name}`),
    realtorName: name,
    description: translate(lang, msg`Market commentary, buying guides and neighborhood guides by ${name}.`),
  })
  return {
    meta: [...head.meta, { name: VISITOR_CATALOG_META, content: 'visitor' }],
    links: [...head.links, feedLink(realtor, lang, site)],
  }
}

/**
 * A post's canonical is its own language's address when it is written in the page's language;
 * a page showing the other language's text (with a note) points to that language's address
 * instead, so search engines index each text once. hreflang names only the languages it has.
 */
export function blogPostHead(realtor: PublicRealtor, lang: Lang, site: SiteContext, post: BlogPost) {
  const name = realtorDisplayName(realtor, lang)
  const path = blogPostPath(realtor.desiredUrl, post.slug)
  const description =
    post.summary ??
    post.bodyHtml
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 155)
  const image = post.coverPhotoUrl ?? firstPhoto(realtor, 'ogImage')?.url
  const head = seoHead({
    site,
    lang,
    path,
    title: `${post.title} | ${name}`,
    realtorName: name,
    description,
    image: image ? absoluteAssetUrl(image, site.origin) : undefined,
    type: 'article',
  })
  const canonical = absoluteUrl(site, post.shownLang, path)
  const links: Array<HeadLink> = [
    { rel: 'canonical', href: canonical },
    ...post.langs.map((written) => ({ rel: 'alternate', hrefLang: written, href: absoluteUrl(site, written, path) })),
    ...(post.langs.length > 1 ? [{ rel: 'alternate', hrefLang: 'x-default', href: absoluteUrl(site, 'ko', path) }] : []),
    feedLink(realtor, lang, site),
  ]
  const meta = head.meta.map((item) => ('property' in item && item.property === 'og:url' ? { ...item, content: canonical } : item))
  meta.push({ property: 'article:published_time', content: post.publishedAt }, { property: 'article:modified_time', content: post.updatedAt })
  meta.push({ name: 'author', content: name }, { name: VISITOR_CATALOG_META, content: 'visitor' })
  return {
    meta,
    links,
    scripts: [
      {
        type: 'application/ld+json',
        children: serializeJsonLd(
          blogPostingJsonLd(post, {
            url: canonical,
            origin: site.origin,
            author: { name, url: absoluteUrl(site, lang, `/${realtor.desiredUrl}`) },
            image,
          }),
        ),
      },
    ],
  }
}

/** schema.org `BlogPosting`: Google's and Naver's article fields, the realtor as author. */
export function blogPostingJsonLd(post: BlogPost, input: { url: string; origin: string; author: { name: string; url: string }; image: string | undefined }) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title.slice(0, 110),
    ...(post.summary ? { description: post.summary } : {}),
    inLanguage: post.shownLang,
    datePublished: post.publishedAt,
    dateModified: post.updatedAt,
    url: input.url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': input.url },
    ...(input.image ? { image: absoluteAssetUrl(input.image, input.origin) } : {}),
    author: { '@type': 'RealEstateAgent', name: input.author.name, url: input.author.url },
    ...(post.tags.length > 0 ? { keywords: post.tags.join(', ') } : {}),
    ...(post.kind === 'guide' && post.city ? { about: { '@type': 'Place', name: [post.city, post.state].filter(Boolean).join(', ') } } : {}),
  }
}
