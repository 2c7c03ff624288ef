import { Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { useEffect, useEffectEvent, useState } from 'react'
import { buttonClass, Button } from '~/components/ui'
import { useHydrated } from '~/components/visitor-form'
import { useVisitorPage } from '~/components/visitor-page'
import { MapLoading, MapPanel } from '~/features/map/map-panel'
import { initialMapView } from '~/features/map/map-view'
import type { Lang } from '~/lib/lang'
import { orderedPriceRange, searchedArea } from '~/lib/listing-area'
import { fitPricesToType } from '~/lib/listing-prices'
import type { MapSetup } from '~/lib/map-setup'
import { IN_PLACE_LINK_ATTRIBUTE } from '~/lib/page-scripts'
import { isPlainClick } from '~/lib/plain-click'
import { homeListPageSchema, type HomeListPage } from '~/schemas/home'
import { homeListUrl, realtorHomeListInput } from '~/schemas/home-list-input'
import { HOME_SEARCH_LIST, homeSearchSchema, type HomeSearch } from '~/schemas/listing-search'
import { HomeSearchHeading } from './home-search-heading'
import { cleanSearch, ListingsView, type ListingsRealtor, type SearchNavigation } from './listings-section'

export type HomeSearchMapProps = {
  realtor: ListingsRealtor
  lang: Lang
  /** The search the page was rendered for, its prices fitted to its type; `view` is `map`. */
  search: HomeSearch
  pricesCleared: boolean
  list: HomeListPage
  map: MapSetup
}

/** The parts that are the map's (the phones' list/map switch, the map): left out without scripts. */
const MAP_ONLY = 'data-map-only'
/** The list and the map side by side on a wide screen. */
const MAP_LAYOUT = 'data-map-layout'
/** What a browser without scripts reads instead: no map, and the list in front at full width. */
const WITHOUT_SCRIPTS = `[${MAP_ONLY}]{display:none!important}[${MAP_LAYOUT}]{display:block!important}#listings{display:block!important}`

/** The address of this page for a search: its own path (the realtor's own domain's, there), the search's params. */
function searchHref(path: string, search: HomeSearch): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(cleanSearch(search))) if (value !== undefined) params.set(key, String(value))
  const query = params.toString()
  return query ? `${path}?${query}` : path
}

/** The search the address bar holds (after Back or Forward), read as the route reads it. */
function searchOfAddress(): HomeSearch {
  return fitPricesToType(homeSearchSchema.parse(Object.fromEntries(new URLSearchParams(window.location.search)))).search
}

async function fetchHomeList(url: string, signal: AbortSignal): Promise<HomeListPage> {
  const response = await fetch(url, { signal, headers: { accept: 'application/json' } })
  if (!response.ok) throw new Error(`home/list answered ${response.status}`)
  return homeListPageSchema.parse(await response.json())
}

/**
 * The home search with its map open (`?view=map`, issue 29), an island of its own (issue 31,
 * decision 051): the list and the map follow each other in place, so both are one React root
 * without the router. It asks `GET /cozying-api/v1/home/list` for each new search and writes the
 * search into the address itself (a new history entry each, as the router did; Back and Forward
 * move the list and the map back). The server lays out the list and the map's place, so nothing
 * moves when the map comes; before the code runs every control is a link or a GET form, and
 * without scripts the list stands alone at full width. MapLibre loads only once the island runs.
 */
export function HomeSearchMap(props: HomeSearchMapProps) {
  // Its own cache: the island has no app around it (the map's points are cached in it too).
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }))
  return (
    <QueryClientProvider client={client}>
      <SearchWithMap {...props} />
    </QueryClientProvider>
  )
}

