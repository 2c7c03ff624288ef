import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { LanguageSwitch } from '~/components/language-switch'
import { buttonClass } from '~/components/ui'
import { useVisitorPage } from '~/components/visitor-page'
import type { Lang } from '~/lib/lang'
import { responsivePhoto } from '~/lib/photo-variants'
import { SITE_MENU_ATTRIBUTE, siteNavLinks, type SiteNavKey } from '~/lib/site-nav'
import { siteSectionsQuery } from '~/queries/site'
import type { PublicRealtor } from '~/schemas/realtor'
import { EditLink } from './edit-link'
import { firstPhoto } from './photos'

/**
 * Lighter than `buttonClass`: twelve of these are in every page's HTML (the page-weight test).
 * The focus ring is the header's text colour, outside the pill: the current page's pill is the
 * realtor's colour with its own text colour, which could be the panel's (white on white).
 */
const NAV_LINK =
  'inline-flex min-h-11 items-center rounded-full px-3 text-sm font-medium hover:bg-current/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--header-text)] aria-[current=page]:bg-[var(--accent)] aria-[current=page]:text-[var(--on-accent)]'

/**
 * The header of every page of a realtor's site (issue 51 item 1): their name home, the site's
 * pages and the language switch. Wide screens show the links in a row; narrower ones a menu
 * that is a `<details>`, so it opens without JavaScript and traps nothing. Links are plain
 * `<a>` (a realtor's pages are documents from the page store, decision 051); with scripts a
 * choice, a tap outside and Escape close the menu (the islands runtime's `closeSiteMenuOnLeave`;
 * the header is only ever on pages of the islands or of no scripts at all).
 */
export function SiteHeader({
  realtor,
  lang,
  name,
  dark,
  editLink = false,
  current,
  children,
}: {
  realtor: PublicRealtor
  lang: Lang
  name: string
  /** The realtor's main color is dark (the theme's `mainDark`). */
  dark: boolean
  /** The owner's way into the editor, shown on the homepage. */
  editLink?: boolean
  /** The page this is, marked `aria-current`; none for a page the header does not list (a listing, a post). */
  current?: SiteNavKey
  /** Lines under the header's row (a firm's name where the state wants it prominent). */
  children?: ReactNode
}) {
  const { t } = useLingui()
  const page = useVisitorPage()
  const sections = useQuery(siteSectionsQuery(realtor.desiredUrl, lang)).data
  const links = siteNavLinks({ desiredUrl: realtor.desiredUrl, lang, ownDomain: page.ownDomain, sections })
  const labels: Record<SiteNavKey, string> = {
    home: t`Home`,
    homes: t`Homes`,
    homeValue: t`Home value`,
    market: t`Market reports`,
    blog: t`Blog`,
    contact: t`Contact`,
  }
  const home = links[0]?.href ?? '/'
  const logo = firstPhoto(realtor, 'logo')
  const list = (layout: string, linkLayout: string) => (
    <ul className={layout}>
      {links.map((link) => (
        <li key={link.key}>
          <a href={link.href} aria-current={link.key === current ? 'page' : undefined} className={`${NAV_LINK} ${linkLayout}`}>
            {labels[link.key]}
          </a>
        </li>
      ))}
    </ul>
  )
  return (
    <header
      className={`sticky top-0 z-30 border-b backdrop-blur ${dark ? 'border-stone-800 bg-stone-950/90 text-stone-100 [--header-text:var(--color-stone-100)]' : 'border-stone-200 bg-white/90 text-stone-900 [--header-text:var(--color-stone-900)]'}`}
    >
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-2 px-4 py-2 sm:px-6">
        <a href={home} className="flex min-h-11 min-w-0 items-center gap-2 font-semibold">
          {logo ? <SiteLogo logo={logo} /> : null}
          <span data-testid="agent-name" className="truncate">
            {name}
          </span>
        </a>
        <nav aria-label={t`Site`} className="hidden lg:block" data-testid="site-nav">
          {list('flex items-center gap-1', 'whitespace-nowrap')}
        </nav>
        <div className="flex shrink-0 items-center gap-1">
          {editLink ? <EditLink realtorId={realtor.id} desiredUrl={realtor.desiredUrl} /> : null}
          <LanguageSwitch variant="headerOutline" />
          <details className="group lg:hidden" data-testid="site-menu" {...{ [SITE_MENU_ATTRIBUTE]: '' }}>
            <summary className={buttonClass('headerOutline', 'sm', 'cursor-pointer list-none [&::-webkit-details-marker]:hidden')}>
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
                <path className="group-open:hidden" d="M4 7h16M4 12h16M4 17h16" />
                <path className="hidden group-open:block" d="M6 6l12 12M18 6L6 18" />
              </svg>
              {t`Menu`}
            </summary>
            <nav
              aria-label={t`Site`}
              className={`absolute inset-x-0 top-full border-b shadow-lg ${dark ? 'border-stone-800 bg-stone-950 text-stone-100' : 'border-stone-200 bg-white text-stone-900'}`}
            >
              {list('mx-auto grid max-w-5xl gap-1 px-4 py-3 sm:px-6', 'w-full text-base')}
            </nav>
          </details>
        </div>
      </div>
      {children}
    </header>
  )
}

/**
 * The realtor's logo beside their name in a header. Low priority: React preloads every image of
 * the shell, ahead of a page's top photo (its LCP).
 */
export function SiteLogo({ logo }: { logo: { url: string; widths?: ReadonlyArray<number> } }) {
  return (
    <img {...responsivePhoto(logo.url, logo.widths, '32px')} alt="" width={32} height={32} fetchPriority="low" className="size-8 rounded-md object-cover" />
  )
}
