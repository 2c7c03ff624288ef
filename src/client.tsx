import { StartClient } from '@tanstack/react-start/client'
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { loadCatalog } from './i18n/i18n'
import { loadVisitorCatalog, VISITOR_CATALOG_META } from './i18n/visitor-catalog'
import { langFromPath } from './lib/lang'

// The page's catalog must be in place before hydration: the server rendered translated
// text, and the root's beforeLoad (which loads catalogs on navigation) does not run again
// when the page hydrates. Each language is its own small chunk; a visitor's page needs only
// the visitor's messages.
const lang = langFromPath(window.location.pathname)
const visitorPage = document.querySelector(`meta[name="${VISITOR_CATALOG_META}"]`)?.getAttribute('content') === 'visitor'
await (visitorPage ? loadVisitorCatalog(lang) : loadCatalog(lang))

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <StartClient />
    </StrictMode>,
  )
})
