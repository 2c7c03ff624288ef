import { msg, plural } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import type { Lang } from '~/lib/lang'
import type { LeadKind } from '~/schemas/leads'
import { escapeHtml, mailBodyRow, mailButton, mailDocument, mailFinePrintRow, mailLink, mailParagraph, mailParagraphHtml } from '~/server/mail/mail-html'
import type { RenderedMail } from '~/server/mail/mail-html'

/*
 * The realtor's daily digest (issue 26 item 3): what came in, what is due, which tour requests
 * wait for an answer. Pure, so the words are unit-tested; the caller reads the leads.
 */

export type DigestLead = { name: string | null; email: string; kind: LeadKind; createdAt: string; nextFollowUp: string | null }

export type DigestInput = {
  lang: Lang
  realtorName: string
  /** The realtor's local date of this digest (YYYY-MM-DD). */
  localDate: string
  newLeads: ReadonlyArray<DigestLead>
  newTotal: number
  followUps: ReadonlyArray<DigestLead>
  followUpTotal: number
  toursWaiting: ReadonlyArray<DigestLead>
  tourTotal: number
  workspaceUrl: string
  settingsUrl: string
}

const KIND: Record<LeadKind, MessageDescriptor> = {
  message: msg`Message`,
  saved_search: msg`Saved search`,
  tour: msg`Tour request`,
  seller: msg`Seller lead`,
}

export function isDigestEmpty(input: Pick<DigestInput, 'newTotal' | 'followUpTotal' | 'tourTotal'>): boolean {
  return input.newTotal === 0 && input.followUpTotal === 0 && input.tourTotal === 0
}

function leadLine(lead: DigestLead, i18n: I18n, withFollowUp: boolean): string {
  const who = lead.name ? `${lead.name} <${lead.email}>` : lead.email
  const date = lead.nextFollowUp ?? ''
  const due = withFollowUp && lead.nextFollowUp ? ` · ${i18n._(msg`follow up on ${date}`)}` : ''
  return `${who} · ${i18n._(KIND[lead.kind])}${due}`
}

export function renderDigestMail(input: DigestInput, i18n: I18n): RenderedMail {
  const date = input.localDate
  const newCount = input.newTotal
  const dueCount = input.followUpTotal
  const tourCount = input.tourTotal
  const realtorName = input.realtorName
  const subject = i18n._(msg`Your leads on ${date}`)
  const sections = [
    {
      title: i18n._(msg({ message: plural(newCount, { one: '# new lead in the last day', other: '# new leads in the last day' }) })),
      leads: input.newLeads,
      more: newCount - input.newLeads.length,
      followUp: false,
    },
    {
      title: i18n._(msg({ message: plural(dueCount, { one: '# follow-up is due', other: '# follow-ups are due' }) })),
      leads: input.followUps,
      more: dueCount - input.followUps.length,
      followUp: true,
    },
    {
      title: i18n._(msg({ message: plural(tourCount, { one: '# tour request waits for your answer', other: '# tour requests wait for your answer' }) })),
      leads: input.toursWaiting,
      more: tourCount - input.toursWaiting.length,
      followUp: false,
    },
  ].filter((section) => section.leads.length > 0 || section.more > 0)
  const greeting = i18n._(msg`Hello ${realtorName}, here is your lead desk today.`)
  const open = i18n._(msg`Open your leads`)
  const moreText = (more: number) => i18n._(msg({ message: plural(more, { one: 'and # more', other: 'and # more' }) }))
  const why = i18n._(msg`You receive this digest once a day because it is on in your workspace. Turn it off or change its hour under Instant reply.`)

  const text = [
    greeting,
    '',
    ...sections.flatMap((section) => [
      section.title,
      ...section.leads.map((lead) => `- ${leadLine(lead, i18n, section.followUp)}`),
      ...(section.more > 0 ? [`- ${moreText(section.more)}`] : []),
      '',
    ]),
    `${open}: ${input.workspaceUrl}`,
    '',
    '--',
    why,
    input.settingsUrl,
  ].join('\n')

  const e = escapeHtml
  const sectionsHtml = sections.map(
    (section) => `<h2 style="margin:16px 0 6px;font-size:16px;">${e(section.title)}</h2>
<ul style="margin:0;padding-left:20px;">${section.leads.map((lead) => `<li>${e(leadLine(lead, i18n, section.followUp))}</li>`).join('')}${
      section.more > 0 ? `<li>${e(moreText(section.more))}</li>` : ''
    }</ul>`,
  )
  const html = mailDocument({
    lang: input.lang,
    title: subject,
    rows: `${mailBodyRow([mailParagraph(greeting), ...sectionsHtml, mailButton(input.workspaceUrl, open)].join('\n'))}
${mailFinePrintRow(mailParagraphHtml(`${e(why)} ${mailLink(input.settingsUrl, input.settingsUrl)}`, 'margin:0;'))}`,
  })
  return { subject, text, html }
}
