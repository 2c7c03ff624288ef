import { msg } from '@lingui/core/macro'
import type { I18n } from '@lingui/core'
import { dateTimeFormat } from '~/lib/date-time-format'
import { formatPrice } from '~/lib/format'
import { LOCALE_TAG, type Lang } from '~/lib/lang'
import type { MarketReport } from '~/schemas/market'
import { escapeHtml, MAIL_COLOURS, MAIL_FONT, mailBodyRow, mailDocument, mailLinkRow, mailParagraph, safeUrl } from '~/server/mail/mail-html'
import type { RenderedMail } from '~/server/mail/mail-html'
import { realtorFinePrintRow, realtorHeaderRow, realtorLines, type MailRealtor } from '~/server/mail/realtor-mail'

/*
 * The monthly market report mail (issue 27 item 5): one city's figures of the month, in the
 * subscriber's language, with the way to the full report, where the figures come from (and that
 * they are demonstration data when they are), and the footer every commercial mail of a realtor
 * carries (decision 018): who sends it and why, one-link unsubscribe, and the postal address.
 * Pure: the caller reads the report and builds the links, so the words are unit-tested.
 */

export type MarketMailInput = {
  lang: Lang
  realtor: MailRealtor
  visitorName: string | null
  report: Pick<MarketReport, 'city' | 'state' | 'isDemo' | 'source' | 'current'>
  reportUrl: string
  unsubscribeUrl: string
}

/** `2026-11` as "November 2026" / "2026년 11월". */
export function monthInWords(month: string, lang: Lang): string {
  const [year = 1970, monthNumber = 1] = month.split('-').map(Number)
  return dateTimeFormat(LOCALE_TAG[lang], { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(year, monthNumber - 1, 15)))
}

/** The month's figures as label and value, those the city has (a null figure is left out, never shown as 0). */
export function marketFigureLines(figures: MarketReport['current'], i18n: I18n): Array<{ label: string; value: string }> {
  const lines: Array<{ label: string; value: string } | null> = [
    figures.medianListPrice === null ? null : { label: i18n._(msg`Median list price`), value: formatPrice(figures.medianListPrice) },
    figures.medianPricePerSquareFoot === null
      ? null
      : { label: i18n._(msg`Median price per sq ft`), value: formatPrice(Math.round(figures.medianPricePerSquareFoot)) },
    { label: i18n._(msg`Active listings`), value: String(figures.activeCount) },
    { label: i18n._(msg`New listings (last 30 days)`), value: String(figures.newListings) },
    { label: i18n._(msg`Price reductions (last 30 days)`), value: String(figures.priceReductions) },
    figures.medianDaysOnMarket === null ? null : { label: i18n._(msg`Median days on market`), value: String(Math.round(figures.medianDaysOnMarket)) },
    figures.monthsOfSupply === null ? null : { label: i18n._(msg`Months of supply`), value: figures.monthsOfSupply.toFixed(1) },
  ]
  return lines.filter((line) => line !== null)
}

export function renderMarketMail(input: MarketMailInput, i18n: I18n): RenderedMail {
  const { report, realtor } = input
  const name = realtor.name
  const place = `${report.city}, ${report.state}`
  const month = monthInWords(report.current.month, input.lang)
  const subject = `${i18n._(msg`${place} market report, ${month}`)} — ${name}`
  const visitor = input.visitorName
  const greeting = visitor ? i18n._(msg`Hello ${visitor},`) : i18n._(msg`Hello,`)
  const intro = i18n._(msg`Here is the market in ${place} this month.`)
  const figures = marketFigureLines(report.current, i18n)
  const fullReport = i18n._(msg`See the full report with the 12-month trend`)
  const mls = report.source.mlsName
  const source = report.source.isDemo ? i18n._(msg`Source: demonstration listings`) : i18n._(msg`Source: listings of ${mls}`)
  const demo = report.isDemo ? i18n._(msg`Demonstration data: these figures come from sample listings, not a real market.`) : null
  const why = i18n._(msg`You receive this e-mail because you subscribed to the monthly market report for ${place} on ${name}'s website.`)
  const unsubscribe = i18n._(msg`Unsubscribe`)
  const licence = realtorLines(realtor, i18n)
  const address = realtor.postalAddress

  const text = [
    greeting,
    '',
    intro,
    ...(demo ? ['', demo] : []),
    '',
    ...figures.map((line) => `${line.label}: ${line.value}`),
    '',
    `${fullReport}: ${input.reportUrl}`,
    '',
    source,
    '',
    '--',
    name,
    ...licence,
    realtor.email,
    realtor.homepageUrl,
    '',
    why,
    `${unsubscribe}: ${input.unsubscribeUrl}`,
    ...(address ? ['', address] : []),
  ].join('\n')

  const e = escapeHtml
  const font = MAIL_FONT
  const figureRows = figures
    .map(
      (line) =>
        `<tr><td style="padding:6px 0;border-top:1px solid ${MAIL_COLOURS.rule};${font}font-size:15px;color:${MAIL_COLOURS.muted};">${e(line.label)}</td><td align="right" style="padding:6px 0;border-top:1px solid ${MAIL_COLOURS.rule};${font}font-size:17px;font-weight:bold;color:${MAIL_COLOURS.text};">${e(line.value)}</td></tr>`,
    )
    .join('\n')
  const { muted } = MAIL_COLOURS
  const message = [
    mailParagraph(greeting),
    mailParagraph(`${place} · ${month}`, 'font-size:18px;font-weight:bold;'),
    mailParagraph(intro),
    demo ? mailParagraph(demo, 'padding:8px;background:#fef3c7;border-radius:6px;color:#78350f;') : '',
  ]
  const html = mailDocument({
    lang: input.lang,
    title: subject,
    rows: `${realtorHeaderRow(realtor, licence)}
${mailBodyRow(message.join('\n'), { continued: true })}
<tr><td style="padding:8px 24px;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">
${figureRows}
</table></td></tr>
${mailLinkRow(safeUrl(input.reportUrl) ?? '', fullReport)}
<tr><td style="padding:0 24px 12px;${font}font-size:14px;color:${muted};"><p style="margin:0;">${e(source)}</p></td></tr>
${realtorFinePrintRow(realtor, why, [{ href: input.unsubscribeUrl, label: unsubscribe }])}`,
  })
  return { subject, text, html }
}
