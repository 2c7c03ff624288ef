import { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { NotFoundPage, ServerErrorPage } from './features/shell/error-page'
import { routeTree } from './routeTree.gen'
import { createIsomorphicFn } from '@tanstack/react-start'
import { OWN_DOMAIN_META, ownDomainRewrite } from './lib/own-domain-paths'
import { isServerError } from './lib/errors'
import { currentOwnDomain } from './server/site/own-domain'

/** Which realtor's own domain this page is served on: set per request on the server, read from the page in the browser. */
const ownDomainOfPage = createIsomorphicFn()
  .server(() => currentOwnDomain())
  .client(() => document.querySelector(`meta[name="${OWN_DOMAIN_META}"]`)?.getAttribute('content') ?? undefined)

export function getRouter() {
  const ownDomain = ownDomainOfPage()
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // The server's answer (a ServerError: not found, not allowed, invalid) will not change by
        // asking again; a network failure may, three times.
        retry: (failureCount, error) => !isServerError(error) && failureCount < 3,
      },
    },
  })
  const router = createRouter({
    routeTree,
    context: { queryClient, ownDomain },
    ...(ownDomain ? { rewrite: ownDomainRewrite(ownDomain) } : {}),
    scrollRestoration: true,
    defaultPreload: 'intent',
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: ServerErrorPage,
  })
  setupRouterSsrQueryIntegration({ router, queryClient })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}
