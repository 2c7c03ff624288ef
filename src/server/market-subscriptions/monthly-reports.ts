import type { Selectable, Transaction } from 'kysely'
import { sql } from 'kysely'
import { i18nFor, loadCatalog } from '~/i18n/i18n'
import type { MarketReport } from '~/schemas/market'
import type { Database, MarketSubscriptionTable } from '~/server/db/schema'
import { claimActiveRow, type ClaimMark } from '~/server/db/claim-row'
import { pagesById } from '~/server/db/pages-by-id'
import { serializedTransaction } from '~/server/db/serialized-writes'
import { deliverPendingMail, enqueueMail } from '~/server/mail/outbox'
import { readMarketReport } from '~/server/market/market-reports'
import { realtorInMail, type RealtorForMail } from '~/server/mail/sender-realtor'
import { realtorsForMailRun } from '~/server/realtors/realtors-for-mail'
import { signSavedSearchToken } from '~/server/saved-searches/links'
import { oneClickUnsubscribeHeaders, realtorPageUrl, siteBaseFor } from '~/server/mail/site-links'
import type { AppServices } from '~/server/services'
import { marketOneClickUnsubscribeUrl, marketReportPageUrl, marketUnsubscribePageUrl } from './links'
import { renderMarketMail } from './market-mail'
import { scheduledJob } from '~/server/logging/job-log'

/*
 * The monthly market report mails (issue 27 item 5). A city's figures are stored once a month
 * and rewritten by each import in it (src/server/market/snapshots.ts); an active subscription
 * is due when its city has a snapshot of a month later than the last one it was sent, so a
 * subscriber hears once per month, from the first import of that month on, and a new subscriber
 * gets the current month's report at the next run after confirming.
 *
 * Per subscription, in one transaction: the month is claimed (`last_sent_month` moved from what
 * was read, so a second process finds nothing to claim) and the mail is stored in the outbox,
 * which delivers it once under its lease (src/server/mail/delivery-lease.ts). A crash before
 * the commit leaves both to the next run.
 */

type Subscription = Selectable<MarketSubscriptionTable>

/** Subscriptions read per query while looking for due ones. */
const PAGE = 500

export type MarketMailRunResult = { mails: number }

/** Queues this month's report for every due subscription; see the file's comment. */
export async function sendMonthlyMarketReports(services: AppServices): Promise<MarketMailRunResult> {
  await Promise.all([loadCatalog('ko'), loadCatalog('en')])
  const reports = new Map<string, MarketReport | undefined>()
  const realtorOf = realtorsForMailRun(services)
  const result: MarketMailRunResult = { mails: 0 }
  // Only subscriptions whose city has a month not sent yet: an up-to-date month costs nothing.
  const due = services.db
    .selectFrom('marketSubscription as s')
    .selectAll('s')
    .where('s.status', '=', 'active')
    // An unpublished homepage has no report page to link to: its subscribers wait.
    .where((eb) => eb.exists(eb.selectFrom('realtor as r').select('r.id').whereRef('r.id', '=', 's.realtorId').where('r.isMakeHomepage', '=', 'Y')))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('marketSnapshot as m')
          .select('m.month')
          .whereRef('m.stateOrProvince', '=', 's.state')
          .whereRef('m.cityKey', '=', 's.cityKey')
          .where('m.month', '>', sql<string>`coalesce(${sql.ref('s.lastSentMonth')}, '')`),
      ),
    )
  for await (const page of pagesById(due, 's.id', PAGE)) {
    for (const subscription of page) {
      const cityKey = `${subscription.state}|${subscription.cityKey}`
      if (!reports.has(cityKey)) reports.set(cityKey, await readMarketReport(services, { stateOrProvince: subscription.state, cityKey: subscription.cityKey }))
      const report = reports.get(cityKey)
      const realtor = await realtorOf(subscription.realtorId)
      if (!report || !realtor) continue
      // A city the realtor no longer serves has no report page on their site: nothing to send.
      if (!realtor.regions.some((region) => region.state === subscription.state && region.cityKey === subscription.cityKey)) continue
      const sent = await serializedTransaction(services, (trx) => sendOne(services, trx, subscription, realtor, report))
      if (sent) result.mails += 1
    }
  }
  return result
}

const MONTH_SENT: ClaimMark = { table: 'marketSubscription', mark: 'lastSentMonth' }

async function sendOne(
  services: AppServices,
  trx: Transaction<Database>,
  subscription: Subscription,
  realtor: RealtorForMail,
  report: MarketReport,
): Promise<boolean> {
  const month = report.current.month
  if (subscription.lastSentMonth !== null && subscription.lastSentMonth >= month) return false
  // The claim: only the process that moves the month from what it read goes on.
  if (!(await claimActiveRow(trx, MONTH_SENT, subscription.id, subscription.lastSentMonth, month))) return false

  const { lang } = subscription
  const base = siteBaseFor(services.config, realtor, subscription.siteOrigin)
  const homepageUrl = realtorPageUrl(base, lang, '')
  const unsubscribeToken = signSavedSearchToken(services.config.signingSecret, subscription, 'unsubscribe', null)
  const name = realtor.name[lang]
  const mail = renderMarketMail(
    {
      lang,
      realtor: realtorInMail(services, realtor, lang, homepageUrl),
      visitorName: subscription.name,
      report,
      reportUrl: marketReportPageUrl(base, lang, report),
      unsubscribeUrl: marketUnsubscribePageUrl(base, lang, unsubscribeToken),
    },
    i18nFor(lang),
  )
  await enqueueMail(
    trx,
    {
      kind: 'market-report',
      leadId: subscription.leadId,
      realtorId: subscription.realtorId,
      savedSearchId: null,
      toAddress: subscription.email,
      fromName: name,
      replyTo: realtor.email,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      headers: oneClickUnsubscribeHeaders(marketOneClickUnsubscribeUrl(base, unsubscribeToken)),
    },
    services.now(),
  )
  return true
}

/** The scheduled run: queue what is due, then deliver the outbox. */
export async function runMarketReports(services: AppServices): Promise<MarketMailRunResult & { delivered: number }> {
  const { mails } = await sendMonthlyMarketReports(services)
  const { sent } = await deliverPendingMail(services)
  return { mails, delivered: sent }
}

const MARKET_MAIL_INTERVAL_MS = 60 * 60_000

let running: Promise<unknown> | undefined

/**
 * Snapshots come with imports, at most a few a day, and a report is monthly: the server looks
 * once an hour, beside the alerts' schedule (src/server/process-services.ts). One run at a time
 * per process; across processes the claim keeps each month to one mail.
 */
export function startMarketReportSchedule(services: AppServices): void {
  const timer = setInterval(() => {
    if (running) return
    running = scheduledJob('market-mail.monthly', () => runMarketReports(services)).finally(() => {
      running = undefined
    })
  }, MARKET_MAIL_INTERVAL_MS)
  timer.unref()
}
