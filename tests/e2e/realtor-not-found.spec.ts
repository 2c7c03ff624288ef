import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { createPublishedRealtor } from './fixtures.ts'
import { axeViolations, deleteMadeRealtors, pathOf, requireBaseURL } from './helpers.ts'
import { run } from './own-server.ts'

/*
 * A 404 inside a realtor's site stays in it (issue 51 item 2, decision 061): an unknown path
 * under a realtor answers 404 with their header, a search of their homes and links to their
 * homepage and homes, in the page's language; a listing that is gone says so with homes like it
 * on the same site (410 for one an import retired, 404 for a key never had). With and without
 * JavaScript; on the realtor's own domain the links drop `/{desiredUrl}`. Titles name the realtor.
 */

const WORDS = {
  ko: {
    prefix: '',
    name: '박소라',
    notFound: '페이지를 찾을 수 없습니다',
    gone: '더 이상 등록되어 있지 않은 매물입니다',
    search: '박소라의 매물 검색',
    searchButton: '검색',
    homepage: '박소라 홈페이지',
    allHomes: '모든 매물',
    similar: '근처의 비슷한 매물',
  },
  en: {
    prefix: '/en',
    name: 'Sora Park',
    notFound: 'Page Not Found',
    gone: 'This home is no longer listed',
    search: "Search Sora Park's homes",
    searchButton: 'Search',
    homepage: "Sora Park's homepage",
    allHomes: 'All homes',
    similar: 'Homes like it nearby',
  },
} as const
type Lang = keyof typeof WORDS
const LANGS: ReadonlyArray<Lang> = ['ko', 'en']

/** A listing the e2e server had and an import retired: imported, then an import without it (`--retire-missing`). */
const RETIRED_KEY = `GONE-${Date.now()}`

test.beforeAll(({ baseURL }) => {
  const dataDir = process.env.PLAYWRIGHT_E2E_DATA_DIR
  if (!dataDir) throw new Error('the e2e data folder is not known (PLAYWRIGHT_E2E_DATA_DIR)')
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'gone-listing-'))
  const withListing = path.join(folder, 'with.json')
  const withoutListing = path.join(folder, 'without.json')
  fs.writeFileSync(
    withListing,
    JSON.stringify({
      value: [
        {
          ListingKey: RETIRED_KEY,
          ListPrice: 1_300_000,
          StandardStatus: 'Active',
          PropertyType: 'Residential',
          PropertySubType: 'SingleFamilyResidence',
          BedroomsTotal: 4,
          BathroomsTotalInteger: 3,
          LivingArea: 2_200,
          UnparsedAddress: '9 Gone Lane, Irvine, CA 92618',
          City: 'Irvine',
          StateOrProvince: 'CA',
          PostalCode: '92618',
          ListOfficeName: 'Gone Test Realty',
          OnMarketDate: '2026-01-05',
          ModificationTimestamp: new Date().toISOString(),
          Media: [],
        },
      ],
    }),
  )
  fs.writeFileSync(withoutListing, JSON.stringify({ value: [] }))
  const env = {
    ...process.env,
    PATH: [path.resolve('node_modules', '.bin'), process.env.PATH ?? ''].join(path.delimiter),
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    PUBLIC_URL: requireBaseURL(baseURL),
  }
  try {
    run(['scripts/run.mjs', 'scripts/import-listings.ts', '--file', withListing, '--source', 'gone-e2e'], env)
    run(['scripts/run.mjs', 'scripts/import-listings.ts', '--file', withoutListing, '--source', 'gone-e2e', '--retire-missing'], env)
  } finally {
    fs.rmSync(folder, { recursive: true, force: true })
  }
})

async function expectRealtorFrame(page: Page, lang: Lang, title: string) {
  const words = WORDS[lang]
  await expect(page).toHaveTitle(`${title} | ${words.name}`)
  await expect(page.getByTestId('agent-name')).toHaveText(words.name)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  // Nothing of the platform's own 404 ("Sign in", "Back to the home page" → /en).
  await expect(page.getByRole('link', { name: /Sign in|로그인/ })).toHaveCount(0)
  await expect(page.getByRole('link', { name: words.homepage })).toHaveAttribute('href', `${words.prefix}/sora-park`)
  await expect(page.getByRole('link', { name: words.allHomes, exact: true })).toHaveAttribute('href', `${words.prefix}/sora-park/homes`)
}

async function searchFor(page: Page, lang: Lang, words: string) {
  await page.getByRole('searchbox', { name: WORDS[lang].search }).fill(words)
  await page.getByRole('search').getByRole('button', { name: WORDS[lang].searchButton }).click()
  await expect(page).toHaveURL((url) => pathOf(url.href) === `${WORDS[lang].prefix}/sora-park/homes` && url.searchParams.get('q') === words)
}

/** The similar homes' cards' links: at least three, each a listing page on Sora Park's site. */
const cardLinks = (page: Page, lang: Lang) => page.getByRole('region', { name: WORDS[lang].similar }).locator('article h3 a')

