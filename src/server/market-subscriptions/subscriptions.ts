import { msg } from '@lingui/core/macro'
import { randomBytes, randomUUID } from 'node:crypto'
import type { Selectable } from 'kysely'
import { i18nFor, loadCatalog } from '~/i18n/i18n'
import { consentText, consentWording } from '~/lib/consent'
import type { Lang } from '~/lib/lang'
import { realtorDisplayName } from '~/lib/realtor-names'
import type { MarketCity } from '~/schemas/market'
import {
  marketSubscriptionRequestSchema,
  marketSubscriptionTokenSchema,
  type CreatedMarketSubscription,
  type MarketSubscriptionView,
} from '~/schemas/market-subscriptions'
import { messageId } from '~/schemas/messages'
import { AppError, errors, isAppError, parseInput } from '~/server/app-error'
import type { MarketSubscriptionTable } from '~/server/db/schema'
import { enforceRateLimit } from '~/server/web/rate-limit'
import { suppressAddress } from '~/server/mail/suppression'
import { siteBaseFor } from '~/server/mail/site-links'
import { confirmationMailBodies } from '~/server/mail/confirmation-mail'
import { deliverOutboxMail, enqueueMail, type OutboxMail } from '~/server/mail/outbox'
import { realtorMarketCities } from '~/server/market/market-reports'
import { CONFIRM_LINK_TTL_SECONDS, rowForLinkToken, signSavedSearchToken, type LinkPurpose } from '~/server/saved-searches/links'
import type { AppServices } from '~/server/services'
import { marketConfirmPageUrl } from './links'
import type { VisitorSender } from '~/server/leads/visitor-sender'

/*
 * A visitor's subscription to a city's monthly market report (issue 27 item 5), double opt-in
 * exactly as saved searches (issue 13): stored pending with the consent given and one
 * confirmation mail, active once the mailed link is confirmed on its page, unsubscribed from the
 * link in any report (RFC 8058 one-click too). Nothing but the confirmation is ever sent to an
 * address that has not confirmed. The monthly mails themselves: ./monthly-reports.ts.
 */

type SubscriptionRow = Selectable<MarketSubscriptionTable>

const REALTOR_COLUMNS = ['id', 'displayNameKo', 'displayNameEn', 'desiredUrl', 'email', 'hompageHost'] as const
type Realtor = { id: string; displayNameKo: string | null; displayNameEn: string | null; desiredUrl: string; email: string; hompageHost: string | null }

const errorsOf = {
  invalidLink: () => new AppError('BAD_REQUEST', msg`This link is not valid. Open the link from your e-mail again.`),
  expiredLink: () => new AppError('BAD_REQUEST', msg`This confirmation link has expired. Subscribe again to get a new one.`),
  notACity: () =>
    new AppError('VALIDATION_FAILED', msg`Some fields need your attention`, {
      fieldErrors: { city: [messageId(msg`Choose a city with a market report`)] },
    }),
}

/**
 * The city as the realtor's market pages offer it: one of their region's cities with a market
 * snapshot, named by its name or its address segment. Undefined for any other city, and for a
 * realtor whose homepage is not published.
 */
async function marketCityOf(services: AppServices, realtor: Pick<Realtor, 'desiredUrl'>, state: string, city: string): Promise<MarketCity | undefined> {
  const wanted = city.trim().toLowerCase()
  const cities = await realtorMarketCities(services, realtor.desiredUrl)
  return cities?.find((item) => item.state === state && (item.city.trim().toLowerCase() === wanted || item.slug === wanted))
}

/** The one mail before confirmation, in the visitor's language, from the realtor's name, answered to the realtor. */
function confirmationMail(services: AppServices, realtor: Realtor, subscription: SubscriptionRow, now: Date): OutboxMail {
  const { lang } = subscription
  const i18n = i18nFor(lang)
  const realtorName = realtorDisplayName(realtor, lang)
  const expires = new Date(now.getTime() + CONFIRM_LINK_TTL_SECONDS * 1000)
  const token = signSavedSearchToken(services.config.signingSecret, subscription, 'confirm', expires)
  const name = subscription.name ?? ''
  const place = `${subscription.city}, ${subscription.state}`
  const bodies = confirmationMailBodies({
    greeting: name ? i18n._(msg`Hello ${name},`) : i18n._(msg`Hello,`),
    ask: i18n._(msg`Please confirm that you would like a monthly e-mail from ${realtorName} with the market report for:`),
    details: [place, i18n._(msg`Median prices, inventory, new listings and days on market, once a month.`)],
    action: i18n._(msg`Confirm my market report`),
    url: marketConfirmPageUrl(siteBaseFor(services.config, realtor, subscription.siteOrigin), lang, token),
    expiry: i18n._(msg`This link works for 7 days. If you did not ask for this, ignore this e-mail: nothing more will be sent.`),
    signature: realtorName,
  })
  return {
    kind: 'market-confirm',
    leadId: subscription.leadId,
    realtorId: realtor.id,
    savedSearchId: null,
    toAddress: subscription.email,
    fromName: realtorName,
    replyTo: realtor.email,
    subject: i18n._(msg`Confirm your market report for ${place} from ${realtorName}`),
    ...bodies,
  }
}

