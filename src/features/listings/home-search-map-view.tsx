import { Trans, useLingui } from '@lingui/react/macro'
import { buttonClass } from '~/components/ui'
import { useVisitorPage } from '~/components/visitor-page'
import { Island } from '~/features/islands/island'
import { initialMapView } from '~/features/map/map-view'
import type { Lang } from '~/lib/lang'
import { searchedArea } from '~/lib/listing-area'
import type { MapSetup } from '~/lib/map-setup'
import { IN_PLACE_LINK_ATTRIBUTE } from '~/lib/page-scripts'
import type { HomeListPage } from '~/schemas/home'
import type { HomeSearch } from '~/schemas/listing-search'
import { HomeSearchHeading } from './home-search-heading'
import { homeSearchMapIsland } from './home-search-map-island'
import { LISTINGS_HEADING_ID, LISTINGS_ID, MAP_LAYOUT, MAP_ONLY, PANE_CHOICE, SEARCH_TOP_ID, searchHref, WITHOUT_SCRIPTS } from './home-search-map-layout'
import { ListingsView, type ListingsRealtor, type SearchNavigation } from './listings-section'

/** What the home search page renders from: its realtor, the search asked for, the homes found and the map's setup. */
export type HomeSearchView = {
  realtor: ListingsRealtor
  lang: Lang
  search: HomeSearch
  /** Whether the URL's prices did not fit its type and were cleared (a form sent without JavaScript). */
  pricesCleared: boolean
  list: HomeListPage
  map: MapSetup
}

/**
 * The home search with its map open (`?view=map`, issue 29), as the server renders it (decision
 * 051): the list is static HTML, every control a link or a GET form, and only the map beside it
 * is an island, which answers the list's links and filters in place (`HomeSearchMap`). The
 * server lays out the map's place, so nothing moves when the map comes; on a phone the map and
 * the list take turns by two radios whose effect is a style, so the choice works before any
 * script; without scripts the list stands alone at full width.
 */
export function HomeSearchMapView({ realtor, lang, search, pricesCleared, list, map }: HomeSearchView) {
  const { t } = useLingui()
  const page = useVisitorPage()
  const href = (next: HomeSearch) => searchHref(page.path, next)
  const navigation: SearchNavigation = {
    // The island answers these in place (left out of the prefetch rules); before it, each is a page.
    link: (next, { className, current, children }) => (
      <a href={`${href(next)}#${LISTINGS_ID}`} aria-current={current ? 'page' : undefined} className={className} {...{ [IN_PLACE_LINK_ATTRIBUTE]: '' }}>
        {children}
      </a>
    ),
    // Only a page of the app sends the filters itself (here they are an island, a GET form): as a document.
    send: (next) => window.location.assign(href(next)),
    loading: false,
  }
  const region = searchedArea(realtor.regions, search.region)
  const mapView = search.bbox ?? initialMapView(list.homes, region?.state)

  return (
    <>
      <div id={SEARCH_TOP_ID} className="mt-2 flex flex-wrap items-end justify-between gap-3">
        <HomeSearchHeading type={search.type} />
        <a
          // Closing the map returns the list to the region, as the visitor no longer sees the area.
          href={href({ ...search, view: undefined, bbox: undefined, page: undefined })}
          {...{ [MAP_ONLY]: '' }}
          className={buttonClass('accentOutline', 'md')}
          data-testid="map-toggle"
        >
          <Trans>Hide map</Trans>
        </a>
      </div>

      {/* Without scripts there is no map: the list alone, full width (a style only such a browser reads). */}
      <noscript dangerouslySetInnerHTML={{ __html: `<style>${WITHOUT_SCRIPTS}</style>` }} />
      <div {...{ [MAP_LAYOUT]: '' }} className="group/panes mt-4 lg:mt-6 lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start lg:gap-6">
        {mapView ? (
          <fieldset {...{ [MAP_ONLY]: '' }} className="mb-6 grid grid-cols-2 gap-1 rounded-xl bg-stone-100 p-1 lg:hidden dark:bg-stone-800">
            <legend className="sr-only">{t`Show the list or the map`}</legend>
            {(['list', 'map'] as const).map((pane) => (
              <label
                key={pane}
                className="relative grid min-h-11 place-items-center rounded-lg text-sm font-semibold text-stone-700 has-checked:bg-white has-checked:text-stone-900 has-checked:shadow-sm dark:text-stone-300 dark:has-checked:bg-stone-950 dark:has-checked:text-stone-50"
              >
                {/* The map first: the visitor asked for it. The radio, drawn as nothing, covers its label: a tap anywhere on it is on the radio. */}
                <input
                  type="radio"
                  name={PANE_CHOICE}
                  value={pane}
                  defaultChecked={pane === 'map'}
                  className="absolute inset-0 cursor-pointer appearance-none rounded-lg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-stone-900 dark:focus-visible:outline-stone-100"
                />
                {pane === 'list' ? <Trans>List</Trans> : <Trans>Map</Trans>}
              </label>
            ))}
          </fieldset>
        ) : null}

        <section
          id={LISTINGS_ID}
          aria-labelledby={LISTINGS_HEADING_ID}
          // Behind the map on a phone until the visitor chooses the list (PANE_CHOICE, written out for Tailwind).
          className="scroll-mt-20 aria-busy:opacity-70 aria-busy:transition-opacity max-lg:group-has-[[name=home-search-pane][value=map]:checked]/panes:hidden"
        >
          {/* The cards' headings are h3, as in the homepage's section; focus comes here when a new list replaced what had it. */}
          <h2 id={LISTINGS_HEADING_ID} tabIndex={-1} className="sr-only">
            {t`Homes`}
          </h2>
          <ListingsView
            realtor={realtor}
            lang={lang}
            search={search}
            pricesCleared={pricesCleared}
            list={list}
            navigation={navigation}
            firstPhotoInFirstScreen
            narrow
            moreFilters
          />
        </section>

        {mapView ? (
          <Island
            of={homeSearchMapIsland}
            // The visitor asked for the map: it starts as soon as the page has loaded.
            when="idle"
            props={{
              lang,
              desiredUrl: realtor.desiredUrl,
              search,
              view: mapView,
              homes: list.homes.map((home) => ({ homeId: home.homeId, photo: home.images[0] ?? null, address: home.fullAddress })),
              map,
            }}
          />
        ) : null}
      </div>
    </>
  )
}
