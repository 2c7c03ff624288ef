import { msg } from '@lingui/core/macro'
import { randomUUID } from 'node:crypto'
import { i18nFor, loadCatalog } from '~/i18n/i18n'
import { consentText, consentWording, CURRENT_CONSENT, type ConsentKind, type ConsentValues } from '~/lib/consent'
import type { Lang } from '~/lib/lang'
import { detectTextLanguage } from '~/lib/text-language'
import { realtorDisplayName } from '~/lib/realtor-names'
import {
  contactRequestSchema,
  messageListQuerySchema,
  messageStatusRequestSchema,
  type ContactMessage,
  type CreatedContact,
  type MessagePage,
} from '~/schemas/inbox'
import type { Actor } from '~/server/auth/actor'
import { errors, parseInput } from '~/server/app-error'
import { enforceRateLimit } from '~/server/web/rate-limit'
import { forgetLead, recordLead } from '~/server/leads/record-lead'
import { replyToNewLeadsSoon } from '~/server/lead-replies/send-replies'
import { knownCursor, readNewestFirstPage } from '~/server/db/newest-first'
import { managedLeadRow, ownedRealtorIds } from '~/server/realtors/owned-realtors'
import type { AppServices } from '~/server/services'
import { toContactMessage } from './contact-store'
import { deliverContact } from './deliver-contacts'
import { recordIdRequestSchema } from '~/schemas/record-id'

/**
 * The words of a consent version in a language, from the server's own registry and catalog:
 * what the form showed, whatever text a client may have sent along.
 */
async function storedConsentText(version: string, kind: ConsentKind, lang: Lang, values: ConsentValues): Promise<string | null> {
  const wording = consentWording(version, kind)
  if (!wording) return null
  await loadCatalog(lang)
  return consentText(i18nFor(lang), wording, values)
}

/**
 * A visitor's message (spec §7 `POST /realtor-contacts`). Stored first, then handed to the
 * mailer; a failed delivery leaves it in the outbox for the retry loop, never lost. The rate
 * limit is counted here, per client address, whatever face the message came through.
 * `sender.lang` is the request's language, the consent's language when the body names none.
 */
export async function createContact(services: AppServices, input: unknown, sender: { clientIp: string; lang: Lang }): Promise<CreatedContact> {
  await enforceRateLimit(services.db, 'contact', sender.clientIp, services.config.rateLimits.contact, services.now())
  const contact = parseInput(contactRequestSchema, input)
  const realtor = await services.db
    .selectFrom('realtor')
    .select(['id', 'displayNameKo', 'displayNameEn', 'desiredUrl'])
    .where('id', '=', contact.realtorId)
    .executeTakeFirst()
  if (!realtor) throw errors.realtorNotFound()
  const id = randomUUID()
  const createdAt = services.now().toISOString()
  // A filled honeypot is a bot: answer like a success so it learns nothing, store nothing.
  if (contact.website && contact.website.trim() !== '') {
    return { id, realtorId: realtor.id, createdAt, delivery: 'outbox' }
  }
  const consentLang = contact.consentLang ?? sender.lang
  // The name the form shows in that language (src/lib/realtor-names.ts), so the words match.
  const values: ConsentValues = { realtor: realtorDisplayName(realtor, consentLang) }
  // A client that showed no calls-or-texts checkbox but says the visitor agreed gets today's wording.
  const phoneVersion = contact.phoneContactConsentVersion ?? (contact.phoneContactConsent ? CURRENT_CONSENT.phoneContact : undefined)
  const consentText = await storedConsentText(contact.consentVersion, 'contact', consentLang, values)
  const phoneContactConsentText = phoneVersion === undefined ? null : await storedConsentText(phoneVersion, 'phoneContact', consentLang, values)
  // The message and its lead in one transaction: the inbox never shows one without the other.
  await services.db.transaction().execute(async (trx) => {
    await trx
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
        consentVersion: contact.consentVersion,
        consentText,
        consentLang,
        consentPage: contact.consentPage ?? null,
        consentedAt: createdAt,
        phoneContactConsent: contact.phoneContactConsent ? 1 : 0,
        phoneContactConsentVersion: phoneVersion ?? null,
        phoneContactConsentText,
      })
      .execute()
    await recordLead(trx, {
      id,
      realtorId: realtor.id,
      kind: 'message',
      name: contact.name,
      email: contact.email,
      phone: contact.phone,
      // The language they wrote in, not the page's (issue 52 item 6): a Korean message on an
      // English page is answered in Korean. The consent stays in the words the page showed.
      lang: detectTextLanguage(contact.message, consentLang),
      sourcePage: contact.consentPage ?? null,
      listingKey: contact.listingKey ?? null,
      // The instant reply goes out from the lead row (lead-replies/send-replies.ts, decision 021).
      replyState: 'pending',
      at: createdAt,
    })
  })
  // Counted in memory with the visits, written with their next flush (decision 016).
  services.visits.recordMessage(realtor.id, consentLang, contact.listingKey)
  const delivery = await deliverContact(services, id)
  replyToNewLeadsSoon(services)
  return { id, realtorId: realtor.id, createdAt, delivery: delivery === 'sent' ? 'sent' : 'outbox' }
}

