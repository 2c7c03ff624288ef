import { sql } from 'kysely'
import { statisticsQuerySchema, type Statistics, type StatisticsDay, type StatisticsPeriod } from '~/schemas/statistics'
import { canManage, type Actor } from '~/server/auth/actor'
import { errors, parseInput } from '~/server/app-error'
import type { AppServices } from '~/server/services'
import { REFERRER_CLASSES, type ReferrerClass } from './referrer'

/*
 * What the editor's Statistics tab and `GET /realtors/{id}/statistics` show (issue 14): the
 * last 30 or 90 UTC days, today included, from the daily sums. Counts of the last few seconds
 * are still in the serving processes' memory until their next flush.
 */

const TOP = 10
const DAY_MS = 24 * 60 * 60_000

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10)
}

function isReferrerClass(value: string): value is ReferrerClass {
  return REFERRER_CLASSES.some((item) => item === value)
}

/** The statistics of one realtor, for its owner or an admin. */
export async function getStatistics(services: AppServices, actor: Actor | null, input: unknown): Promise<Statistics> {
  if (!actor) throw errors.unauthorized()
  const query = parseInput(statisticsQuerySchema, input)
  const realtor = await services.db.selectFrom('realtor').select(['id', 'userId']).where('id', '=', query.realtorId).executeTakeFirst()
  if (!realtor) throw errors.realtorNotFound()
  if (!canManage(actor, realtor)) throw errors.forbidden()
  return readStatistics(services, realtor.id, query.days)
}

/** The figures themselves, without the ownership check (tests, the use case above). */
export async function readStatistics(services: Pick<AppServices, 'db' | 'now'>, realtorId: string, days: StatisticsPeriod): Promise<Statistics> {
  const today = services.now()
  const to = isoDay(today)
  const from = isoDay(new Date(today.getTime() - (days - 1) * DAY_MS))
  const { db } = services
  const inPeriod = db.selectFrom('visitDaily').where('realtorId', '=', realtorId).where('day', '>=', from).where('day', '<=', to)

  const [perDay, perLang, listings, referrers] = await Promise.all([
    inPeriod
      .select((eb) => [
        'day',
        'pageKind',
        eb.fn.sum<number | string>('views').as('views'),
        eb.fn.sum<number | string>('messages').as('messages'),
        eb.fn.sum<number | string>('savedSearches').as('savedSearches'),
      ])
      .groupBy(['day', 'pageKind'])
      .execute(),
    inPeriod
      .select((eb) => ['lang', eb.fn.sum<number | string>('views').as('views')])
      .groupBy('lang')
      .execute(),
    inPeriod
      .where('pageKind', '=', 'listing')
      .where('views', '>', 0)
      .select((eb) => ['listingKey', eb.fn.sum<number | string>('views').as('views')])
      .groupBy('listingKey')
      .orderBy(sql`sum(views)`, 'desc')
      .orderBy('listingKey')
      .limit(TOP)
      .execute(),
    inPeriod
      .where('views', '>', 0)
      .select((eb) => ['referrerClass', 'referrerHost', eb.fn.sum<number | string>('views').as('views')])
      .groupBy(['referrerClass', 'referrerHost'])
      .orderBy(sql`sum(views)`, 'desc')
      .orderBy('referrerClass')
      .orderBy('referrerHost')
      .limit(TOP)
      .execute(),
  ])

  const byDay = new Map<string, StatisticsDay>()
  for (let index = 0; index < days; index++) {
    const day = isoDay(new Date(today.getTime() - (days - 1 - index) * DAY_MS))
    byDay.set(day, { day, views: 0, homeViews: 0, listingViews: 0, messages: 0 })
  }
  let savedSearches = 0
  for (const row of perDay) {
    const entry = byDay.get(row.day)
    if (!entry) continue
    const views = Number(row.views)
    entry.views += views
    if (row.pageKind === 'listing') entry.listingViews += views
    else entry.homeViews += views
    entry.messages += Number(row.messages)
    savedSearches += Number(row.savedSearches)
  }
  const daily = [...byDay.values()]
  const sum = (pick: (day: StatisticsDay) => number) => daily.reduce((total, day) => total + pick(day), 0)
  const views = sum((day) => day.views)
  const messages = sum((day) => day.messages)
  const langViews = (lang: string) => Number(perLang.find((row) => row.lang === lang)?.views ?? 0)
  return {
    realtorId,
    days,
    from,
    to,
    daily,
    totals: {
      views,
      homeViews: sum((day) => day.homeViews),
      listingViews: sum((day) => day.listingViews),
      ko: langViews('ko'),
      en: langViews('en'),
      messages,
      savedSearches,
      messagesPer100Views: views > 0 ? Math.round((messages / views) * 1000) / 10 : null,
    },
    topListings: listings.map((row) => ({ listingKey: row.listingKey, views: Number(row.views) })),
    topReferrers: referrers.flatMap((row) =>
      isReferrerClass(row.referrerClass) ? [{ referrerClass: row.referrerClass, referrerHost: row.referrerHost, views: Number(row.views) }] : [],
    ),
  }
}
