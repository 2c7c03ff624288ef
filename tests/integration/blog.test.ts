import { randomUUID } from 'node:crypto'
import { XMLParser } from 'fast-xml-parser'
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { SiteContext } from '../../src/lib/site'
import { listBlog, latestPosts, readBlogPost } from '../../src/server/blog/blog-pages'
import { releaseDuePosts } from '../../src/server/blog/post-revisions'
import { buildRssFeed } from '../../src/server/blog/rss-feed'
import type { PostTable } from '../../src/server/db/schema'
import { collectDependencies } from '../../src/server/pages/page-dependencies'
import { buildSitemap } from '../../src/server/seo/sitemap'
import { api, createTestApp, describeOnEachDatabase, marketSnapshotRow, ORIGIN, signUp, uniqueEmail, validRealtor, type TestApp } from './harness'

/*
 * A realtor's public posts (issue 28) on SQLite and PostgreSQL: drafts never public, scheduled
 * posts public from their minute (and the page store told when), filters and paging, the
 * language note, the sitemap's entries and the RSS 2.0 feed's structure. Posts are inserted
 * directly: writing them is the workspace's (src/server/posts), and their bodies arrive sanitised.
 */

const NOW = new Date('2026-05-04T09:00:00.000Z')
const HOUR = 3_600_000
const SITE: SiteContext = { origin: ORIGIN, siteName: { ko: '리얼터 홈', en: 'Realtor Home' }, buildId: 'test', map: null }

type PostInput = Partial<Omit<PostTable, 'id' | 'realtorId'>> & { slug: string; tags?: Array<string> }

