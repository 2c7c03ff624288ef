import { Trans, useLingui } from '@lingui/react/macro'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { Button } from '~/components/ui'
import { useHydrated } from '~/components/visitor-form'
import { useVisitorPage } from '~/components/visitor-page'
import type { IslandName } from '~/features/islands/island-names'
import type { MapCardHome } from '~/features/map/home-map'
import { MapLoading, MapPanel } from '~/features/map/map-panel'
import type { Lang } from '~/lib/lang'
import { fitPricesToType } from '~/lib/listing-prices'
import type { MapSetup } from '~/lib/map-setup'
import { IN_PLACE_LINK_ATTRIBUTE } from '~/lib/page-scripts'
import { isPlainClick } from '~/lib/plain-click'
import { homeSearchSchema, type HomeSearch } from '~/schemas/listing-search'
import { searchedHomeFilters } from '~/schemas/home-list-input'
import { HIGHLIGHTED_ATTRIBUTE, LISTINGS_ID, MAP_ONLY, searchHref } from './home-search-map-layout'
import { homeSearchMapProps } from './home-search-map-props'
import { swapInSearch } from './home-search-swap'

export type HomeSearchMapProps = {
  lang: Lang
  desiredUrl: string
  /** The search the page was rendered for, its prices fitted to its type; `view` is `map`. */
  search: HomeSearch
  /** The area the map opens on: the search's, or one around the list's homes. */
  view: string
  /** The homes of the list on screen, for the cards of their markers. */
  homes: Array<MapCardHome>
  map: MapSetup
}

/** The island's name (its definition's and the registry's), to read a swapped-in page's props by. */
export const HOME_SEARCH_MAP_ISLAND: IslandName = 'home-search-map'

/** A search read as the route reads its URL: bad values dropped, prices fitted to the type. */
function searchOfParams(params: URLSearchParams): HomeSearch {
  const given = Object.fromEntries([...params].filter(([, value]) => value !== ''))
  return fitPricesToType(homeSearchSchema.parse(given)).search
}

/** The home of a card in the list (a pointer or the focus in it), or null. */
function cardHomeId(target: EventTarget | null): string | null {
  return target instanceof Element ? (target.closest(`#${LISTINGS_ID} li[data-home-id]`)?.getAttribute('data-home-id') ?? null) : null
}

/**
 * The map of the home search's map view (`?view=map`, issue 29), an island of its own (issue 31,
 * decision 051). The list beside it is the server's HTML: the island answers its in-place links
 * and its filters by swapping in the list of the new search, rendered by the server
 * (`swapInSearch`), and writes the search into the address (a new history entry each; Back and
 * Forward move the list and the map back). A card pointed at marks its marker and the other way
 * round. On a phone the map and the list take turns (a choice the server renders, a style's
 * effect); MapLibre loads only once the island runs.
 */
export function HomeSearchMap(props: HomeSearchMapProps) {
  // Its own cache: the island has no app around it (the map's points are cached in it).
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }))
  return (
    <QueryClientProvider client={client}>
      <SearchMap {...props} />
    </QueryClientProvider>
  )
}

