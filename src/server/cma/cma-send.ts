import { msg } from '@lingui/core/macro'
import type { I18n } from '@lingui/core'
import { i18nFor, loadCatalog } from '~/i18n/i18n'
import { cmaDollars } from '~/lib/cma-words'
import { realtorDisplayName } from '~/lib/realtor-names'
import { cmaSendRequestSchema, type CmaSent } from '~/schemas/cma/cma'
import { AppError, parseInput } from '~/server/app-error'
import type { Actor } from '~/server/auth/actor'
import { footerLines } from '~/server/lead-replies/reply-mail'
import { escapeHtml, mailBodyRow, mailButton, mailDocument, mailFinePrintRow, mailParagraph, mailParagraphHtml } from '~/server/mail/mail-html'
import type { RenderedMail } from '~/server/mail/mail-html'
import { deliverOutboxMail, enqueueMail } from '~/server/mail/outbox'
import { SENDER_REALTOR_COLUMNS, postalAddressFor } from '~/server/mail/sender-realtor'
import { isSuppressed } from '~/server/mail/suppression'
import { localOrigin } from '~/server/config/our-hosts'
import { realtorPageUrl, siteBaseFor } from '~/server/mail/site-links'
import type { AppServices } from '~/server/services'
import { createShare } from './cma-share'
import { getCma, isLiveShare, managedCma, storedSubject } from './cmas'

/*
 * Sending a CMA to its seller lead (issue 53 part 2): one mail through the outbox, in the lead's
 * language unless the realtor chooses the other, with the share link (made now, without expiry,
 * when the CMA has no live one). The mail carries the lead's id, so the lead's timeline shows it
 * with its delivery state (decision 068); the CMA is marked sent in the same transaction.
 */

const noLead = () => new AppError('CONFLICT', msg`This market analysis is not linked to a seller lead. Start it from the lead to send it.`)
const refusesMail = () => new AppError('CONFLICT', msg`Mail to this address bounced or was refused, so it is not sent again.`)

type CmaMailInput = {
  lang: 'ko' | 'en'
  leadName: string | null
  realtorName: string
  address: string
  link: string
  range: { low: number; high: number } | null
  footer: Array<string>
}

/** The mail's subject, text and HTML: pure, so its words are tested. */
export function cmaMail(input: CmaMailInput, i18n: I18n): RenderedMail {
  const { realtorName, address, link } = input
  const subject = i18n._(msg`Your home's market analysis from ${realtorName}: ${address}`).replace(/[\r\n]+/g, ' ')
  const greeting = input.leadName ? i18n._(msg`Hello ${input.leadName},`) : i18n._(msg`Hello,`)
  const intro = i18n._(
    msg`I prepared a comparative market analysis of ${address}: the homes it compares with, how each was adjusted, the market's last 12 months and the list price I recommend.`,
  )
  const rangeLine = input.range ? i18n._(msg`Recommended list price: ${cmaDollars(input.range.low)} – ${cmaDollars(input.range.high)}`) : null
  const linkLine = i18n._(msg`Read it here (a PDF can be printed from the page):`)
  const close = i18n._(msg`I am glad to go through it with you. Just reply to this mail.`)
  const why = i18n._(msg`You receive this mail because you asked ${realtorName} for a valuation of your home.`)
  const text = [greeting, '', intro, ...(rangeLine ? ['', rangeLine] : []), '', linkLine, link, '', close, '', '--', ...input.footer, '', why].join('\n')
  const message = [
    mailParagraph(greeting),
    mailParagraph(intro),
    rangeLine ? mailParagraph(rangeLine, 'font-weight:bold;') : '',
    mailButton(link, i18n._(msg`Open the market analysis`)),
    mailParagraph(close),
  ]
  const html = mailDocument({
    lang: input.lang,
    title: subject,
    rows: `${mailBodyRow(message.join('\n'))}
${mailFinePrintRow(`${mailParagraphHtml(input.footer.map(escapeHtml).join('<br>'), 'margin:0 0 8px;')}
${mailParagraph(why, 'margin:0;')}`)}`,
  })
  return { subject, text, html }
}

/**
 * `POST /cmas/{id}/send`: mails the share link to the CMA's seller lead through the outbox, in the
 * lead's language unless `{ lang }` says otherwise, and records it on the lead's timeline. Shares
 * the CMA first when it has no live link.
 */
export async function sendCmaToLead(services: AppServices, actor: Actor, id: string, input: unknown): Promise<CmaSent> {
  const request = parseInput(cmaSendRequestSchema, input === undefined ? {} : input)
  const cma = await managedCma(services, actor, id)
  if (cma.leadId === null) throw noLead()
  const lead = await services.db
    .selectFrom('lead')
    .select(['id', 'name', 'email', 'lang'])
    .where('id', '=', cma.leadId)
    .where('realtorId', '=', cma.realtorId)
    .executeTakeFirst()
  if (!lead) throw noLead()
  if (await isSuppressed(services.db, lead.email)) throw refusesMail()
  const realtor = await services.db
    .selectFrom('realtor')
    .select(['id', ...SENDER_REALTOR_COLUMNS])
    .where('id', '=', cma.realtorId)
    .executeTakeFirstOrThrow()

  const lang = request.lang ?? (lead.lang === 'en' ? 'en' : 'ko')
  await loadCatalog(lang)
  const i18n = i18nFor(lang)
  const shares = await services.db
    .selectFrom('cmaShare')
    .selectAll()
    .where('cmaId', '=', cma.id)
    .where('revokedAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .execute()
  const live = shares.find((share) => isLiveShare(share, services.now()))
  const token = live?.token ?? (await createShare(services, cma, null)).token
  const base = siteBaseFor(services.config, realtor, localOrigin())
  const subject = storedSubject(cma.subject)
  const realtorName = realtorDisplayName(realtor, lang)
  const mail = cmaMail(
    {
      lang,
      leadName: lead.name,
      realtorName,
      address: `${subject.street}, ${subject.city}`,
      link: realtorPageUrl(base, lang, `cma/${token}`),
      range: cma.recommendedLow !== null && cma.recommendedHigh !== null ? { low: Number(cma.recommendedLow), high: Number(cma.recommendedHigh) } : null,
      footer: footerLines(
        {
          name: realtorName,
          licenseNumber: realtor.licenseNumber,
          brokerageName: realtor.brokerageName,
          brokerageLicenseNumber: realtor.brokerageLicenseNumber,
          postalAddress: postalAddressFor(realtor, services),
        },
        i18n,
      ),
    },
    i18n,
  )
  const now = services.now()
  const mailId = await services.db.transaction().execute(async (trx) => {
    const queued = await enqueueMail(
      trx,
      {
        kind: 'cma',
        leadId: lead.id,
        realtorId: realtor.id,
        savedSearchId: null,
        toAddress: lead.email,
        fromName: realtorName,
        replyTo: realtor.email,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
      },
      now,
    )
    // Not its updatedAt: that is the report's "as of" date, which sending does not move.
    await trx.updateTable('cma').set({ status: 'sent', sentAt: now.toISOString() }).where('id', '=', cma.id).execute()
    return queued
  })
  const delivery = await deliverOutboxMail(services, mailId)
  return { cma: await getCma(services, actor, cma.id), mailId, lang, delivery: delivery === 'sent' ? 'sent' : 'outbox' }
}
