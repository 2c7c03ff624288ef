import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { buttonClass } from '~/components/ui'
import { RealtorPageShell } from '~/features/homepage/realtor-page-shell'
import { langParam } from '~/lib/lang'
import type { MapSetup } from '~/lib/map-setup'
import { SCRIPTS_ONLY_ATTRIBUTE, SCRIPTS_ONLY_HIDDEN_WITHOUT_SCRIPTS } from '~/lib/page-scripts'
import { realtorDisplayName } from '~/lib/realtor-names'
import type { HomeListPage } from '~/schemas/home'
import type { PublicRealtor } from '~/schemas/realtor'
import { brokerageAsProminentAsAgent } from '~/schemas/state-disclosures'
import { HomeSearchHeading } from './home-search-heading'
import { HomeSearchMapView, type HomeSearchView } from './home-search-map-view'
import { ListingsSection } from './listings-section'

/**
 * The full home search of a realtor's site (`/{desiredUrl}/homes`, issue 29 item 1): the
 * homepage's filters and paging with more homes per page, on a page of its own that a buyer can
 * bookmark and share. Server-rendered, every control a link or a GET form, so it works without
 * JavaScript. Unless the operator turned the map off (decision 062), "Map" opens the map on top of the list (which stays the
 * complete way to browse): beside it on a wide screen, in its place on a phone. With the map open
 * the list is static still, and the map an island (`HomeSearchMapView`); the filters are an island.
 */
export function HomeSearchPage({
  realtor,
  lang,
  search,
  pricesCleared,
  list,
  map,
}: Omit<HomeSearchView, 'realtor' | 'list' | 'map'> & {
  realtor: PublicRealtor
  /** Null when the realtor names no area yet. */
  list: HomeListPage | null
  /** Null when the operator turned the map off (decision 062). */
  map: MapSetup | null
}) {
  const { t } = useLingui()
  const name = realtorDisplayName(realtor, lang)
  const params = { lang: langParam(lang), desiredUrl: realtor.desiredUrl }

  return (
    <RealtorPageShell realtor={realtor} lang={lang} current="homes" firmProminent={brokerageAsProminentAsAgent(realtor.activityRegion)} back="home">
      {() =>
        map && list && search.view === 'map' ? (
          <HomeSearchMapView
            realtor={{ id: realtor.id, name, desiredUrl: realtor.desiredUrl, regions: realtor.activityRegion }}
            lang={lang}
            search={search}
            pricesCleared={pricesCleared}
            list={list}
            map={map}
          />
        ) : (
          <>
            <div className="mt-2 flex flex-wrap items-end justify-between gap-3">
              <HomeSearchHeading type={search.type} />
              {map && list ? (
                // Laid out from the first paint, so nothing moves when scripts run; a browser
                // without them reads the style that leaves out what only works with them.
                <>
                  <Link
                    to="/{-$lang}/$desiredUrl/homes"
                    params={params}
                    search={{ ...search, view: 'map', page: undefined }}
                    // The map's page is an islands page of its own: a document, as from any islands page.
                    reloadDocument
                    {...{ [SCRIPTS_ONLY_ATTRIBUTE]: '' }}
                    className={buttonClass('accentOutline', 'md')}
                    data-testid="map-toggle"
                  >
                    <Trans>Map</Trans>
                  </Link>
                  <noscript dangerouslySetInnerHTML={{ __html: SCRIPTS_ONLY_HIDDEN_WITHOUT_SCRIPTS }} />
                </>
              ) : null}
            </div>
            <section id="listings" aria-labelledby="listings-heading" className="mt-6 scroll-mt-20">
              {/* The cards' headings are h3, as in the homepage's section. */}
              <h2 id="listings-heading" className="sr-only">
                {t`Homes`}
              </h2>
              {list ? (
                <ListingsSection at="search" realtor={realtor} lang={lang} search={search} pricesCleared={pricesCleared} list={list} />
              ) : (
                <p>
                  <Trans>{name} has not named the areas they serve yet.</Trans>
                </p>
              )}
            </section>
          </>
        )
      }
    </RealtorPageShell>
  )
}
