import { localizedPath, type Lang } from './lang'
import { toPublicPath } from './own-domain-paths'

/*
 * The links of a realtor's site header (issue 51 item 1), as plain hrefs: the header is server
 * HTML on islands pages (decision 051), where no router writes links, and on a realtor's own
 * domain every path drops `/{desiredUrl}` so a visitor never leaves that domain.
 */

export const SITE_NAV_KEYS = ['home', 'homes', 'homeValue', 'market', 'blog', 'contact'] as const
export type SiteNavKey = (typeof SITE_NAV_KEYS)[number]

/** Which optional parts a realtor's site has: market reports for a city of their region, public posts in this language. */
export type SiteSections = { market: boolean; blog: boolean }

const PATHS: Record<SiteNavKey, string> = {
  home: '',
  homes: '/homes',
  homeValue: '/home-value',
  market: '/market',
  blog: '/blog',
  contact: '#contact',
}

export function siteNavLinks(input: {
  desiredUrl: string
  lang: Lang
  /** The desiredUrl whose own domain the page is served on, if any. */
  ownDomain?: string
  sections: SiteSections | undefined
}): Array<{ key: SiteNavKey; href: string }> {
  const { desiredUrl, lang, ownDomain, sections } = input
  const shown = SITE_NAV_KEYS.filter((key) => (key === 'market' ? sections?.market === true : key === 'blog' ? sections?.blog === true : true))
  return shown.map((key) => {
    const suffix = PATHS[key]
    const hash = suffix.startsWith('#') ? suffix : ''
    const internal = localizedPath(lang, `/${desiredUrl}${hash ? '' : suffix}`)
    const path = ownDomain ? toPublicPath(internal, ownDomain) : internal
    return { key, href: `${path}${hash}` }
  })
}

/** Marks the site header's menu (a `<details>`), which scripts close on a choice, a tap outside or Escape. */
export const SITE_MENU_ATTRIBUTE = 'data-site-menu'

/**
 * The site header's menu is a `<details>` (it opens without scripts). Where scripts run (the
 * islands runtime), a choice in it closes it, which a link to a section
 * of this same page would not do by itself; so do a tap outside it and Escape, which hands the
 * focus back to its button. Returns what stops listening.
 */
export function closeSiteMenuOnLeave(root: Document): () => void {
  const openMenu = () => root.querySelector<HTMLDetailsElement>(`details[${SITE_MENU_ATTRIBUTE}][open]`)
  const onClick = (event: MouseEvent) => {
    const menu = openMenu()
    if (!menu) return
    const target = event.target instanceof Element ? event.target : null
    if (!target || !menu.contains(target) || target.closest('a')) menu.open = false
  }
  const onKeydown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return
    const menu = openMenu()
    if (!menu) return
    menu.open = false
    menu.querySelector('summary')?.focus()
  }
  root.addEventListener('click', onClick)
  root.addEventListener('keydown', onKeydown)
  return () => {
    root.removeEventListener('click', onClick)
    root.removeEventListener('keydown', onKeydown)
  }
}
