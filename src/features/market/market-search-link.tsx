import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { formatNumber } from '~/lib/format'
import { langParam, type Lang } from '~/lib/lang'
import { placeName } from '~/lib/place-names'
import type { PublicRealtor } from '~/schemas/realtor'

/**
 * The index of a realtor's service area for a city (the search page's `region`), or undefined
 * when the city is none of theirs. Cities compare as the listings' `city_key` does: trimmed, lower case.
 */
export function serviceAreaIndex(regions: PublicRealtor['activityRegion'], city: { city: string; state: string }): number | undefined {
  const key = city.city.trim().toLowerCase()
  const index = regions.findIndex((region) => region.state === city.state && region.city.trim().toLowerCase() === key)
  return index < 0 ? undefined : index
}

/**
 * Which of a market report's counts a link stands for, as the search's params that list exactly
 * those homes (decision 065): the active listings are the search's default (every kind, for sale,
 * Active); the new listings came on the market in the last 30 days, whatever their status now; the
 * price reductions are for sale or under contract, below their original price, changed within 30 days.
 */
const COUNT_SEARCH = {
  active: {},
  new: { listedWithinDays: 30 },
  reduced: { priceReduced: true },
} as const

export type MarketCount = keyof typeof COUNT_SEARCH

/**
 * A market page's count as a link to the search that lists exactly those homes (decision 065):
 * the city's service area, for sale (the search's default), every kind of home (its default since
 * decision 060), and the count's own filter (`COUNT_SEARCH`); the market figures count the same
 * rows. A city outside the realtor's areas, or a count that no longer matches a search (`linked`
 * false: a past month, counted back from its own end), shows the bare number.
 */
export function MarketCountLink({
  realtor,
  lang,
  city,
  count,
  of = 'active',
  linked = true,
  children,
}: {
  realtor: PublicRealtor
  lang: Lang
  city: { city: string; state: string }
  count: number
  of?: MarketCount
  linked?: boolean
  children?: ReactNode
}) {
  const { t } = useLingui()
  const index = serviceAreaIndex(realtor.activityRegion, city)
  const shown = children ?? formatNumber(count)
  if (index === undefined || !linked) return <>{shown}</>
  const place = placeName(city.city, city.state, lang, realtor.activityRegion)
  return (
    <Link
      to="/{-$lang}/$desiredUrl/homes"
      params={{ lang: langParam(lang), desiredUrl: realtor.desiredUrl }}
      // The first area is the search's default: no `region` keeps the address the page store knows.
      search={{ ...(index === 0 ? {} : { region: index }), ...COUNT_SEARCH[of] }}
      data-testid={of === 'active' ? 'market-count-link' : `market-${of}-link`}
      // At least 24 px tall, a finger's target (WCAG 2.5.8), in a table cell or a card's line alike.
      className="inline-flex min-h-6 items-center text-[var(--accent-text)] underline underline-offset-4 hover:no-underline focus-visible:ring-2 focus-visible:ring-[var(--accent)] focus-visible:outline-none"
    >
      {shown}
      {/* Said after the visible number, so the link's name begins with what it shows (WCAG 2.5.3). */}
      <span className="sr-only">{t`: show these homes in ${place}`}</span>
    </Link>
  )
}
