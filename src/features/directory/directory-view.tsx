import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { langParam, type Lang } from '~/lib/lang'
import { REGION_STATES } from '~/schemas/realtor'
import type { DirectoryPage } from '~/schemas/directory'
import { RealtorCard, stateLabel } from './realtor-card'
import { cityName } from '~/lib/place-names'
import { PageNumbers } from '~/components/page-numbers'
import { buttonClass } from '~/components/ui'

type Filters = { state?: 'CA' | 'GA'; city?: string; page?: number }

function FilterLink({ lang, search, active, children }: { lang: Lang; search: Filters; active: boolean; children: ReactNode }) {
  return (
    <Link
      to="/{-$lang}/realtors"
      params={{ lang: langParam(lang) }}
      search={search}
      activeOptions={{ exact: true }}
      aria-current={active ? 'true' : undefined}
      className={buttonClass(active ? 'primary' : 'outline')}
    >
      {children}
    </Link>
  )
}

/**
 * The directory: filter links (plain links that work without JavaScript, client-side
 * navigation with it), cards and paging, all carried in the URL.
 */
export function DirectoryView({
  lang,
  filters,
  page,
  cities,
}: {
  lang: Lang
  filters: Filters
  page: DirectoryPage
  cities: Array<{ state: string; city: string; count: number }>
}) {
  const { t } = useLingui()
  const total = page.total
  return (
    <div>
      <nav aria-label={t`Filter by state`} className="flex flex-wrap gap-2">
        <FilterLink lang={lang} search={{}} active={!filters.state && !filters.city}>
          <Trans>All</Trans>
        </FilterLink>
        {REGION_STATES.map((state) => (
          <FilterLink key={state} lang={lang} search={{ state }} active={filters.state === state && !filters.city}>
            {stateLabel(lang, state)}
          </FilterLink>
        ))}
      </nav>
      {cities.length > 0 ? (
        <nav aria-label={t`Filter by city`} className="mt-3 flex flex-wrap gap-2">
          {cities.map((item) => (
            <FilterLink
              key={`${item.state}-${item.city}`}
              lang={lang}
              search={{ state: item.state === 'GA' ? 'GA' : 'CA', city: item.city }}
              active={filters.city?.toLowerCase() === item.city.toLowerCase()}
            >
              {cityName(item.city, item.state, lang)} <span className="ml-1 opacity-70">({item.count})</span>
            </FilterLink>
          ))}
        </nav>
      ) : null}
      <p className="mt-6 text-stone-700 dark:text-stone-300" aria-live="polite" data-testid="directory-count">
        <Plural value={total} one="# realtor found" other="# realtors found" />
      </p>
      {page.realtors.length > 0 ? (
        <ul className="mt-4 grid gap-5 sm:grid-cols-2 lg:grid-cols-3" data-testid="directory-results">
          {page.realtors.map((realtor) => (
            <li key={realtor.id}>
              <RealtorCard realtor={realtor} lang={lang} headingLevel={2} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6 rounded-xl bg-stone-100 p-6 text-stone-700 dark:bg-stone-900 dark:text-stone-300">
          <Trans>No realtor has a homepage here yet. Try another city.</Trans>
        </p>
      )}
      <PageNumbers
        page={page.page}
        totalPages={page.totalPages}
        link={(number, active, label) => (
          <FilterLink lang={lang} search={{ ...filters, page: number }} active={active}>
            {label}
          </FilterLink>
        )}
      />
    </div>
  )
}
