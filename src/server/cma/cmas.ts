import { randomUUID } from 'node:crypto'
import { msg } from '@lingui/core/macro'
import type { Selectable, Transaction } from 'kysely'
import { adjustedPriceOf } from '~/lib/cma-adjustments'
import {
  cmaAdjustmentsSchema,
  cmaCreateSchema,
  cmaListQuerySchema,
  cmaPatchSchema,
  cmaSubjectSchema,
  type Cma,
  type CmaComparable,
  type CmaList,
  type CmaShare,
  type CmaSubject,
} from '~/schemas/cma/cma'
import { AppError, errors, parseInput } from '~/server/app-error'
import { canManage, type Actor } from '~/server/auth/actor'
import type { CmaComparableTable, CmaShareTable, CmaTable, Database } from '~/server/db/schema'
import { reviseRealtorPages } from '~/server/pages/realtor-page-revisions'
import type { AppServices } from '~/server/services'
import { photoUrlOf } from '~/server/uploads/photo-address'
import { emptyAdjustments, rangeBasisOf } from './cma-adjustments'
import { chooseCmaComparables, CMA_FIRST_PICKED, type ChosenComparable } from './cma-candidates'

/*
 * A realtor's CMAs (issue 53 part 2, decision 074): create from a subject (and a seller lead),
 * list, read, change and delete. Every use case checks the one ownership rule; another realtor's
 * CMA does not exist for the caller (404 for every method, as leads are). Adjusted prices are
 * computed here from the grid on every write, never taken from a client.
 */

type CmaRow = Selectable<CmaTable>
type ComparableRow = Selectable<CmaComparableTable>
type ShareRow = Selectable<CmaShareTable>

export const cmaNotFound = () => new AppError('NOT_FOUND', msg`This market analysis was not found`)

/** The realtor the caller manages, or a 404 that does not say whether it exists. */
async function managedRealtor(services: AppServices, actor: Actor, realtorId: string) {
  const realtor = await services.db.selectFrom('realtor').select(['id', 'userId', 'desiredUrl']).where('id', '=', realtorId).executeTakeFirst()
  if (!realtor || !canManage(actor, realtor)) throw errors.realtorNotFound()
  return realtor
}

/** The caller's CMA with its realtor's address segment, or a 404 (another realtor's CMA included). */
export async function managedCma(services: AppServices, actor: Actor, id: string): Promise<CmaRow & { desiredUrl: string }> {
  const row = await services.db
    .selectFrom('cma')
    .innerJoin('realtor', 'realtor.id', 'cma.realtorId')
    .selectAll('cma')
    .select(['realtor.userId', 'realtor.desiredUrl'])
    .where('cma.id', '=', id.trim())
    .executeTakeFirst()
  if (!row || !canManage(actor, row)) throw cmaNotFound()
  const { userId: _userId, ...cma } = row
  return cma
}

/** The subject as stored: parsed again on the way out, so a row written by an older schema still reads. */
export function storedSubject(json: string): CmaSubject {
  return cmaSubjectSchema.parse(JSON.parse(json))
}

/** The grid as stored; a CMA saved before the market line existed reads it as 0. */
export function storedAdjustments(json: string) {
  const stored: unknown = JSON.parse(json)
  const parsed = cmaAdjustmentsSchema.safeParse(typeof stored === 'object' && stored !== null ? { market: 0, ...stored } : stored)
  return parsed.success ? parsed.data : emptyAdjustments()
}

export function comparableOf(row: ComparableRow, services: AppServices): CmaComparable {
  const facts = {
    id: row.id,
    listingKey: row.listingKey,
    picked: Number(row.picked) === 1,
    status: row.status,
    basis: row.basis,
    price: Number(row.price),
    date: row.date,
    city: row.city,
    beds: row.beds === null ? null : Number(row.beds),
    baths: row.baths === null ? null : Number(row.baths),
    livingArea: Number(row.livingArea),
    yearBuilt: row.yearBuilt === null ? null : Number(row.yearBuilt),
    lotSizeSquareFeet: row.lotSizeSquareFeet === null ? null : Number(row.lotSizeSquareFeet),
    photoUrl: row.photo === null ? null : photoUrlOf(services.storage, row.photo),
    adjustments: storedAdjustments(row.adjustments),
    adjustedPrice: Number(row.adjustedPrice),
    matchScore: Number(row.matchScore),
  }
  return row.address === null
    ? { ...facts, address: null, postalCode: null, distanceMiles: null }
    : { ...facts, address: row.address, postalCode: row.postalCode ?? '', distanceMiles: row.distanceMiles === null ? null : Number(row.distanceMiles) }
}

/** The share page's paths of a token, Korean and English. */
export function sharePaths(desiredUrl: string, token: string): CmaShare['paths'] {
  return { ko: `/${desiredUrl}/cma/${token}`, en: `/en/${desiredUrl}/cma/${token}` }
}

/** Whether a share link is live at `now`: not revoked and not past its expiry. */
export function isLiveShare(share: Pick<ShareRow, 'revokedAt' | 'expiresAt'>, now: Date): boolean {
  return share.revokedAt === null && (share.expiresAt === null || share.expiresAt > now.toISOString())
}