function SearchWithMap({ realtor, lang, search: rendered, pricesCleared, list: renderedList, map }: HomeSearchMapProps) {
  const { t } = useLingui()
  const page = useVisitorPage()
  // The map needs JavaScript: before it runs its place waits, laid out; without it, the list alone.
  const scripted = useHydrated()
  const [search, setSearch] = useState(rendered)
  // On a phone the open map takes the list's place; this says which of the two is in front.
  const [phonePane, setPhonePane] = useState<'map' | 'list'>('map')
  const [followMap, setFollowMap] = useState(true)
  // The area the visitor moved to while the list was not following the map.
  const [pendingArea, setPendingArea] = useState<string | null>(null)
  const [highlighted, setHighlighted] = useState<string | null>(null)

  const input = realtorHomeListInput({ realtor: { desiredUrl: realtor.desiredUrl, activityRegion: realtor.regions }, search, lang, size: HOME_SEARCH_LIST })
  const [renderedUrl] = useState(() => (input ? homeListUrl(input) : ''))
  const url = input ? homeListUrl(input) : renderedUrl
  const answer = useQuery({
    queryKey: ['homes', 'list', url],
    queryFn: ({ signal }) => fetchHomeList(url, signal),
    // The page came with the list of its own search.
    initialData: url === renderedUrl ? renderedList : undefined,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  })
  const list = answer.data ?? renderedList

  // A list that cannot come in place comes as a page: the same search, rendered by the server.
  const failed = answer.isError
  useEffect(() => {
    if (failed) window.location.assign(searchHref(page.path, search))
  }, [failed, page.path, search])

  // Back and Forward between this page's searches move the list (and the map, which follows `bbox`).
  const followAddress = useEffectEvent(() => setSearch(searchOfAddress()))
  useEffect(() => {
    const onPop = () => followAddress()
    window.addEventListener('popstate', onPop)
    return () => window.removeEventListener('popstate', onPop)
  }, [])

  const go = (next: HomeSearch) => {
    setPendingArea(null)
    setSearch(next)
    window.history.pushState(null, '', searchHref(page.path, next))
  }

  const navigation: SearchNavigation = {
    link: (next, { className, current, children }) => (
      <a
        href={`${searchHref(page.path, next)}#listings`}
        aria-current={current ? 'page' : undefined}
        className={className}
        {...{ [IN_PLACE_LINK_ATTRIBUTE]: '' }}
        onClick={(event) => {
          if (!isPlainClick(event)) return
          event.preventDefault()
          go(next)
          // A page chosen below the list starts at the list's top.
          const listTop = document.getElementById('listings')
          if (listTop && listTop.getBoundingClientRect().top < 0) listTop.scrollIntoView({ block: 'start' })
        }}
      >
        {children}
      </a>
    ),
    send: go,
    loading: answer.isPlaceholderData && answer.isFetching,
  }

  const showArea = (bbox: string) => go({ ...search, bbox, page: undefined })
  const region = searchedArea(realtor.regions, search.region)
  const mapView = search.bbox ?? initialMapView(list.homes, region?.state)

  return (
    <>
      <div className="mt-2 flex flex-wrap items-end justify-between gap-3">
        <HomeSearchHeading type={search.type} />
        <a
          // Closing the map returns the list to the region, as the visitor no longer sees the area.
          href={searchHref(page.path, { ...search, view: undefined, bbox: undefined, page: undefined })}
          {...{ [MAP_ONLY]: '' }}
          className={buttonClass('accentOutline', 'md')}
          data-testid="map-toggle"
        >
          <Trans>Hide map</Trans>
        </a>
      </div>

      {/* Without scripts there is no map: the list alone, full width (a style only such a browser reads). */}
      <noscript dangerouslySetInnerHTML={{ __html: `<style>${WITHOUT_SCRIPTS}</style>` }} />
      <div
        role="group"
        aria-label={t`Show the list or the map`}
        {...{ [MAP_ONLY]: '' }}
        className="mt-4 grid grid-cols-2 gap-1 rounded-xl bg-stone-100 p-1 lg:hidden dark:bg-stone-800"
      >
        {(['list', 'map'] as const).map((pane) => (
          <button
            key={pane}
            type="button"
            aria-pressed={phonePane === pane}
            onClick={() => setPhonePane(pane)}
            className={`min-h-11 rounded-lg text-sm font-semibold ${phonePane === pane ? 'bg-white text-stone-900 shadow-sm dark:bg-stone-950 dark:text-stone-50' : 'text-stone-700 dark:text-stone-300'}`}
          >
            {pane === 'list' ? <Trans>List</Trans> : <Trans>Map</Trans>}
          </button>
        ))}
      </div>

      <div {...{ [MAP_LAYOUT]: '' }} className="mt-6 lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start lg:gap-6">
        <section id="listings" aria-labelledby="listings-heading" className={`scroll-mt-20 ${phonePane === 'map' ? 'hidden lg:block' : ''}`}>
          {/* The cards' headings are h3, as in the homepage's section. */}
          <h2 id="listings-heading" className="sr-only">
            {t`Homes`}
          </h2>
          <ListingsView
            realtor={realtor}
            lang={lang}
            search={search}
            pricesCleared={search === rendered && pricesCleared}
            list={list}
            navigation={navigation}
            firstPhotoInFirstScreen
            narrow
            highlighted={highlighted}
            onHighlight={setHighlighted}
          />
        </section>

        {mapView ? (
          <section aria-label={t`Map`} {...{ [MAP_ONLY]: '' }} className={`lg:sticky lg:top-4 ${phonePane === 'list' ? 'hidden lg:block' : ''}`}>
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
                  desiredUrl={realtor.desiredUrl}
                  view={mapView}
                  filters={{ type: search.type ?? 'sale', ...orderedPriceRange(search), minBeds: search.minBeds }}
                  homes={list.homes}
                  highlighted={highlighted}
                  onHighlight={setHighlighted}
                  onMoved={(bbox) => (followMap ? showArea(bbox) : setPendingArea(bbox))}
                />
              ) : (
                <MapLoading />
              )}
            </div>
          </section>
        ) : null}
      </div>
    </>
  )
}
