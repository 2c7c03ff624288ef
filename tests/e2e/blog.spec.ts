import { randomUUID } from 'node:crypto'
import path from 'node:path'
import Database from 'better-sqlite3'
import { expect, test, type Page } from '@playwright/test'
import { axeViolations, deleteMadeRealtors, requireBaseURL, seoLinks } from './helpers'
import { createPublishedRealtor, type PublishedRealtor } from './fixtures.ts'

/*
 * A realtor's blog as a visitor reads it (issue 28), in both languages (what a visitor sees also on
 * the phone, `@phone`): the homepage's latest posts, the list with its kind and tag filters and pages
 * (without JavaScript too), a post with its JSON-LD, canonical and hreflang, the RSS feed, a
 * scheduled post appearing at its time with no request, axe in light and dark, and stored
 * markup that would run script if the page let it (rows written straight into the table, as
 * defence in depth behind the sanitiser) running nothing under the page's CSP.
 *
 * Posts are written into the e2e server's SQLite file the way a post's save writes them: the
 * row, its tags, and the realtor's revision moved in one transaction (decision 030).
 */

const DEMO = 'sora-park'

function openDatabase(): Database.Database {
  const dataDir = process.env.PLAYWRIGHT_E2E_DATA_DIR
  if (!dataDir) throw new Error('PLAYWRIGHT_E2E_DATA_DIR is set by playwright.config.ts')
  const db = new Database(path.join(dataDir, 'app.sqlite'))
  db.pragma('busy_timeout = 5000')
  return db
}

type PostRow = {
  slug: string
  kind?: 'article' | 'guide'
  status?: 'draft' | 'scheduled' | 'published'
  publishAt?: string | null
  titleKo?: string | null
  titleEn?: string | null
  bodyKo?: string | null
  bodyEn?: string | null
  tags?: Array<string>
}

function insertPosts(realtorId: string, posts: ReadonlyArray<PostRow>): void {
  const db = openDatabase()
  try {
    const now = new Date().toISOString()
    const insertPost = db.prepare(
      `insert into post (id, realtor_id, slug, kind, status, publish_at, title_ko, title_en, body_ko, body_en, created_at, updated_at)
       values (@id, @realtorId, @slug, @kind, @status, @publishAt, @titleKo, @titleEn, @bodyKo, @bodyEn, @now, @now)`,
    )
    const insertTag = db.prepare('insert into post_tag (post_id, realtor_id, tag) values (?, ?, ?)')
    db.transaction(() => {
      for (const post of posts) {
        const id = randomUUID()
        insertPost.run({
          id,
          realtorId,
          slug: post.slug,
          kind: post.kind ?? 'article',
          status: post.status ?? 'published',
          publishAt: post.publishAt === undefined ? now : post.publishAt,
          titleKo: post.titleKo === undefined ? `${post.slug} 제목` : post.titleKo,
          titleEn: post.titleEn === undefined ? `${post.slug} title` : post.titleEn,
          bodyKo: post.bodyKo === undefined ? '<p>본문입니다.</p>' : post.bodyKo,
          bodyEn: post.bodyEn === undefined ? '<p>The body.</p>' : post.bodyEn,
          now,
        })
        for (const tag of post.tags ?? []) insertTag.run(id, realtorId, tag)
      }
      db.prepare('update realtor set revision = revision + 1 where id = ?').run(realtorId)
      db.prepare("update page_revision set revision = revision + 1 where scope in ('site', 'realtors')").run()
    })()
  } finally {
    db.close()
  }
}

const made: Array<PublishedRealtor> = []
test.afterAll(async ({ baseURL }) => deleteMadeRealtors(requireBaseURL(baseURL), made))

async function jsonLdOf(page: Page): Promise<Array<Record<string, unknown>>> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents()
  return texts.map((text) => JSON.parse(text) as Record<string, unknown>)
}

