import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate, useRouterState } from '@tanstack/react-router'
import { useState, type FormEvent, type ReactElement, type ReactNode } from 'react'
import { realtorDisplayName } from '~/lib/realtor-names'
import { langParam, type Lang } from '~/lib/lang'
import { placeName, spelledPlaceName } from '~/lib/place-names'
import type { ListingPriceType } from '~/lib/listing-prices'
import type { HomeListPage } from '~/schemas/home'
import { homeSearchSchema, type HomeSearch } from '~/schemas/listing-search'
import type { PublicRealtor } from '~/schemas/realtor'
import { Island, useIslandsRender } from '~/features/islands/island'
import { saveSearchIsland } from '~/features/saved-searches/save-search-island'
import { homepageSearchFilters } from '~/features/saved-searches/search-filters'
import { HomeCard } from './home-card'
import { ListingDisclosures } from './listing-disclosures'
import { ListingFilters, PricesClearedNote } from './listing-filters'
import { listingFiltersIsland } from './listing-filters-island'
import { buttonClass } from '~/components/ui'
import { cleanSearch } from './clean-search'

function numberField(data: FormData, name: string): number | undefined {
  const value = Number(data.get(name))
  return Number.isInteger(value) && value > 0 ? value : undefined
}

/** A form's value as the URL would carry it: read by the page's own search schema, so what is sent is what a link would hold. */
function moreFields(data: FormData): Pick<HomeSearch, 'propertyType' | 'minBaths' | 'minSize' | 'maxSize' | 'postalCode' | 'q' | 'sort'> {
  const { propertyType, minBaths, minSize, maxSize, postalCode, q, sort } = homeSearchSchema.parse(
    Object.fromEntries([...data].flatMap(([key, value]) => (typeof value === 'string' ? [[key, value]] : []))),
  )
  return { propertyType, minBaths, minSize, maxSize, postalCode, q, sort }
}

/**
 * How a list of homes moves to another search: with the router (a page of the app), or by an
 * island of its own (the home search's map view, decision 051), which has no router.
 */
export type SearchNavigation = {
  /** A link to this list with another search: an area, a page, the filters cleared. */
  link: (search: HomeSearch, look: { className: string; current?: boolean; children: ReactNode }) => ReactElement
  /** The filters sent, with scripts. */
  send: (search: HomeSearch) => void
  /** Another list is on its way. */
  loading: boolean
}

/**
 * Homes in the realtor's activity regions (issue 6). Every control is a plain link or a
 * GET form, so it works before (and without) JavaScript; with it the router swaps the
 * results in place. The URL always carries the filters.
 */
export function ListingsSection({
  at = 'homepage',
  realtor,
  lang,
  ...view
}: {
  /** Where the list is: the homepage's section, or the full search page (`/{desiredUrl}/homes`). */
  at?: 'homepage' | 'search'
  realtor: PublicRealtor
  lang: Lang
} & Pick<ListingsViewProps, 'search' | 'pricesCleared' | 'list'>) {
  const navigate = useNavigate()
  const loading = useRouterState({ select: (state) => state.isLoading })
  const params = { lang: langParam(lang), desiredUrl: realtor.desiredUrl }
  // Filters, areas and pages stay on the page the visitor is on.
  const to = at === 'search' ? '/{-$lang}/$desiredUrl/homes' : '/{-$lang}/$desiredUrl'
  const navigation: SearchNavigation = {
    link: (search, { className, current, children }) => (
      <Link
        to={to}
        params={params}
        search={search}
        hash="listings"
        resetScroll={false}
        // Exact: by default a link is "active" when its search is a subset of the page's.
        activeOptions={{ exact: true }}
        aria-current={current ? 'page' : undefined}
        className={className}
      >
        {children}
      </Link>
    ),
    send: (search) => void navigate({ to, params, search, hash: 'listings', resetScroll: false }),
    loading,
  }
  return (
    <ListingsView
      {...view}
      realtor={{ id: realtor.id, name: realtorDisplayName(realtor, lang), desiredUrl: realtor.desiredUrl, regions: realtor.activityRegion }}
      lang={lang}
      navigation={navigation}
      // On the search page the first card's photo is in the first screen, its largest paint.
      firstPhotoInFirstScreen={at === 'search'}
      moreFilters={at === 'search'}
      footer={
        at === 'homepage' && view.list.totalHomes > 0 ? (
          <p className="mt-6 text-center">
            <Link
              to="/{-$lang}/$desiredUrl/homes"
              params={params}
              search={cleanSearch({ ...view.search, page: undefined })}
              className="inline-flex min-h-11 items-center font-medium text-[var(--accent-text)] underline underline-offset-4"
            >
              <Trans>Search all homes</Trans>
            </Link>
          </p>
        ) : null
      }
    />
  )
}