describeOnEachDatabase('blog', (database) => {
  let app: TestApp
  let realtorId: string
  let desiredUrl: string

  async function insertPost(input: PostInput): Promise<string> {
    const { tags = [], ...fields } = input
    const id = randomUUID()
    await app.services.db
      .insertInto('post')
      .values({
        id,
        realtorId,
        kind: 'article',
        status: 'published',
        publishAt: new Date(NOW.getTime() - 24 * HOUR).toISOString(),
        titleKo: `${input.slug} 제목`,
        titleEn: `${input.slug} title`,
        bodyKo: '<p>본문</p>',
        bodyEn: '<p>Body</p>',
        summaryKo: null,
        summaryEn: null,
        coverPhoto: null,
        city: null,
        state: null,
        postalCode: null,
        createdAt: NOW.toISOString(),
        updatedAt: NOW.toISOString(),
        ...fields,
      })
      .execute()
    if (tags.length > 0)
      await app.services.db
        .insertInto('postTag')
        .values(tags.map((tag) => ({ postId: id, realtorId, tag })))
        .execute()
    return id
  }

  const hoursFromNow = (hours: number) => new Date(NOW.getTime() + hours * HOUR).toISOString()

  beforeEach(async () => {
    app = await createTestApp(database.name)
    app.clock.set(NOW)
    const token = await signUp(app.services, uniqueEmail('blogger'))
    const created = await api<{ id: string; desiredUrl: string }>(app.services, 'POST', '/realtor', {
      token,
      body: validRealtor({
        isMakeHomepage: 'Y',
        activityRegion: [
          { state: 'CA', city: 'Irvine' },
          { state: 'CA', city: 'Tustin' },
        ],
      }),
    })
    expect(created.status).toBe(201)
    realtorId = created.body.id
    desiredUrl = created.body.desiredUrl
  })

  afterEach(async () => {
    await app.close()
  })

  it('shows published and due scheduled posts, never drafts or posts not yet due', async () => {
    await insertPost({ slug: 'published', publishAt: hoursFromNow(-48) })
    await insertPost({ slug: 'draft', status: 'draft', publishAt: null })
    await insertPost({ slug: 'dated-draft', status: 'draft', publishAt: hoursFromNow(-1) })
    await insertPost({ slug: 'due', status: 'scheduled', publishAt: hoursFromNow(-1) })
    await insertPost({ slug: 'later', status: 'scheduled', publishAt: hoursFromNow(2) })
    const list = await listBlog(app.services, { desiredUrl, lang: 'ko' })
    expect(list?.posts.map((post) => post.slug)).toEqual(['due', 'published'])
    expect(await readBlogPost(app.services, { desiredUrl, lang: 'ko', slug: 'draft' })).toBeUndefined()
    expect(await readBlogPost(app.services, { desiredUrl, lang: 'ko', slug: 'later' })).toBeUndefined()

    // Its time comes: public with no write at all.
    app.clock.set(new Date(NOW.getTime() + 2 * HOUR))
    expect((await readBlogPost(app.services, { desiredUrl, lang: 'en', slug: 'later' }))?.title).toBe('later title')
    expect((await listBlog(app.services, { desiredUrl, lang: 'ko' }))?.posts.map((post) => post.slug)).toEqual(['later', 'due', 'published'])
  })

  it('tells the page store when the next scheduled post comes due, and which realtor it read', async () => {
    await insertPost({ slug: 'later', status: 'scheduled', publishAt: hoursFromNow(3) })
    await insertPost({ slug: 'sooner', status: 'scheduled', publishAt: hoursFromNow(1) })
    const { dependencies } = await collectDependencies(() => listBlog(app.services, { desiredUrl, lang: 'ko' }))
    expect(dependencies.validUntil).toBe(Date.parse(hoursFromNow(1)))
    expect([...dependencies.realtors.keys()]).toEqual([realtorId])
  })

  it('moves the realtor revision of posts that came due since the last look, once', async () => {
    await insertPost({ slug: 'later', status: 'scheduled', publishAt: hoursFromNow(1) })
    const revision = async () =>
      Number((await app.services.db.selectFrom('realtor').select('revision').where('id', '=', realtorId).executeTakeFirstOrThrow()).revision)
    const before = await revision()
    expect(await releaseDuePosts(app.services.db, app.services, NOW, new Date(NOW.getTime() + 30 * 60_000))).toEqual([])
    expect(await revision()).toBe(before)
    expect(await releaseDuePosts(app.services.db, app.services, new Date(NOW.getTime() + 30 * 60_000), new Date(NOW.getTime() + 2 * HOUR))).toEqual([realtorId])
    expect(await revision()).toBe(before + 1)
    expect(await releaseDuePosts(app.services.db, app.services, new Date(NOW.getTime() + 2 * HOUR), new Date(NOW.getTime() + 3 * HOUR))).toEqual([])
  })

  it('filters by kind and tag, pages ten at a time, and notes a post in the other language', async () => {
    for (let index = 0; index < 12; index++) {
      await insertPost({
        slug: `post-${String(index).padStart(2, '0')}`,
        publishAt: hoursFromNow(-100 + index),
        tags: index % 2 === 0 ? ['schools'] : ['market'],
      })
    }
    await insertPost({
      slug: 'woodbridge',
      kind: 'guide',
      city: 'Tustin',
      state: 'CA',
      publishAt: hoursFromNow(-1),
      titleEn: null,
      bodyEn: null,
      tags: ['schools'],
    })
    const first = await listBlog(app.services, { desiredUrl, lang: 'en' })
    expect(first).toMatchObject({ page: 1, totalPages: 2, totalPosts: 13 })
    expect(first?.posts).toHaveLength(10)
    expect(first?.posts[0]).toMatchObject({ slug: 'woodbridge', shownLang: 'ko', langs: ['ko'], title: 'woodbridge 제목' })
    expect(first?.tags).toEqual([
      { tag: 'schools', count: 7 },
      { tag: 'market', count: 6 },
    ])
    const second = await listBlog(app.services, { desiredUrl, lang: 'en', page: 2 })
    expect(second?.posts.map((post) => post.slug)).toEqual(['post-02', 'post-01', 'post-00'])
    // A page past the end shows the last one rather than nothing.
    expect((await listBlog(app.services, { desiredUrl, lang: 'en', page: 9 }))?.page).toBe(2)
    expect((await listBlog(app.services, { desiredUrl, lang: 'en', kind: 'guide' }))?.posts.map((post) => post.slug)).toEqual(['woodbridge'])
    const market = await listBlog(app.services, { desiredUrl, lang: 'en', tag: 'market' })
    expect(market?.totalPosts).toBe(6)
    expect(market?.posts.every((post) => post.tags.includes('market'))).toBe(true)
    expect(await listBlog(app.services, { desiredUrl, lang: 'en', tag: 'market', kind: 'guide' })).toMatchObject({ totalPosts: 0, posts: [] })
    expect((await latestPosts(app.services, { desiredUrl, lang: 'ko' })).map((post) => post.slug)).toEqual(['woodbridge', 'post-11', 'post-10'])

    // A guide in one of the realtor's areas links to that area's homes (the second region).
    const guide = await readBlogPost(app.services, { desiredUrl, lang: 'en', slug: 'woodbridge' })
    expect(guide).toMatchObject({ shownLang: 'ko', bodyHtml: '<p>본문</p>', listingsRegion: 1, marketCity: null })
    // And to its market report once the area has market figures (issue 27).
    await app.services.db
      .insertInto('marketSnapshot')
      .values(
        marketSnapshotRow('2026-11', {
          cityKey: 'tustin',
          city: 'Tustin',
          listingCount: 1,
          activeCount: 1,
          medianListPrice: 700_000,
          medianDaysOnMarket: 10,
          asOf: new Date().toISOString(),
        }),
      )
      .execute()
    expect((await readBlogPost(app.services, { desiredUrl, lang: 'en', slug: 'woodbridge' }))?.marketCity).toBe('tustin-ca')
  })

  it('has no blog for a homepage that is not published', async () => {
    await insertPost({ slug: 'published' })
    await app.services.db.updateTable('realtor').set({ isMakeHomepage: 'N' }).where('id', '=', realtorId).execute()
    expect(await listBlog(app.services, { desiredUrl, lang: 'ko' })).toBeUndefined()
    expect(await readBlogPost(app.services, { desiredUrl, lang: 'ko', slug: 'published' })).toBeUndefined()
    expect(await buildRssFeed(app.services, { desiredUrl, lang: 'ko', site: SITE })).toBeUndefined()
  })

  it('lists public posts in the sitemap with lastmod, in the languages they are written in', async () => {
    await insertPost({ slug: 'both', publishAt: '2026-04-01T10:00:00.000Z', updatedAt: '2026-04-20T10:00:00.000Z' })
    await insertPost({ slug: 'english-only', titleKo: null, bodyKo: null, publishAt: '2026-04-02T10:00:00.000Z', updatedAt: '2026-04-02T10:00:00.000Z' })
    await insertPost({ slug: 'draft', status: 'draft', publishAt: null })
    await insertPost({ slug: 'later', status: 'scheduled', publishAt: hoursFromNow(1) })
    const sitemap = await buildSitemap(app.services, ORIGIN)
    expect(sitemap).toContain(`<url><loc>${ORIGIN}/${desiredUrl}/blog/both</loc><lastmod>2026-04-20</lastmod>`)
    expect(sitemap).toContain(`<url><loc>${ORIGIN}/en/${desiredUrl}/blog/both</loc><lastmod>2026-04-20</lastmod>`)
    expect(sitemap).toContain(`<url><loc>${ORIGIN}/en/${desiredUrl}/blog/english-only</loc><lastmod>2026-04-02</lastmod>`)
    expect(sitemap).not.toContain(`<loc>${ORIGIN}/${desiredUrl}/blog/english-only</loc>`)
    expect(sitemap).toContain(`<url><loc>${ORIGIN}/${desiredUrl}/blog</loc><lastmod>2026-04-20</lastmod>`)
    expect(sitemap).not.toContain('/blog/draft')
    expect(sitemap).not.toContain('/blog/later')
    // On the realtor's own domain the addresses drop the desiredUrl.
    const own = await buildSitemap(app.services, 'https://jane.example', desiredUrl)
    expect(own).toContain('<loc>https://jane.example/blog/both</loc>')
    expect(own).toContain('<loc>https://jane.example/en/blog/english-only</loc>')
  })

  it('writes a valid RSS 2.0 feed per language with absolute links, guids and RFC 822 dates', async () => {
    await insertPost({
      slug: 'both',
      publishAt: '2026-04-01T10:00:00.000Z',
      summaryEn: 'Summary & more',
      bodyEn: '<h2>Heading</h2><p>Body with <a href="https://example.com" rel="nofollow noopener">a link</a></p>',
      tags: ['market'],
    })
    await insertPost({ slug: 'korean-only', titleEn: null, bodyEn: null, publishAt: '2026-04-03T10:00:00.000Z' })
    await insertPost({ slug: 'draft', status: 'draft', publishAt: null })
    const xml = await buildRssFeed(app.services, { desiredUrl, lang: 'en', site: SITE })
    expect(xml).toBeDefined()
    const parsed: unknown = new XMLParser({ ignoreAttributes: false, cdataPropName: '__cdata' }).parse(xml ?? '')
    const rss = (parsed as { rss: Record<string, unknown> }).rss
    expect(rss['@_version']).toBe('2.0')
    const channel = rss.channel as Record<string, unknown>
    // RSS 2.0's required channel elements.
    expect(channel.title).toMatch(/^Posts by \S/)
    expect(channel.link).toBe(`${ORIGIN}/en/${desiredUrl}/blog`)
    expect(typeof channel.description).toBe('string')
    expect(channel.language).toBe('en-US')
    const items = [channel.item].flat() as Array<Record<string, unknown>>
    // The English feed holds the English posts only; drafts never.
    expect(items).toHaveLength(1)
    const [item] = items
    const link = `${ORIGIN}/en/${desiredUrl}/blog/both`
    // Text, not CDATA (decision 053).
    expect(item?.title).toBe('both title')
    expect(item?.link).toBe(link)
    expect(item?.guid).toMatchObject({ '#text': link })
    expect(item?.pubDate).toBe('Wed, 01 Apr 2026 10:00:00 GMT')
    expect(String(item?.pubDate)).toMatch(
      /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/,
    )
    // A description is HTML to a reader: the summary's text comes HTML-escaped.
    expect(item?.description).toBe('Summary &amp; more')
    expect(item?.['content:encoded']).toContain('<h2>Heading</h2>')
    // Every link in the feed is absolute.
    for (const match of (xml ?? '').matchAll(/(?:href="|<link>|<guid[^>]*>)([^"<]+)/g)) expect(match[1]).toMatch(/^https?:\/\//)

    const korean = await buildRssFeed(app.services, { desiredUrl, lang: 'ko', site: SITE })
    expect(korean).toContain(`<link>${ORIGIN}/${desiredUrl}/blog/korean-only</link>`)
    expect(korean).toContain('<language>ko-KR</language>')
  })
})
