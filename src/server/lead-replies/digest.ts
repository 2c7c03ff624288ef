import type { Transaction } from 'kysely'
import { i18nFor, loadCatalog } from '~/i18n/i18n'
import { DEFAULT_TIME_ZONE, isTimeZone, localMoment } from '~/lib/local-time'
import { realtorDisplayName } from '~/lib/realtor-names'
import type { Database } from '~/server/db/schema'
import { deliverOutboxMail, enqueueMail } from '~/server/mail/outbox'
import { localOrigin } from '~/server/config/our-hosts'
import { realtorPageUrl, siteBaseFor } from '~/server/mail/site-links'
import { pagesById } from '~/server/db/pages-by-id'
import type { AppServices } from '~/server/services'
import { isDigestEmpty, renderDigestMail, type DigestLead } from './digest-mail'
import { DEFAULT_DIGEST_HOUR } from './reply-settings'
import { serializedOnSqlite } from './serialize'
import { isSuppressed } from '~/server/mail/suppression'

/*
 * The realtor's daily digest (issue 26 item 3, decision 021). Every few minutes each process
 * that runs the schedule looks for realtors whose local hour (in their own time zone, by Intl,
 * daylight-saving changes included) has reached their digest hour and whose local day has no
 * digest yet. The day is claimed by inserting `lead_digest_run(realtor_id, local_date)`, whose
 * primary key lets one insert win across workers, in the same transaction as the mail. A day
 * with nothing to say is claimed too, without a mail: the digest is a morning summary, not a
 * mail sent at the first lead of an afternoon.
 */

const DAY_MS = 24 * 3600_000
const SHOWN = 10
const REALTOR_PAGE = 500

type DigestOutcome = 'sent' | 'empty' | 'claimed-elsewhere' | 'suppressed'

const leadColumns = ['name', 'email', 'kind', 'createdAt', 'nextFollowUp'] as const

async function digestOne(
  services: AppServices,
  trx: Transaction<Database>,
  realtor: { id: string; desiredUrl: string; email: string; displayNameKo: string | null; displayNameEn: string | null },
  settings: { lang: 'ko' | 'en' },
  localDate: string,
): Promise<{ outcome: DigestOutcome; mailId?: string }> {
  const now = services.now()
  const claimed = await trx
    .insertInto('leadDigestRun')
    .values({ realtorId: realtor.id, localDate, mailId: null, createdAt: now.toISOString() })
    .onConflict((conflict) => conflict.columns(['realtorId', 'localDate']).doNothing())
    .executeTakeFirst()
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0) !== 1) return { outcome: 'claimed-elsewhere' }

  const leads = trx.selectFrom('lead').where('realtorId', '=', realtor.id)
  const since = new Date(now.getTime() - DAY_MS).toISOString()
  const fresh = leads.where('createdAt', '>', since)
  const due = leads.where('nextFollowUp', 'is not', null).where('nextFollowUp', '<=', localDate).where('stage', 'not in', ['closed', 'archived'])
  const tours = leads.where('kind', '=', 'tour').where('stage', '=', 'new')
  const count = async (query: typeof leads) => Number((await query.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow()).count)
  const [newTotal, followUpTotal, tourTotal] = await Promise.all([count(fresh), count(due), count(tours)])
  if (isDigestEmpty({ newTotal, followUpTotal, tourTotal })) return { outcome: 'empty' }
  if (await isSuppressed(trx, realtor.email)) return { outcome: 'suppressed' }
  const [newLeads, followUps, toursWaiting]: [Array<DigestLead>, Array<DigestLead>, Array<DigestLead>] = await Promise.all([
    fresh.select(leadColumns).orderBy('createdAt', 'desc').limit(SHOWN).execute(),
    due.select(leadColumns).orderBy('nextFollowUp').orderBy('createdAt').limit(SHOWN).execute(),
    tours.select(leadColumns).orderBy('createdAt').limit(SHOWN).execute(),
  ])

  const lang = settings.lang
  await loadCatalog(lang)
  // The workspace is on the platform, never on the realtor's own domain: signing in happens there.
  const workspace = realtorPageUrl(siteBaseFor(services.config, { desiredUrl: realtor.desiredUrl, hompageHost: null }, localOrigin()), lang, 'admin')
  const mail = renderDigestMail(
    {
      lang,
      realtorName: realtorDisplayName(realtor, lang),
      localDate,
      newLeads,
      newTotal,
      followUps,
      followUpTotal,
      toursWaiting,
      tourTotal,
      workspaceUrl: `${workspace}?tab=messages`,
      settingsUrl: `${workspace}?tab=replies`,
    },
    i18nFor(lang),
  )
  const siteName = services.config.siteName[lang]
  const mailId = await enqueueMail(
    trx,
    {
      kind: 'lead-digest',
      // To the realtor: no visitor's timeline shows it.
      leadId: null,
      realtorId: realtor.id,
      savedSearchId: null,
      toAddress: realtor.email,
      fromName: siteName,
      replyTo: null,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      headers: { 'Auto-Submitted': 'auto-generated' },
    },
    now,
  )
  await trx.updateTable('leadDigestRun').set({ mailId }).where('realtorId', '=', realtor.id).where('localDate', '=', localDate).execute()
  return { outcome: 'sent', mailId }
}

export type DigestRunResult = Record<DigestOutcome, number>

/** Sends today's digest to every realtor whose hour has come and who has none yet (any process, any number at once). */
export async function sendDueDigests(services: AppServices): Promise<DigestRunResult> {
  const result: DigestRunResult = { sent: 0, empty: 0, 'claimed-elsewhere': 0, suppressed: 0 }
  const now = services.now()
  const everyRealtor = services.db
    .selectFrom('realtor')
    .leftJoin('realtorLeadSettings', 'realtorLeadSettings.realtorId', 'realtor.id')
    .select(['realtor.id', 'realtor.desiredUrl', 'realtor.email', 'realtor.displayNameKo', 'realtor.displayNameEn'])
    .select([
      'realtorLeadSettings.realtorId as settingsRealtorId',
      'realtorLeadSettings.lang',
      'realtorLeadSettings.timeZone',
      'realtorLeadSettings.digestHour',
      'realtorLeadSettings.digestEnabled',
    ])
  for await (const realtors of pagesById(everyRealtor, 'realtor.id', REALTOR_PAGE)) {
    for (const realtor of realtors) {
      const digestEnabled = realtor.settingsRealtorId === null ? true : realtor.digestEnabled === 1
      if (!digestEnabled) continue
      const settings = {
        lang: realtor.lang === 'en' ? ('en' as const) : ('ko' as const),
        timeZone: realtor.timeZone && isTimeZone(realtor.timeZone) ? realtor.timeZone : DEFAULT_TIME_ZONE,
        digestHour: realtor.digestHour === null ? DEFAULT_DIGEST_HOUR : Number(realtor.digestHour),
      }
      const local = localMoment(now, settings.timeZone)
      if (local.hour < settings.digestHour) continue
      const done = await services.db
        .selectFrom('leadDigestRun')
        .select('realtorId')
        .where('realtorId', '=', realtor.id)
        .where('localDate', '=', local.date)
        .executeTakeFirst()
      if (done) continue
      const { outcome, mailId } = await serializedOnSqlite(services, () =>
        services.db.transaction().execute((trx) => digestOne(services, trx, realtor, settings, local.date)),
      )
      result[outcome] += 1
      if (mailId) await deliverOutboxMail(services, mailId)
    }
  }
  return result
}
