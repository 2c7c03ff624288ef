/// <reference types="vite/client" />
import { VisitorPageProvider } from '~/components/visitor-page'
import { I18nProvider } from '@lingui/react'
import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, HeadContent, Scripts, useRouterState } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { NotFoundPage, ServerErrorPage } from '~/features/shell/error-page'
import { ToastProvider } from '~/components/toast'
import { NewVersionWatcher } from '~/components/new-version-watcher'
import { reloadAfterChunkError } from '~/lib/new-version'
import { i18nFor, loadCatalog } from '~/i18n/i18n'
import { langFromPath } from '~/lib/lang'
import { OWN_DOMAIN_META, toPublicPath } from '~/lib/own-domain-paths'
import { siteContextQuery } from '~/queries/site'
import stylesHref from '~/styles.css?url'

export const Route = createRootRouteWithContext<{ queryClient: QueryClient; ownDomain: string | undefined }>()({
  beforeLoad: async ({ context, location }) => {
    await loadCatalog(langFromPath(location.pathname))
    // Asked once per page load: the query never goes stale while the tab is open.
    return { site: await context.queryClient.ensureQueryData(siteContextQuery()) }
  },
  head: ({ match }) => ({
    meta: [
      ...(match.context.ownDomain ? [{ name: OWN_DOMAIN_META, content: match.context.ownDomain }] : []),
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1, viewport-fit=cover' },
      { name: 'theme-color', content: '#1c1917' },
    ],
    links: [
      { rel: 'stylesheet', href: stylesHref },
      { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
    ],
  }),
  shellComponent: RootDocument,
  notFoundComponent: NotFoundPage,
  errorComponent: function RootError({ error }) {
    reloadAfterChunkError(error)
    return <ServerErrorPage />
  },
})

function RootDocument({ children }: { children: ReactNode }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const lang = langFromPath(pathname)
  // The visitor's page as plain data for the forms of a realtor's pages, islands included (components/visitor-page.tsx).
  const { ownDomain } = Route.useRouteContext()
  const visitorPage = { path: ownDomain ? toPublicPath(pathname, ownDomain) : pathname, ...(ownDomain ? { ownDomain } : {}) }
  return (
    <html lang={lang}>
      <head>
        <HeadContent />
      </head>
      <body className="antialiased">
        <I18nProvider i18n={i18nFor(lang)}>
          <VisitorPageProvider page={visitorPage}>
            <ToastProvider>{children}</ToastProvider>
          </VisitorPageProvider>
        </I18nProvider>
        <NewVersionWatcher />
        <Scripts />
      </body>
    </html>
  )
}
