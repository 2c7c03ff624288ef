/*
 * The RSS 2.0 document of a blog (decision 053), written here rather than by a library: every
 * value goes through one escaping function, so none can reach the XML as markup. The `feed`
 * package this replaces put titles and descriptions raw into CDATA sections, so a title of
 * `<img src=x onerror=…>` reached every subscriber as live HTML, and a `]]>` in any text would
 * have closed the section early. Nothing here uses CDATA.
 *
 * What a reader does with an element's text decides how it is written:
 * - a title, a description, a category are plain text (the realtor typed them into text fields). Readers
 *   render a description as HTML, and many do a title too, so both are HTML-escaped before they
 *   are XML-escaped: parsed as HTML they are text, whatever they hold. A title keeps a lone `&`
 *   as it is (RSS profile: readers that show titles literally would show `&amp;`); only an `&`
 *   that could start an entity, `<` and `>` are escaped.
 * - `content:encoded` is HTML, and it is the sanitiser's output (post-body.ts), XML-escaped.
 */

export type RssItem = {
  title: string
  link: string
  guid: string
  pubDate: Date
  /** Plain text. */
  description?: string
  /** Sanitised HTML. */
  contentHtml?: string
  categories: ReadonlyArray<string>
  image?: { url: string; type: string }
}

export type RssChannel = {
  title: string
  link: string
  description: string
  language: string
  copyright: string
  lastBuildDate: Date
  selfLink: string
  ttlMinutes: number
  items: ReadonlyArray<RssItem>
}

// Characters XML 1.0 cannot hold at all (C0 controls but tab, LF and CR; lone surrogates;
// U+FFFE and U+FFFF): one of them would make the whole feed unreadable to a strict parser.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu

/** Text as XML character data or an attribute value. */
export function xmlText(value: string): string {
  return value.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')
}

/** Plain text that an HTML reader will show as text: every character HTML reads as markup escaped. */
export function htmlText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** A title: no markup for an HTML reader, and a plain `&` left as typed for a literal one. */
export function titleText(value: string): string {
  return value
    .replace(/&(?=[#A-Za-z0-9])/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
}

function element(name: string, text: string): string {
  return `<${name}>${xmlText(text)}</${name}>`
}

function itemXml(item: RssItem): string {
  const parts = [
    element('title', titleText(item.title)),
    element('link', item.link),
    `<guid isPermaLink="true">${xmlText(item.guid)}</guid>`,
    element('pubDate', item.pubDate.toUTCString()),
  ]
  if (item.description) parts.push(element('description', htmlText(item.description)))
  if (item.contentHtml) parts.push(element('content:encoded', item.contentHtml))
  for (const category of item.categories) parts.push(element('category', titleText(category)))
  if (item.image) parts.push(`<enclosure url="${xmlText(item.image.url)}" length="0" type="${xmlText(item.image.type)}"/>`)
  return `<item>${parts.join('')}</item>`
}

export function rssXml(channel: RssChannel): string {
  const head = [
    element('title', titleText(channel.title)),
    element('link', channel.link),
    element('description', htmlText(channel.description)),
    element('lastBuildDate', channel.lastBuildDate.toUTCString()),
    element('docs', 'https://www.rssboard.org/rss-specification'),
    element('language', channel.language),
    element('ttl', String(channel.ttlMinutes)),
    element('copyright', titleText(channel.copyright)),
    `<atom:link href="${xmlText(channel.selfLink)}" rel="self" type="application/rss+xml"/>`,
  ]
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
    `<channel>${head.join('')}${channel.items.map(itemXml).join('')}</channel>`,
    '</rss>',
  ].join('\n')
}
