import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate, useRouterState } from '@tanstack/react-router'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { formatPrice } from '~/lib/format'
import { realtorDisplayName } from '~/lib/realtor-names'
import { langParam, type Lang } from '~/lib/lang'
import { fitPricesToType, priceOptions, type ListingPriceType } from '~/lib/listing-prices'
import type { HomeListPage } from '~/schemas/home'
import type { HomeSearch } from '~/schemas/listing-search'
import type { PublicRealtor } from '~/schemas/realtor'
import { SaveSearchForm } from '~/features/saved-searches/save-search-form'
import { homepageSearchFilters } from '~/features/saved-searches/search-filters'
import { HomeCard } from './home-card'
import { ListingDisclosures } from './listing-disclosures'
import { Button, buttonClass } from '~/components/ui'

const BEDROOMS = [1, 2, 3, 4, 5]

const selectClass =
  'mt-1 block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100'

function PriceSelect({
  id,
  name,
  label,
  value,
  prices,
  onChange,
}: {
  id: string
  name: string
  label: ReactNode
  value: number | undefined
  prices: Array<number>
  onChange: (price: number | undefined) => void
}) {
  const { t } = useLingui()
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={value ?? ''}
        onChange={(event) => onChange(event.currentTarget.value ? Number(event.currentTarget.value) : undefined)}
        className={selectClass}
      >
        <option value="">{t`Any`}</option>
        {prices.map((price) => (
          <option key={price} value={price}>
            {formatPrice(price)}
          </option>
        ))}
      </select>
    </div>
  )
}

/** Drops empty values so shared URLs stay short: `?type=rent&minBeds=2`. */
function cleanSearch(search: HomeSearch): HomeSearch {
  return Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined && value !== 0))
}

function numberField(data: FormData, name: string): number | undefined {
  const value = Number(data.get(name))
  return Number.isInteger(value) && value > 0 ? value : undefined
}

/** Filled in by the selects: what the visitor has chosen, before sending. */
type FilterChoice = { type: ListingPriceType; minPrice: number | undefined; maxPrice: number | undefined }

/**
 * The filter form. A plain GET form without JavaScript; with it, switching between sale and
 * rent offers that type's prices at once, keeping a chosen price that still fits and clearing
 * one that does not (`onPricesCleared` lets the section say so).
 */
function ListingFilters({
  search,
  regionIndex,
  onSubmit,
  onTypeSwitched,
  narrow,
}: {
  search: HomeSearch
  regionIndex: number
  /** Half the page's width: two filters a row, as on a phone. */
  narrow: boolean
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  onTypeSwitched: (type: ListingPriceType, cleared: boolean) => void
}) {
  const { t } = useLingui()
  const formId = useId()
  const [choice, setChoice] = useState<FilterChoice>({ type: search.type ?? 'sale', minPrice: search.minPrice, maxPrice: search.maxPrice })

  const switchType = (type: ListingPriceType) => {
    const fitted = fitPricesToType({ type, minPrice: choice.minPrice, maxPrice: choice.maxPrice })
    setChoice({ type, minPrice: fitted.search.minPrice, maxPrice: fitted.search.maxPrice })
    onTypeSwitched(type, fitted.cleared)
  }

  return (
    <form
      method="get"
      action={`#listings`}
      onSubmit={onSubmit}
      className={`grid grid-cols-2 gap-3 rounded-2xl border border-stone-200 bg-white p-4 dark:border-stone-800 dark:bg-stone-900 ${narrow ? '' : 'sm:grid-cols-5'}`}
    >
      {regionIndex > 0 ? <input type="hidden" name="region" value={regionIndex} /> : null}
      {/* The search page's map area and open map stay as the filters change. */}
      {search.bbox ? <input type="hidden" name="bbox" value={search.bbox} /> : null}
      {search.view ? <input type="hidden" name="view" value={search.view} /> : null}
      <div>
        <label htmlFor={`${formId}-type`} className="block text-sm font-medium">
          <Trans>Sale or rent</Trans>
        </label>
        <select
          id={`${formId}-type`}
          name="type"
          value={choice.type}
          onChange={(event) => switchType(event.currentTarget.value === 'rent' ? 'rent' : 'sale')}
          className={selectClass}
        >
          <option value="sale">{t`For sale`}</option>
          <option value="rent">{t`For rent`}</option>
        </select>
      </div>
      <PriceSelect
        id={`${formId}-min`}
        name="minPrice"
        label={<Trans>Lowest price</Trans>}
        value={choice.minPrice}
        prices={priceOptions(choice.type, choice.minPrice)}
        onChange={(minPrice) => setChoice({ ...choice, minPrice })}
      />
      <PriceSelect
        id={`${formId}-max`}
        name="maxPrice"
        label={<Trans>Highest price</Trans>}
        value={choice.maxPrice}
        prices={priceOptions(choice.type, choice.maxPrice)}
        onChange={(maxPrice) => setChoice({ ...choice, maxPrice })}
      />
      <div>
        <label htmlFor={`${formId}-beds`} className="block text-sm font-medium">
          <Trans>Bedrooms</Trans>
        </label>
        <select id={`${formId}-beds`} name="minBeds" defaultValue={search.minBeds ?? ''} className={selectClass}>
          <option value="">{t`Any`}</option>
          {BEDROOMS.map((beds) => (
            <option key={beds} value={beds}>
              {t`${beds}+`}
            </option>
          ))}
        </select>
      </div>
      <div className={`col-span-2 flex items-end ${narrow ? '' : 'sm:col-span-1'}`}>
        <Button variant="accent" size="md" className="w-full" type="submit">
          <Trans>Show homes</Trans>
        </Button>
      </div>
    </form>
  )
}

