import { msg } from '@lingui/core/macro'
import type { I18n } from '@lingui/core'
import { randomUUID } from 'node:crypto'
import { i18nFor, loadCatalog } from '~/i18n/i18n'
import { consentText, consentWording, SELLER_MARKET_REPORT_CONSENT } from '~/lib/consent'
import { formatPrice } from '~/lib/format'
import { LANGUAGE_NAMES } from '~/lib/language-names'
import { formatPhoneInternational } from '~/lib/phone'
import { realtorDisplayName } from '~/lib/realtor-names'
import { SELLER_TIMEFRAME_LABELS } from '~/lib/seller-timeframes'
import { sellerLeadRequestSchema, type CreatedSellerLead, type SellerLeadRequest } from '~/schemas/seller-leads'
import type { ValuationAnswer } from '~/schemas/valuations'
import { AppError, errors, parseInput } from '~/server/app-error'
import { enforceRateLimit } from '~/server/web/rate-limit'
import { recordLead } from '~/server/leads/record-lead'
import { deliverOutboxMail, enqueueMail } from '~/server/mail/outbox'
import type { AppServices } from '~/server/services'
import { valueHome } from '~/server/valuations/value-home'
import { subscribeWithSellerLead } from '~/server/market-subscriptions/subscriptions'
import type { VisitorSender } from '~/server/leads/visitor-sender'

/*
 * Seller leads (issue 27 item 2): the owner of a home valued on the realtor's home-value page
 * asks for the realtor's personal valuation. The lead (kind `seller`, instant reply `pending`
 * for the reply worker, decision 020), its own row and the realtor's notice in the outbox are
 * stored in one transaction; the notice is then sent at once, or later by the outbox's retries.
 * The estimate stored with the lead is computed again here from the same inputs: never the
 * client's figures.
 */

function shownEstimate(i18n: I18n, low: string, high: string, typical: string, count: number): string {
  return i18n._(msg`Estimate shown: ${low} – ${high} (typical ${typical}), from ${count} comparable homes`)
}

/** What the realtor's notice says about the home and what the owner was shown. */
function sellerNoticeText(i18n: I18n, request: SellerLeadRequest, answer: ValuationAnswer, createdAt: string, consent: string): string {
  const { name, email, street, city, state, postalCode, beds, baths } = request
  const area = Math.round(request.livingArea).toLocaleString('en-US')
  const year = request.yearBuilt
  const count = answer.comparableCount
  const shown =
    answer.status === 'estimate'
      ? shownEstimate(i18n, formatPrice(answer.low), formatPrice(answer.high), formatPrice(answer.typical), count)
      : answer.status === 'out_of_range'
        ? i18n._(msg`No estimate shown: the home lies beyond what its comparable homes can value`)
        : i18n._(msg`No estimate shown: only ${count} comparable homes were found`)
  const timeframe = i18n._(SELLER_TIMEFRAME_LABELS[request.timeframe])
  const language = i18n._(LANGUAGE_NAMES[request.lang])
  return [
    i18n._(msg`${name} asks for your personal valuation of their home.`),
    '',
    `${street}, ${city}, ${state} ${postalCode}`,
    year === undefined
      ? i18n._(msg`${beds} beds · ${baths} baths · ${area} sq ft`)
      : i18n._(msg`${beds} beds · ${baths} baths · ${area} sq ft · built ${year}`),
    shown,
    i18n._(msg`Thinking of selling: ${timeframe}`),
    i18n._(msg`Answer in: ${language}`),
    '',
    `${name} <${email}>`,
    ...(request.phone ? [formatPhoneInternational(request.phone)] : []),
    '',
    '—',
    consent,
    createdAt,
  ].join('\n')
}

