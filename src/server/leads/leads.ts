import { msg } from '@lingui/core/macro'
import { sql, type Expression, type SqlBool } from 'kysely'
import { i18nFor, loadCatalog } from '~/i18n/i18n'
import type { Lang } from '~/lib/lang'
import {
  leadStageSchema,
  leadsQuerySchema,
  leadUpdateBodySchema,
  type LeadFollowUpFilter,
  type LeadItem,
  type LeadPage,
  type LeadStageCounts,
} from '~/schemas/leads'
import type { Actor } from '~/server/auth/actor'
import { errors, parseInput } from '~/server/app-error'
import { knownCursor, readNewestFirstPage } from '~/server/db/newest-first'
import { managedLeadRow, ownedRealtorIds } from '~/server/realtors/owned-realtors'
import type { AppServices } from '~/server/services'
import { moveLeadStage, setLeadFollowUp } from './lead-events'
import { leadSummaries } from './lead-summaries'
import { followUpCondition, isDue, realtorDays, type RealtorDay } from './realtor-day'
import { decodeFollowUpCursor, encodeFollowUpCursor, FOLLOW_UP_LAST } from './follow-up-cursor'
import { recordIdRequestSchema } from '~/schemas/record-id'
import { messageId } from '~/schemas/messages'

/*
 * The lead desk (issue 26 items 2 and 6, decision 020): every lead of the owner's realtors,
 * whatever its kind, from the one `lead` table; the realtor's stage and next follow-up day.
 * A lead of another realtor does not exist for the caller (404 for every method), so ids
 * cannot be probed.
 */

const GONE_PAGE = msg`This page of leads no longer exists. Start from the newest.`

/** The shared query, and a cursor this server made for this order: an old or forged one names no page. */
const listQuerySchema = leadsQuerySchema
  .extend({ cursor: knownCursor(leadsQuerySchema.shape.cursor, GONE_PAGE) })
  .refine((query) => query.sort !== 'nextFollowUp' || query.cursor === undefined || decodeFollowUpCursor(query.cursor) !== undefined, {
    error: messageId(GONE_PAGE),
    path: ['cursor'],
  })

/** `%`, `_` and the escape character itself taken literally in a LIKE pattern (escaped with `!`). */
export function likeContains(text: string): string {
  return `%${text.replace(/[!%_]/g, (char) => `!${char}`)}%`
}

/**
 * The search text as the lowercased columns compare it: ASCII letters lowered, as SQLite's
 * `lower()` lowers them (PostgreSQL's lowers more, which only widens a match). Korean has no case.
 */
export function searchKey(text: string): string {
  return text.replace(/[A-Z]/g, (char) => char.toLowerCase())
}

function emptyCounts(): LeadStageCounts {
  return { new: 0, contacted: 0, appointment: 0, client: 0, closed: 0, archived: 0 }
}

export type LeadFilters = {
  ids: ReadonlyArray<string>
  kind?: LeadItem['kind']
  lang?: Lang
  q?: string
  nextFollowUp?: LeadFollowUpFilter
  /** Each realtor's today, for the follow-up filter and the `followUpDue` of each lead. */
  days: ReadonlyMap<string, RealtorDay>
}

/** The leads of the realtors, with the kind, language, follow-up and text filters (the stage is applied apart, for the counts). */
export function filteredLeads(services: AppServices, filters: LeadFilters) {
  let query = services.db.selectFrom('lead').where('lead.realtorId', 'in', filters.ids)
  if (filters.kind) query = query.where('lead.kind', '=', filters.kind)
  if (filters.lang) query = query.where('lead.lang', '=', filters.lang)
  const followUp = filters.nextFollowUp
  if (followUp) query = query.where((eb) => followUpCondition(eb, followUp, filters.days))
  const q = filters.q
  if (q) {
    // Lowercased on both sides: LIKE's own case rules differ between SQLite and PostgreSQL.
    const pattern = likeContains(searchKey(q))
    query = query.where((eb) =>
      eb.or([
        sql<SqlBool>`lower(coalesce(${eb.ref('lead.name')}, '')) like ${pattern} escape '!'`,
        sql<SqlBool>`${eb.ref('lead.emailKey')} like ${pattern} escape '!'`,
      ] satisfies Array<Expression<SqlBool>>),
    )
  }
  return query
}

/** The columns of a list item, with its notes counted in the same query. */
export function leadRows(services: AppServices, filters: LeadFilters) {
  return filteredLeads(services, filters)
    .select([
      'lead.id',
      'lead.realtorId',
      'lead.kind',
      'lead.stage',
      'lead.name',
      'lead.email',
      'lead.phone',
      'lead.lang',
      'lead.sourcePage',
      'lead.listingKey',
      'lead.nextFollowUp',
      'lead.replyState',
      'lead.replySentAt',
      'lead.createdAt',
    ])
    .select((eb) => eb.selectFrom('leadNote').whereRef('leadNote.leadId', '=', 'lead.id').select(eb.fn.countAll().as('count')).as('notesCount'))
}

type LeadRowsQuery = ReturnType<typeof leadRows>
export type LeadRow = Awaited<ReturnType<LeadRowsQuery['execute']>>[number]

export async function toItems(
  services: AppServices,
  rows: ReadonlyArray<LeadRow>,
  viewerLang: Lang,
  days: ReadonlyMap<string, RealtorDay>,
): Promise<Array<LeadItem>> {
  await loadCatalog(viewerLang)
  const summaries = await leadSummaries(services.db, rows, i18nFor(viewerLang))
  return rows.map(({ notesCount, ...row }) => ({
    ...row,
    followUpDue: isDue(row.nextFollowUp, days.get(row.realtorId)),
    notesCount: Number(notesCount ?? 0),
    summary: summaries.get(row.id) ?? null,
  }))
}

