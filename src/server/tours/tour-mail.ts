import { msg } from '@lingui/core/macro'
import type { I18n } from '@lingui/core'
import type { Lang } from '~/lib/lang'
import { formatPhoneInternational } from '~/lib/phone'
import { tourTimeText } from '~/lib/listing-time-zones'
import type { TourMode } from '~/schemas/tours'
import { escapeHtml, mailBodyRow, mailDocument, mailFinePrintRow, mailLink, mailParagraph, mailParagraphHtml } from '~/server/mail/mail-html'
import type { RenderedMail } from '~/server/mail/mail-html'
import { realtorLines } from '~/server/mail/realtor-mail'

/*
 * The visitor's mails about their tour (issue 26 item 4): the confirmed or proposed time (with
 * the calendar invitation attached by the caller), or the cancellation. In the visitor's
 * language, from the realtor (their name on our address, Reply-To the realtor), with the
 * realtor's license, brokerage and postal address in the footer. Pure: the caller reads the
 * data, so the words are unit-tested. Nothing the visitor wrote is repeated in these mails.
 */

export type TourMailRealtor = {
  name: string
  email: string
  phone: string | null
  licenseNumber: string | null
  brokerageName: string | null
  brokerageLicenseNumber: string | null
  /** The brokerage's address, else the platform's (MAIL_POSTAL_ADDRESS); null when neither. */
  postalAddress: string | null
}

export type TourMailInput = {
  lang: Lang
  kind: 'confirmed' | 'proposed' | 'cancelled' | 'declined'
  visitorName: string
  mode: TourMode
  address: string
  timeZone: string
  /** The confirmed, proposed or cancelled time; null for a request declined before any was set. */
  start: Date | null
  listingUrl: string
  realtor: TourMailRealtor
}

function modeText(mode: TourMode, i18n: I18n): string {
  return mode === 'video' ? i18n._(msg`Video tour`) : i18n._(msg`In-person tour`)
}

/** The footer every tour mail carries: who sent it, their license and brokerage, a postal address. */
function footerLines(realtor: TourMailRealtor, i18n: I18n): Array<string> {
  return [
    realtor.name,
    ...realtorLines(realtor, i18n),
    realtor.postalAddress,
    i18n._(msg`You receive this e-mail because you asked for a tour of this home. Reply to this e-mail to reach ${realtor.name}.`),
  ].filter((line): line is string => line !== null && line !== '')
}

export function renderTourMail(input: TourMailInput, i18n: I18n): RenderedMail {
  const { realtor, address } = input
  const realtorName = realtor.name
  const visitor = input.visitorName
  const greeting = i18n._(msg`Hello ${visitor},`)
  const when = input.start ? tourTimeText(input.start, input.timeZone, input.lang, i18n) : null
  const mode = modeText(input.mode, i18n)
  let subject: string
  let lead: string
  let after: string
  switch (input.kind) {
    case 'confirmed':
      subject = i18n._(msg`Tour confirmed: ${address}`)
      lead = i18n._(msg`${realtorName} confirmed your tour of ${address}.`)
      after = i18n._(msg`The invitation is attached: open it to add the tour to your calendar.`)
      break
    case 'proposed':
      subject = i18n._(msg`A new time for your tour: ${address}`)
      lead = i18n._(msg`${realtorName} proposes another time for your tour of ${address}.`)
      after = i18n._(msg`The invitation is attached: open it to add the tour to your calendar, or reply to this e-mail if the time does not suit you.`)
      break
    case 'cancelled':
      subject = i18n._(msg`Tour cancelled: ${address}`)
      lead = i18n._(msg`${realtorName} cancelled your tour of ${address}.`)
      after = i18n._(msg`The attached update removes it from your calendar. Reply to this e-mail to find another time.`)
      break
    case 'declined':
      subject = i18n._(msg`About your tour request: ${address}`)
      lead = i18n._(msg`${realtorName} cannot offer a tour of ${address} at the times you asked for.`)
      after = i18n._(msg`Reply to this e-mail to find another time.`)
      break
  }
  const facts = [when ? `${i18n._(msg`When`)}: ${when}` : null, `${i18n._(msg`How`)}: ${mode}`, `${i18n._(msg`Where`)}: ${address}`].filter(
    (line) => line !== null,
  )
  const phone = realtor.phone ? i18n._(msg`Phone: ${formatPhoneInternational(realtor.phone)}`) : null
  const listing = i18n._(msg`The home`)
  const footer = footerLines(realtor, i18n)
  const text = [greeting, '', lead, '', ...facts, '', after, ...(phone ? [phone] : []), '', `${listing}: ${input.listingUrl}`, '', '--', ...footer].join('\n')
  const message = [
    mailParagraph(greeting),
    mailParagraph(lead),
    `<ul style="margin:0 0 12px;padding-left:20px;">${facts.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
    mailParagraphHtml(`${escapeHtml(after)}${phone ? `<br>${escapeHtml(phone)}` : ''}`),
    mailParagraphHtml(mailLink(input.listingUrl, listing, 'font-weight:bold;')),
  ]
  const html = mailDocument({
    lang: input.lang,
    title: subject,
    rows: `${mailBodyRow(message.join('\n'))}
${mailFinePrintRow(mailParagraphHtml(footer.map(escapeHtml).join('<br>'), 'margin:0;'))}`,
  })
  return { subject, text, html }
}

/** The event's title and description in the calendar: no visitor text, only the facts. */
export function tourEventWords(input: Pick<TourMailInput, 'mode' | 'address' | 'realtor' | 'listingUrl'>, i18n: I18n): { title: string; description: string } {
  const mode = modeText(input.mode, i18n)
  const realtorName = input.realtor.name
  return {
    title: i18n._(msg`${mode}: ${input.address}`),
    description: [i18n._(msg`With ${realtorName}`), input.realtor.phone ? formatPhoneInternational(input.realtor.phone) : '', input.listingUrl]
      .filter((line) => line !== '')
      .join('\n'),
  }
}