/** What a new or renewed pending subscription is made of, checked already. */
type PendingRequest = {
  email: string
  name: string | null
  lang: Lang
  consentVersion: string
  consentLang: Lang
  consentPage: string | null
  /** The seller lead whose form asked for it (its mails join that lead's timeline); absent from the market page's form. */
  leadId?: string
}

/**
 * Stores the subscription pending (or sends its confirmation again) and mails the confirmation.
 * An active subscription stays as it is and nothing is sent; an unsubscribed one starts again
 * with a new secret, so links from before stay dead. The same answer in every case.
 */
async function requestSubscription(
  services: AppServices,
  realtor: Realtor,
  city: MarketCity,
  request: PendingRequest,
  origin: string,
): Promise<CreatedMarketSubscription> {
  const wording = consentWording(request.consentVersion, 'marketReport')
  if (!wording) throw errorsOf.invalidLink()
  const now = services.now()
  const at = now.toISOString()
  await Promise.all([loadCatalog(request.lang), loadCatalog(request.consentLang)])
  const consentI18n = i18nFor(request.consentLang)
  const emailKey = request.email.toLowerCase()
  const cityKey = city.city.trim().toLowerCase()
  const fresh = {
    name: request.name,
    email: request.email,
    lang: request.lang,
    siteOrigin: origin,
    status: 'pending' as const,
    confirmedAt: null,
    unsubscribedAt: null,
    updatedAt: at,
    consentVersion: wording.version,
    // The words the form showed, rendered here from the registry: never the client's text.
    consentText: consentText(consentI18n, wording, { realtor: realtorDisplayName(realtor, request.consentLang), city: city.city }),
    consentLang: request.consentLang,
    consentPage: request.consentPage,
    consentedAt: at,
  }
  const stored = await services.db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('marketSubscription')
      .selectAll()
      .where('realtorId', '=', realtor.id)
      .where('emailKey', '=', emailKey)
      .where('state', '=', city.state)
      .where('cityKey', '=', cityKey)
      .executeTakeFirst()
    if (existing?.status === 'active') return { id: existing.id, mail: undefined }
    let subscription: SubscriptionRow
    if (existing) {
      const linkSecret = existing.status === 'unsubscribed' ? randomBytes(24).toString('base64url') : existing.linkSecret
      // A seller lead asking again names itself; the market page's form leaves the link as it was.
      const leadId = request.leadId ?? existing.leadId
      await trx
        .updateTable('marketSubscription')
        .set({ ...fresh, linkSecret, leadId })
        .where('id', '=', existing.id)
        .execute()
      subscription = { ...existing, ...fresh, linkSecret, leadId }
    } else {
      subscription = {
        ...fresh,
        id: randomUUID(),
        realtorId: realtor.id,
        emailKey,
        state: city.state,
        city: city.city,
        cityKey,
        linkSecret: randomBytes(24).toString('base64url'),
        createdAt: at,
        lastSentMonth: null,
        leadId: request.leadId ?? null,
      }
      const inserted = await trx
        .insertInto('marketSubscription')
        .values(subscription)
        .onConflict((conflict) => conflict.columns(['realtorId', 'emailKey', 'state', 'cityKey']).doNothing())
        .returning('id')
        .executeTakeFirst()
      // The same subscription asked for twice at once: the other request stored it and mails it.
      if (!inserted) return { id: subscription.id, mail: undefined }
    }
    return { id: subscription.id, mail: await enqueueMail(trx, confirmationMail(services, realtor, subscription, now), now) }
  })
  if (stored.mail) await deliverOutboxMail(services, stored.mail)
  return { id: stored.id, status: 'pending' }
}

async function readRealtor(services: AppServices, id: string): Promise<Realtor> {
  const realtor = await services.db.selectFrom('realtor').select(REALTOR_COLUMNS).where('id', '=', id).executeTakeFirst()
  if (!realtor) throw errors.realtorNotFound()
  return realtor
}

/**
 * A visitor subscribes (`POST /market-subscriptions`, the market page's form). Answers the same
 * whether the subscription is new, already known or a bot's, so nobody can learn who is
 * subscribed. Rate-limited as saving a search is, per client and per e-mail address.
 */
export async function subscribeToMarketReport(services: AppServices, input: unknown, sender: VisitorSender): Promise<CreatedMarketSubscription> {
  const rule = services.config.rateLimits.savedSearch
  await enforceRateLimit(services.db, 'market-subscription', sender.clientIp, rule, services.now())
  const request = parseInput(marketSubscriptionRequestSchema, input)
  await enforceRateLimit(services.db, 'market-subscription-address', request.email.toLowerCase(), rule, services.now())
  const realtor = await readRealtor(services, request.realtorId)
  // A filled honeypot is a bot: answer like a success so it learns nothing, store nothing.
  if (request.website && request.website.trim() !== '') return { id: randomUUID(), status: 'pending' }
  const city = await marketCityOf(services, realtor, request.state, request.city)
  if (!city) throw errorsOf.notACity()
  const lang = request.lang ?? sender.lang
  return requestSubscription(
    services,
    realtor,
    city,
    {
      email: request.email,
      name: request.name ?? null,
      lang,
      consentVersion: request.consentVersion,
      consentLang: sender.lang,
      consentPage: request.consentPage ?? null,
    },
    sender.origin,
  )
}

