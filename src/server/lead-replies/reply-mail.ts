import { msg } from '@lingui/core/macro'
import type { I18n } from '@lingui/core'
import type { Lang } from '~/lib/lang'
import { renderTemplate, type ReplyValues } from '~/lib/reply-placeholders'
import { escapeHtml, MAIL_COLOURS, mailBodyRow, mailDocument, mailFinePrintRow, mailParagraph, mailParagraphHtml } from '~/server/mail/mail-html'
import type { RenderedMail } from '~/server/mail/mail-html'
import { realtorLines } from '~/server/mail/realtor-mail'

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

/** Realtor identity lines of the footer, in the mail's language. */
export function footerLines(realtor: ReplyMailInput['realtor'], i18n: I18n): Array<string> {
  return [realtor.name, ...realtorLines(realtor, i18n), realtor.postalAddress].filter((line): line is string => Boolean(line))
}

export function renderReplyMail(input: ReplyMailInput, i18n: I18n): RenderedMail {
  // One line: a value can never start a header or a second subject line.
  const subject = renderTemplate(input.subjectTemplate, input.values)
    .replace(/[\r\n]+/g, ' ')
    .trim()
  const body = renderTemplate(input.bodyTemplate, input.values).trim()
  const name = input.realtor.name
  const why = i18n._(msg`You receive this one-time reply because you sent a request on ${name}'s website. You are not on any mailing list.`)
  const footer = footerLines(input.realtor, i18n)
  const text = [body, '', '--', ...footer, '', why].join('\n')

  const paragraphs = body
    .split(/\n{2,}/)
    .map((paragraph) => mailParagraphHtml(paragraph.split('\n').map(escapeHtml).join('<br>')))
    .join('\n')
  const signature = footer.map((line, index) => mailParagraph(line, index === 0 ? `margin:0;font-weight:bold;color:${MAIL_COLOURS.text};` : 'margin:0;'))
  const html = mailDocument({
    lang: input.lang,
    title: subject,
    rows: `${mailBodyRow(paragraphs)}
${mailFinePrintRow([...signature, mailParagraph(why, 'margin:12px 0 0;')].join('\n'))}`,
  })
  return { subject, text, html }
}
