import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { HomeValueInvitation } from '~/features/homepage/home-value-invitation'
import { RealtorPageShell } from '~/features/homepage/realtor-page-shell'
import { ListingDisclosures } from '~/features/listings/listing-disclosures'
import { Island } from '~/features/islands/island'
import { marketSubscriptionIsland } from '~/features/market-subscriptions/market-subscription-island'
import { formatNumber, formatPrice } from '~/lib/format'
import { langParam, type Lang } from '~/lib/lang'
import { realtorDisplayName } from '~/lib/realtor-names'
import type { MarketCity, MarketFigures, MarketReport } from '~/schemas/market'
import type { PublicRealtor } from '~/schemas/realtor'
import { brokerageAsProminentAsAgent } from '~/schemas/state-disclosures'
import { cityName, placeName } from '~/lib/place-names'
import { MarketTrendChart } from './market-chart'
import { MarketCountLink } from './market-search-link'
import { formatAsOf, formatMonth, pricePerPyeong } from './market-format'

/*
 * A city's market report on a realtor's site (`/{desiredUrl}/market/{city-state}`, issue 27 item
 * 4): the latest figures, the 12-month trend as a chart and as a table, where the figures come
 * from with the MLS's disclaimer, and the ways on for a seller (the home-value page) and a reader
 * (the realtor's other cities). Server-rendered; its one script is the subscription form's island.
 */

function Figure({ label, value, note, testId }: { label: ReactNode; value: ReactNode; note?: ReactNode; testId: string }) {
  return (
    <div className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm dark:border-stone-800 dark:bg-stone-900" data-testid={testId}>
      <dt className="text-sm text-stone-600 dark:text-stone-400">{label}</dt>
      <dd className="mt-1 text-xl font-semibold text-stone-900 tabular-nums sm:text-2xl dark:text-stone-50">{value}</dd>
      {note ? <dd className="mt-1 text-sm text-stone-600 dark:text-stone-400">{note}</dd> : null}
    </div>
  )
}

function MonthsOfSupply({ figures }: { figures: MarketFigures }) {
  const { t } = useLingui()
  if (figures.soldCount === null)
    return (
      <Figure testId="market-supply" label={t`Months of supply`} value="—" note={<Trans>Not shown: the MLS does not share sold data for this area.</Trans>} />
    )
  if (figures.monthsOfSupply === null)
    return <Figure testId="market-supply" label={t`Months of supply`} value="—" note={<Trans>No sales in the last 90 days.</Trans>} />
  const sold = formatNumber(figures.soldCount)
  return (
    <Figure
      testId="market-supply"
      label={t`Months of supply`}
      value={formatNumber(figures.monthsOfSupply)}
      note={<Trans>From {sold} sales in the last 90 days.</Trans>}
    />
  )
}

