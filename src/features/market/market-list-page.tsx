import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { RealtorPageShell } from '~/features/homepage/realtor-page-shell'
import { formatNumber, formatPrice } from '~/lib/format'
import { langParam, type Lang } from '~/lib/lang'
import { realtorDisplayName } from '~/lib/realtor-names'
import type { MarketCity } from '~/schemas/market'
import type { PublicRealtor } from '~/schemas/realtor'
import { brokerageAsProminentAsAgent } from '~/schemas/state-disclosures'
import { placeName } from '~/lib/place-names'
import { MarketCountLink } from './market-search-link'

/** A realtor's market reports (`/{desiredUrl}/market`, issue 27): one card per city of their region with figures. */
export function MarketListPage({ realtor, lang, cities }: { realtor: PublicRealtor; lang: Lang; cities: ReadonlyArray<MarketCity> }) {
  const name = realtorDisplayName(realtor, lang)
  const params = { lang: langParam(lang), desiredUrl: realtor.desiredUrl }
  return (
    <RealtorPageShell realtor={realtor} lang={lang} current="market" firmProminent={brokerageAsProminentAsAgent(realtor.activityRegion)} back="home">
      {() => (
        <>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-stone-900 sm:text-4xl dark:text-stone-50">
            <Trans>Market reports</Trans>
          </h1>
          <p className="mt-3 max-w-2xl text-lg text-stone-700 dark:text-stone-300">
            <Trans>Prices, inventory and the last 12 months of the cities {name} serves, from the listings of the local MLS.</Trans>
          </p>
          {cities.length === 0 ? (
            <p
              className="mt-8 rounded-2xl border border-dashed border-stone-300 p-6 text-stone-600 dark:border-stone-700 dark:text-stone-300"
              data-testid="market-none"
            >
              <Trans>There are no market figures yet for the cities {name} serves. They appear after the next listings update.</Trans>
            </p>
          ) : (
            <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {cities.map((city) => {
                const active = formatNumber(city.activeCount)
                const price = city.medianListPrice === null ? null : formatPrice(city.medianListPrice)
                return (
                  <li key={city.slug} className="h-full rounded-2xl border border-stone-200 bg-white p-5 shadow-sm dark:border-stone-800 dark:bg-stone-900">
                    <Link
                      to="/{-$lang}/$desiredUrl/market/$city"
                      params={{ ...params, city: city.slug }}
                      data-testid="market-city-link"
                      className="block text-lg font-semibold text-stone-900 underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-[var(--accent)] focus-visible:outline-none dark:text-stone-50"
                    >
                      {placeName(city.city, city.state, lang, realtor.activityRegion)}
                    </Link>
                    <p className="mt-2 text-stone-700 dark:text-stone-300">{price === null ? null : <Trans>Median list price {price}</Trans>}</p>
                    {/* The count is its own link, to the search that lists those homes (decision 065). */}
                    <p className="text-sm text-stone-600 dark:text-stone-400">
                      <MarketCountLink realtor={realtor} lang={lang} city={city} count={city.activeCount}>
                        <Trans>{active} active listings</Trans>
                      </MarketCountLink>
                    </p>
                  </li>
                )
              })}
            </ul>
          )}
        </>
      )}
    </RealtorPageShell>
  )
}