for (const lang of [
  {
    prefix: '',
    name: '박소라',
    latest: '최근 글',
    all: '모든 글',
    guide: '동네 안내',
    note: '이 글은 영어로만 제공됩니다.',
    englishOnly: 'pre-approval-letter',
  },
  {
    prefix: '/en',
    name: 'Sora Park',
    latest: 'Latest posts',
    all: 'All posts',
    guide: 'Neighborhood guide',
    note: 'This post is only available in Korean.',
    englishOnly: 'what-is-escrow',
  },
]) {
  test.describe(`the demo blog ${lang.prefix || '/'} `, () => {
    test(
      'a visitor finds the latest posts on the homepage and reads one, with its JSON-LD, canonical, hreflang and feed',
      { tag: '@phone' },
      async ({ page, baseURL }) => {
        const origin = requireBaseURL(baseURL)
        await page.goto(`${lang.prefix}/${DEMO}`)
        await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', `${origin}${lang.prefix}/${DEMO}/blog/rss.xml`)
        const section = page.getByRole('region', { name: lang.latest })
        await expect(section.getByRole('listitem').filter({ has: page.getByRole('article') })).toHaveCount(3)
        await section.getByRole('link', { name: lang.all }).click()
        await expect(page).toHaveURL(`${origin}${lang.prefix}/${DEMO}/blog`)
        await expect(page.getByTestId('blog-posts').getByRole('article')).toHaveCount(4)
        // A post written in the other language only is listed with a note, as "about me" is.
        await expect(page.getByTestId('post-language-note')).toHaveText(lang.note)
        const feed = page.locator('link[rel="alternate"][type="application/rss+xml"]')
        await expect(feed).toHaveAttribute('href', `${origin}${lang.prefix}/${DEMO}/blog/rss.xml`)

        await page
          .getByTestId('blog-posts')
          .getByRole('link', { name: lang.prefix ? 'A guide to Woodbridge, Irvine' : '어바인 우드브리지 동네 안내' })
          .click()
        await expect(page).toHaveURL(`${origin}${lang.prefix}/${DEMO}/blog/woodbridge-irvine-guide`)
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang.prefix ? 'A guide to Woodbridge, Irvine' : '어바인 우드브리지 동네 안내')
        await expect(page.getByTestId('post-body').getByRole('heading', { level: 2 }).first()).toBeVisible()
        await expect(page.getByTestId('post-body').getByRole('listitem')).toHaveCount(3)
        // The guide leads to the homes of its area: Irvine is the demo realtor's first region.
        await expect(page.getByTestId('guide-listings-link')).toHaveAttribute('href', `${lang.prefix}/${DEMO}#listings`)
        // And to its market report (issue 27): the demo writes Irvine's figures.
        await expect(page.getByTestId('guide-market-link')).toHaveAttribute('href', `${lang.prefix}/${DEMO}/market/irvine-ca`)
        const { canonical, alternates } = await seoLinks(page)
        expect(canonical).toEqual([`${origin}${lang.prefix}/${DEMO}/blog/woodbridge-irvine-guide`])
        expect(alternates).toMatchObject({
          ko: [`${origin}/${DEMO}/blog/woodbridge-irvine-guide`],
          en: [`${origin}/en/${DEMO}/blog/woodbridge-irvine-guide`],
        })
        const posting = (await jsonLdOf(page)).find((data) => data['@type'] === 'BlogPosting')
        expect(posting).toMatchObject({
          headline: lang.prefix ? 'A guide to Woodbridge, Irvine' : '어바인 우드브리지 동네 안내',
          inLanguage: lang.prefix ? 'en' : 'ko',
          author: { '@type': 'RealEstateAgent', name: lang.name, url: `${origin}${lang.prefix}/${DEMO}` },
        })

        // A post in one language only: its page shows it with the note, and its canonical is that language's address.
        await page.goto(`${lang.prefix}/${DEMO}/blog/${lang.englishOnly}`)
        await expect(page.getByTestId('post-language-note')).toBeVisible()
        const single = await seoLinks(page)
        const writtenIn = lang.prefix ? '' : '/en'
        expect(single.canonical).toEqual([`${origin}${writtenIn}/${DEMO}/blog/${lang.englishOnly}`])
        expect(Object.keys(single.alternates)).toEqual([lang.prefix ? 'ko' : 'en'])
      },
    )

    test('the RSS feed lists the posts of its language', async ({ request, baseURL }) => {
      const origin = requireBaseURL(baseURL)
      const response = await request.get(`${lang.prefix}/${DEMO}/blog/rss.xml`)
      expect(response.status()).toBe(200)
      expect(response.headers()['content-type']).toBe('application/rss+xml; charset=utf-8')
      const xml = await response.text()
      expect(xml).toContain('<rss version="2.0"')
      expect(xml).toContain(`<link>${origin}${lang.prefix}/${DEMO}/blog/woodbridge-irvine-guide</link>`)
      expect(xml).not.toContain(`/blog/${lang.englishOnly}</link>`)
      expect(xml).not.toContain('tustin-market-spring')
    })
  })
}

