import { msg, plural } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import {
  escapeHtml,
  MAIL_COLOURS,
  MAIL_FONT,
  mailBodyRow,
  mailDocument,
  mailFinePrintRow,
  mailLink,
  mailLinkRow,
  mailParagraph,
  mailParagraphHtml,
  safeUrl,
} from '~/server/mail/mail-html'
import type { RenderedMail } from '~/server/mail/mail-html'
import { realtorFinePrintRow, realtorHeaderRow, realtorLines, type MailRealtor } from '~/server/mail/realtor-mail'
import { areaText, homePrice } from '~/lib/home-display'
import { disclaimerTexts, formatLastUpdated, listingCredit } from '~/lib/listing-source-text'
import { formatPrice } from '~/lib/format'
import type { Lang } from '~/lib/lang'
import type { HomeSummary } from '~/schemas/home'
import type { ListingSource } from '~/schemas/listing-source'

/*
 * The new-listing alert mail (issue 13): one per search and run, in the search's language,
 * with the same facts, credits and disclosures the realtor's site shows for these listings.
 * Pure: the caller reads the data and builds the links, so the words are unit-tested.
 * HTML is table-laid and inline-styled (what mail clients render); every value from data is
 * escaped.
 */

/**
 * A home's photo block (180 px and its gap) and its text block: side by side they fit the card's
 * 552 px (with 4 to spare, so that rounding never wraps them); where the card is narrower (a phone's 280 px or so) the text wraps below the photo
 * instead of being squeezed into the 90 px beside it. Inline blocks rather than a media query:
 * several phone clients drop a mail's `<style>`; Outlook, which ignores max-width, gets the two
 * table cells of the conditional comments.
 */
const HOME_PHOTO_BLOCK = 192
const HOME_TEXT_BLOCK = 356

export type AlertHome = {
  summary: HomeSummary
  reason: 'new' | 'price-drop'
  previousPrice: number | null
  /** The home's page on the realtor's site. */
  url: string
  /** Absolute photo URL, or null. */
  photo: string | null
}

export type AlertMailInput = {
  lang: Lang
  realtor: MailRealtor
  search: {
    visitorName: string | null
    city: string
    state: string
    listingType: 'sale' | 'rent' | null
    minPrice: number | null
    maxPrice: number | null
    minBeds: number | null
    minBaths: number | null
    frequency: 'instant' | 'daily' | 'weekly'
  }
  /** Newest first, at most the ones shown. */
  homes: ReadonlyArray<AlertHome>
  /** Every home this mail announces, shown or not. */
  total: number
  /** The homepage's search with these filters, for "and N more". */
  moreUrl: string
  manageUrl: string
  unsubscribeUrl: string
  /** The sources of the shown homes, with their last successful run. */
  sources: ReadonlyArray<ListingSource>
}

function subjectOf(input: AlertMailInput, i18n: I18n): string {
  const place = `${input.search.city}, ${input.search.state}`
  const count = input.total
  const drops = input.homes.every((home) => home.reason === 'price-drop')
  const news = input.homes.every((home) => home.reason === 'new')
  const headline = news
    ? i18n._(msg({ message: plural(count, { one: `# new home in ${place}`, other: `# new homes in ${place}` }) }))
    : drops
      ? i18n._(msg({ message: plural(count, { one: `Price reduced on # home in ${place}`, other: `Price reduced on # homes in ${place}` }) }))
      : i18n._(msg({ message: plural(count, { one: `# new or reduced home in ${place}`, other: `# new or reduced homes in ${place}` }) }))
  return `${headline} — ${input.realtor.name}`
}