/** The shared query, and a cursor this server made: an old or forged one names no page. */
const listContactsQuerySchema = messageListQuerySchema.extend({
  cursor: knownCursor(messageListQuerySchema.shape.cursor, msg`This page of messages no longer exists. Start from the newest.`),
})

/**
 * The owner's messages, newest first (an admin may name any realtor), one page at a time
 * (issue 17: only the newest 1,000 could be reached). `nextCursor` names the next page;
 * null on the last.
 */
export async function listContacts(services: AppServices, actor: Actor | null, query: unknown): Promise<MessagePage> {
  if (!actor) throw errors.unauthorized()
  const { realtorId, status, limit, cursor } = parseInput(listContactsQuerySchema, query)
  const ids = await ownedRealtorIds(services, actor, realtorId)
  if (ids.length === 0) return { messages: [], nextCursor: null, total: 0, unread: 0 }
  let inbox = services.db.selectFrom('contactMessage').where('realtorId', 'in', ids)
  if (status) inbox = inbox.where('status', '=', status)
  const [{ page, nextCursor }, counts] = await Promise.all([
    readNewestFirstPage(inbox.selectAll(), cursor, limit),
    inbox
      .select((eb) => [eb.fn.countAll().as('total'), eb.fn.sum(eb.case().when('status', '=', 'new').then(1).else(0).end()).as('unread')])
      .executeTakeFirstOrThrow(),
  ])
  return {
    messages: page.map(toContactMessage),
    nextCursor,
    total: Number(counts.total),
    unread: Number(counts.unread ?? 0),
  }
}

/** The message, or a 404 for anyone but its realtor's owner (and the admin), whatever the method. */
async function managedMessage(services: AppServices, actor: Actor, id: string) {
  return managedLeadRow(services, actor, await services.db.selectFrom('contactMessage').select(['id', 'realtorId']).where('id', '=', id).executeTakeFirst())
}

/** Marks a message read or handled; only the realtor it was sent to (or an admin) may, anyone else gets 404. */
export async function updateContactStatus(services: AppServices, actor: Actor | null, input: unknown): Promise<ContactMessage> {
  if (!actor) throw errors.unauthorized()
  const { id, status } = parseInput(messageStatusRequestSchema, input)
  await managedMessage(services, actor, id)
  await services.db.updateTable('contactMessage').set({ status }).where('id', '=', id).execute()
  const updated = await services.db.selectFrom('contactMessage').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  return toContactMessage(updated)
}

/**
 * Deletes a message completely (issue 15 item 4: a visitor asks the realtor, or the realtor
 * decides): the row, which also holds its delivery state and outbox entry, so nothing of it
 * is left to send or to show. Only the realtor it was sent to (or an admin) may; to anyone
 * else the message does not exist (404), so ids cannot be probed.
 */
export async function deleteContact(services: AppServices, actor: Actor | null, input: unknown): Promise<{ id: string }> {
  if (!actor) throw errors.unauthorized()
  const { id } = parseInput(recordIdRequestSchema, input)
  await managedMessage(services, actor, id)
  await services.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('contactMessage').where('id', '=', id).execute()
    await forgetLead(trx, id)
  })
  return { id }
}
