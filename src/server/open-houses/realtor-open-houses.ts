import { randomUUID } from 'node:crypto'
import { msg } from '@lingui/core/macro'
import { listingTimeZone, zonedWallTimeToUtc } from '~/lib/listing-time-zone'
import { openHouseInputSchema, openHouseListQuerySchema, type RealtorOpenHouse, type RealtorOpenHouseList } from '~/schemas/open-houses'
import { AppError, errors, parseInput } from '~/server/app-error'
import { canManage, type Actor } from '~/server/auth/actor'
import type { AppServices } from '~/server/services'
import { ADDRESS_COLUMNS, addressOf } from '~/server/listings/homes'
import { enqueuePurge } from '~/server/cdn-purge/outbox'
import { bumpOpenHouseRevision, toOpenHouse } from './open-house-store'

/*
 * A realtor's own open houses (issue 26 item 5, decision 023). Realtors do not own MLS
 * listings here, so a realtor may add one to any listing their site shows; it shows only on
 * that realtor's pages. Another realtor's open house is 404 for every method, like a lead.
 */

/** Upcoming open houses a realtor may keep at once: a season of weekends on a few listings. */
export const MAX_UPCOMING_PER_REALTOR = 100
/** How far ahead one may be set. */
const MAX_DAYS_AHEAD = 366

const openHouseNotFound = () => new AppError('NOT_FOUND', msg`This open house was not found`)

async function managedRealtor(services: AppServices, actor: Actor, realtorId: string | undefined): Promise<{ id: string }> {
  const query = services.db.selectFrom('realtor').select(['id', 'userId'])
  const realtor = realtorId
    ? await query.where('id', '=', realtorId).executeTakeFirst()
    : await query.where('userId', '=', actor.userId).orderBy('createdAt').executeTakeFirst()
  // Another realtor's site is not disclosed: 404, as for their leads.
  if (!realtor || !canManage(actor, realtor)) throw errors.realtorNotFound()
  return realtor
}

async function managedRealtorIds(services: AppServices, actor: Actor, realtorId: string | undefined): Promise<Array<string>> {
  if (realtorId) return [(await managedRealtor(services, actor, realtorId)).id]
  const owned = await services.db.selectFrom('realtor').select('id').where('userId', '=', actor.userId).execute()
  return owned.map((row) => row.id)
}

const LIST_COLUMNS = [
  'openHouse.id',
  'openHouse.homeId',
  'openHouse.source',
  'openHouse.realtorId',
  'openHouse.startsAt',
  'openHouse.endsAt',
  'openHouse.timeZone',
  'openHouse.kind',
  'openHouse.remarks',
  'home.listingKey',
  ...ADDRESS_COLUMNS,
] as const

async function readOwned(services: AppServices, realtorIds: ReadonlyArray<string>, id?: string): Promise<Array<RealtorOpenHouse>> {
  if (realtorIds.length === 0) return []
  const rows = await services.db
    .selectFrom('openHouse')
    .innerJoin('home', 'home.id', 'openHouse.homeId')
    .select(LIST_COLUMNS)
    .where('openHouse.source', '=', 'realtor')
    .where('openHouse.realtorId', 'in', [...realtorIds])
    .where('openHouse.endsAt', '>', services.now().toISOString())
    .$if(id !== undefined, (query) => query.where('openHouse.id', '=', id ?? ''))
    .orderBy('openHouse.startsAt')
    .orderBy('openHouse.id')
    .limit(MAX_UPCOMING_PER_REALTOR * realtorIds.length)
    .execute()
  return rows.map((row) => ({
    ...toOpenHouse(row),
    realtorId: row.realtorId ?? '',
    listingKey: row.listingKey,
    address: addressOf(row),
  }))
}

/** `GET /open-houses`: the actor's realtors' upcoming open houses, soonest first. */
export async function listRealtorOpenHouses(services: AppServices, actor: Actor, input: unknown): Promise<RealtorOpenHouseList> {
  const query = parseInput(openHouseListQuerySchema, input)
  return { openHouses: await readOwned(services, await managedRealtorIds(services, actor, query.realtorId)) }
}

