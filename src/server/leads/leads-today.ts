import type { Expression, ExpressionBuilder, SqlBool } from 'kysely'
import { DEFAULT_TIME_ZONE, localMoment } from '~/lib/local-time'
import { leadTodayRequestSchema, type LeadToday, type LeadTodaySection } from '~/schemas/leads'
import type { Actor } from '~/server/auth/actor'
import { errors, parseInput } from '~/server/app-error'
import type { Database } from '~/server/db/schema'
import { ownedRealtorIds } from '~/server/realtors/owned-realtors'
import type { AppServices } from '~/server/services'
import { filteredLeads, leadRows, toItems, type LeadFilters } from './leads'
import { followUpCondition, realtorDays } from './realtor-day'

/*
 * The desk's "Today" (issue 52 item 1, decision 067): who to call today, in the order to call
 * them. Follow-ups that have come (on the realtor's calendar), the oldest day first; then new
 * leads no one has contacted, newest first; then tour requests still waiting for the realtor's
 * answer. A lead is listed once, in the first part it belongs to; archived leads are done with.
 */

/** Leads shown per part; the counts say how many there are in all, and "All leads" lists them. */
export const TODAY_SECTION_LIMIT = 50

type Condition = (eb: ExpressionBuilder<Database, 'lead'>) => Expression<SqlBool>

/** A tour request the visitor is still waiting to hear about. */
const waitingTour: Condition = (eb) =>
  eb.exists(eb.selectFrom('tourRequest').select('tourRequest.id').whereRef('tourRequest.id', '=', 'lead.id').where('tourRequest.status', '=', 'requested'))

export async function leadsForToday(services: AppServices, actor: Actor | null, input: unknown): Promise<LeadToday> {
  if (!actor) throw errors.unauthorized()
  const { realtorId, viewerLang } = parseInput(leadTodayRequestSchema, input)
  const ids = await ownedRealtorIds(services, actor, realtorId)
  const days = await realtorDays(services, ids)
  const first = ids[0] === undefined ? undefined : days.get(ids[0])
  const timeZone = first?.timeZone ?? DEFAULT_TIME_ZONE
  const today = first?.today ?? localMoment(services.now(), timeZone).date
  const empty: LeadTodaySection = { leads: [], total: 0 }
  if (ids.length === 0) return { today, timeZone, due: empty, fresh: empty, tours: empty }

  const filters: LeadFilters = { ids, days }
  // Spelled out, not `not due`: NOT over a NULL day is NULL in SQL, which would drop the leads without one.
  const notDue: Condition = (eb) => eb.or([followUpCondition(eb, 'none', days), followUpCondition(eb, 'upcoming', days)])
  const due: Condition = (eb) => eb.and([followUpCondition(eb, 'due', days), eb('lead.stage', '!=', 'archived')])
  const tours: Condition = (eb) => eb.and([notDue(eb), eb('lead.kind', '=', 'tour'), eb('lead.stage', 'not in', ['closed', 'archived']), waitingTour(eb)])
  const fresh: Condition = (eb) => eb.and([notDue(eb), eb('lead.stage', '=', 'new'), eb.not(waitingTour(eb))])

  async function section(condition: Condition, byFollowUp: boolean): Promise<LeadTodaySection> {
    const rows = leadRows(services, filters).where(condition)
    const ordered = byFollowUp ? rows.orderBy('lead.nextFollowUp', 'asc') : rows
    const [page, counted] = await Promise.all([
      ordered.orderBy('lead.createdAt', 'desc').orderBy('lead.id', 'desc').limit(TODAY_SECTION_LIMIT).execute(),
      filteredLeads(services, filters)
        .where(condition)
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirst(),
    ])
    return { leads: await toItems(services, page, viewerLang, days), total: Number(counted?.count ?? 0) }
  }

  const [dueSection, freshSection, tourSection] = await Promise.all([section(due, true), section(fresh, false), section(tours, false)])
  return { today, timeZone, due: dueSection, fresh: freshSection, tours: tourSection }
}
