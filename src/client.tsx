import { StartClient } from '@tanstack/react-start/client'
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { loadCatalog } from './i18n/i18n'
import { langFromPath } from './lib/lang'

// The page's catalog must be in place before hydration: the server rendered translated
// text, and the root's beforeLoad (which loads catalogs on navigation) does not run again
// when the page hydrates. Each language is its own small chunk.
await loadCatalog(langFromPath(window.location.pathname))

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <StartClient />
    </StrictMode>,
  )
})
