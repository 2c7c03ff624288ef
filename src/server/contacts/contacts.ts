import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { contactRequestSchema } from '~/schemas/contact'
import { canManage, type Actor } from '~/server/auth/actor'
import { errors, parseInput } from '~/server/http/app-error'
import { enforceRateLimit } from '~/server/http/rate-limit'
import type { AppServices } from '~/server/services'
import { contactStatusSchema, toContactMessage, type ContactMessage } from './contact-store'
import { deliverContact } from './deliver-contacts'

export type CreatedContact = { id: string; realtorId: string; createdAt: string; delivery: 'sent' | 'outbox' }

/**
 * A visitor's message (spec §7 `POST /realtor-contacts`). Stored first, then handed to the
 * mailer; a failed delivery leaves it in the outbox for the retry loop, never lost. The rate
 * limit is counted here, per client address, whatever face the message came through.
 */
export async function createContact(services: AppServices, input: unknown, sender: { clientIp: string }): Promise<CreatedContact> {
  await enforceRateLimit(services.db, 'contact', sender.clientIp, services.config.rateLimits.contact, services.now())
  const contact = parseInput(contactRequestSchema, input)
  const realtor = await services.db
    .selectFrom('realtor')
    .select('id')
    .where('id', '=', contact.realtorId)
    .executeTakeFirst()
  if (!realtor) throw errors.realtorNotFound()
  const id = randomUUID()
  const createdAt = services.now().toISOString()
  // A filled honeypot is a bot: answer like a success so it learns nothing, store nothing.
  if (contact.website && contact.website.trim() !== '') {
    return { id, realtorId: realtor.id, createdAt, delivery: 'outbox' }
  }
  await services.db
    .insertInto('contactMessage')
    .values({
      id,
      realtorId: realtor.id,
      name: contact.name,
      lastName: contact.lastName,
      firstName: contact.firstName,
      email: contact.email,
      phone: contact.phone,
      phoneCountryCode: contact.phoneCountryCode,
      message: contact.message,
      listingKey: contact.listingKey ?? null,
      isTerm: contact.isTerm,
      status: 'new',
      deliveryState: 'outbox',
      deliveryAttempts: 0,
      lastDeliveryError: null,
      nextAttemptAt: null,
      deliveredAt: null,
      createdAt,
    })
    .execute()
  const delivery = await deliverContact(services, id)
  return { id, realtorId: realtor.id, createdAt, delivery: delivery === 'sent' ? 'sent' : 'outbox' }
}

export const listContactsQuerySchema = z.object({
  realtorId: z.string().trim().max(64).optional(),
})

async function ownedRealtorIds(services: AppServices, actor: Actor, realtorId: string | undefined): Promise<Array<string>> {
  if (realtorId) {
    const realtor = await services.db.selectFrom('realtor').select(['id', 'userId']).where('id', '=', realtorId).executeTakeFirst()
    if (!realtor) throw errors.realtorNotFound()
    if (!canManage(actor, realtor)) throw errors.forbidden()
    return [realtor.id]
  }
  const owned = await services.db.selectFrom('realtor').select('id').where('userId', '=', actor.userId).execute()
  return owned.map((row) => row.id)
}

/** The owner's messages, newest first (an admin may name any realtor). */
export async function listContacts(services: AppServices, actor: Actor | null, query: unknown): Promise<Array<ContactMessage>> {
  if (!actor) throw errors.unauthorized()
  const { realtorId } = parseInput(listContactsQuerySchema, query)
  const ids = await ownedRealtorIds(services, actor, realtorId)
  if (ids.length === 0) return []
  const rows = await services.db
    .selectFrom('contactMessage')
    .selectAll()
    .where('realtorId', 'in', ids)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1000)
    .execute()
  return rows.map(toContactMessage)
}

export const updateContactStatusSchema = z.object({ id: z.string().min(1).max(64), status: contactStatusSchema })

/** Marks a message read or handled; only the realtor it was sent to (or an admin) may. */
export async function updateContactStatus(services: AppServices, actor: Actor | null, input: unknown): Promise<ContactMessage> {
  if (!actor) throw errors.unauthorized()
  const { id, status } = parseInput(updateContactStatusSchema, input)
  const row = await services.db
    .selectFrom('contactMessage')
    .innerJoin('realtor', 'realtor.id', 'contactMessage.realtorId')
    .select(['contactMessage.id', 'realtor.userId'])
    .where('contactMessage.id', '=', id)
    .executeTakeFirst()
  if (!row) throw errors.notFound()
  if (!canManage(actor, row)) throw errors.forbidden()
  await services.db.updateTable('contactMessage').set({ status }).where('id', '=', id).execute()
  const updated = await services.db.selectFrom('contactMessage').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  return toContactMessage(updated)
}