export function MarketReportPage({
  realtor,
  lang,
  report,
  cities,
}: {
  realtor: PublicRealtor
  lang: Lang
  report: MarketReport
  cities: ReadonlyArray<MarketCity>
}) {
  const { t } = useLingui()
  const name = realtorDisplayName(realtor, lang)
  const { current, source } = report
  const place = placeName(report.city, report.state, lang, realtor.activityRegion)
  const cityShown = cityName(report.city, report.state, lang, realtor.activityRegion)
  const asOf = formatAsOf(current.asOf, lang, source.timeZone)
  const listings = formatNumber(current.listingCount)
  const mls = source.mlsName
  const others = cities.filter((city) => city.slug !== report.slug)
  const pricePerFoot = current.medianPricePerSquareFoot === null ? null : formatPrice(current.medianPricePerSquareFoot)
  const perPyeong = lang === 'ko' && current.medianPricePerSquareFoot !== null ? formatPrice(pricePerPyeong(current.medianPricePerSquareFoot)) : null
  const params = { lang: langParam(lang), desiredUrl: realtor.desiredUrl }
  return (
    <RealtorPageShell realtor={realtor} lang={lang} firmProminent={brokerageAsProminentAsAgent(realtor.activityRegion)} back="home">
      {() => (
        <>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-stone-900 sm:text-4xl dark:text-stone-50">
            <Trans>{place} housing market</Trans>
          </h1>
          <p className="mt-3 max-w-2xl text-lg text-stone-700 dark:text-stone-300" data-testid="market-basis">
            {source.isDemo ? (
              <Trans>
                Based on {listings} demonstration listings as of {asOf}.
              </Trans>
            ) : (
              <Trans>
                Based on {listings} listings from {mls} as of {asOf}.
              </Trans>
            )}
          </p>
          {report.isDemo ? (
            <p className="mt-3 max-w-2xl rounded-lg bg-amber-50 px-4 py-3 text-amber-950 dark:bg-amber-950 dark:text-amber-100" data-testid="market-demo-note">
              <Trans>Demonstration data: these figures and their history come from invented listings, not from a real market.</Trans>
            </p>
          ) : null}

          <section aria-labelledby="market-figures-heading" className="mt-8">
            <h2 id="market-figures-heading" className="text-xl font-semibold text-stone-900 dark:text-stone-50">
              <Trans>The market this month</Trans>
            </h2>
            <dl className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
              <Figure
                testId="market-median-price"
                label={t`Median list price`}
                value={current.medianListPrice === null ? '—' : formatPrice(current.medianListPrice)}
              />
              <Figure
                testId="market-price-per-foot"
                label={t`Median price per sq ft`}
                value={pricePerFoot === null ? '—' : t`${pricePerFoot}/sq ft`}
                note={perPyeong === null ? undefined : t`${perPyeong} per pyeong`}
              />
              <Figure
                testId="market-active"
                label={t`Active listings`}
                value={<MarketCountLink realtor={realtor} lang={lang} city={report} count={current.activeCount} />}
              />
              {/* Counted back from the import's day, as the search counts back from today: linked while the month runs (decision 065). */}
              <Figure
                testId="market-new"
                label={t`New listings, last 30 days`}
                value={<MarketCountLink realtor={realtor} lang={lang} city={report} count={current.newListings} of="new" linked={report.monthToDate} />}
              />
              <Figure
                testId="market-reductions"
                label={t`Price reductions, last 30 days`}
                value={<MarketCountLink realtor={realtor} lang={lang} city={report} count={current.priceReductions} of="reduced" linked={report.monthToDate} />}
              />
              <Figure
                testId="market-days"
                label={t`Median days on market`}
                value={current.medianDaysOnMarket === null ? '—' : formatNumber(Math.round(current.medianDaysOnMarket))}
              />
              <MonthsOfSupply figures={current} />
            </dl>
          </section>

          <section aria-labelledby="market-trend-heading" className="mt-10">
            <h2 id="market-trend-heading" className="text-xl font-semibold text-stone-900 dark:text-stone-50">
              <Trans>The last 12 months</Trans>
            </h2>
            <div className="mt-4 grid gap-6">
              <div className="max-w-2xl rounded-2xl border border-stone-200 bg-white p-4 dark:border-stone-800 dark:bg-stone-900">
                <MarketTrendChart trend={report.trend} lang={lang} city={cityShown} monthToDate={report.monthToDate} />
              </div>
              <div
                // Relative: the screen-reader text of its links is absolutely placed, and would
                // otherwise stand outside the scroller and widen the page on a phone.
                className="relative overflow-x-auto rounded-2xl border border-stone-200 dark:border-stone-800"
                // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take the focus, or a keyboard cannot scroll it (axe: scrollable-region-focusable)
                tabIndex={0}
                role="region"
                aria-labelledby="market-table-caption"
              >
                <table className="w-full min-w-[32rem] text-left text-sm tabular-nums" data-testid="market-table">
                  <caption id="market-table-caption" className="sr-only">
                    {t`Monthly figures for ${place}`}
                  </caption>
                  <thead className="bg-stone-100 text-stone-700 dark:bg-stone-800 dark:text-stone-200">
                    <tr>
                      <th scope="col" className="px-3 py-2 font-medium whitespace-nowrap">{t`Month`}</th>
                      <th scope="col" className="px-3 py-2 text-right font-medium whitespace-nowrap">{t`Median list price`}</th>
                      <th scope="col" className="px-3 py-2 text-right font-medium whitespace-nowrap">{t`Price per sq ft`}</th>
                      <th scope="col" className="px-3 py-2 text-right font-medium whitespace-nowrap">{t`Active listings`}</th>
                      <th scope="col" className="px-3 py-2 text-right font-medium whitespace-nowrap">{t`New listings`}</th>
                      <th scope="col" className="px-3 py-2 text-right font-medium whitespace-nowrap">{t`Days on market`}</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-stone-200 bg-white text-stone-800 dark:divide-stone-800 dark:bg-stone-900 dark:text-stone-200">
                    {[...report.trend].reverse().map((month, index) => (
                      <tr key={month.month}>
                        <th scope="row" className="px-3 py-2 font-medium whitespace-nowrap">
                          {formatMonth(month.month, lang)}
                          {report.monthToDate && index === 0 ? (
                            <span className="block text-xs font-normal text-stone-600 dark:text-stone-400" data-testid="market-table-month-to-date">
                              <Trans>month to date</Trans>
                            </span>
                          ) : null}
                        </th>
                        <td className="px-3 py-2 text-right">{month.medianListPrice === null ? '—' : formatPrice(month.medianListPrice)}</td>
                        <td className="px-3 py-2 text-right">{month.medianPricePerSquareFoot === null ? '—' : formatPrice(month.medianPricePerSquareFoot)}</td>
                        <td className="px-3 py-2 text-right">
                          {index === 0 ? (
                            // The running month's count is today's: the search shows those homes. Past months' homes have moved on.
                            <MarketCountLink realtor={realtor} lang={lang} city={report} count={month.activeCount} />
                          ) : (
                            formatNumber(month.activeCount)
                          )}
                        </td>
                        <td className="px-3 py-2 text-right">{formatNumber(month.newListings)}</td>
                        <td className="px-3 py-2 text-right">{month.medianDaysOnMarket === null ? '—' : formatNumber(Math.round(month.medianDaysOnMarket))}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
            <p className="mt-3 text-sm text-stone-600 dark:text-stone-400">
              <Trans>
                Each month&apos;s figures were recorded after that month&apos;s last listings update. Active listings, new listings and days on market count
                homes for sale only; leases are left out.
              </Trans>
            </p>
          </section>

          <section aria-labelledby="market-email-heading" className="mt-10">
            <h2 id="market-email-heading" className="text-xl font-semibold text-stone-900 dark:text-stone-50">
              <Trans>This report by e-mail</Trans>
            </h2>
            <div className="mt-4">
              {/* Issue 27 item 5: monthly, double opt-in (decision 037). */}
              <Island
                of={marketSubscriptionIsland}
                props={{ realtorId: realtor.id, realtorName: name, desiredUrl: realtor.desiredUrl, state: report.state, city: report.city, cityShown, lang }}
              />
            </div>
          </section>

          <section aria-labelledby="market-selling-heading" className="mt-10">
            <h2 id="market-selling-heading" className="text-xl font-semibold text-stone-900 dark:text-stone-50">
              <Trans>Thinking of selling?</Trans>
            </h2>
            <div className="mt-4">
              <HomeValueInvitation lang={lang} desiredUrl={realtor.desiredUrl} />
            </div>
          </section>

          {others.length > 0 ? (
            <nav aria-labelledby="market-others-heading" className="mt-10">
              <h2 id="market-others-heading" className="text-xl font-semibold text-stone-900 dark:text-stone-50">
                <Trans>Other market reports</Trans>
              </h2>
              <ul className="mt-4 flex flex-wrap gap-3">
                {others.map((city) => (
                  <li key={city.slug}>
                    <Link
                      to="/{-$lang}/$desiredUrl/market/$city"
                      params={{ ...params, city: city.slug }}
                      className="inline-flex min-h-11 items-center rounded-full border border-stone-300 px-4 text-stone-800 hover:border-[var(--accent)] focus-visible:ring-2 focus-visible:ring-[var(--accent)] focus-visible:outline-none dark:border-stone-700 dark:text-stone-200"
                    >
                      {placeName(city.city, city.state, lang, realtor.activityRegion)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}

          <ListingDisclosures sources={[source]} lang={lang} />
        </>
      )}
    </RealtorPageShell>
  )
}
