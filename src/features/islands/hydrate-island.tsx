import '~/lib/zod-without-eval'
import { I18nProvider } from '@lingui/react'
import { useLayoutEffect, type ReactNode } from 'react'
import { flushSync } from 'react-dom'
import { hydrateRoot } from 'react-dom/client'
import * as z from 'zod/mini'
import { VisitorPageProvider, type VisitorPage } from '~/components/visitor-page'
import { i18nFor } from '~/i18n/i18n'
import { loadVisitorCatalog } from '~/i18n/visitor-catalog'
import { langFromPath } from '~/lib/lang'
import { ISLAND_ATTRIBUTES, ISLAND_NAMES, type IslandName } from './island-names'
import { islandLoaders } from './island-registry'
import { keepEntries } from './keep-entries'

/** The page an island was rendered for, as `<Island>` writes it. */
const visitorPageSchema: z.ZodMiniType<VisitorPage> = z.object({ path: z.string(), ownDomain: z.optional(z.string()) })

function islandNameOf(value: string | null): IslandName | undefined {
  return ISLAND_NAMES.find((name) => name === value)
}

function jsonOf(text: string | null): unknown {
  if (text === null) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** Calls `then` once the island's first render has committed: every control is React's from then. */
function Committed({ then, children }: { then: () => void; children: ReactNode }) {
  // Once: the island's later renders are its own.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(then, [])
  return children
}

/**
 * Hydrates one island in a React root of its own, with the messages of the page's language and
 * the page the server rendered it for (decision 051), and resolves once it is live: hydrated,
 * and holding what the visitor typed, chose or ticked in it before (decision 052). An island
 * whose props do not fit its schema stays the server's markup, whose forms post without scripts.
 */
export async function hydrateIsland(element: HTMLElement): Promise<void> {
  const name = islandNameOf(element.getAttribute(ISLAND_ATTRIBUTES.name))
  const page = visitorPageSchema.safeParse(jsonOf(element.getAttribute(ISLAND_ATTRIBUTES.page)))
  if (!name || !page.success) return
  const lang = langFromPath(window.location.pathname)
  const [island] = await Promise.all([islandLoaders[name](), loadVisitorCatalog(lang)])
  const content = island.elementFrom(jsonOf(element.getAttribute(ISLAND_ATTRIBUTES.props)))
  if (!content) return
  const handOver = keepEntries(element, flushSync)
  await new Promise<void>((live) => {
    hydrateRoot(
      element,
      <Committed
        // After the commit, not in it: each replayed change then renders before the next one.
        then={() =>
          queueMicrotask(() => {
            handOver()
            live()
          })
        }
      >
        <I18nProvider i18n={i18nFor(lang)}>
          <VisitorPageProvider page={page.data}>{content}</VisitorPageProvider>
        </I18nProvider>
      </Committed>,
      { identifierPrefix: element.getAttribute(ISLAND_ATTRIBUTES.prefix) ?? '' },
    )
  })
}