function SearchMap({ lang, desiredUrl, search: rendered, view: renderedView, homes: renderedHomes, map }: HomeSearchMapProps) {
  const { t } = useLingui()
  const page = useVisitorPage()
  // The map needs JavaScript: before it runs its place waits, laid out; without it, the list alone.
  const scripted = useHydrated()
  const [search, setSearch] = useState(rendered)
  const [listed, setListed] = useState({ view: renderedView, homes: renderedHomes })
  const [followMap, setFollowMap] = useState(true)
  // The area the visitor moved to while the list was not following the map.
  const [pendingArea, setPendingArea] = useState<string | null>(null)
  const [highlighted, setHighlighted] = useState<string | null>(null)
  // Counts the lists swapped in, so the highlight is put on the new list's card.
  const [listCount, setListCount] = useState(0)
  const swapping = useRef<AbortController | null>(null)

  const show = (next: HomeSearch, history: 'push' | 'followed') => {
    setPendingArea(null)
    setSearch(next)
    const url = searchHref(page.path, next)
    if (history === 'push') window.history.pushState(null, '', url)
    swapping.current?.abort()
    const controller = new AbortController()
    swapping.current = controller
    const listings = document.getElementById(LISTINGS_ID)
    listings?.setAttribute('aria-busy', 'true')
    swapInSearch(url, controller.signal)
      .then(
        (swapped) => {
          const fresh = homeSearchMapProps.safeParse(swapped.islandProps(HOME_SEARCH_MAP_ISLAND))
          if (fresh.success) setListed({ view: fresh.data.view, homes: fresh.data.homes })
          setListCount((count) => count + 1)
        },
        () => {
          // A list that cannot come in place comes as a page: the same search, rendered by the server.
          if (!controller.signal.aborted) window.location.assign(url)
        },
      )
      .finally(() => {
        if (swapping.current === controller) listings?.removeAttribute('aria-busy')
      })
  }
  // The same, from the list's and the history's listeners, which are set once.
  const showFromPage = useEffectEvent(show)

  // The list's links and filters, answered in place; its cards, marking their markers.
  useEffect(() => {
    const listings = document.getElementById(LISTINGS_ID)
    if (!listings) return
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(`a[${IN_PLACE_LINK_ATTRIBUTE}]`) : null
      if (!link || event.defaultPrevented || !isPlainClick(event)) return
      event.preventDefault()
      showFromPage(searchOfParams(new URL(link.href).searchParams), 'push')
      // A page chosen below the list starts at the list's top.
      if (listings.getBoundingClientRect().top < 0) listings.scrollIntoView({ block: 'start' })
    }
    const onSubmit = (event: SubmitEvent) => {
      if (!(event.target instanceof HTMLFormElement) || event.defaultPrevented) return
      event.preventDefault()
      const params = new URLSearchParams()
      for (const [name, value] of new FormData(event.target)) if (typeof value === 'string') params.set(name, value)
      showFromPage(searchOfParams(params), 'push')
    }
    const onPoint = (event: Event) => setHighlighted(cardHomeId(event.target))
    const onLeave = (event: MouseEvent | FocusEvent) => {
      if (cardHomeId(event.relatedTarget) === null) setHighlighted(null)
    }
    const listening = new AbortController()
    const options = { signal: listening.signal }
    listings.addEventListener('click', onClick, options)
    listings.addEventListener('submit', onSubmit, options)
    listings.addEventListener('mouseover', onPoint, options)
    listings.addEventListener('focusin', onPoint, options)
    listings.addEventListener('mouseout', onLeave, options)
    listings.addEventListener('focusout', onLeave, options)
    return () => listening.abort()
  }, [])

  // Back and Forward between this page's searches move the list (and the map, which follows `bbox`).
  useEffect(() => {
    const onPop = () => showFromPage(searchOfParams(new URLSearchParams(window.location.search)), 'followed')
    window.addEventListener('popstate', onPop)
    return () => window.removeEventListener('popstate', onPop)
  }, [])

  // The card of the home whose marker the visitor points at is marked too.
  useEffect(() => {
    for (const card of document.querySelectorAll(`#${LISTINGS_ID} li[data-home-id]`)) {
      card.toggleAttribute(HIGHLIGHTED_ATTRIBUTE, card.getAttribute('data-home-id') === highlighted)
    }
  }, [highlighted, listCount])

  const showArea = (bbox: string) => show({ ...search, bbox, page: undefined }, 'push')

  return (
    <section
      aria-label={t`Map`}
      {...{ [MAP_ONLY]: '' }}
      // On a phone the map is in front unless the visitor chose the list (the server's radios).
      // (The radios' name is PANE_CHOICE, written out for Tailwind to find the class.)
      className="lg:sticky lg:top-4 max-lg:group-has-[[name=home-search-pane][value=list]:checked]/panes:hidden"
    >
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <label className="inline-flex min-h-11 items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="size-5 accent-[var(--accent-text)]"
            checked={followMap}
            onChange={(event) => {
              setFollowMap(event.currentTarget.checked)
              if (event.currentTarget.checked && pendingArea) showArea(pendingArea)
            }}
          />
          <Trans>Search as I move the map</Trans>
        </label>
        {!followMap && pendingArea ? (
          <Button variant="accent" size="md" onClick={() => showArea(pendingArea)}>
            <Trans>Search this area</Trans>
          </Button>
        ) : null}
      </div>
      <div className="h-[70vh] min-h-80 lg:h-[calc(100vh-7rem)]">
        {/* The map's place is laid out from the first paint; the map comes into it once the code runs. */}
        {scripted ? (
          <MapPanel
            setup={map}
            lang={lang}
            desiredUrl={desiredUrl}
            view={search.bbox ?? listed.view}
            filters={searchedHomeFilters(search)}
            homes={listed.homes}
            highlighted={highlighted}
            onHighlight={setHighlighted}
            onMoved={(bbox) => (followMap ? showArea(bbox) : setPendingArea(bbox))}
          />
        ) : (
          <MapLoading />
        )}
      </div>
    </section>
  )
}
