import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely'
import { DEFAULT_TIME_ZONE, isTimeZone, localMoment } from '~/lib/local-time'
import type { LeadFollowUpFilter } from '~/schemas/leads'
import type { Database } from '~/server/db/schema'
import type { AppServices } from '~/server/services'

/*
 * A follow-up day is a day of the realtor's own calendar (decision 067): it has come when it is
 * today or earlier where the realtor lives, the time zone of their lead settings (the digest's),
 * whatever the clock of the browser or the server says. Today is worked out here with Intl from
 * the service clock; the databases only compare `YYYY-MM-DD` texts, which SQLite and PostgreSQL
 * order alike.
 */

export type RealtorDay = { today: string; timeZone: string }

/** Each realtor's today and time zone, by realtor id (a realtor without settings lives in the default zone). */
export async function realtorDays(services: AppServices, realtorIds: ReadonlyArray<string>): Promise<Map<string, RealtorDay>> {
  const days = new Map<string, RealtorDay>()
  if (realtorIds.length === 0) return days
  const settings = await services.db
    .selectFrom('realtorLeadSettings')
    .select(['realtorId', 'timeZone'])
    .where('realtorId', 'in', [...realtorIds])
    .execute()
  const zones = new Map(settings.map((row) => [row.realtorId, row.timeZone]))
  const now = services.now()
  for (const id of realtorIds) {
    const stored = zones.get(id)
    const timeZone = stored && isTimeZone(stored) ? stored : DEFAULT_TIME_ZONE
    days.set(id, { today: localMoment(now, timeZone).date, timeZone })
  }
  return days
}

/** Whether a follow-up day has come on its realtor's calendar. */
export function isDue(nextFollowUp: string | null, day: RealtorDay | undefined): boolean {
  // ISO days compare as text.
  return nextFollowUp !== null && day !== undefined && nextFollowUp <= day.today
}

type LeadRef = ExpressionBuilder<Database, 'lead'>

/**
 * The condition of a follow-up filter on `lead`: realtors sharing a today are asked together,
 * so an account with several realtors in different zones costs one clause per distinct day.
 */
export function followUpCondition(eb: LeadRef, filter: LeadFollowUpFilter, days: ReadonlyMap<string, RealtorDay>): Expression<SqlBool> {
  if (filter === 'none') return eb('lead.nextFollowUp', 'is', null)
  const byDay = new Map<string, Array<string>>()
  for (const [id, day] of days) byDay.set(day.today, [...(byDay.get(day.today) ?? []), id])
  const comparison = filter === 'due' ? '<=' : '>'
  const clauses = [...byDay].map(([today, ids]) => eb.and([eb('lead.realtorId', 'in', ids), eb('lead.nextFollowUp', comparison, today)]))
  return clauses.length === 0 ? sql<SqlBool>`1 = 0` : eb.or(clauses)
}
