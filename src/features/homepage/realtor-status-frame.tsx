import { Trans } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useLang } from '~/i18n/use-lang'
import { realtorDisplayName } from '~/lib/realtor-names'
import { SiteHeader } from './site-header'
import { homepageTheme } from './theme'

/**
 * The realtor's theme and site header around a small status page of their site (a form posted
 * without scripts, a link from an alert mail), so a visitor who lands there can go on to any of
 * the realtor's pages (issue 51 item 1). The page brings its own `<main>`.
 */
export function RealtorStatusFrame({ children }: { children: ReactNode }) {
  const { realtor } = useRouteContext({ from: '/{-$lang}/$desiredUrl' })
  const lang = useLang()
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
        <SiteHeader realtor={realtor} lang={lang} name={realtorDisplayName(realtor, lang)} dark={theme.mainDark} />
        {children}
      </div>
    </div>
  )
}