/**
 * `POST /open-houses`: the date and times are the listing's wall clock (its zone from its
 * state), as visitors will read them. A time already past, an end before the start, a date
 * over a year ahead or a listing not shown: field errors.
 */
export async function createRealtorOpenHouse(services: AppServices, actor: Actor, input: unknown): Promise<RealtorOpenHouse> {
  const data = parseInput(openHouseInputSchema, input)
  const realtor = await managedRealtor(services, actor, data.realtorId)
  const home = await services.db
    .selectFrom('home')
    .select(['id', 'stateOrProvince'])
    .where('listingKey', '=', data.listingKey)
    .where('isListed', '=', 1)
    .executeTakeFirst()
  if (!home) {
    throw new AppError('VALIDATION_FAILED', msg`Some fields need your attention`, {
      fieldErrors: { listingKey: [msg`No listed home has this number`.id] },
    })
  }
  const timeZone = listingTimeZone(home.stateOrProvince)
  const start = zonedWallTimeToUtc(data.date, data.startTime, timeZone)
  const end = zonedWallTimeToUtc(data.date, data.endTime, timeZone)
  if (!start || !end) {
    throw new AppError('VALIDATION_FAILED', msg`Some fields need your attention`, { fieldErrors: { date: [msg`Choose a date`.id] } })
  }
  const now = services.now()
  if (start.getTime() <= now.getTime()) {
    throw new AppError('VALIDATION_FAILED', msg`Some fields need your attention`, {
      fieldErrors: { startTime: [msg`This time has already passed`.id] },
    })
  }
  if (start.getTime() > now.getTime() + MAX_DAYS_AHEAD * 86_400_000) {
    throw new AppError('VALIDATION_FAILED', msg`Some fields need your attention`, {
      fieldErrors: { date: [msg`Choose a date within a year`.id] },
    })
  }
  const id = randomUUID()
  const stamp = now.toISOString()
  await services.db.transaction().execute(async (trx) => {
    const upcoming = await trx
      .selectFrom('openHouse')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('realtorId', '=', realtor.id)
      .where('endsAt', '>', stamp)
      .executeTakeFirst()
    if (Number(upcoming?.count ?? 0) >= MAX_UPCOMING_PER_REALTOR) {
      throw new AppError('CONFLICT', msg`You have 100 upcoming open houses; delete some before adding more`)
    }
    await trx
      .insertInto('openHouse')
      .values({
        id,
        homeId: home.id,
        source: 'realtor',
        realtorId: realtor.id,
        feedSource: null,
        sourceKey: null,
        startsAt: start.toISOString(),
        endsAt: end.toISOString(),
        timeZone,
        kind: data.kind,
        remarks: data.remarks ?? null,
        createdAt: stamp,
        updatedAt: stamp,
      })
      .execute()
    await bumpOpenHouseRevision(trx)
    await enqueuePurge(trx, services, ['listings'])
  })
  const [created] = await readOwned(services, [realtor.id], id)
  if (!created) throw openHouseNotFound()
  return created
}

/** `DELETE /open-houses/{id}`: the owner's (or an admin's); anyone else's, and the MLS's, are 404. */
export async function deleteRealtorOpenHouse(services: AppServices, actor: Actor, input: { id: string }): Promise<{ id: string }> {
  const row = await services.db
    .selectFrom('openHouse')
    .innerJoin('realtor', 'realtor.id', 'openHouse.realtorId')
    .select(['openHouse.id', 'realtor.userId'])
    .where('openHouse.id', '=', input.id)
    .where('openHouse.source', '=', 'realtor')
    .executeTakeFirst()
  if (!row || !canManage(actor, row)) throw openHouseNotFound()
  await services.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('openHouse').where('id', '=', row.id).execute()
    await bumpOpenHouseRevision(trx)
    await enqueuePurge(trx, services, ['listings'])
  })
  return { id: row.id }
}
