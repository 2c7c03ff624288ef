import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useRouteContext } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { AccountNav } from '~/features/auth/account-nav'
import { AccountMenuTemplate } from '~/features/auth/account-menu-template'
import { useIslandsRender } from '~/features/islands/island'
import { langParam } from '~/lib/lang'
import { useLang } from '~/i18n/use-lang'
import { LanguageSwitch } from '~/components/language-switch'

/** Header with the language switch, the main landmark and the footer: every page's frame. */
export function PageShell({ children }: { children: ReactNode }) {
  const lang = useLang()
  const { t } = useLingui()
  const { site } = useRouteContext({ from: '__root__' })
  const islandsRender = useIslandsRender()
  return (
    <div className="flex min-h-dvh flex-col bg-stone-50 text-stone-900 dark:bg-stone-950 dark:text-stone-100">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-stone-900"
      >
        <Trans>Skip to content</Trans>
      </a>
      <header className="border-b border-stone-200 bg-white/80 backdrop-blur dark:border-stone-800 dark:bg-stone-900/80">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <Link
            to="/{-$lang}"
            params={{ lang: langParam(lang) }}
            activeOptions={{ exact: true }}
            className="text-lg font-semibold tracking-tight text-stone-900 dark:text-stone-50"
          >
            {site.siteName[lang]}
          </Link>
          <nav aria-label={t`Main menu`} className="flex flex-wrap items-center justify-end gap-1 sm:gap-2">
            {/* The app's header reads the session cache its guards and sign-in share; an islands page's, the runtime fills in (decision 051). */}
            {islandsRender ? <AccountMenuTemplate lang={lang} /> : <AccountNav />}
            <LanguageSwitch />
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-10 outline-none sm:px-6">
        {children}
      </main>
      <footer className="border-t border-stone-200 bg-white text-sm text-stone-600 dark:border-stone-800 dark:bg-stone-900 dark:text-stone-300">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-6 sm:px-6">
          <p>
            © {new Date().getFullYear()} {site.siteName[lang]}
          </p>
          <Link to="/{-$lang}/agreement" params={{ lang: langParam(lang) }} className="underline underline-offset-4">
            <Trans>Terms and privacy</Trans>
          </Link>
        </div>
      </footer>
    </div>
  )
}

export function PageHeading({ children }: { children: ReactNode }) {
  return <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{children}</h1>
}
