import { msg } from '@lingui/core/macro'
import type { I18n } from '@lingui/core'
import { randomBytes, randomUUID } from 'node:crypto'
import type { Selectable } from 'kysely'
import { z } from 'zod'
import { i18nFor, loadCatalog } from '~/i18n/i18n'
import { consentText, consentWording, storedConsentOf } from '~/lib/consent'
import { realtorDisplayName } from '~/lib/realtor-names'
import { frequencyLabel, savedSearchFiltersOf, savedSearchInWords, SAVED_SEARCH_SORTS } from '~/lib/saved-search-words'
import { confirmationMailBodies } from '~/server/mail/confirmation-mail'
import { messageId } from '~/schemas/messages'
import {
  savedSearchFrequencyRequestSchema,
  savedSearchListQuerySchema,
  savedSearchPauseRequestSchema,
  savedSearchRequestSchema,
  savedSearchTokenSchema,
  type CreatedSavedSearch,
  type SavedSearch,
  type SavedSearchPage,
  type SavedSearchView,
} from '~/schemas/saved-search'
import type { Actor } from '~/server/auth/actor'
import { AppError, errors, parseInput } from '~/server/app-error'
import type { SavedSearchTable } from '~/server/db/schema'
import { enforceRateLimit } from '~/server/web/rate-limit'
import { suppressAddress } from '~/server/mail/suppression'
import { siteBaseFor } from '~/server/mail/site-links'
import { forgetLead, recordLead } from '~/server/leads/record-lead'
import { deliverOutboxMail, enqueueMail, type OutboxMail } from '~/server/mail/outbox'
import { knownCursor, readNewestFirstPage } from '~/server/db/newest-first'
import { managedLeadRow, ownedRealtorIds } from '~/server/realtors/owned-realtors'
import type { AppServices } from '~/server/services'
import { CONFIRM_LINK_TTL_SECONDS, confirmPageUrl, rowForLinkToken, signSavedSearchToken, type LinkPurpose } from './links'
import type { VisitorSender } from '~/server/leads/visitor-sender'
import { recordIdRequestSchema } from '~/schemas/record-id'

/*
 * A saved search's life (issue 13), apart from the alerts themselves: a visitor saves it
 * (pending, with the consent they gave, and one confirmation mail), confirms it from that mail
 * (active), changes or ends it from the links in later mails, and the realtor sees, pauses
 * (`paused`, which the alert sender skips) or deletes it. Nothing but the confirmation is ever
 * sent to an address that has not confirmed.
 */

type SavedSearchRow = Selectable<SavedSearchTable>

type RealtorForMail = { id: string; displayNameKo: string | null; displayNameEn: string | null; desiredUrl: string; email: string; hompageHost: string | null }

const errorsOf = {
  invalidLink: () => new AppError('BAD_REQUEST', msg`This link is not valid. Open the link from your e-mail again.`),
  expiredLink: () => new AppError('BAD_REQUEST', msg`This confirmation link has expired. Save the search again to get a new one.`),
  notInArea: () =>
    new AppError('VALIDATION_FAILED', msg`Some fields need your attention`, {
      fieldErrors: { city: [messageId(msg`Choose one of the areas this realtor works in`)] },
    }),
  notActive: () => new AppError('CONFLICT', msg`Only an active search can be paused, and only a paused one resumed`),
}

/** One visitor's same filters are one search: the key of the unique index. */
function filtersKey(filters: {
  state: string
  cityKey: string
  listingType: string | null
  minPrice: number | null
  maxPrice: number | null
  minBeds: number | null
  minBaths: number | null
  sort: string
}): string {
  return JSON.stringify([
    filters.state,
    filters.cityKey,
    filters.listingType,
    filters.minPrice,
    filters.maxPrice,
    filters.minBeds,
    filters.minBaths,
    filters.sort,
  ])
}

