import './lib/zod-without-eval'
import { StartClient } from '@tanstack/react-start/client'
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { loadCatalog } from './i18n/i18n'
import { loadVisitorCatalog, VISITOR_CATALOG_META } from './i18n/visitor-catalog'
import { langFromPath } from './lib/lang'
import { publicSearchString } from './schemas/public-search'

// A public page is rendered once for its normalised URL (decision 009): the query values its
// route reads, in its schema's order, without tracking parameters (`utm_source`, `fbclid`). The router must
// start from that same URL, or the links it marks active and the hrefs it builds would differ
// from the stored markup and React would throw the page away to render it again.
const renderedSearch = publicSearchString(window.location.pathname, window.location.search)
if (renderedSearch !== window.location.search) {
  window.history.replaceState(window.history.state, '', window.location.pathname + renderedSearch + window.location.hash)
}

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
