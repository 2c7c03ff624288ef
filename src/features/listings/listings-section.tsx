import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate, useRouterState } from '@tanstack/react-router'
import { useId, type FormEvent, type ReactNode } from 'react'
import { formatPrice } from '~/lib/format'
import { langParam, type Lang } from '~/lib/lang'
import type { HomeListPage } from '~/schemas/home'
import type { ListingSearch } from '~/schemas/listing-search'
import type { PublicRealtor } from '~/schemas/realtor'
import { SaveSearchForm } from '~/features/saved-searches/save-search-form'
import { homepageSearchFilters } from '~/features/saved-searches/search-filters'
import { HomeCard } from './home-card'
import { ListingDisclosures } from './listing-disclosures'
import { Button, buttonClass } from '~/components/ui'

const SALE_PRICES = [300_000, 500_000, 750_000, 1_000_000, 1_500_000, 2_000_000, 3_000_000, 5_000_000]
const RENT_PRICES = [1_500, 2_000, 2_500, 3_000, 4_000, 5_000, 7_500]
const BEDROOMS = [1, 2, 3, 4, 5]

const selectClass =
  'mt-1 block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100'

function PriceSelect({ id, name, label, value, prices }: { id: string; name: string; label: ReactNode; value: number | undefined; prices: Array<number> }) {
  const { t } = useLingui()
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ''} className={selectClass}>
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
function cleanSearch(search: ListingSearch): ListingSearch {
  return Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined && value !== 0))
}

function numberField(data: FormData, name: string): number | undefined {
  const value = Number(data.get(name))
  return Number.isInteger(value) && value > 0 ? value : undefined
}

/**
 * Homes in the realtor's activity regions (issue 6). Every control is a plain link or a
 * GET form, so it works before (and without) JavaScript; with it the router swaps the
 * results in place. The URL always carries the filters.
 */
export function ListingsSection({
  realtorId,
  realtorName,
  lang,
  desiredUrl,
  regions,
  search,
  list,
}: {
  realtorId: string
  /** The realtor's name in `lang`, as the saved search's consent names them. */
  realtorName: string
  lang: Lang
  desiredUrl: string
  regions: PublicRealtor['activityRegion']
  search: ListingSearch
  list: HomeListPage
}) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const loading = useRouterState({ select: (state) => state.isLoading })
  const formId = useId()
  const regionIndex = search.region !== undefined && search.region < regions.length ? search.region : 0
  const type = search.type ?? 'sale'
  const prices = type === 'rent' ? RENT_PRICES : SALE_PRICES
  const params = { lang: langParam(lang), desiredUrl }
  const pages = Array.from({ length: list.totalPages }, (_, index) => index + 1)
  const current = list.currentPage
  const filtered = search.minPrice !== undefined || search.maxPrice !== undefined || search.minBeds !== undefined

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const nextType = data.get('type') === 'rent' ? 'rent' : 'sale'
    // Sale prices mean nothing for rents (and back): a new type starts without them.
    const keepPrices = nextType === type
    void navigate({
      to: '/{-$lang}/$desiredUrl',
      params,
      search: cleanSearch({
        region: regionIndex || undefined,
        type: nextType === 'sale' ? undefined : nextType,
        minPrice: keepPrices ? numberField(data, 'minPrice') : undefined,
        maxPrice: keepPrices ? numberField(data, 'maxPrice') : undefined,
        minBeds: numberField(data, 'minBeds'),
      }),
      hash: 'listings',
      resetScroll: false,
    })
  }

  const stateName = (state: string) => (state === 'CA' ? t`California` : state === 'GA' ? t`Georgia` : state)
  const region = regions[regionIndex]
  const place = region ? `${region.city}, ${stateName(region.state)}` : ''
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
                  to="/{-$lang}/$desiredUrl"
                  params={params}
                  search={cleanSearch({ region: index || undefined, type: search.type })}
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

      <form
        method="get"
        action={`#listings`}
        onSubmit={submit}
        className="grid grid-cols-2 gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:grid-cols-5 dark:border-stone-800 dark:bg-stone-900"
      >
        {regionIndex > 0 ? <input type="hidden" name="region" value={regionIndex} /> : null}
        <div>
          <label htmlFor={`${formId}-type`} className="block text-sm font-medium">
            <Trans>Sale or rent</Trans>
          </label>
          <select id={`${formId}-type`} name="type" defaultValue={type} className={selectClass}>
            <option value="sale">{t`For sale`}</option>
            <option value="rent">{t`For rent`}</option>
          </select>
        </div>
        <PriceSelect id={`${formId}-min`} name="minPrice" label={<Trans>Lowest price</Trans>} value={search.minPrice} prices={prices} />
        <PriceSelect id={`${formId}-max`} name="maxPrice" label={<Trans>Highest price</Trans>} value={search.maxPrice} prices={prices} />
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
        <div className="col-span-2 flex items-end sm:col-span-1">
          <Button variant="accent" size="md" className="w-full" type="submit">
            <Trans>Show homes</Trans>
          </Button>
        </div>
      </form>

      <p className="mt-4 text-sm text-stone-700 dark:text-stone-300" role="status">
        {total === 0 ? (
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
            to="/{-$lang}/$desiredUrl"
            params={params}
            search={cleanSearch({ region: regionIndex || undefined })}
            hash="listings"
            resetScroll={false}
            className="font-medium text-[var(--accent-text)] underline underline-offset-4"
          >
            <Trans>Clear the filters</Trans>
          </Link>
        </p>
      ) : null}

      {saved ? (
        <div className="mt-4">
          <SaveSearchForm realtorId={realtorId} realtorName={realtorName} desiredUrl={desiredUrl} lang={lang} filters={saved} />
        </div>
      ) : null}

      {shown > 0 ? (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {list.homes.map((home) => (
            <li key={home.homeId} className="flex">
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
                  to="/{-$lang}/$desiredUrl"
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

      <ListingDisclosures sources={list.sources} lang={lang} />
    </div>
  )
}