/** A visitor's request (`POST /seller-leads`, the home-value page's second form). */
export async function createSellerLead(services: AppServices, input: unknown, sender: VisitorSender): Promise<CreatedSellerLead> {
  // As many as the contact form allows: both reach the realtor's inbox from a public page.
  await enforceRateLimit(services.db, 'seller', sender.clientIp, services.config.rateLimits.contact, services.now())
  const request = parseInput(sellerLeadRequestSchema, input)
  const realtor = await services.db
    .selectFrom('realtor')
    .select(['id', 'email', 'displayNameKo', 'displayNameEn', 'desiredUrl'])
    .where('id', '=', request.realtorId)
    .where('isMakeHomepage', '=', 'Y')
    .executeTakeFirst()
  if (!realtor) throw errors.realtorNotFound()
  const id = randomUUID()
  const createdAt = services.now().toISOString()
  // A filled honeypot is a bot: answer like a success so it learns nothing, store nothing.
  if (request.website && request.website.trim() !== '') return { id, realtorId: realtor.id, createdAt, delivery: 'outbox' }

  const wording = consentWording(request.consentVersion, 'seller')
  if (!wording) {
    throw new AppError('VALIDATION_FAILED', msg`Some fields need your attention`, {
      fieldErrors: { consentVersion: [msg`This consent wording is not known. Reload the page and try again.`.id] },
    })
  }
  const answer = await valueHome(services, request, sender.lang)
  const pageLang = sender.lang
  await loadCatalog(pageLang)
  const i18n = i18nFor(pageLang)
  // The words the form showed, rendered here from the registry: never the client's text.
  const words = consentText(i18n, wording, { realtor: realtorDisplayName(realtor, pageLang) })
  const page = request.consentPage ?? '-'
  const version = wording.version
  const lang = pageLang
  const time = createdAt
  // The same line as a message's notice (src/server/inbox/contact-notification.ts).
  const consentLine = i18n._(msg`Consent: “${words}” (${version}, ${lang}) at ${time} on ${page}`)
  const phone = request.phone && request.phone !== '' ? request.phone : null
  const mailId = randomUUID()
  await services.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sellerLead')
      .values({
        id,
        realtorId: realtor.id,
        name: request.name,
        email: request.email,
        phone,
        lang: request.lang,
        timeframe: request.timeframe,
        street: request.street,
        city: request.city,
        state: request.state,
        postalCode: request.postalCode,
        propertyType: request.propertyType,
        beds: request.beds,
        baths: request.baths,
        livingArea: request.livingArea,
        yearBuilt: request.yearBuilt ?? null,
        estimateLow: answer.status === 'estimate' ? answer.low : null,
        estimateTypical: answer.status === 'estimate' ? answer.typical : null,
        estimateHigh: answer.status === 'estimate' ? answer.high : null,
        comparableCount: answer.comparableCount,
        siteOrigin: sender.origin,
        consentVersion: version,
        consentText: words,
        consentLang: pageLang,
        consentPage: request.consentPage ?? null,
        consentedAt: createdAt,
        createdAt,
      })
      .execute()
    await recordLead(trx, {
      id,
      realtorId: realtor.id,
      kind: 'seller',
      name: request.name,
      email: request.email,
      phone,
      lang: request.lang,
      sourcePage: request.consentPage ?? null,
      replyState: 'pending',
      at: createdAt,
    })
    const subjectName = request.name
    await enqueueMail(
      trx,
      {
        kind: 'seller-lead',
        // The notice goes to the realtor, not to the visitor whose timeline this lead has.
        leadId: null,
        realtorId: realtor.id,
        savedSearchId: null,
        toAddress: realtor.email,
        fromName: services.config.siteName[pageLang],
        replyTo: request.email,
        subject: i18n._(msg`Seller lead: ${subjectName} asks for a valuation`),
        textBody: sellerNoticeText(i18n, request, answer, createdAt, consentLine),
        htmlBody: null,
      },
      services.now(),
      mailId,
    )
  })
  const delivery = await deliverOutboxMail(services, mailId)
  // The box ticked: a pending market report subscription, in the same request, after the lead
  // (which stands whatever becomes of it); the owner confirms it from its own mail.
  const marketReport = request.marketReport
    ? await subscribeWithSellerLead(
        services,
        realtor.id,
        {
          email: request.email,
          name: request.name,
          lang: request.lang,
          state: request.state,
          city: request.city,
          consentVersion: SELLER_MARKET_REPORT_CONSENT,
          consentPage: request.consentPage ?? null,
          leadId: id,
        },
        sender,
      )
    : undefined
  return { id, realtorId: realtor.id, createdAt, delivery: delivery === 'sent' ? 'sent' : 'outbox', ...(marketReport ? { marketReport } : {}) }
}