/** Whose homes a list shows: the realtor, by the name their page gives them, and their regions. */
export type ListingsRealtor = { id: string; name: string; desiredUrl: string; regions: PublicRealtor['activityRegion'] }

type ListingsViewProps = {
  realtor: ListingsRealtor
  lang: Lang
  /** The search with its prices fitted to its type (`fitPricesToType`); the search page's also carries the map's area. */
  search: HomeSearch
  /** Whether the URL's prices did not fit its type and were cleared (a form sent without JavaScript). */
  pricesCleared: boolean
  list: HomeListPage
  navigation: SearchNavigation
  /** The first card's photo shows before any scrolling (the search page): fetched at once and first. */
  firstPhotoInFirstScreen?: boolean
  /** Half the page's width (the map beside it): two cards a row at most. */
  narrow?: boolean
  /** After the cards and pages, before the MLS's disclosures. */
  footer?: ReactNode
  /** The search page's further filters (issue 51 item 3). */
  moreFilters?: boolean
}

/** The list itself, its filters, its pages and its disclosures, without the router: it moves through `navigation`. */
export function ListingsView({
  realtor,
  lang,
  search,
  pricesCleared,
  list,
  navigation,
  firstPhotoInFirstScreen = false,
  narrow = false,
  footer,
  moreFilters = false,
}: ListingsViewProps) {
  const { t } = useLingui()
  const { link, send, loading } = navigation
  // On the server's render of an islands page the filters are an island of their own (decision 051).
  const islandsRender = useIslandsRender()
  // Set once the visitor switches between sale and rent here (with JavaScript): what it cleared.
  const [typeSwitch, setTypeSwitch] = useState<{ clearedFor: ListingPriceType | null } | null>(null)
  // The saved search's consent names the realtor as the page does.
  const { id: realtorId, name: realtorName, desiredUrl, regions } = realtor
  const regionIndex = search.region !== undefined && search.region < regions.length ? search.region : 0
  const type = search.type ?? 'sale'
  const pages = Array.from({ length: list.totalPages }, (_, index) => index + 1)
  const current = list.currentPage
  const { propertyType, minBaths, minSize, maxSize, postalCode, q, sort } = search
  const more = { propertyType, minBaths, minSize, maxSize, postalCode, q, sort }
  const filtered =
    search.minPrice !== undefined ||
    search.maxPrice !== undefined ||
    search.minBeds !== undefined ||
    [propertyType, minBaths, minSize, maxSize, postalCode, q].some((value) => value !== undefined)

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const nextType = data.get('type') === 'rent' ? 'rent' : 'sale'
    // The selects only hold prices that fit the chosen type (switching cleared the others, and said so).
    send(
      cleanSearch({
        region: regionIndex || undefined,
        type: nextType === 'sale' ? undefined : nextType,
        minPrice: numberField(data, 'minPrice'),
        maxPrice: numberField(data, 'maxPrice'),
        minBeds: numberField(data, 'minBeds'),
        bbox: search.bbox,
        view: search.view,
        ...(moreFilters ? moreFields(data) : {}),
      }),
    )
  }

  const region = regions[regionIndex]
  const place = region ? spelledPlaceName(region.city, region.state, lang, regions) : ''
  // With a map's area the list is the homes in view, wherever the region's city lines run.
  const inMapArea = search.bbox !== undefined
  const shown = list.homes.length
  const total = list.totalHomes
  const pageCount = list.totalPages
  // The search on screen is what "Save this search" saves; it follows every change of filters.
  const saved = homepageSearchFilters(regions, search)
  // A market report's count as a search (decision 065): no saved search can follow it yet, so none is offered.
  const marketCount = search.listedWithinDays !== undefined || search.priceReduced === true

  return (
    <div aria-busy={loading} className={loading ? 'opacity-70 transition-opacity' : 'transition-opacity'}>
      {regions.length > 1 ? (
        <nav aria-label={t`Areas`} className="mb-4">
          <ul className="flex flex-wrap gap-2">
            {regions.map((item, index) => (
              <li key={`${item.state}-${item.city}-${item.neighborhood ?? ''}`}>
                {link(cleanSearch({ region: index || undefined, type: search.type, view: search.view }), {
                  className: buttonClass('accentOutline'),
                  current: index === regionIndex,
                  children: placeName(item.city, item.state, lang, regions),
                })}
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      {marketCount ? (
        // A market report's count links here (decision 065): the list says in words which homes it holds.
        <p className="mb-4 text-sm font-medium text-stone-900 dark:text-stone-100" data-testid="search-market-filter">
          {search.priceReduced ? (
            <Trans>Price reduced in the last 30 days</Trans>
          ) : (
            <Plural
              value={search.listedWithinDays ?? 0}
              one="Listed in the last day, whatever its status now"
              other="Listed in the last # days, whatever their status now"
            />
          )}
          {search.priceReduced && search.listedWithinDays !== undefined ? (
            <>
              {' · '}
              <Plural value={search.listedWithinDays} one="listed in the last day" other="listed in the last # days" />
            </>
          ) : null}
          {' · '}
          {link(cleanSearch({ ...search, listedWithinDays: undefined, priceReduced: undefined, page: undefined }), {
            className: 'text-[var(--accent-text)] underline underline-offset-4',
            children: <Trans>Clear this filter</Trans>,
          })}
        </p>
      ) : null}

      {islandsRender ? (
        <Island
          of={listingFiltersIsland}
          // Its code loads when the visitor starts on it: it sends as a plain GET meanwhile, and a
          // choice made before it is live is taken up (on the home search it is at the top).
          when="interaction"
          props={{
            search: {
              type: search.type,
              minPrice: search.minPrice,
              maxPrice: search.maxPrice,
              minBeds: search.minBeds,
              bbox: search.bbox,
              view: search.view,
              ...(moreFilters ? more : {}),
            },
            regionIndex,
            narrow,
            more: moreFilters,
            pricesClearedFor: pricesCleared ? type : null,
          }}
        />
      ) : (
        <>
          <ListingFilters
            // A new search (sent, or a link followed) starts the form again from the URL.
            key={JSON.stringify(search)}
            search={search}
            regionIndex={regionIndex}
            onSubmit={submit}
            narrow={narrow}
            more={moreFilters}
            onTypeSwitched={(nextType, cleared) => setTypeSwitch({ clearedFor: cleared ? nextType : null })}
          />
          <PricesClearedNote clearedFor={typeSwitch ? typeSwitch.clearedFor : pricesCleared ? type : null} />
        </>
      )}

      <p className="mt-4 text-sm text-stone-700 dark:text-stone-300" role="status">
        {inMapArea ? (
          total === 0 ? (
            t`No homes in this map area match these filters.`
          ) : list.hasMoreThanGroup ? (
            t`The newest ${total} homes in this map area`
          ) : (
            <Plural value={total} one="# home in this map area" other="# homes in this map area" />
          )
        ) : total === 0 ? (
          t`No homes in ${place} match these filters.`
        ) : list.hasMoreThanGroup ? (
          t`The newest ${total} homes in ${place}`
        ) : (
          <Plural value={total} one={`# home in ${place}`} other={`# homes in ${place}`} />
        )}
        {shown > 0 && pageCount > 1 ? (
          <>
            {' · '}
            <Trans>
              Page {current} of {pageCount}
            </Trans>
          </>
        ) : null}
      </p>
      {total === 0 && filtered ? (
        <p className="mt-2">
          {link(cleanSearch({ region: regionIndex || undefined, bbox: search.bbox, view: search.view, sort: search.sort }), {
            className: 'font-medium text-[var(--accent-text)] underline underline-offset-4',
            children: <Trans>Clear the filters</Trans>,
          })}
        </p>
      ) : null}

      {/* A saved search follows a region, not a map's area: offered for the region's list only. */}
      {saved && !inMapArea && !marketCount ? (
        <div className="mt-4">
          {/* A disclosure: its code loads when the visitor opens it (what they type first is kept). */}
          <Island of={saveSearchIsland} when="interaction" props={{ realtorId, realtorName, desiredUrl, lang, filters: saved }} />
        </div>
      ) : null}

      {shown > 0 ? (
        <ul className={`mt-4 grid gap-4 sm:grid-cols-2 ${narrow ? '' : 'lg:grid-cols-3'}`}>
          {list.homes.map((home, index) => (
            <li
              key={home.homeId}
              // The map view's island marks the card whose marker the visitor points at (`data-highlighted`).
              className="flex rounded-2xl data-highlighted:ring-2 data-highlighted:ring-[var(--accent-text)] data-highlighted:ring-offset-2 data-highlighted:ring-offset-white dark:data-highlighted:ring-offset-stone-950"
              data-home-id={home.homeId}
            >
              <HomeCard
                home={home}
                lang={lang}
                desiredUrl={desiredUrl}
                source={list.sources.find((source) => source.id === home.sourceId)}
                places={regions}
                inFirstScreen={firstPhotoInFirstScreen && index === 0}
                // Beside the map the list is narrower: two columns from sm, in about half the page.
                photoSizes={narrow ? '(min-width: 640px) 50vw, 100vw' : undefined}
              />
            </li>
          ))}
        </ul>
      ) : null}

      {list.totalPages > 1 ? (
        <nav aria-label={t`Pages of homes`} className="mt-6">
          <ul className="flex flex-wrap items-center justify-center gap-1">
            {pages.map((page) => (
              <li key={page}>
                {link(cleanSearch({ ...search, page: page === 1 ? undefined : page }), {
                  className: buttonClass('quiet', 'md', 'min-w-11'),
                  current: page === current,
                  children: page,
                })}
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      {footer}

      <ListingDisclosures sources={list.sources} lang={lang} />
    </div>
  )
}
