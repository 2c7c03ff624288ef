import { localizedPath, OG_LOCALE, type Lang } from './lang'
import { toPublicPath } from './own-domain-paths'
import { pageTitle, type SiteContext } from './site'

export type HeadMeta = NonNullable<React.JSX.IntrinsicElements['meta']>
export type HeadLink = NonNullable<React.JSX.IntrinsicElements['link']>

export type PageSeo = {
  site: SiteContext
  lang: Lang
  /** The page's path without the language prefix, e.g. `/login` or `/jane-kim`. */
  path: string
  /** The page's own title; the site name is appended (spec §2). */
  title?: string
  /**
   * A page of a realtor's site (issue 51 item 1): their name takes the platform's place, at the
   * end of the title (unless the title names them already) and as `og:site_name`.
   */
  realtorName?: string
  description: string
  image?: string
  type?: 'website' | 'profile' | 'article'
  noindex?: boolean
}

/** Absolute URL for a stored photo URL that may be relative to our origin. */
export function absoluteAssetUrl(url: string, origin: string): string {
  return /^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`
}

/** The public URL of a page; on a realtor's own domain the `/{desiredUrl}` part disappears. */
export function absoluteUrl(site: SiteContext, lang: Lang, path: string): string {
  const internal = localizedPath(lang, path)
  return `${site.origin}${site.ownDomain ? toPublicPath(internal, site.ownDomain) : internal}`
}

function titleOf(page: string | undefined, platform: string, realtorName: string | undefined): string {
  if (!realtorName) return pageTitle(page, platform)
  return page?.includes(realtorName) ? page : pageTitle(page, realtorName)
}

/**
 * Title, description, canonical, hreflang alternates and the Open Graph basics for a page.
 * x-default is the prefix-less (Korean) address: at `/` it negotiates the language itself.
 */
export function seoHead(input: PageSeo): { meta: Array<HeadMeta>; links: Array<HeadLink> } {
  const { site, lang, path } = input
  const title = titleOf(input.title, site.siteName[lang], input.realtorName)
  const siteName = input.realtorName ?? site.siteName[lang]
  const canonical = absoluteUrl(site, lang, path)
  const meta: Array<HeadMeta> = [
    { title },
    { name: 'description', content: input.description },
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:site_name', content: siteName },
    { property: 'og:title', content: title },
    { property: 'og:description', content: input.description },
    { property: 'og:url', content: canonical },
    { property: 'og:locale', content: OG_LOCALE[lang] },
    { property: 'og:locale:alternate', content: OG_LOCALE[lang === 'ko' ? 'en' : 'ko'] },
    { name: 'twitter:card', content: input.image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: input.description },
  ]
  if (input.image) {
    meta.push({ property: 'og:image', content: input.image }, { name: 'twitter:image', content: input.image })
  }
  if (input.noindex) meta.push({ name: 'robots', content: 'noindex' })
  const links: Array<HeadLink> = [
    { rel: 'canonical', href: canonical },
    { rel: 'alternate', hrefLang: 'ko', href: absoluteUrl(site, 'ko', path) },
    { rel: 'alternate', hrefLang: 'en', href: absoluteUrl(site, 'en', path) },
    { rel: 'alternate', hrefLang: 'x-default', href: absoluteUrl(site, 'ko', path) },
  ]
  return { meta, links }
}