test.describe('a visitor’s download', () => {
  test('a post page downloads no code at all, so neither the editor, a validator nor the auth client', async ({ page }) => {
    const scripts: Array<string> = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url())
    })
    await page.goto(`/en/${DEMO}/blog/first-home-irvine-2026`)
    await page.waitForLoadState('networkidle')
    // The demo realtor has no analytics tag, whose consent banner is the only code a post could need (decision 051).
    expect(scripts).toEqual([])
    await expect(page.locator('script:not([type="application/ld+json"]):not([type="speculationrules"])')).toHaveCount(0)
    await expect(page.getByRole('article')).toBeVisible()
  })

  test('a link rested on is fetched ahead, so the next page opens at once; the policy allows the rules and nothing else', async ({ page }) => {
    const violations: Array<string> = []
    page.on('console', (message) => {
      if (message.type() === 'error') violations.push(message.text())
    })
    const post = `/en/${DEMO}/blog/first-home-irvine-2026`
    await page.goto(`/en/${DEMO}/blog`)
    const prefetched = page.waitForRequest(
      (request) => new URL(request.url()).pathname === post && request.headers()['sec-purpose']?.startsWith('prefetch') === true,
    )
    await page.locator(`main a[href="${post}"]`).first().hover()
    await prefetched
    await page.locator(`main a[href="${post}"]`).first().click()
    await expect(page).toHaveURL(post)
    await expect(page.getByRole('article')).toBeVisible()
    expect(violations).toEqual([])
  })
})

test.describe('filters and pages without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('kind and tag filters and the pager are links that answer with a page', { tag: '@phone' }, async ({ page, request, baseURL }) => {
    const origin = requireBaseURL(baseURL)
    const realtor = await createPublishedRealtor(request, origin)
    made.push(realtor)
    const hour = 3_600_000
    insertPosts(realtor.id, [
      ...Array.from({ length: 11 }, (_, index) => ({
        slug: `note-${String(index).padStart(2, '0')}`,
        publishAt: new Date(Date.now() - (20 - index) * hour).toISOString(),
        tags: index % 2 === 0 ? ['schools'] : [],
      })),
      { slug: 'irvine-guide', kind: 'guide', publishAt: new Date(Date.now() - hour).toISOString(), tags: ['schools'] },
      { slug: 'a-draft', status: 'draft', publishAt: null },
    ])
    await page.goto(`/en/${realtor.desiredUrl}/blog`)
    const cards = page.getByTestId('blog-posts').getByRole('article')
    await expect(cards).toHaveCount(10)
    await expect(page.getByText('12 posts')).toBeVisible()
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 2' }).click()
    await expect(page).toHaveURL(`${origin}/en/${realtor.desiredUrl}/blog?page=2`)
    await expect(cards).toHaveCount(2)
    await expect(cards.getByRole('link', { name: 'note-00 title' })).toBeVisible()
    // A page past the end shows the last one, and says so in its canonical address.
    await page.goto(`/en/${realtor.desiredUrl}/blog?page=7`)
    await expect(cards).toHaveCount(2)
    expect((await seoLinks(page)).canonical).toEqual([`${origin}/en/${realtor.desiredUrl}/blog?page=2`])

    await page.getByRole('link', { name: 'Neighborhood guide' }).click()
    await expect(page).toHaveURL(`${origin}/en/${realtor.desiredUrl}/blog?kind=guide`)
    await expect(cards).toHaveCount(1)
    await expect(cards.getByRole('link', { name: 'irvine-guide title' })).toBeVisible()

    await page.getByRole('link', { name: 'All posts' }).click()
    await page.getByRole('link', { name: '#schools' }).click()
    await expect(page).toHaveURL(`${origin}/en/${realtor.desiredUrl}/blog?tag=schools`)
    await expect(cards).toHaveCount(7)
    await expect(page.getByRole('link', { name: '#schools' })).toHaveAttribute('aria-current', 'page')

    // A draft is nowhere: not in the list, not at its address.
    expect((await request.get(`/en/${realtor.desiredUrl}/blog/a-draft`)).status()).toBe(404)
    await page.goto(`/${realtor.desiredUrl}/blog/note-03`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('note-03 제목')
  })
})

