import { listingTimeZone, utcToZonedWallTime, zonedWallTimeToUtc } from '~/lib/listing-time-zone'
import type { AppServices } from '~/server/services'
import { DEMO_SOURCE } from './demo-homes'
import { replaceFeedOpenHouses, type OpenHouseImportSummary } from './reso-open-houses'

/*
 * Demo open houses (issue 26 item 5): the newest homes of each demo city (two of each kind of
 * home, so every listings filter shows some) hold one next Saturday
 * and next Sunday, 1–4 pm local time, counted from the day the seed runs, so a fresh demo
 * always has upcoming ones. They are stored like a feed's (RESO OpenHouse rows under the
 * `demo` source), so the demo's listings and its open houses go through one code path, and
 * every card and page already says the listing is a demo.
 */

/** Newest homes per city and kind of home (house, condo, …) that get open houses: each listings tab shows some. */
export const DEMO_OPEN_HOUSE_HOMES_PER_CITY = 2

function addDays(date: string, days: number): string {
  const next = new Date(`${date}T12:00:00Z`)
  next.setUTCDate(next.getUTCDate() + days)
  return next.toISOString().slice(0, 10)
}

/** The next Saturday after `today` (1–7 days ahead) and the Sunday after it, as local dates. */
export function nextWeekendDates(today: string): [string, string] {
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay()
  const untilSaturday = ((6 - weekday + 7) % 7) + (weekday === 6 ? 7 : 0)
  const saturday = addDays(today, untilSaturday)
  return [saturday, addDays(saturday, 1)]
}

/** Replaces the demo source's open houses with next weekend's. */
export async function seedDemoOpenHouses(services: AppServices): Promise<OpenHouseImportSummary> {
  const homes = await services.db
    .selectFrom('home')
    .select(['listingKey', 'city', 'stateOrProvince', 'propertySubType', 'onMarketDate', 'id'])
    .where('source', '=', DEMO_SOURCE)
    .where('isListed', '=', 1)
    .where('standardStatus', '=', 'Active')
    .where('listingType', '=', 'sale')
    .orderBy('onMarketDate', 'desc')
    .orderBy('id', 'desc')
    .execute()
  const perCity = new Map<string, number>()
  const values: Array<Record<string, string>> = []
  const now = services.now()
  for (const home of homes) {
    const group = `${home.city}|${home.propertySubType}`
    const taken = perCity.get(group) ?? 0
    if (taken >= DEMO_OPEN_HOUSE_HOMES_PER_CITY) continue
    perCity.set(group, taken + 1)
    const zone = listingTimeZone(home.stateOrProvince)
    for (const date of nextWeekendDates(utcToZonedWallTime(now.toISOString(), zone).date)) {
      const start = zonedWallTimeToUtc(date, '13:00', zone)
      const end = zonedWallTimeToUtc(date, '16:00', zone)
      if (!start || !end) continue
      values.push({
        OpenHouseKey: `DEMO-OH-${home.listingKey}-${date}`,
        ListingKey: home.listingKey,
        OpenHouseStartTime: start.toISOString(),
        OpenHouseEndTime: end.toISOString(),
        OpenHouseType: 'Public',
        OpenHouseStatus: 'Active',
        OpenHouseRemarks: 'Demo open house (not a real event).',
      })
    }
  }
  return replaceFeedOpenHouses(services.db, DEMO_SOURCE, values, now)
}