/**
 * The one mail sent before confirmation: in the visitor's language, from the realtor's name,
 * answered to the realtor, with a link that expires. It says what the search is, so a person
 * who did not ask for it knows what to ignore.
 */
function confirmationMail(
  i18n: I18n,
  services: AppServices,
  realtor: RealtorForMail,
  search: SavedSearchRow,
  now: Date,
): OutboxMail & { kind: 'saved-search-confirm' } {
  const lang = search.lang
  const realtorName = realtorDisplayName(realtor, lang)
  const token = signSavedSearchToken(services.config.signingSecret, search, 'confirm', new Date(now.getTime() + CONFIRM_LINK_TTL_SECONDS * 1000))
  const url = confirmPageUrl(siteBaseFor(services.config, realtor, search.siteOrigin), lang, token)
  const words = savedSearchInWords(i18n, savedSearchFiltersOf(search))
  const frequency = i18n._(frequencyLabel(search.frequency))
  const name = search.name ?? ''
  const greeting = name ? i18n._(msg`Hello ${name},`) : i18n._(msg`Hello,`)
  const ask = i18n._(msg`Please confirm that you would like e-mails from ${realtorName} about new homes matching this search:`)
  const howOften = i18n._(msg`How often: ${frequency}`)
  const action = i18n._(msg`Confirm my e-mail alerts`)
  const expiry = i18n._(msg`This link works for 7 days. If you did not ask for this, ignore this e-mail: nothing more will be sent.`)
  const bodies = confirmationMailBodies({ greeting, ask, details: [words, howOften], action, url, expiry, signature: realtorName })
  return {
    kind: 'saved-search-confirm',
    // The search's lead, made when the visitor confirms, has the search's id: this mail opens its timeline.
    leadId: search.id,
    realtorId: realtor.id,
    savedSearchId: search.id,
    toAddress: search.email,
    fromName: realtorName,
    replyTo: realtor.email,
    subject: i18n._(msg`Confirm your home alerts from ${realtorName}`),
    ...bodies,
  }
}

/**
 * A visitor saves a search (`POST /saved-searches`, the "Save this search" form). Answers the
 * same whether the search is new, already known or a bot's, so nobody can learn who is
 * subscribed. Rate-limited per client address and per e-mail address, so neither one visitor
 * nor many addresses can flood one mailbox with confirmations.
 */