test.describe('scheduling', () => {
  test('a scheduled post appears at its time, with no request to publish it', async ({ page, request, baseURL }) => {
    const origin = requireBaseURL(baseURL)
    const realtor = await createPublishedRealtor(request, origin)
    made.push(realtor)
    const dueAt = Date.now() + 6_000
    insertPosts(realtor.id, [
      { slug: 'already-out', publishAt: new Date(Date.now() - 60_000).toISOString() },
      { slug: 'coming-up', status: 'scheduled', publishAt: new Date(dueAt).toISOString() },
    ])
    await page.goto(`/en/${realtor.desiredUrl}/blog`)
    const cards = page.getByTestId('blog-posts').getByRole('article')
    await expect(cards).toHaveCount(1)
    expect((await request.get(`/en/${realtor.desiredUrl}/blog/coming-up`)).status()).toBe(404)
    // The homepage's latest posts (stored too) say the same.
    await page.goto(`/en/${realtor.desiredUrl}`)
    await expect(page.getByTestId('latest-posts').getByRole('article')).toHaveCount(1)

    await page.waitForTimeout(Math.max(0, dueAt - Date.now()) + 500)
    await page.goto(`/en/${realtor.desiredUrl}`)
    await expect(page.getByTestId('latest-posts').getByRole('article')).toHaveCount(2)
    await page.goto(`/en/${realtor.desiredUrl}/blog`)
    await expect(cards).toHaveCount(2)
    await expect(cards.first().getByRole('link')).toHaveText('coming-up title')
    expect((await request.get(`/en/${realtor.desiredUrl}/blog/coming-up`)).status()).toBe(200)
    expect(await (await request.get('/sitemap.xml')).text()).toContain(`${origin}/en/${realtor.desiredUrl}/blog/coming-up`)
  })
})

test.describe('stored markup runs nothing', () => {
  /* What a sanitiser must remove, written straight into the table: if any of it reached the page and ran, it would set the flag or open a dialog. */
  const PAYLOADS = [
    '<script>window.__xss = "script"</script>',
    '<img src="x" onerror="window.__xss = \'onerror\'">',
    '<a href="javascript:window.__xss=\'href\'" id="js-link">javascript link</a>',
    '<svg onload="window.__xss = \'svg\'"><script>window.__xss = "svg-script"</script></svg>',
    '<iframe srcdoc="<script>parent.__xss = \'iframe\'</script>"></iframe>',
    '<iframe src="data:text/html,<script>parent.__xss=1</script>"></iframe>',
    '<style>p { color: red }</style><div style="background:url(javascript:window.__xss=1)">styled</div>',
    '<p data-analytics-tag="G-ABCDEFGH">forged analytics marker</p>',
    '<object data="data:text/html,<script>window.__xss=1</script>"></object>',
    '<p>unclosed <b><i>markup <img src=x onerror=alert(1)//',
  ].join('')

  test('script, handlers, javascript: and data: URLs, SVG, iframes and malformed markup do not execute', async ({ page, request, baseURL }) => {
    const origin = requireBaseURL(baseURL)
    const realtor = await createPublishedRealtor(request, origin)
    made.push(realtor)
    insertPosts(realtor.id, [{ slug: 'payloads', bodyKo: PAYLOADS, bodyEn: PAYLOADS, titleEn: '<img src=x onerror="window.__xss=\'title\'">' }])
    const dialogs: Array<string> = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    for (const address of [`/en/${realtor.desiredUrl}/blog/payloads`, `/${realtor.desiredUrl}/blog/payloads`, `/en/${realtor.desiredUrl}/blog`]) {
      const response = await page.goto(address)
      expect(response?.status()).toBe(200)
      const csp = response?.headers()['content-security-policy'] ?? ''
      const scriptSources = /script-src ([^;]*)/.exec(csp)?.[1] ?? ''
      expect(scriptSources).toContain("'self'")
      expect(scriptSources).not.toContain("'unsafe-inline'")
      expect(scriptSources).not.toContain('googletagmanager')
      expect(csp).toContain("object-src 'none'")
      await page.waitForLoadState('networkidle')
      // The hydrated page (client navigation re-renders the body through React) must not run it either.
      await page.waitForTimeout(300)
      expect(await page.evaluate(() => Reflect.get(window, '__xss') as unknown)).toBeUndefined()
    }
    // A javascript: link is not kept as a link (decision 053): its words stay as text, and
    // pressing them runs nothing.
    await page.goto(`/en/${realtor.desiredUrl}/blog/payloads`)
    await expect(page.locator('a[href*="javascript:" i]')).toHaveCount(0)
    await page.getByText('javascript link').click()
    await page.waitForTimeout(300)
    expect(await page.evaluate(() => Reflect.get(window, '__xss') as unknown)).toBeUndefined()
    expect(dialogs).toEqual([])
  })
})

