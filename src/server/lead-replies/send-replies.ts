import type { Transaction } from 'kysely'
import { msg } from '@lingui/core/macro'
import { i18nFor, loadCatalog } from '~/i18n/i18n'
import { formatPhoneInternational } from '~/lib/phone'
import type { Lang } from '~/lib/lang'
import { realtorDisplayName } from '~/lib/realtor-names'
import { safeVisitorName, type ReplyValues } from '~/lib/reply-placeholders'
import type { Database } from '~/server/db/schema'
import { deliverOutboxMail, enqueueMail } from '~/server/mail/outbox'
import { localOrigin } from '~/server/config/our-hosts'
import { realtorPageUrl, siteBaseFor } from '~/server/mail/site-links'
import type { AppServices } from '~/server/services'
import { renderReplyMail } from './reply-mail'
import { readLeadSettings } from './reply-settings'
import { serializedOnSqlite } from './serialize'
import { isSuppressed } from '~/server/mail/suppression'
import { SENDER_REALTOR_COLUMNS } from '~/server/mail/sender-realtor'

/*
 * The instant reply (issue 26 item 1, decision 021). A lead recorded with `reply_state =
 * 'pending'` (a contact message, a tour request, a seller lead) gets one mail from its realtor,
 * composed from the `lead` row alone, so every kind is answered the same way.
 *
 * Per lead, in one transaction: the lead is claimed (its state moved from `pending`, so a
 * second worker updates nothing and goes on), the realtor's row is locked (PostgreSQL) so two
 * leads of one address are judged one after the other, then the rules decide, and the mail is
 * stored in the outbox with the state `sent`: both or neither. The outbox then sends it, retried
 * and claimed once like every other mail.
 */

const DAY_MS = 24 * 3600_000
/** Leads looked at per run; the next run (30 s later) takes the rest. */
const BATCH = 100

export type ReplyOutcome = 'sent' | 'disabled' | 'suppressed' | 'daily-limit' | 'claimed-elsewhere'

async function listingAddress(trx: Transaction<Database>, listingKey: string | null): Promise<string | null> {
  if (!listingKey) return null
  const home = await trx
    .selectFrom('home')
    .select(['unparsedAddress', 'city', 'stateOrProvince', 'internetAddressDisplayYn'])
    .where('listingKey', '=', listingKey)
    .executeTakeFirst()
  // A seller who keeps the address off the internet keeps it out of our mail too.
  if (!home || home.internetAddressDisplayYn === 0 || !home.unparsedAddress) return null
  return [home.unparsedAddress, home.city, home.stateOrProvince].filter(Boolean).join(', ')
}

