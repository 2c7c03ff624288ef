import { createContext, useContext, type ReactNode } from 'react'
import { localizedPath, type Lang } from '~/lib/lang'
import { toPublicPath } from '~/lib/own-domain-paths'

/**
 * Where a visitor is, as the forms of a realtor's pages need it: the page's path as the address
 * bar shows it (the page a consent was given on) and, on a realtor's own domain, its address
 * (whose paths drop `/{desiredUrl}`). Plain data rather than the router's state, so an island
 * (decision 051), which has no router, gets the same values from the page it was rendered in.
 */
export type VisitorPage = { path: string; ownDomain?: string }

const VisitorPageContext = createContext<VisitorPage>({ path: '/' })

export function VisitorPageProvider({ page, children }: { page: VisitorPage; children: ReactNode }) {
  return <VisitorPageContext.Provider value={page}>{children}</VisitorPageContext.Provider>
}

export function useVisitorPage(): VisitorPage {
  return useContext(VisitorPageContext)
}

/** A realtor's page by its path inside the app (`/{desiredUrl}/agreement`), as a link on this page writes it. */
export function visitorPageHref(page: VisitorPage, lang: Lang, internalPath: string): string {
  const localized = localizedPath(lang, internalPath)
  return page.ownDomain ? toPublicPath(localized, page.ownDomain) : localized
}