/** The search in words, e.g. "Homes for sale in Irvine, CA, $500,000 to $1.20M, 3+ beds, 2+ baths". */
export function searchInWords(search: AlertMailInput['search'], i18n: I18n): string {
  const place = `${search.city}, ${search.state}`
  const parts = [
    i18n._(
      search.listingType === 'sale'
        ? msg`Homes for sale in ${place}`
        : search.listingType === 'rent'
          ? msg`Homes for rent in ${place}`
          : msg`Homes in ${place}`,
    ),
  ]
  const min = search.minPrice === null ? null : formatPrice(search.minPrice)
  const max = search.maxPrice === null ? null : formatPrice(search.maxPrice)
  if (min && max) parts.push(i18n._(msg`${min} to ${max}`))
  else if (min) parts.push(i18n._(msg`From ${min}`))
  else if (max) parts.push(i18n._(msg`Up to ${max}`))
  const beds = search.minBeds
  const baths = search.minBaths
  if (beds !== null) parts.push(i18n._(msg`${beds}+ beds`))
  if (baths !== null) parts.push(i18n._(msg`${baths}+ baths`))
  return parts.join(', ')
}

const FREQUENCY: Record<AlertMailInput['search']['frequency'], MessageDescriptor> = {
  instant: msg`as soon as new homes are listed`,
  daily: msg`at most once a day`,
  weekly: msg`at most once a week`,
}

function homeLines(home: AlertHome, input: AlertMailInput, i18n: I18n) {
  const { summary } = home
  const price = homePrice(summary)
  const previous = home.previousPrice === null ? '' : formatPrice(home.previousPrice)
  const beds = summary.beds
  const baths = summary.baths
  const facts = [
    beds !== null ? i18n._(msg`${beds} bd`) : null,
    baths !== null ? i18n._(msg`${baths} ba`) : null,
    summary.size !== null ? areaText(summary.size, input.lang) : null,
  ].filter((fact) => fact !== null)
  const source = input.sources.find((item) => item.id === summary.sourceId)
  return {
    price: summary.type === 'rent' ? i18n._(msg`${price} / month`) : price,
    reason: home.reason === 'new' || previous === '' ? i18n._(msg`New listing`) : i18n._(msg`Price reduced from ${previous}`),
    facts: facts.join(' · '),
    address: summary.fullAddress,
    credit: listingCredit(summary, source, i18n),
    demo: summary.isDemo ? i18n._(msg`Demo listing`) : null,
  }
}

function disclosureLines(input: AlertMailInput, i18n: I18n): Array<{ translated: string | null; english: string; updated: string | null }> {
  return input.sources.map((source) => {
    const { english, translated } = disclaimerTexts(source, input.lang, i18n)
    const when = source.lastUpdatedAt ? formatLastUpdated(source.lastUpdatedAt, input.lang, source.timeZone) : null
    return {
      translated: translated ? `${translated}` : null,
      english: translated ? `${i18n._(msg`The English original prevails:`)} ${english}` : english,
      updated: when ? i18n._(msg`Listing data last updated ${when}`) : null,
    }
  })
}

