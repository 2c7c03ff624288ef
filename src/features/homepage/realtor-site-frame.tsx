import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { Lang } from '~/lib/lang'
import type { SiteNavKey } from '~/lib/site-nav'
import type { PublicRealtor } from '~/schemas/realtor'
import { SiteHeader } from './site-header'
import { homepageTheme } from './theme'

/**
 * What every page of a realtor's site beyond the homepage stands in: the realtor's theme, a skip
 * link to `#main`, and the site's header (issue 51 item 1). `headerExtra` goes under the header's
 * links (the firm's line where a state asks for it); the page brings its own `<main>`.
 */
export function RealtorSiteFrame({
  realtor,
  lang,
  name,
  current,
  headerExtra,
  children,
}: {
  realtor: PublicRealtor
  lang: Lang
  name: string
  current?: SiteNavKey
  headerExtra?: ReactNode
  children: ReactNode
}) {
  const theme = homepageTheme(realtor)
  return (
    <div style={theme.style} className={theme.contentDark ? 'dark' : undefined}>
      <div className="min-h-dvh bg-stone-50 text-stone-800 dark:bg-stone-950 dark:text-stone-200">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-stone-900"
        >
          <Trans>Skip to content</Trans>
        </a>
        <SiteHeader realtor={realtor} lang={lang} name={name} dark={theme.mainDark} current={current}>
          {headerExtra}
        </SiteHeader>
        {children}
      </div>
    </div>
  )
}