export async function createSavedSearch(services: AppServices, input: unknown, sender: VisitorSender): Promise<CreatedSavedSearch> {
  const rule = services.config.rateLimits.savedSearch
  await enforceRateLimit(services.db, 'saved-search', sender.clientIp, rule, services.now())
  const request = parseInput(savedSearchRequestSchema, input)
  const emailKey = request.email.toLowerCase()
  await enforceRateLimit(services.db, 'saved-search-address', emailKey, rule, services.now())
  const realtor = await services.db
    .selectFrom('realtor')
    .select(['id', 'displayNameKo', 'displayNameEn', 'desiredUrl', 'email', 'hompageHost'])
    .where('id', '=', request.realtorId)
    .executeTakeFirst()
  if (!realtor) throw errors.realtorNotFound()
  // A filled honeypot is a bot: answer like a success so it learns nothing, store nothing.
  if (request.website && request.website.trim() !== '') return { id: randomUUID(), status: 'pending' }
  const region = await services.db
    .selectFrom('activityRegion')
    .select(['state', 'city', 'cityKey'])
    .where('realtorId', '=', realtor.id)
    .where('state', '=', request.state)
    .where('cityKey', '=', request.city.toLowerCase())
    .executeTakeFirst()
  if (!region) throw errorsOf.notInArea()

  const lang = request.lang ?? sender.lang
  const now = services.now()
  const nowText = now.toISOString()
  const wording = consentWording(request.consentVersion, 'savedSearch')
  if (!wording) throw errorsOf.invalidLink()
  await loadCatalog(lang)
  const i18n = i18nFor(lang)
  const consent = {
    consentVersion: wording.version,
    // The words the form showed, rendered here from the registry: never the client's text.
    consentText: consentText(i18n, wording, { realtor: realtorDisplayName(realtor, lang) }),
    consentLang: lang,
    consentPage: request.consentPage ?? null,
    consentedAt: nowText,
  }
  const filters = {
    state: region.state,
    city: region.city,
    cityKey: region.cityKey,
    listingType: request.type ?? null,
    minPrice: request.minPrice ?? null,
    maxPrice: request.maxPrice ?? null,
    minBeds: request.minBeds ?? null,
    minBaths: request.minBaths ?? null,
    sort: request.sort,
  }
  const key = filtersKey(filters)

  const outboxId = await services.db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('savedSearch')
      .selectAll()
      .where('realtorId', '=', realtor.id)
      .where('emailKey', '=', emailKey)
      .where('filtersKey', '=', key)
      .executeTakeFirst()
    let search: SavedSearchRow
    if (existing && (existing.status === 'active' || existing.status === 'paused')) {
      // Already confirmed: the answer is the same, and the mailbox gets nothing new.
      return { id: existing.id, mail: undefined }
    } else if (existing) {
      // Pending: the confirmation again (the first may be lost). Unsubscribed: a fresh start,
      // with a new secret so links from before the unsubscribe stay dead.
      const update = {
        name: request.name ?? null,
        email: request.email,
        lang,
        siteOrigin: sender.origin,
        frequency: request.frequency,
        status: 'pending' as const,
        linkSecret: existing.status === 'unsubscribed' ? randomBytes(24).toString('base64url') : existing.linkSecret,
        confirmedAt: null,
        unsubscribedAt: null,
        updatedAt: nowText,
        ...consent,
      }
      await trx.updateTable('savedSearch').set(update).where('id', '=', existing.id).execute()
      search = { ...existing, ...update }
    } else {
      search = {
        id: randomUUID(),
        realtorId: realtor.id,
        email: request.email,
        emailKey,
        name: request.name ?? null,
        lang,
        siteOrigin: sender.origin,
        frequency: request.frequency,
        ...filters,
        filtersKey: key,
        status: 'pending',
        linkSecret: randomBytes(24).toString('base64url'),
        ...consent,
        createdAt: nowText,
        updatedAt: nowText,
        confirmedAt: null,
        lastAlertedAt: null,
        unsubscribedAt: null,
      }
      const inserted = await trx
        .insertInto('savedSearch')
        .values(search)
        .onConflict((conflict) => conflict.columns(['realtorId', 'emailKey', 'filtersKey']).doNothing())
        .returning('id')
        .executeTakeFirst()
      // The same search saved twice at once: the other request stored it and mails it.
      if (!inserted) return { id: search.id, mail: undefined }
    }
    const mailId = await enqueueMail(trx, confirmationMail(i18n, services, realtor, search, now), now)
    return { id: search.id, mail: mailId }
  })
  if (outboxId.mail) await deliverOutboxMail(services, outboxId.mail)
  return { id: outboxId.id, status: 'pending' }
}

/** The search a visitor's link names, when the link is valid for one of `allowed`. */
async function searchForToken(services: AppServices, input: unknown, allowed: ReadonlyArray<LinkPurpose>): Promise<SavedSearchRow> {
  const { token } = parseInput(savedSearchTokenSchema, input)
  const search = await rowForLinkToken(services.config.signingSecret, token, allowed, services.now(), (id) =>
    services.db.selectFrom('savedSearch').selectAll().where('id', '=', id).executeTakeFirst(),
  )
  if (search === 'invalid') throw errorsOf.invalidLink()
  if (search === 'expired') throw errorsOf.expiredLink()
  return search
}