test.describe('accessibility', () => {
  test('axe finds no violation on the blog list and a post, light and dark, in both languages', { tag: '@phone' }, async ({ page, request, baseURL }) => {
    // Twelve pages through axe: more than the default 30 s on a busy machine.
    test.setTimeout(120_000)
    const origin = requireBaseURL(baseURL)
    const realtor = await createPublishedRealtor(request, origin)
    made.push(realtor)
    insertPosts(realtor.id, [
      {
        slug: 'guide',
        kind: 'guide',
        tags: ['irvine'],
        bodyEn:
          '<h2>Parks</h2><ul><li>A lake</li></ul><blockquote><p>Quiet.</p></blockquote><p><a href="https://example.com" rel="nofollow noopener">A link</a></p>',
      },
      { slug: 'korean-only', titleEn: null, bodyEn: null },
    ])
    for (const dark of ['N', 'Y'] as const) {
      const patched = await request.patch(`/cozying-api/v1/realtor/${realtor.id}`, {
        headers: { authorization: `Bearer ${realtor.token}` },
        data: { contentDarkMode: dark, designMainDarkMode: dark },
      })
      expect(patched.status(), await patched.text()).toBe(200)
      for (const address of [
        `/${realtor.desiredUrl}/blog`,
        `/en/${realtor.desiredUrl}/blog`,
        `/${realtor.desiredUrl}/blog/guide`,
        `/en/${realtor.desiredUrl}/blog/guide`,
        `/en/${realtor.desiredUrl}/blog/korean-only`,
        `/en/${realtor.desiredUrl}`,
      ]) {
        await page.goto(address)
        await page.waitForLoadState('networkidle')
        await expect(page.locator('div.dark')).toHaveCount(dark === 'Y' ? 1 : 0)
        const violations = await axeViolations(page)
        expect.soft(violations, `axe violations on ${address} (dark ${dark}):\n${violations.join('\n')}`).toEqual([])
      }
    }
  })
})

test.describe('on the realtor’s own domain', () => {
  test('the blog, a post and the feed answer under the domain, with links that stay on it', async ({ request, baseURL }) => {
    const origin = requireBaseURL(baseURL)
    const domain = `blog-${Date.now()}.example`
    const realtor = await createPublishedRealtor(request, origin, { hompageUrl: `https://${domain}` })
    made.push(realtor)
    insertPosts(realtor.id, [{ slug: 'hello', tags: ['news'] }])
    // The Host a browser sends to the domain (a client's X-Forwarded-Host is not believed).
    const onDomain = { host: domain }
    const list = await request.get('/en/blog', { headers: onDomain })
    expect(list.status()).toBe(200)
    const html = await list.text()
    expect(html).toContain('href="/en/blog/hello"')
    expect(html).toContain(`href="http://${domain}/en/blog/rss.xml"`)
    expect((await request.get('/blog/hello', { headers: onDomain })).status()).toBe(200)
    const feed = await request.get('/en/blog/rss.xml', { headers: onDomain })
    expect(feed.status()).toBe(200)
    expect(await feed.text()).toContain(`<link>http://${domain}/en/blog/hello</link>`)
  })
})