/** The note that a price range was cleared because it did not fit the chosen type. */
function PricesClearedNote({ clearedFor }: { clearedFor: ListingPriceType | null }) {
  // Always in the page, so screen readers announce the note when it appears.
  return (
    <p aria-live="polite" className={clearedFor ? 'mt-3 text-sm font-medium text-amber-800 dark:text-amber-300' : 'sr-only'}>
      {clearedFor === 'rent' ? (
        <Trans>Your price range didn’t fit homes for rent and was cleared.</Trans>
      ) : clearedFor === 'sale' ? (
        <Trans>Your price range didn’t fit homes for sale and was cleared.</Trans>
      ) : null}
    </p>
  )
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
  search,
  pricesCleared,
  list,
  narrow = false,
  highlighted = null,
  onHighlight,
}: {
  /** Where the list is: the homepage's section, or the full search page (`/{desiredUrl}/homes`). */
  at?: 'homepage' | 'search'
  realtor: PublicRealtor
  lang: Lang
  /** The search with its prices fitted to its type (`fitPricesToType`); the search page's also carries the map's area. */
  search: HomeSearch
  /** Whether the URL's prices did not fit its type and were cleared (a form sent without JavaScript). */
  pricesCleared: boolean
  list: HomeListPage
  /** Half the page's width (the map beside it): two cards a row at most. */
  narrow?: boolean
  /** The home whose marker the visitor points at on the map. */
  highlighted?: string | null
  /** Given with a map: pointing at or focusing a card highlights its marker. */
  onHighlight?: (homeId: string | null) => void
}) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const loading = useRouterState({ select: (state) => state.isLoading })
  // Set once the visitor switches between sale and rent here (with JavaScript): what it cleared.
  const [typeSwitch, setTypeSwitch] = useState<{ clearedFor: ListingPriceType | null } | null>(null)
  const { id: realtorId, desiredUrl, activityRegion: regions } = realtor
  // The saved search's consent names the realtor as the page does.
  const realtorName = realtorDisplayName(realtor, lang)
  const regionIndex = search.region !== undefined && search.region < regions.length ? search.region : 0
  const type = search.type ?? 'sale'
  const params = { lang: langParam(lang), desiredUrl }
  // Filters, areas and pages stay on the page the visitor is on.
  const to = at === 'search' ? '/{-$lang}/$desiredUrl/homes' : '/{-$lang}/$desiredUrl'
  const pages = Array.from({ length: list.totalPages }, (_, index) => index + 1)
  const current = list.currentPage
  const filtered = search.minPrice !== undefined || search.maxPrice !== undefined || search.minBeds !== undefined

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const nextType = data.get('type') === 'rent' ? 'rent' : 'sale'
    // The selects only hold prices that fit the chosen type (switching cleared the others, and said so).
    void navigate({
      to,
      params,
      search: cleanSearch({
        region: regionIndex || undefined,
        type: nextType === 'sale' ? undefined : nextType,
        minPrice: numberField(data, 'minPrice'),
        maxPrice: numberField(data, 'maxPrice'),
        minBeds: numberField(data, 'minBeds'),
        bbox: search.bbox,
        view: search.view,
      }),
      hash: 'listings',
      resetScroll: false,
    })
  }

  const stateName = (state: string) => (state === 'CA' ? t`California` : state === 'GA' ? t`Georgia` : state)
  const region = regions[regionIndex]
  const place = region ? `${region.city}, ${stateName(region.state)}` : ''
  // With a map's area the list is the homes in view, wherever the region's city lines run.
  const inMapArea = search.bbox !== undefined
  const shown = list.homes.length
  const total = list.totalHomes
  const pageCount = list.totalPages
  // The search on screen is what "Save this search" saves; it follows every change of filters.
  const saved = homepageSearchFilters(regions, search)

  return (
    <div aria-busy={loading} className={loading ? 'opacity-70 transition-opacity' : 'transition-opacity'}>
      {regions.length > 1 ? (
        <nav aria-label={t`Areas`} className="mb-4">
          <ul className="flex flex-wrap gap-2">
            {regions.map((item, index) => (
              <li key={`${item.state}-${item.city}-${item.neighborhood ?? ''}`}>
                <Link
                  to={to}
                  params={params}
                  search={cleanSearch({ region: index || undefined, type: search.type, view: search.view })}
                  hash="listings"
                  resetScroll={false}
                  // Exact: by default a link is "active" when its search is a subset of the page's.
                  activeOptions={{ exact: true }}
                  aria-current={index === regionIndex ? 'page' : undefined}
                  className={buttonClass('accentOutline')}
                >
                  {item.city}, {item.state}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      <ListingFilters
        // A new search (sent, or a link followed) starts the form again from the URL.
        key={JSON.stringify(search)}
        search={search}
        regionIndex={regionIndex}
        onSubmit={submit}
        narrow={narrow}
        onTypeSwitched={(nextType, cleared) => setTypeSwitch({ clearedFor: cleared ? nextType : null })}
      />
      <PricesClearedNote clearedFor={typeSwitch ? typeSwitch.clearedFor : pricesCleared ? type : null} />

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
          <Link
            to={to}
            params={params}
            search={cleanSearch({ region: regionIndex || undefined, bbox: search.bbox, view: search.view })}
            hash="listings"
            resetScroll={false}
            className="font-medium text-[var(--accent-text)] underline underline-offset-4"
          >
            <Trans>Clear the filters</Trans>
          </Link>
        </p>
      ) : null}

      {/* A saved search follows a region, not a map's area: offered for the region's list only. */}
      {saved && !inMapArea ? (
        <div className="mt-4">
          <SaveSearchForm realtorId={realtorId} realtorName={realtorName} desiredUrl={desiredUrl} lang={lang} filters={saved} />
        </div>
      ) : null}

      {shown > 0 ? (
        <ul className={`mt-4 grid gap-4 sm:grid-cols-2 ${narrow ? '' : 'lg:grid-cols-3'}`}>
          {list.homes.map((home) => (
            <li
              key={home.homeId}
              className={`flex rounded-2xl ${highlighted === home.homeId ? 'ring-2 ring-[var(--accent-text)] ring-offset-2 ring-offset-white dark:ring-offset-stone-950' : ''}`}
              data-home-id={home.homeId}
              onMouseEnter={onHighlight ? () => onHighlight(home.homeId) : undefined}
              onMouseLeave={onHighlight ? () => onHighlight(null) : undefined}
              onFocus={onHighlight ? () => onHighlight(home.homeId) : undefined}
              onBlur={onHighlight ? () => onHighlight(null) : undefined}
            >
              <HomeCard home={home} lang={lang} desiredUrl={desiredUrl} source={list.sources.find((source) => source.id === home.sourceId)} />
            </li>
          ))}
        </ul>
      ) : null}

      {list.totalPages > 1 ? (
        <nav aria-label={t`Pages of homes`} className="mt-6">
          <ul className="flex flex-wrap items-center justify-center gap-1">
            {pages.map((page) => (
              <li key={page}>
                <Link
                  to={to}
                  params={params}
                  search={cleanSearch({ ...search, page: page === 1 ? undefined : page })}
                  hash="listings"
                  resetScroll={false}
                  // Exact: by default a link is "active" when its search is a subset of the page's.
                  activeOptions={{ exact: true }}
                  aria-current={page === current ? 'page' : undefined}
                  className={buttonClass('quiet', 'md', 'min-w-11')}
                >
                  {page}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      {at === 'homepage' && total > 0 ? (
        <p className="mt-6 text-center">
          <Link
            to="/{-$lang}/$desiredUrl/homes"
            params={params}
            search={cleanSearch({ ...search, page: undefined })}
            className="inline-flex min-h-11 items-center font-medium text-[var(--accent-text)] underline underline-offset-4"
          >
            <Trans>Search all homes</Trans>
          </Link>
        </p>
      ) : null}

      <ListingDisclosures sources={list.sources} lang={lang} />
    </div>
  )
}
