import { msg } from '@lingui/core/macro'
import type { I18n } from '@lingui/core'
import type { Lang } from '~/lib/lang'
import { renderTemplate, type ReplyValues } from '~/lib/reply-placeholders'
import { escapeHtml, MAIL_FONT, mailDocument } from '~/server/mail/mail-html'

/*
 * The instant reply as it goes out (issue 26, decision 021). Pure, so the words are unit-tested.
 * The body is the realtor's template with the placeholders filled; the only value a visitor
 * typed is their name, cleaned before it gets here (`safeVisitorName`). The footer says who
 * writes (name, license, brokerage, postal address) and why this one mail came.
 */

export type ReplyMailInput = {
  lang: Lang
  subjectTemplate: string
  bodyTemplate: string
  values: ReplyValues
  realtor: {
    name: string
    licenseNumber: string | null
    brokerageName: string | null
    brokerageLicenseNumber: string | null
    /** The brokerage's address, else the platform's (MAIL_POSTAL_ADDRESS); null when neither is set. */
    postalAddress: string | null
  }
}

export type RenderedReply = { subject: string; text: string; html: string }

/** Realtor identity lines of the footer, in the mail's language. */
export function footerLines(realtor: ReplyMailInput['realtor'], i18n: I18n): Array<string> {
  const { licenseNumber, brokerageName: brokerage, brokerageLicenseNumber: brokerageLicense, name } = realtor
  return [
    name,
    licenseNumber ? i18n._(msg`License number: ${licenseNumber}`) : null,
    brokerage ? (brokerageLicense ? i18n._(msg`Brokerage: ${brokerage} (license ${brokerageLicense})`) : i18n._(msg`Brokerage: ${brokerage}`)) : null,
    realtor.postalAddress,
  ].filter((line): line is string => Boolean(line))
}

export function renderReplyMail(input: ReplyMailInput, i18n: I18n): RenderedReply {
  // One line: a value can never start a header or a second subject line.
  const subject = renderTemplate(input.subjectTemplate, input.values)
    .replace(/[\r\n]+/g, ' ')
    .trim()
  const body = renderTemplate(input.bodyTemplate, input.values).trim()
  const name = input.realtor.name
  const why = i18n._(msg`You receive this one-time reply because you sent a request on ${name}'s website. You are not on any mailing list.`)
  const footer = footerLines(input.realtor, i18n)
  const text = [body, '', '--', ...footer, '', why].join('\n')

  const e = escapeHtml
  const font = MAIL_FONT
  const paragraphs = body
    .split(/\n{2,}/)
    .map((paragraph) => `<p style="margin:0 0 12px;">${paragraph.split('\n').map(e).join('<br>')}</p>`)
    .join('\n')
  const html = mailDocument({
    lang: input.lang,
    title: subject,
    rows: `<tr><td style="padding:24px;${font}font-size:16px;line-height:1.55;color:#1c1917;">
${paragraphs}
</td></tr>
<tr><td style="padding:16px 24px 24px;${font}font-size:14px;line-height:1.5;color:#44403c;border-top:1px solid #e7e5e4;">
${footer.map((line, index) => `<p style="margin:0;${index === 0 ? 'font-weight:bold;color:#1c1917;' : ''}">${e(line)}</p>`).join('\n')}
<p style="margin:12px 0 0;">${e(why)}</p>
</td></tr>`,
  })
  return { subject, text, html }
}