async function replyToLead(services: AppServices, leadId: string): Promise<{ outcome: ReplyOutcome; mailId?: string }> {
  const now = services.now()
  const nowIso = now.toISOString()
  return services.db.transaction().execute(async (trx) => {
    // The claim: only the worker that moves the state from `pending` goes on.
    const claimed = await trx
      .updateTable('lead')
      .set({ replyState: 'sent', replySentAt: nowIso, replySkipReason: null, updatedAt: nowIso })
      .where('id', '=', leadId)
      .where('replyState', '=', 'pending')
      .executeTakeFirst()
    if (Number(claimed.numUpdatedRows) !== 1) return { outcome: 'claimed-elsewhere' }
    const lead = await trx.selectFrom('lead').selectAll().where('id', '=', leadId).executeTakeFirstOrThrow()

    // One reply decision per realtor at a time: the daily limit then sees the other's result.
    let realtorQuery = trx
      .selectFrom('realtor')
      .select(['id', 'phoneCountryCode', ...SENDER_REALTOR_COLUMNS])
      .where('id', '=', lead.realtorId)
    if (services.dbKind === 'postgres') realtorQuery = realtorQuery.forUpdate()
    const realtor = await realtorQuery.executeTakeFirstOrThrow()

    const skip = async (reason: Exclude<ReplyOutcome, 'sent' | 'claimed-elsewhere'>) => {
      await trx.updateTable('lead').set({ replyState: 'skipped', replySentAt: null, replySkipReason: reason }).where('id', '=', leadId).execute()
      return { outcome: reason }
    }

    const settings = await readLeadSettings(trx, realtor.id)
    if (!settings.replyEnabled) return skip('disabled')
    if (await isSuppressed(trx, lead.email)) return skip('suppressed')
    const recent = await trx
      .selectFrom('lead')
      .select('id')
      .where('realtorId', '=', realtor.id)
      .where('emailKey', '=', lead.emailKey)
      .where('replyState', '=', 'sent')
      .where('id', '!=', lead.id)
      .where('replySentAt', '>', new Date(now.getTime() - DAY_MS).toISOString())
      .executeTakeFirst()
    if (recent) return skip('daily-limit')

    const lang: Lang = lead.lang === 'en' ? 'en' : 'ko'
    await loadCatalog(lang)
    const i18n = i18nFor(lang)
    const name = realtorDisplayName(realtor, lang)
    const base = siteBaseFor(services.config, realtor, localOrigin())
    const address = await listingAddress(trx, lead.listingKey)
    const values: ReplyValues = {
      visitorName: safeVisitorName(lead.name) || i18n._(msg({ message: 'there', comment: 'Greets a visitor whose name we do not have: "Hello there,"' })),
      realtorName: name,
      listingAddress: address ?? i18n._(msg`the home you asked about`),
      // With its country code: the visitor may read this abroad (decision 070).
      phone: realtor.contactPhone ? formatPhoneInternational(realtor.contactPhone, realtor.phoneCountryCode) : realtor.email,
      email: realtor.email,
      website: realtorPageUrl(base, lang, ''),
    }
    const template = settings.templates[lang]
    const mail = renderReplyMail(
      {
        lang,
        subjectTemplate: template.subject,
        bodyTemplate: template.body,
        values,
        realtor: {
          name,
          licenseNumber: realtor.licenseNumber,
          brokerageName: realtor.brokerageName,
          brokerageLicenseNumber: realtor.brokerageLicenseNumber,
          postalAddress: realtor.brokerageAddress?.trim() || services.config.mailPostalAddress?.trim() || null,
        },
      },
      i18n,
    )
    const mailId = await enqueueMail(
      trx,
      {
        kind: 'lead-reply',
        leadId: lead.id,
        realtorId: realtor.id,
        savedSearchId: null,
        // Only the address the visitor gave, exactly as given.
        toAddress: lead.email,
        fromName: name,
        replyTo: realtor.email,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
        // An auto-reply says so (RFC 3834), so the visitor's own auto-responder does not answer it.
        headers: { 'Auto-Submitted': 'auto-replied' },
      },
      now,
    )
    return { outcome: 'sent', mailId }
  })
}

export type ReplyRunResult = Record<ReplyOutcome, number>

/**
 * Answers every pending lead, oldest first. Safe to run in any number of processes at once:
 * each lead is claimed before anything is decided or stored.
 */
export async function sendPendingReplies(services: AppServices, limit = BATCH): Promise<ReplyRunResult> {
  const result: ReplyRunResult = { sent: 0, disabled: 0, suppressed: 0, 'daily-limit': 0, 'claimed-elsewhere': 0 }
  const pending = await services.db.selectFrom('lead').select('id').where('replyState', '=', 'pending').orderBy('createdAt').limit(limit).execute()
  for (const { id } of pending) {
    const { outcome, mailId } = await serializedOnSqlite(services, () => replyToLead(services, id))
    result[outcome] += 1
    if (mailId) await deliverOutboxMail(services, mailId)
  }
  return result
}

/**
 * Right after a lead is stored: answer it now, in the background (the scheduled run catches what
 * this misses). Tracked by the services, so closing them waits for it rather than pulling the
 * database from under it.
 */
export function replyToNewLeadsSoon(services: AppServices): void {
  services.background.run('lead-replies.immediate', () => sendPendingReplies(services, 10))
}