async function viewOf(services: AppServices, search: SavedSearchRow, withManageToken: boolean): Promise<SavedSearchView> {
  const realtor = await services.db
    .selectFrom('realtor')
    .select(['displayNameKo', 'displayNameEn', 'desiredUrl'])
    .where('id', '=', search.realtorId)
    .executeTakeFirstOrThrow()
  return {
    ...savedSearchFiltersOf(search),
    sort: z.enum(SAVED_SEARCH_SORTS).catch('newest').parse(search.sort),
    status: search.status,
    frequency: search.frequency,
    email: search.email,
    lang: search.lang,
    realtorName: realtorDisplayName(realtor, search.lang),
    manageToken: withManageToken ? signSavedSearchToken(services.config.signingSecret, search, 'manage', null) : null,
  }
}

/** The confirm page before the visitor presses Confirm: what they are about to confirm. */
export async function readByConfirmToken(services: AppServices, input: unknown): Promise<SavedSearchView> {
  const search = await searchForToken(services, input, ['confirm'])
  // Once confirmed, the page the confirm button returns to links to the manage page: whoever
  // holds the confirm link holds the mailbox the manage links are sent to anyway.
  return viewOf(services, search, search.status !== 'pending')
}

/**
 * The visitor confirms (a POST from the confirm page, never the mail's GET, which scanners
 * fetch): pending becomes active. Idempotent; a search unsubscribed since stays unsubscribed.
 */
export async function confirmSavedSearch(services: AppServices, input: unknown): Promise<SavedSearchView> {
  const search = await searchForToken(services, input, ['confirm'])
  if (search.status !== 'pending') return viewOf(services, search, true)
  const now = services.now().toISOString()
  // Confirmed, a search becomes a lead (decision 020), in the same transaction.
  const confirmed = await services.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('savedSearch')
      .set({ status: 'active', confirmedAt: now, updatedAt: now })
      .where('id', '=', search.id)
      .where('status', '=', 'pending')
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) === 1) {
      await recordLead(trx, {
        id: search.id,
        realtorId: search.realtorId,
        kind: 'saved_search',
        name: search.name,
        email: search.email,
        lang: search.lang,
        sourcePage: search.consentPage,
        replyState: 'none',
        at: now,
      })
    }
    return updated
  })
  // A confirmed search is a lead: the realtor's statistics count it (decision 016).
  if (Number(confirmed.numUpdatedRows) === 1) services.visits.recordSavedSearch(search.realtorId, search.lang)
  return viewOf(services, { ...search, status: 'active', confirmedAt: now }, true)
}

/** The manage page: the search a manage link names. */
export async function readByManageToken(services: AppServices, input: unknown): Promise<SavedSearchView> {
  return viewOf(services, await searchForToken(services, input, ['manage']), true)
}

/** The manage page changing how often mails come. */
export async function updateFrequency(services: AppServices, input: unknown): Promise<SavedSearchView> {
  const { frequency } = parseInput(savedSearchFrequencyRequestSchema, input)
  const search = await searchForToken(services, input, ['manage'])
  const now = services.now().toISOString()
  await services.db.updateTable('savedSearch').set({ frequency, updatedAt: now }).where('id', '=', search.id).execute()
  return viewOf(services, { ...search, frequency }, true)
}

/** The visitor deletes their search from the manage page: the row, its matches and mails go. */
export async function deleteByToken(services: AppServices, input: unknown): Promise<{ deleted: true }> {
  const search = await searchForToken(services, input, ['manage'])
  await services.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('savedSearch').where('id', '=', search.id).execute()
    await forgetLead(trx, search.id)
  })
  return { deleted: true }
}

/**
 * One-click unsubscribe (RFC 8058, the mail's List-Unsubscribe) and the manage page's button.
 * Idempotent: a valid link answers the same the second time.
 */
export async function unsubscribeByToken(services: AppServices, input: unknown): Promise<{ status: 'unsubscribed' }> {
  const search = await searchForToken(services, input, ['unsubscribe', 'manage'])
  if (search.status !== 'unsubscribed') {
    const now = services.now().toISOString()
    await services.db.transaction().execute(async (trx) => {
      await trx.updateTable('savedSearch').set({ status: 'unsubscribed', unsubscribedAt: now, updatedAt: now }).where('id', '=', search.id).execute()
      // No instant reply or digest goes to this address any more either (decision 021).
      await suppressAddress(trx, search.email, 'unsubscribe', services.now())
    })
  }
  return { status: 'unsubscribed' }
}

