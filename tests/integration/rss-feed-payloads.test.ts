import { randomUUID } from 'node:crypto'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { Lang } from '../../src/lib/lang'
import type { SiteContext } from '../../src/lib/site'
import { buildRssFeed, FEED_ITEMS } from '../../src/server/blog/rss-feed'
import { readBlogPost } from '../../src/server/blog/blog-pages'
import { htmlElements, MARKUP_PAYLOADS, unsafeMarkup } from '../fixtures/markup-payloads'
import { api, createTestApp, describeOnEachDatabase, ORIGIN, signUp, uniqueEmail, validRealtor, type TestApp } from './harness'

/*
 * Issue 48 item 1: markup a realtor typed into a title or a summary reaches feed readers as
 * text, on the Korean and the English feed, and a body reaches them sanitised. Each payload is
 * written straight into the table (as a row from before any check would be), the feed is read
 * with an XML parser, and each field is then read as HTML, as a feed reader renders it.
 */

const NOW = new Date('2026-05-04T09:00:00.000Z')
const SITE: SiteContext = { origin: ORIGIN, siteName: { ko: '리얼터 홈', en: 'Realtor Home' }, buildId: 'test', map: null }

type Item = { title: string; description?: string; 'content:encoded'?: string; category?: string | Array<string>; link: string }

function itemsOf(xml: string): { channel: Record<string, unknown>; items: Array<Item> } {
  expect(XMLValidator.validate(xml)).toBe(true)
  // Text as text: no number parsing, no trimming, entities decoded (the XML reading of a reader).
  const parsed = new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    trimValues: false,
    isArray: (name) => name === 'item' || name === 'category',
  }).parse(xml) as { rss: { channel: Record<string, unknown> & { item?: Array<Item> } } }
  return { channel: parsed.rss.channel, items: parsed.rss.channel.item ?? [] }
}

describeOnEachDatabase('RSS feed against markup', (database) => {
  let app: TestApp
  let realtorId: string
  let desiredUrl: string

  beforeEach(async () => {
    app = await createTestApp(database.name)
    app.clock.set(NOW)
    const token = await signUp(app.services, uniqueEmail('feeds'))
    const created = await api<{ id: string; desiredUrl: string }>(app.services, 'POST', '/realtor', { token, body: validRealtor({ isMakeHomepage: 'Y' }) })
    expect(created.status).toBe(201)
    realtorId = created.body.id
    desiredUrl = created.body.desiredUrl
  })

  afterEach(async () => {
    await app.close()
  })

  async function insertPayloadPosts(payloads: ReadonlyArray<string>, offset: number): Promise<void> {
    await app.services.db
      .insertInto('post')
      .values(
        payloads.map((payload, index) => ({
          id: randomUUID(),
          realtorId,
          slug: `payload-${offset + index}`,
          kind: 'article' as const,
          status: 'published' as const,
          publishAt: new Date(NOW.getTime() - (offset + index + 1) * 60_000).toISOString(),
          titleKo: `제목 ${payload}`,
          titleEn: `Title ${payload}`,
          summaryKo: payload,
          summaryEn: payload,
          bodyKo: `<p>본문</p>${payload}`,
          bodyEn: `<p>Body</p>${payload}`,
          coverPhoto: null,
          city: null,
          state: null,
          postalCode: null,
          createdAt: NOW.toISOString(),
          updatedAt: NOW.toISOString(),
        })),
      )
      .execute()
  }

  it(`carries ${MARKUP_PAYLOADS.length} payloads as text in titles and summaries and sanitised in bodies, on both feeds`, async () => {
    expect(MARKUP_PAYLOADS.length).toBeGreaterThanOrEqual(25)
    for (let offset = 0; offset < MARKUP_PAYLOADS.length; offset += FEED_ITEMS) {
      const batch = MARKUP_PAYLOADS.slice(offset, offset + FEED_ITEMS)
      await app.services.db.deleteFrom('post').where('realtorId', '=', realtorId).execute()
      await insertPayloadPosts(batch, offset)
      for (const lang of ['ko', 'en'] satisfies Array<Lang>) {
        const xml = await buildRssFeed(app.services, { desiredUrl, lang, site: SITE })
        expect(xml, lang).toBeDefined()
        const { channel, items } = itemsOf(xml ?? '')
        expect(items, lang).toHaveLength(batch.length)
        for (const text of [channel.title, channel.description, channel.copyright]) expect(htmlElements(String(text))).toEqual([])
        for (const item of items) {
          const where = `${lang} ${item.link}`
          // Plain text: read as HTML, not one element.
          expect(htmlElements(item.title), `${where} title`).toEqual([])
          expect(htmlElements(item.description ?? ''), `${where} description`).toEqual([])
          for (const category of [item.category ?? []].flat()) expect(htmlElements(category), `${where} category`).toEqual([])
          // HTML: the page's sanitiser, every address absolute.
          const content = item['content:encoded'] ?? ''
          expect(unsafeMarkup(content), `${where} content`).toEqual([])
          for (const element of htmlElements(content))
            for (const name of ['href', 'src']) {
              const value = element.attribs[name]
              if (value !== undefined) expect(value, `${where} ${name}`).toMatch(/^(https?:\/\/|mailto:|tel:)/)
            }
        }
      }
    }
  })

  it('shows a title or summary in a feed reader as the realtor typed it', async () => {
    const typed = 'Schools & parks <under> $1M "quoted" &amp; ]]> done'
    await insertPayloadPosts([typed], 0)
    const { items } = itemsOf((await buildRssFeed(app.services, { desiredUrl, lang: 'en', site: SITE })) ?? '')
    const [item] = items
    // What a reader rendering HTML shows: the text, markup characters and all.
    const shown = (html: string) =>
      htmlElements(`<div>${html}</div>`)[0]
        ?.children.map((node) => ('data' in node ? node.data : ''))
        .join('')
    expect(shown(item?.title ?? '')).toBe(`Title ${typed}`)
    expect(shown(item?.description ?? '')).toBe(typed)
  })

  it('shows the post page the same body the feed sanitises', async () => {
    await insertPayloadPosts([MARKUP_PAYLOADS[0] ?? ''], 0)
    const post = await readBlogPost(app.services, { desiredUrl, lang: 'en', slug: 'payload-0' })
    expect(post?.bodyHtml).toBe('<p>Body</p>x')
  })
})
