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
 * A market page's count of active listings as a link to the search that lists exactly those
 * homes (decision 065): the city's service area, for sale (the search's default), every kind
 * of home (its default since decision 060), status active (the API's default) — the market
 * figures count the same rows. A city outside the realtor's areas shows the bare number.
 */
export function ActiveListingsLink({
  realtor,
  lang,
  city,
  count,
  children,
}: {
  realtor: PublicRealtor
  lang: Lang
  city: { city: string; state: string }
  count: number
  children?: ReactNode
}) {
  const { t } = useLingui()
  const index = serviceAreaIndex(realtor.activityRegion, city)
  const shown = children ?? formatNumber(count)
  if (index === undefined) return <>{shown}</>
  const place = placeName(city.city, city.state, lang, realtor.activityRegion)
  return (
    <Link
      to="/{-$lang}/$desiredUrl/homes"
      params={{ lang: langParam(lang), desiredUrl: realtor.desiredUrl }}
      // The first area is the search's default: no `region` keeps the address the page store knows.
      search={index === 0 ? {} : { region: index }}
      data-testid="market-count-link"
      className="text-[var(--accent-text)] underline underline-offset-4 hover:no-underline focus-visible:ring-2 focus-visible:ring-[var(--accent)] focus-visible:outline-none"
    >
      {shown}
      {/* Said after the visible number, so the link's name begins with what it shows (WCAG 2.5.3). */}
      <span className="sr-only">{t`: show these homes in ${place}`}</span>
    </Link>
  )
}
