import { getConfig } from '@lingui/conf'
import { createCompiledCatalog, getCatalogs } from '@lingui/cli/api'
import type { Plugin } from 'vite'

/*
 * Where the messages no visitor's browser needs live (by the PO files' `#:` origins): the
 * signed-in workspace's, and those of pages rendered only on the server. A visitor's page (a
 * realtor's homepage) loads a catalog without them with its first island: 13.4 KB gzip in Korean
 * and 11.9 KB in English instead of 32 and 29 KB (2026-11-28). Anything not listed here counts as a visitor's message, so a new public
 * feature is in the visitor catalog without a change here.
 */
const OUTSIDE_VISITOR_CATALOG = [
  'src/features/editor/',
  // The workspace's posts and their editor (issue 28); the blog's pages are in features/blog.
  'src/features/posts/',
  'src/features/onboarding/',
  'src/features/platform-admin/',
  'src/features/realtor-form/',
  'src/features/photos/',
  'src/features/inbox/',
  'src/features/directory/',
  'src/features/landing/',
  'src/features/agreement/',
  'src/features/auth/sign-in-',
  'src/features/auth/reset-password-',
  'src/features/auth/auth-schemas',
  'src/routes/',
  'src/server/',
  'src/functions/',
  'src/schemas/realtor.ts',
  'src/schemas/photo.ts',
  'src/schemas/directory.ts',
  'src/schemas/home.ts',
  // A home's own page is not a visitor page in this sense: it loads the full catalog.
  'src/features/listings/home-detail-',
  // The API's refusals of a valuation or a seller lead come translated by the server (decision 011).
  'src/schemas/valuations.ts',
  'src/schemas/seller-leads.ts',
  // The status pages a form without scripts or a mail's link lands on are sent without any code
  // (decision 051): the server renders their words, no browser ever needs them in a catalog.
  'src/components/status-page.tsx',
  'src/features/homepage/contact-status-page.tsx',
  'src/features/market-subscriptions/market-alert-pages.tsx',
  'src/features/saved-searches/alert-pages.tsx',
  'src/features/seller-leads/seller-status-page.tsx',
  'src/features/tours/tour-status-page.tsx',
]
const VISITOR_CATALOG = 'virtual:visitor-messages/'

export function visitorCatalogs(): Plugin {
  return {
    name: 'realtor:visitor-catalogs',
    resolveId(id) {
      return id.startsWith(VISITOR_CATALOG) ? `\0${id}` : undefined
    },
    async load(id) {
      if (!id.startsWith(`\0${VISITOR_CATALOG}`)) return undefined
      const locale = id.slice(VISITOR_CATALOG.length + 1)
      const config = getConfig()
      const [catalog] = await getCatalogs(config)
      if (!catalog) throw new Error('lingui.config.ts declares no catalog')
      this.addWatchFile(catalog.getFilename(locale))
      const entries = (await catalog.read(locale)) ?? {}
      const { messages } = await catalog.getTranslations(locale, { fallbackLocales: config.fallbackLocales, sourceLocale: config.sourceLocale })
      const visitor = Object.fromEntries(
        Object.entries(messages).filter(([messageId]) => {
          const origins = entries[messageId]?.origin ?? []
          return origins.length === 0 || origins.some(([file]) => !OUTSIDE_VISITOR_CATALOG.some((prefix) => file.startsWith(prefix)))
        }),
      )
      return createCompiledCatalog(locale, visitor, { namespace: 'es' }).source
    },
  }
}