// The realtor's side -----------------------------------------------------------------------------

export function toSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    realtorId: row.realtorId,
    email: row.email,
    name: row.name,
    lang: row.lang,
    frequency: row.frequency,
    status: row.status,
    ...savedSearchFiltersOf(row),
    sort: z.enum(SAVED_SEARCH_SORTS).catch('newest').parse(row.sort),
    createdAt: row.createdAt,
    confirmedAt: row.confirmedAt,
    lastAlertedAt: row.lastAlertedAt,
    unsubscribedAt: row.unsubscribedAt,
    consent: storedConsentOf(row),
  }
}

const listQuerySchema = savedSearchListQuerySchema.extend({
  cursor: knownCursor(savedSearchListQuerySchema.shape.cursor, msg`This page of saved searches no longer exists. Start from the newest.`),
})

/**
 * The owner's saved searches, newest first (an admin may name any realtor), a page at a time.
 * Only confirmed ones: an unconfirmed address has agreed to nothing yet, so it is no lead.
 */
export async function listSavedSearches(services: AppServices, actor: Actor | null, query: unknown): Promise<SavedSearchPage> {
  if (!actor) throw errors.unauthorized()
  const { realtorId, status, limit, cursor } = parseInput(listQuerySchema, query)
  const ids = await ownedRealtorIds(services, actor, realtorId)
  if (ids.length === 0) return { searches: [], nextCursor: null, total: 0 }
  let leads = services.db.selectFrom('savedSearch').where('realtorId', 'in', ids).where('status', '!=', 'pending')
  if (status) leads = leads.where('status', '=', status)
  const [{ page, nextCursor }, counts] = await Promise.all([
    readNewestFirstPage(leads.selectAll(), cursor, limit),
    leads.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ])
  return { searches: page.map(toSavedSearch), nextCursor, total: Number(counts.total) }
}

/** The search with its realtor's owner, or a 404 for anyone who may not manage it (ids cannot be probed). */
async function managedSearch(services: AppServices, actor: Actor, id: string): Promise<SavedSearchRow> {
  const row = await services.db.selectFrom('savedSearch').selectAll().where('id', '=', id).executeTakeFirst()
  // Unconfirmed searches are not the realtor's to see either.
  return managedLeadRow(services, actor, row?.status === 'pending' ? undefined : row)
}

/** The realtor pauses (`paused`: no alerts) or resumes one search. */
export async function setSavedSearchPaused(services: AppServices, actor: Actor | null, input: unknown): Promise<SavedSearch> {
  if (!actor) throw errors.unauthorized()
  const { id, paused } = parseInput(savedSearchPauseRequestSchema, input)
  const search = await managedSearch(services, actor, id)
  const from = paused ? 'active' : 'paused'
  const to = paused ? 'paused' : 'active'
  if (search.status === to) return toSavedSearch(search)
  if (search.status !== from) throw errorsOf.notActive()
  const now = services.now().toISOString()
  await services.db.updateTable('savedSearch').set({ status: to, updatedAt: now }).where('id', '=', id).where('status', '=', from).execute()
  return toSavedSearch({ ...search, status: to, updatedAt: now })
}

/** The realtor deletes one search: no more mail, nothing kept. */
export async function deleteSavedSearch(services: AppServices, actor: Actor | null, input: unknown): Promise<{ id: string }> {
  if (!actor) throw errors.unauthorized()
  const { id } = parseInput(recordIdRequestSchema, input)
  await managedSearch(services, actor, id)
  await services.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('savedSearch').where('id', '=', id).execute()
    await forgetLead(trx, id)
  })
  return { id }
}