export function renderAlertMail(input: AlertMailInput, i18n: I18n): RenderedMail {
  const subject = subjectOf(input, i18n)
  const name = input.realtor.name
  const visitor = input.search.visitorName
  const greeting = visitor ? i18n._(msg`Hello ${visitor},`) : i18n._(msg`Hello,`)
  const criteria = searchInWords(input.search, i18n)
  const intro = i18n._(msg`Homes that match your saved search: ${criteria}.`)
  const frequency = i18n._(FREQUENCY[input.search.frequency])
  const why = i18n._(msg`You receive this e-mail because you saved this search on ${name}'s website and asked for alerts ${frequency}.`)
  const more = input.total - input.homes.length
  const moreText = more > 0 ? i18n._(msg({ message: plural(more, { one: 'And # more home: see them all', other: 'And # more homes: see them all' }) })) : null
  const view = i18n._(msg`View this home`)
  const manage = i18n._(msg`Manage or delete this alert`)
  const unsubscribe = i18n._(msg`Unsubscribe`)
  const homes = input.homes.map((home) => ({ home, lines: homeLines(home, input, i18n) }))
  const disclosures = disclosureLines(input, i18n)
  const realtor = realtorLines(input.realtor, i18n)
  const address = input.realtor.postalAddress

  const text = [
    greeting,
    '',
    intro,
    '',
    ...homes.flatMap(({ home, lines }) => [
      `${lines.reason}: ${lines.price}`,
      ...(lines.demo ? [lines.demo] : []),
      lines.address,
      ...(lines.facts ? [lines.facts] : []),
      ...(lines.credit ? [lines.credit] : []),
      `${view}: ${home.url}`,
      '',
    ]),
    ...(moreText ? [`${moreText}: ${input.moreUrl}`, ''] : []),
    ...disclosures.flatMap((item) => [...(item.translated ? [item.translated] : []), item.english, ...(item.updated ? [item.updated] : []), '']),
    '--',
    name,
    ...realtor,
    input.realtor.email,
    input.realtor.homepageUrl,
    '',
    why,
    `${manage}: ${input.manageUrl}`,
    `${unsubscribe}: ${input.unsubscribeUrl}`,
    ...(address ? ['', address] : []),
  ].join('\n')

  const e = escapeHtml
  const font = MAIL_FONT
  const homeRows = homes
    .map(({ home, lines }) => {
      const url = safeUrl(home.url) ?? ''
      const image = safeUrl(home.photo)
      // Side by side where the card is wide, stacked on a phone (see HOME_PHOTO_BLOCK).
      return `<tr><td style="padding:12px 0;border-top:1px solid ${MAIL_COLOURS.rule};font-size:0;">
${image ? `<!--[if mso]><table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td width="${HOME_PHOTO_BLOCK}" valign="top"><![endif]--><div style="display:inline-block;width:100%;max-width:${HOME_PHOTO_BLOCK}px;vertical-align:top;"><div style="padding:0 12px 10px 0;"><a href="${e(url)}"><img src="${e(image)}" width="180" height="120" alt="${e(lines.address)}" style="display:block;width:180px;height:120px;object-fit:cover;border:0;border-radius:6px;"></a></div></div><!--[if mso]></td><td valign="top"><![endif]-->` : ''}
<div style="display:inline-block;width:100%;${image ? `max-width:${HOME_TEXT_BLOCK}px;` : ''}vertical-align:top;${font}font-size:15px;line-height:1.45;color:${MAIL_COLOURS.text};">
<p style="margin:0 0 2px;font-size:13px;font-weight:bold;color:#b45309;">${e(lines.reason)}${lines.demo ? ` · ${e(lines.demo)}` : ''}</p>
<p style="margin:0 0 2px;font-size:20px;font-weight:bold;">${e(lines.price)}</p>
${lines.facts ? `<p style="margin:0 0 2px;">${e(lines.facts)}</p>` : ''}
<p style="margin:0 0 4px;"><a href="${e(url)}" style="color:${MAIL_COLOURS.text};font-weight:bold;">${e(lines.address)}</a></p>
${lines.credit ? `<p style="margin:0 0 4px;font-size:15px;color:${MAIL_COLOURS.muted};">${e(lines.credit)}</p>` : ''}
${mailParagraphHtml(mailLink(url, view), 'margin:0;')}
</div>${image ? '<!--[if mso]></td></tr></table><![endif]-->' : ''}</td></tr>`
    })
    .join('\n')
  const disclosureHtml = disclosures
    .map(
      (item) =>
        `${item.translated ? `<p style="margin:0 0 4px;">${e(item.translated)}</p>` : ''}<p lang="en" style="margin:0 0 4px;">${e(item.english)}</p>${
          item.updated ? `<p style="margin:0 0 12px;">${e(item.updated)}</p>` : ''
        }`,
    )
    .join('\n')
  const html = mailDocument({
    lang: input.lang,
    title: subject,
    rows: `${realtorHeaderRow(input.realtor, realtor)}
${mailBodyRow([mailParagraph(greeting), mailParagraph(intro)].join('\n'), { continued: true })}
<tr><td style="padding:0 24px;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">
${homeRows}
</table></td></tr>
${moreText ? mailLinkRow(safeUrl(input.moreUrl) ?? '', moreText) : ''}
${mailFinePrintRow(disclosureHtml)}
${realtorFinePrintRow(input.realtor, why, [
  { href: input.manageUrl, label: manage },
  { href: input.unsubscribeUrl, label: unsubscribe },
])}`,
  })
  return { subject, text, html }
}