/**
 * The seller form's "also send me the market report" box (issue 27 item 5): a pending
 * subscription for the valued home's city, double opt-in all the same. `unavailable` when the
 * city has no report on this realtor's site or the address asked too often: the seller lead
 * itself goes through either way.
 */
export async function subscribeWithSellerLead(
  services: AppServices,
  realtorId: string,
  request: { email: string; name: string; lang: Lang; state: string; city: string; consentVersion: string; consentPage: string | null; leadId: string },
  sender: VisitorSender,
): Promise<'pending' | 'unavailable'> {
  const realtor = await readRealtor(services, realtorId)
  const city = await marketCityOf(services, realtor, request.state, request.city)
  if (!city) return 'unavailable'
  try {
    await enforceRateLimit(services.db, 'market-subscription-address', request.email.toLowerCase(), services.config.rateLimits.savedSearch, services.now())
  } catch (error) {
    if (isAppError(error) && error.code === 'RATE_LIMITED') return 'unavailable'
    throw error
  }
  await requestSubscription(
    services,
    realtor,
    city,
    {
      email: request.email,
      name: request.name,
      lang: request.lang,
      consentVersion: request.consentVersion,
      consentLang: sender.lang,
      consentPage: request.consentPage,
      leadId: request.leadId,
    },
    sender.origin,
  )
  return 'pending'
}

/** The subscription a visitor's link names, when the link is valid for one of `allowed`. */
async function subscriptionForToken(services: AppServices, input: unknown, allowed: ReadonlyArray<LinkPurpose>): Promise<SubscriptionRow> {
  const { token } = parseInput(marketSubscriptionTokenSchema, input)
  const found = await rowForLinkToken(services.config.signingSecret, token, allowed, services.now(), (id) =>
    services.db.selectFrom('marketSubscription').selectAll().where('id', '=', id).executeTakeFirst(),
  )
  if (found === 'invalid') throw errorsOf.invalidLink()
  if (found === 'expired') throw errorsOf.expiredLink()
  return found
}

async function viewOf(services: AppServices, subscription: SubscriptionRow): Promise<MarketSubscriptionView> {
  const realtor = await readRealtor(services, subscription.realtorId)
  return {
    city: subscription.city,
    state: subscription.state,
    status: subscription.status,
    email: subscription.email,
    lang: subscription.lang,
    realtorName: realtorDisplayName(realtor, subscription.lang),
  }
}

/** The confirm page before the visitor presses Confirm: what they are about to confirm. */
export async function readMarketConfirmLink(services: AppServices, input: unknown): Promise<MarketSubscriptionView> {
  return viewOf(services, await subscriptionForToken(services, input, ['confirm']))
}

/** The unsubscribe page before the visitor presses Unsubscribe. */
export async function readMarketUnsubscribeLink(services: AppServices, input: unknown): Promise<MarketSubscriptionView> {
  return viewOf(services, await subscriptionForToken(services, input, ['unsubscribe']))
}

/**
 * The visitor confirms (a POST from the confirm page, never the mail's GET, which scanners
 * fetch): pending becomes active, and the next monthly run sends the latest report. Idempotent;
 * a subscription unsubscribed since stays unsubscribed.
 */
export async function confirmMarketSubscription(services: AppServices, input: unknown): Promise<MarketSubscriptionView> {
  const subscription = await subscriptionForToken(services, input, ['confirm'])
  if (subscription.status !== 'pending') return viewOf(services, subscription)
  const now = services.now().toISOString()
  await services.db
    .updateTable('marketSubscription')
    .set({ status: 'active', confirmedAt: now, updatedAt: now })
    .where('id', '=', subscription.id)
    .where('status', '=', 'pending')
    .execute()
  return viewOf(services, { ...subscription, status: 'active', confirmedAt: now })
}

/**
 * One-click unsubscribe (RFC 8058, every report's List-Unsubscribe) and the unsubscribe page's
 * button. Idempotent: a valid link answers the same the second time. As for saved searches, no
 * automated reply or digest goes to the address afterwards either (decision 021).
 */
export async function unsubscribeMarketSubscription(services: AppServices, input: unknown): Promise<{ status: 'unsubscribed' }> {
  const subscription = await subscriptionForToken(services, input, ['unsubscribe'])
  if (subscription.status !== 'unsubscribed') {
    const now = services.now()
    const at = now.toISOString()
    await services.db.transaction().execute(async (trx) => {
      await trx.updateTable('marketSubscription').set({ status: 'unsubscribed', unsubscribedAt: at, updatedAt: at }).where('id', '=', subscription.id).execute()
      await suppressAddress(trx, subscription.email, 'unsubscribe', now)
    })
  }
  return { status: 'unsubscribed' }
}