export function shareOf(row: ShareRow, desiredUrl: string): CmaShare {
  return { token: row.token, paths: sharePaths(desiredUrl, row.token), createdAt: row.createdAt, expiresAt: row.expiresAt, revokedAt: row.revokedAt }
}

async function liveShare(services: AppServices, cmaId: string): Promise<ShareRow | undefined> {
  const rows = await services.db
    .selectFrom('cmaShare')
    .selectAll()
    .where('cmaId', '=', cmaId)
    .where('revokedAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .execute()
  const now = services.now()
  return rows.find((row) => isLiveShare(row, now))
}

export async function readCmaComparables(services: AppServices, cmaId: string): Promise<Array<CmaComparable>> {
  const rows = await services.db.selectFrom('cmaComparable').selectAll().where('cmaId', '=', cmaId).orderBy('position').execute()
  return rows.map((row) => comparableOf(row, services))
}

async function cmaOf(services: AppServices, row: CmaRow, desiredUrl: string): Promise<Cma> {
  const [comparables, share] = await Promise.all([readCmaComparables(services, row.id), liveShare(services, row.id)])
  return {
    id: row.id,
    realtorId: row.realtorId,
    leadId: row.leadId,
    subject: storedSubject(row.subject),
    comparables,
    rangeBasis: rangeBasisOf(comparables),
    recommendedLow: row.recommendedLow === null ? null : Number(row.recommendedLow),
    recommendedHigh: row.recommendedHigh === null ? null : Number(row.recommendedHigh),
    note: row.note,
    status: row.status,
    sentAt: row.sentAt,
    share: share ? shareOf(share, desiredUrl) : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }
}

async function insertComparables(trx: Transaction<Database>, cmaId: string, chosen: ReadonlyArray<ChosenComparable>): Promise<void> {
  if (chosen.length === 0) return
  await trx
    .insertInto('cmaComparable')
    .values(
      chosen.map(({ adjustments, ...home }, position) => ({
        id: randomUUID(),
        cmaId,
        position,
        picked: position < CMA_FIRST_PICKED ? 1 : 0,
        ...home,
        adjustments: JSON.stringify(adjustments),
      })),
    )
    .execute()
}

/** A lead of the same realtor, or a field error: a CMA is sent to the lead it names. */
async function checkedLead(services: AppServices, realtorId: string, leadId: string): Promise<void> {
  const lead = await services.db.selectFrom('lead').select('kind').where('id', '=', leadId).where('realtorId', '=', realtorId).executeTakeFirst()
  if (!lead)
    throw new AppError('VALIDATION_FAILED', msg`Some fields need your attention`, {
      fieldErrors: { leadId: [msg`This lead was not found among your leads`.id] },
    })
  // A CMA is sent to the seller whose home it values (cma-send.ts): a buyer's message or a tour has no such home.
  if (lead.kind !== 'seller')
    throw new AppError('VALIDATION_FAILED', msg`Some fields need your attention`, {
      fieldErrors: { leadId: [msg`Choose one of your seller leads: a market analysis values a seller's home`.id] },
    })
}

/** `POST /cmas`: `{ realtorId, subject, leadId? }` → the CMA with its candidates ranked by match, the best picked. */
export async function createCma(services: AppServices, actor: Actor, input: unknown): Promise<Cma> {
  const request = parseInput(cmaCreateSchema, input)
  const realtor = await managedRealtor(services, actor, request.realtorId)
  if (request.leadId !== undefined) await checkedLead(services, realtor.id, request.leadId)
  const chosen = await chooseCmaComparables(services, realtor.id, request.subject)
  const now = services.now().toISOString()
  const id = randomUUID()
  await services.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('cma')
      .values({
        id,
        realtorId: realtor.id,
        leadId: request.leadId ?? null,
        subject: JSON.stringify(request.subject),
        recommendedLow: null,
        recommendedHigh: null,
        note: '',
        status: 'draft',
        sentAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute()
    await insertComparables(trx, id, chosen)
  })
  return getCma(services, actor, id)
}

/** `GET /cmas?realtorId=`: newest change first, without the comparables. */
export async function listCmas(services: AppServices, actor: Actor, query: unknown): Promise<CmaList> {
  const { realtorId } = parseInput(cmaListQuerySchema, query)
  const realtor = await managedRealtor(services, actor, realtorId)
  const rows = await services.db
    .selectFrom('cma')
    .selectAll()
    .where('realtorId', '=', realtor.id)
    .orderBy('updatedAt', 'desc')
    .orderBy('id')
    .limit(500)
    .execute()
  const cmas = await Promise.all(
    rows.map(async (row) => {
      const { comparables, ...cma } = await cmaOf(services, row, realtor.desiredUrl)
      return { ...cma, pickedCount: comparables.filter((home) => home.picked).length }
    }),
  )
  return { cmas }
}

/** `GET /cmas/{id}`. */
export async function getCma(services: AppServices, actor: Actor, id: string): Promise<Cma> {
  const row = await managedCma(services, actor, id)
  return cmaOf(services, row, row.desiredUrl)
}

/**
 * `PATCH /cmas/{id}`: only what is given changes. A comparable named that is not this CMA's is a
 * field error. A new subject chooses the comparables again (the old ones were for another home).
 */
export async function patchCma(services: AppServices, actor: Actor, id: string, input: unknown): Promise<Cma> {
  const patch = parseInput(cmaPatchSchema, input)
  const cma = await managedCma(services, actor, id)
  const low = patch.recommendedLow === undefined ? cma.recommendedLow : patch.recommendedLow
  const high = patch.recommendedHigh === undefined ? cma.recommendedHigh : patch.recommendedHigh
  if (low !== null && high !== null && Number(low) > Number(high))
    throw new AppError('VALIDATION_FAILED', msg`Some fields need your attention`, {
      fieldErrors: { recommendedHigh: [msg`The low end must not be above the high end`.id] },
    })
  const rechosen = patch.subject ? await chooseCmaComparables(services, cma.realtorId, patch.subject) : undefined
  const now = services.now().toISOString()
  await services.db.transaction().execute(async (trx) => {
    if (rechosen) {
      await trx.deleteFrom('cmaComparable').where('cmaId', '=', cma.id).execute()
      await insertComparables(trx, cma.id, rechosen)
    }
    if (patch.comparables && patch.comparables.length > 0) {
      const rows = await trx.selectFrom('cmaComparable').selectAll().where('cmaId', '=', cma.id).execute()
      const byId = new Map(rows.map((row) => [row.id, row]))
      const unknown = patch.comparables.findIndex((change) => !byId.has(change.id))
      if (unknown !== -1)
        throw new AppError('VALIDATION_FAILED', msg`Some fields need your attention`, {
          fieldErrors: { [`comparables.${unknown}.id`]: [msg`This comparable is not part of this market analysis`.id] },
        })
      for (const change of patch.comparables) {
        const row = byId.get(change.id)
        if (!row) continue
        const adjustments = { ...storedAdjustments(row.adjustments), ...change.adjustments }
        await trx
          .updateTable('cmaComparable')
          .set({
            picked: change.picked === undefined ? row.picked : change.picked ? 1 : 0,
            adjustments: JSON.stringify(adjustments),
            adjustedPrice: adjustedPriceOf(Number(row.price), adjustments),
          })
          .where('id', '=', row.id)
          .execute()
      }
    }
    await trx
      .updateTable('cma')
      .set({
        ...(patch.subject ? { subject: JSON.stringify(patch.subject) } : {}),
        ...(patch.note === undefined ? {} : { note: patch.note }),
        recommendedLow: low,
        recommendedHigh: high,
        updatedAt: now,
      })
      .where('id', '=', cma.id)
      .execute()
    // A shared report shows the change at once: its stored page (and a CDN's copy) is made again.
    if (await isShared(trx, cma.id)) await reviseRealtorPages(trx, services, [cma.realtorId])
  })
  return getCma(services, actor, cma.id)
}

/** Whether a link to the CMA may be stored somewhere: one not revoked (an expired one's page already ended by itself). */
async function isShared(trx: Transaction<Database>, cmaId: string): Promise<boolean> {
  const row = await trx.selectFrom('cmaShare').select('id').where('cmaId', '=', cmaId).where('revokedAt', 'is', null).executeTakeFirst()
  return row !== undefined
}

/** `DELETE /cmas/{id}`: its comparables and share links with it (the foreign keys cascade). */
export async function deleteCma(services: AppServices, actor: Actor, id: string): Promise<{ id: string }> {
  const cma = await managedCma(services, actor, id)
  await services.db.transaction().execute(async (trx) => {
    // Explicit as well as cascaded: SQLite enforces foreign keys only where the connection turned them on.
    const shared = await isShared(trx, cma.id)
    await trx.deleteFrom('cmaShare').where('cmaId', '=', cma.id).execute()
    await trx.deleteFrom('cmaComparable').where('cmaId', '=', cma.id).execute()
    await trx.deleteFrom('cma').where('id', '=', cma.id).execute()
    if (shared) await reviseRealtorPages(trx, services, [cma.realtorId])
  })
  return { id: cma.id }
}

/**
 * A realtor's CMAs as the data export writes them (decision 069): whole, with every share link's
 * dates but not its token, which is a live key to the report and not content to take away.
 */
export async function realtorCmasForExport(services: AppServices, realtorId: string, desiredUrl: string) {
  const rows = await services.db.selectFrom('cma').selectAll().where('realtorId', '=', realtorId).orderBy('createdAt').orderBy('id').execute()
  return Promise.all(
    rows.map(async (row) => {
      const { share: _share, ...cma } = await cmaOf(services, row, desiredUrl)
      const shares = await services.db
        .selectFrom('cmaShare')
        .select(['createdAt', 'expiresAt', 'revokedAt'])
        .where('cmaId', '=', row.id)
        .orderBy('createdAt')
        .execute()
      return { ...cma, shares }
    }),
  )
}