async function similarHomeLinks(page: Page, lang: Lang): Promise<Array<string>> {
  const hrefs = await cardLinks(page, lang).evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
  expect(hrefs.length).toBeGreaterThanOrEqual(3)
  for (const href of hrefs) expect(href).toMatch(new RegExp(`^${WORDS[lang].prefix}/sora-park/homes/[^/]+$`))
  expect(hrefs.some((href) => href.endsWith(`/${RETIRED_KEY}`))).toBe(false)
  return hrefs
}

test.describe("a 404 on a realtor's site", () => {
  for (const lang of LANGS) {
    test(`an unknown path is their page: header, search and links (${lang})`, { tag: '@phone' }, async ({ page }) => {
      const answer = await page.goto(`${WORDS[lang].prefix}/sora-park/nothing-here`)
      expect(answer?.status()).toBe(404)
      await expectRealtorFrame(page, lang, WORDS[lang].notFound)
      await expect(page.getByTestId('not-found-description')).toContainText('/sora-park/nothing-here')
      // Plain HTML and links: the islands runtime (the phone menu's), not the app (decision 051).
      await expect(page.locator('html')).toHaveAttribute('data-islands-runtime', 'started')
      expect(await axeViolations(page)).toEqual([])
      await searchFor(page, lang, 'Irvine')
    })

    test(`a listing an import retired answers 410 with homes like it (${lang})`, { tag: '@phone' }, async ({ page }) => {
      const answer = await page.goto(`${WORDS[lang].prefix}/sora-park/homes/${RETIRED_KEY}`)
      expect(answer?.status()).toBe(410)
      await expectRealtorFrame(page, lang, WORDS[lang].gone)
      const [first] = await similarHomeLinks(page, lang)
      expect(await axeViolations(page)).toEqual([])
      await cardLinks(page, lang).first().click()
      await expect(page).toHaveURL((url) => pathOf(url.href) === first)
    })
  }

  test('a listing key never had answers 404, says the home is gone and offers homes of the region', async ({ page }) => {
    const answer = await page.goto('/en/sora-park/homes/NEVER-LISTED-1')
    expect(answer?.status()).toBe(404)
    await expectRealtorFrame(page, 'en', WORDS.en.gone)
    await similarHomeLinks(page, 'en')
    expect(await axeViolations(page)).toEqual([])
  })

  test("an unknown realtor keeps the platform's 404", async ({ page }) => {
    const answer = await page.goto('/en/nobody-here-at-all/nothing-here')
    expect(answer?.status()).toBe(404)
    await expect(page.getByTestId('agent-name')).toHaveCount(0)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found')
  })
})

test.describe("a 404 on a realtor's site without JavaScript", () => {
  test.use({ javaScriptEnabled: false })

  for (const lang of LANGS) {
    test(`the search and the similar homes work as plain HTML (${lang})`, async ({ page }) => {
      const answer = await page.goto(`${WORDS[lang].prefix}/sora-park/nothing/here`)
      expect(answer?.status()).toBe(404)
      await expectRealtorFrame(page, lang, WORDS[lang].notFound)
      await searchFor(page, lang, 'Woodbridge')

      const gone = await page.goto(`${WORDS[lang].prefix}/sora-park/homes/${RETIRED_KEY}`)
      expect(gone?.status()).toBe(410)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(WORDS[lang].gone)
      const [first] = await similarHomeLinks(page, lang)
      const similar = await page.goto(first ?? '/')
      expect(similar?.status()).toBe(200)
    })
  }
})

test.describe("a 404 on a realtor's own domain", () => {
  const DOMAIN = 'not-found-realty.test'

  /** Every link and form address of a page's HTML. */
  const linksOf = (html: string) => [...html.matchAll(/\b(?:href|action)="([^"]*)"/g)].map((match) => match[1] ?? '')

  /** node:http sends exactly the Host it is given (fetch may not). */
  function getOnDomain(baseURL: string, pathname: string): Promise<{ status: number | undefined; body: string }> {
    const base = new URL(baseURL)
    return new Promise((resolve, reject) => {
      const outgoing = http.request({ host: base.hostname, port: base.port, path: pathname, headers: { host: `${DOMAIN}:${base.port}` } }, (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (body += chunk))
        response.on('end', () => resolve({ status: response.statusCode, body }))
      })
      outgoing.on('error', reject)
      outgoing.end()
    })
  }

  test('keeps every link on the domain, without /{desiredUrl}', async ({ request, baseURL }) => {
    const base = requireBaseURL(baseURL)
    const realtor = await createPublishedRealtor(request, base, { hompageUrl: `http://${DOMAIN}:${new URL(base).port}`, displayNameEn: 'Dana Lee' })
    const page = await getOnDomain(base, '/en/nothing-here')
    expect(page.status).toBe(404)
    expect(page.body).toContain('<title>Page Not Found | Dana Lee</title>')
    expect(page.body).toContain('action="/en/homes"')
    expect(page.body).toContain('href="/en/homes"')
    expect(linksOf(page.body).filter((link) => link.includes(realtor.desiredUrl))).toEqual([])

    const gone = await getOnDomain(base, `/en/homes/${RETIRED_KEY}`)
    expect(gone.status).toBe(410)
    expect(gone.body).toMatch(/href="\/en\/homes\/[^"/]+"/)
    expect(linksOf(gone.body).filter((link) => link.includes(realtor.desiredUrl))).toEqual([])
    await deleteMadeRealtors(base, [realtor])
  })
})