/** The follow-up day as it sorts: a lead without one after every lead with one. */
const followUpKey = sql<string>`coalesce(${sql.ref('lead.nextFollowUp')}, ${FOLLOW_UP_LAST})`

/**
 * A page of leads by follow-up day, the earliest first (then newest first within a day), after
 * `cursor`; the same keyset paging as the newest-first lists, with the day in front.
 */
async function readFollowUpFirstPage(
  query: LeadRowsQuery,
  cursor: string | undefined,
  limit: number,
): Promise<{ page: Array<LeadRow>; nextCursor: string | null }> {
  const after = cursor === undefined ? undefined : decodeFollowUpCursor(cursor)
  const rest = after
    ? query.where(
        (eb) =>
          sql<SqlBool>`(${followUpKey} > ${after.followUp} or (${followUpKey} = ${after.followUp} and (${eb.ref('lead.createdAt')}, ${eb.ref('lead.id')}) < (${after.createdAt}, ${after.id})))`,
      )
    : query
  const rows = await rest
    .orderBy(followUpKey, 'asc')
    .orderBy('lead.createdAt', 'desc')
    .orderBy('lead.id', 'desc')
    .limit(limit + 1)
    .execute()
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return { page, nextCursor: rows.length > limit && last ? encodeFollowUpCursor(last) : null }
}

/**
 * The owner's leads of every kind, newest first, a page at a time (an admin may name any
 * realtor): filtered by kind, stage, language and part of a name or e-mail address. The
 * counts per stage follow every filter but the stage, so the stage filter can show them all.
 * Summaries are put in `viewerLang`, the language of whoever reads the list.
 */
export async function listLeads(services: AppServices, actor: Actor | null, query: unknown, viewerLang: Lang): Promise<LeadPage> {
  if (!actor) throw errors.unauthorized()
  const { realtorId, kind, stage, lang, q, nextFollowUp, sort, limit, cursor } = parseInput(listQuerySchema, query)
  const ids = await ownedRealtorIds(services, actor, realtorId)
  if (ids.length === 0) return { leads: [], nextCursor: null, total: 0, stageCounts: emptyCounts() }
  const days = await realtorDays(services, ids)
  const filters: LeadFilters = { ids, kind, lang, q, nextFollowUp, days }
  let pageQuery = leadRows(services, filters)
  if (stage) pageQuery = pageQuery.where('lead.stage', '=', stage)
  const [{ page, nextCursor }, stageRows] = await Promise.all([
    sort === 'nextFollowUp' ? readFollowUpFirstPage(pageQuery, cursor, limit) : readNewestFirstPage(pageQuery, cursor, limit, 'lead'),
    filteredLeads(services, filters)
      .select((eb) => ['lead.stage', eb.fn.countAll().as('count')])
      .groupBy('lead.stage')
      .execute(),
  ])
  const stageCounts = emptyCounts()
  for (const row of stageRows) {
    const known = leadStageSchema.safeParse(row.stage)
    if (known.success) stageCounts[known.data] = Number(row.count)
  }
  const total = stage ? stageCounts[stage] : Object.values(stageCounts).reduce((sum, count) => sum + count, 0)
  return { leads: await toItems(services, page, viewerLang, days), nextCursor, total, stageCounts }
}

/**
 * The lead with the account that owns its realtor, or a 404 for anyone who may not manage it:
 * another realtor's lead does not exist for them, whatever the method.
 */
export async function managedLead(services: AppServices, actor: Actor | null, id: string): Promise<{ id: string; realtorId: string }> {
  if (!actor) throw errors.unauthorized()
  const row = await services.db.selectFrom('lead').select(['id', 'realtorId']).where('id', '=', id).executeTakeFirst()
  return managedLeadRow(services, actor, row)
}

/** One lead as the list shows it. */
export async function readLead(services: AppServices, actor: Actor | null, input: unknown, viewerLang: Lang): Promise<LeadItem> {
  const { id } = parseInput(recordIdRequestSchema, input)
  const lead = await managedLead(services, actor, id)
  const days = await realtorDays(services, [lead.realtorId])
  const rows = await leadRows(services, { ids: [lead.realtorId], days })
    .where('lead.id', '=', lead.id)
    .execute()
  const [item] = await toItems(services, rows, viewerLang, days)
  if (!item) throw errors.notFound()
  return item
}

/**
 * The realtor moves a lead along the pipeline or sets (or clears, with null) the day to
 * follow it up. A stage set to the one it has keeps its `stageChangedAt`.
 */
export async function updateLead(services: AppServices, actor: Actor | null, id: string, body: unknown, viewerLang: Lang): Promise<LeadItem> {
  if (!actor) throw errors.unauthorized()
  const lead = await managedLead(services, actor, parseInput(recordIdRequestSchema, { id }).id)
  const change = parseInput(leadUpdateBodySchema, body)
  const now = services.now().toISOString()
  await services.db.transaction().execute(async (trx) => {
    if (change.stage !== undefined) await moveLeadStage(trx, lead, change.stage, now)
    if (change.nextFollowUp !== undefined) await setLeadFollowUp(trx, lead, change.nextFollowUp, now)
    if (change.lang !== undefined) {
      await trx.updateTable('lead').set({ lang: change.lang, updatedAt: now }).where('id', '=', lead.id).execute()
    }
  })
  return readLead(services, actor, { id: lead.id }, viewerLang)
}
