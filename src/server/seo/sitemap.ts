import type { Lang } from '~/lib/lang'
import { LANGS, localizedPath } from '~/lib/lang'
import { toPublicPath } from '~/lib/own-domain-paths'
import { sitemapPosts } from '~/server/blog/sitemap-posts'
import { sitemapMarkets } from '~/server/market/sitemap-markets'
import { dependsOn } from '~/server/pages/page-dependencies'
import type { AppServices } from '~/server/services'

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** `langs`: the languages the page is written in (a post may have one); both when absent. */
type SitemapPage = { path: string; lastmod?: string; langs?: ReadonlyArray<Lang> }

/** One `<url>` per language, each naming all language versions (hreflang alternates). */
function urlEntries(origin: string, page: SitemapPage): string {
  const langs = page.langs ?? LANGS
  const alternates = langs
    .map((lang) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(origin + localizedPath(lang, page.path))}"/>`)
    .concat(langs.length > 1 ? `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(origin + localizedPath('ko', page.path))}"/>` : [])
    .join('')
  return langs
    .map(
      (lang) =>
        `<url><loc>${escapeXml(origin + localizedPath(lang, page.path))}</loc>${page.lastmod ? `<lastmod>${page.lastmod}</lastmod>` : ''}${alternates}</url>`,
    )
    .join('\n')
}

/** The published homepages, newest change first. */
export async function publishedHomepages(services: AppServices): Promise<Array<{ desiredUrl: string; updatedAt: string }>> {
  dependsOn('realtors')
  return services.db
    .selectFrom('realtor')
    .select(['desiredUrl', 'updatedAt'])
    .where('isMakeHomepage', '=', 'Y')
    .orderBy('updatedAt', 'desc')
    .limit(50_000)
    .execute()
}

/**
 * `/sitemap.xml`: every published homepage, its home search, its home-value page, its posts and its market reports in both languages, plus our
 * pages. On a realtor's own domain it lists that realtor's pages only, at `/`, `/homes`, `/home-value` and `/en/…`.
 */
export async function buildSitemap(services: AppServices, origin: string, ownDomain?: string): Promise<string> {
  const [homepages, posts, markets] = await Promise.all([publishedHomepages(services), sitemapPosts(services, ownDomain), sitemapMarkets(services, ownDomain)])
  const own = ownDomain ? homepages.find((homepage) => homepage.desiredUrl.toLowerCase() === ownDomain.toLowerCase()) : undefined
  const pages: Array<SitemapPage> = own
    ? [{ path: '/', lastmod: own.updatedAt.slice(0, 10) }, { path: '/homes' }, { path: '/home-value' }]
    : [
        { path: '/', lastmod: homepages[0]?.updatedAt.slice(0, 10) },
        { path: '/agreement' },
        { path: '/realtors', lastmod: homepages[0]?.updatedAt.slice(0, 10) },
        ...homepages.flatMap((homepage) => [
          { path: `/${homepage.desiredUrl}`, lastmod: homepage.updatedAt.slice(0, 10) },
          // The full home search (issue 29): its listings change with every import, so no lastmod.
          { path: `/${homepage.desiredUrl}/homes` },
          // "What is my home worth?" (issue 27): a form, so no lastmod either.
          { path: `/${homepage.desiredUrl}/home-value` },
        ]),
      ]
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...pages.map((page) => urlEntries(origin, page)),
    // On an own domain the blog's addresses drop the `/{desiredUrl}` part, as every link there does.
    ...[...posts, ...markets].map((page) => urlEntries(origin, own ? { ...page, path: toPublicPath(page.path, own.desiredUrl) } : page)),
    '</urlset>',
  ].join('\n')
}

export function buildRobots(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /process',
    'Disallow: /login',
    'Disallow: /en/admin',
    'Disallow: /en/process',
    'Disallow: /en/login',
    'Disallow: /cozying-api/',
    'Disallow: /api/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n')
}
