import { msg } from '@lingui/core/macro'
import type { I18n } from '@lingui/core'
import { escapeHtml, MAIL_COLOURS, MAIL_FONT, mailFinePrintRow, mailLink, mailParagraph, mailParagraphHtml, safeUrl } from './mail-html'

/*
 * What a realtor's own mails to visitors share (new-listing alerts, market reports): the realtor
 * as they name them, a header with their photo, name and license (state advertising rules want
 * the licensee and the brokerage named), and the closing lines to write back to.
 */

export type MailRealtor = {
  name: string
  email: string
  photo: string | null
  licenseNumber: string | null
  brokerageName: string | null
  brokerageLicenseNumber: string | null
  /** The brokerage's address, else the platform's (CAN-SPAM); null when neither is configured. */
  postalAddress: string | null
  homepageUrl: string
}

/** The license and brokerage lines a realtor's mails carry under their name (state rules). */
export function realtorLines(realtor: Pick<MailRealtor, 'licenseNumber' | 'brokerageName' | 'brokerageLicenseNumber'>, i18n: I18n): Array<string> {
  const { licenseNumber, brokerageName: brokerage, brokerageLicenseNumber: brokerageLicense } = realtor
  return [
    licenseNumber ? i18n._(msg`License number: ${licenseNumber}`) : null,
    brokerage ? (brokerageLicense ? i18n._(msg`Brokerage: ${brokerage} (license ${brokerageLicense})`) : i18n._(msg`Brokerage: ${brokerage}`)) : null,
  ].filter((line) => line !== null)
}

/** The card's first row: the realtor's photo, name (linked to their homepage) and license lines. */
export function realtorHeaderRow(realtor: Pick<MailRealtor, 'name' | 'photo' | 'homepageUrl'>, lines: ReadonlyArray<string>): string {
  const e = escapeHtml
  const font = MAIL_FONT
  const photo = safeUrl(realtor.photo)
  const name = realtor.name
  return `<tr><td style="padding:20px 24px;border-bottom:1px solid ${MAIL_COLOURS.rule};">
<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>
${photo ? `<td width="64" valign="top" style="padding-right:12px;"><img src="${e(photo)}" width="64" height="64" alt="${e(name)}" style="display:block;width:64px;height:64px;border-radius:32px;border:0;"></td>` : ''}
<td valign="middle" style="${font}font-size:15px;line-height:1.4;color:${MAIL_COLOURS.text};">
<p style="margin:0;font-size:18px;font-weight:bold;"><a href="${e(safeUrl(realtor.homepageUrl) ?? '')}" style="color:${MAIL_COLOURS.text};text-decoration:none;">${e(name)}</a></p>
${lines.map((line) => `<p style="margin:0;">${e(line)}</p>`).join('')}
</td></tr></table></td></tr>`
}

/**
 * The small print of a realtor's mail: why the reader gets it, the links to manage or stop it
 * (http(s) only), and the realtor's name, address to write back to and postal address (CAN-SPAM).
 */
export function realtorFinePrintRow(
  realtor: Pick<MailRealtor, 'name' | 'email' | 'postalAddress'>,
  why: string,
  links: ReadonlyArray<{ href: string; label: string }>,
): string {
  const email = escapeHtml(realtor.email)
  return mailFinePrintRow(
    [
      mailParagraph(why, 'margin:0 0 8px;'),
      mailParagraphHtml(links.map((link) => mailLink(safeUrl(link.href) ?? '', link.label)).join(' · '), 'margin:0 0 8px;'),
      mailParagraphHtml(`${escapeHtml(realtor.name)} · <a href="mailto:${email}" style="color:${MAIL_COLOURS.muted};">${email}</a>`, 'margin:0 0 4px;'),
      realtor.postalAddress ? mailParagraph(realtor.postalAddress, 'margin:0;') : '',
    ].join('\n'),
  )
}
