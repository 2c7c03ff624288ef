import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useHydrated } from '~/components/visitor-form'
import { RealtorPageShell } from '~/features/homepage/realtor-page-shell'
import { useIslandsRender } from '~/features/islands/island'
import { MapPanel } from '~/features/map/map-panel'
import { initialMapView } from '~/features/map/map-view'
import { searchedArea } from '~/lib/listing-area'
import { orderedPriceRange } from '~/lib/listing-area'
import { langParam, type Lang } from '~/lib/lang'
import { SCRIPTS_ONLY_ATTRIBUTE } from '~/lib/page-scripts'
import type { MapSetup } from '~/lib/map-setup'
import { realtorDisplayName } from '~/lib/realtor-names'
import type { HomeListPage } from '~/schemas/home'
import type { HomeSearch } from '~/schemas/listing-search'
import type { PublicRealtor } from '~/schemas/realtor'
import { brokerageAsProminentAsAgent } from '~/schemas/state-disclosures'
import { Button, buttonClass } from '~/components/ui'
import { ListingsSection } from './listings-section'

/**
 * The full home search of a realtor's site (`/{desiredUrl}/homes`, issue 29 item 1): the
 * homepage's filters and paging with more homes per page, on a page of its own that a buyer can
 * bookmark and share. Server-rendered, every control a link or a GET form, so it works without
 * JavaScript. When tiles are configured, a map comes on top of the list (which stays the complete
 * way to browse): beside it on a wide screen, in its place on a phone.
 */
export function HomeSearchPage({
  realtor,
  lang,
  search,
  pricesCleared,
  list,
  map,
}: {
  realtor: PublicRealtor
  lang: Lang
  search: HomeSearch
  pricesCleared: boolean
  /** Null when the realtor names no area yet. */
  list: HomeListPage | null
  map: MapSetup | null
}) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const name = realtorDisplayName(realtor, lang)
  // The map needs JavaScript: without it (or before it runs) the page offers no control that cannot work.
  const scripted = useHydrated()
  // The list is an islands page (decision 051); the map is the app's, a page load away.
  const islandsRender = useIslandsRender()
  // On a phone the open map takes the list's place; this says which of the two is in front.
  const [phonePane, setPhonePane] = useState<'map' | 'list'>('map')
  const [followMap, setFollowMap] = useState(true)
  // The area the visitor moved to while the list was not following the map.
  const [pendingArea, setPendingArea] = useState<string | null>(null)
  const [highlighted, setHighlighted] = useState<string | null>(null)

  const mapOpen = scripted && map !== null && search.view === 'map' && list !== null
  const params = { lang: langParam(lang), desiredUrl: realtor.desiredUrl }
  const region = searchedArea(realtor.activityRegion, search.region)
  const mapView = search.bbox ?? (list ? initialMapView(list.homes, region?.state) : undefined)

  const showArea = (bbox: string) => {
    setPendingArea(null)
    void navigate({ to: '/{-$lang}/$desiredUrl/homes', params, search: { ...search, bbox, page: undefined }, resetScroll: false })
  }

  const toggleMap = () => {
    setPhonePane('map')
    // Closing the map returns the list to the region, as the visitor no longer sees the area.
    void navigate({
      to: '/{-$lang}/$desiredUrl/homes',
      params,
      search: { ...search, view: search.view === 'map' ? undefined : 'map', bbox: search.view === 'map' ? undefined : search.bbox },
      resetScroll: false,
    })
  }

  return (
    <RealtorPageShell realtor={realtor} lang={lang} firmProminent={brokerageAsProminentAsAgent(realtor.activityRegion)} back={{ label: t`← ${name}'s page` }}>
      {() => (
        <>
          <div className="mt-2 flex flex-wrap items-end justify-between gap-3">
            <h1 className="text-3xl font-bold tracking-tight text-balance text-stone-900 sm:text-4xl dark:text-stone-50">
              {search.type === 'rent' ? <Trans>Homes for rent</Trans> : <Trans>Homes for sale</Trans>}
            </h1>
            {scripted && map && list ? (
              <Button variant="accentOutline" size="md" aria-pressed={search.view === 'map'} onClick={toggleMap} data-testid="map-toggle">
                {search.view === 'map' ? <Trans>Hide map</Trans> : <Trans>Map</Trans>}
              </Button>
            ) : islandsRender && map && list ? (
              // Shown by the islands runtime: without scripts there is no map to open.
              <Link
                to="/{-$lang}/$desiredUrl/homes"
                params={params}
                search={{ ...search, view: 'map' }}
                hidden
                {...{ [SCRIPTS_ONLY_ATTRIBUTE]: '' }}
                className={buttonClass('accentOutline', 'md')}
                data-testid="map-toggle"
              >
                <Trans>Map</Trans>
              </Link>
            ) : null}
          </div>

          {mapOpen ? (
            <div
              role="group"
              aria-label={t`Show the list or the map`}
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
          ) : null}

          <div className={mapOpen ? 'mt-6 lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start lg:gap-6' : undefined}>
            <section
              id="listings"
              aria-labelledby="listings-heading"
              className={`scroll-mt-20 ${mapOpen ? (phonePane === 'map' ? 'hidden lg:block' : '') : 'mt-6'}`}
            >
              {/* The cards' headings are h3, as in the homepage's section. */}
              <h2 id="listings-heading" className="sr-only">
                {t`Homes`}
              </h2>
              {list ? (
                <ListingsSection
                  at="search"
                  realtor={realtor}
                  lang={lang}
                  search={search}
                  pricesCleared={pricesCleared}
                  list={list}
                  narrow={mapOpen}
                  highlighted={mapOpen ? highlighted : null}
                  onHighlight={mapOpen ? setHighlighted : undefined}
                />
              ) : (
                <p>
                  <Trans>{name} has not named the areas they serve yet.</Trans>
                </p>
              )}
            </section>

            {mapOpen && map && list && mapView ? (
              <section aria-label={t`Map`} className={`lg:sticky lg:top-4 ${phonePane === 'list' ? 'hidden lg:block' : ''}`}>
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
                </div>
              </section>
            ) : null}
          </div>
        </>
      )}
    </RealtorPageShell>
  )
}
