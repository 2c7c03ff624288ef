import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { pathOf, waitForHydration } from './helpers.ts'

/*
 * Listings on the demo realtor's site (issue 6): cards on the homepage, filters and paging
 * (in place with JavaScript, as plain links and a GET form without it), a home's detail
 * page, and a message about the home that reaches the realtor. Korean and English, at the
 * desktop and, what the screen can change (`@phone`), phone widths. The seed generates the 1,000 demo homes.
 */

const API = '/cozying-api/v1'
const DEMO_ACCOUNT = { email: 'demo@example.com', password: 'demo-password-2026' }

const PAGES = {
  ko: {
    lang: 'ko',
    path: '/sora-park',
    section: '활동 지역 매물',
    realtor: '박소라',
    perMonth: /^월 \$/,
    type: '매매/임대',
    rent: '임대',
    beds: '침실',
    show: '매물 보기',
    pager: '매물 페이지',
    facts: '주요 정보',
    area: /sqft \([\d,.]+㎡ · [\d,.]+평\)/,
    prefill: /매물 번호 DEMO-\d{6}/,
    back: /전체 매물/,
  },
  en: {
    lang: 'en',
    path: '/en/sora-park',
    section: 'Homes in my areas',
    realtor: 'Sora Park',
    perMonth: /\/ month$/,
    type: 'Sale or rent',
    rent: 'For rent',
    beds: 'Bedrooms',
    show: 'Show homes',
    pager: 'Pages of homes',
    facts: 'Facts',
    area: /^[\d,]+ sqft$/,
    prefill: /listing DEMO-\d{6}/,
    back: /All homes/,
  },
} as const

function listings(page: Page) {
  return page.locator('#listings')
}

function cards(page: Page) {
  return listings(page).locator('article')
}

/** A marker on window survives client-side navigation and disappears on a full page load. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => Reflect.set(window, '__sameDocument', true))
}

async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => Reflect.get(window, '__sameDocument') === true)
}

async function openListings(page: Page, path: string): Promise<void> {
  const response = await page.goto(path)
  expect(response?.status(), `status of ${path}`).toBe(200)
  await waitForHydration(page.getByTestId('language-switch'))
  await expect(listings(page)).toBeVisible()
}

for (const p of [PAGES.ko, PAGES.en]) {
  test.describe(`listings ${p.path}`, { tag: '@phone' }, () => {
    test('the homepage shows cards of homes in the realtor’s areas', async ({ page }) => {
      await openListings(page, p.path)
      await expect(page.getByRole('heading', { level: 2, name: p.section })).toBeVisible()
      await expect(cards(page)).toHaveCount(9)
      const first = cards(page).first()
      await expect(first.locator('p').first()).toHaveText(/^\$[\d,.]+[MB]?$/)
      // The credit in the profile's wording; the Korean wording comes from the catalog.
      await expect(first.getByTestId('listing-credit')).toBeVisible()
      if (p.lang === 'en') await expect(first.getByTestId('listing-credit')).toHaveText(/^Listed by \S/)
      await expect(first.getByRole('link').first()).toHaveAttribute('href', new RegExp(`^${p.path}/homes/DEMO-\\d{6}$`))
      // The API agrees with the page: the same first home for Irvine's default query, every kind
      // of home as the page asks (the API's own default is the spec's single-family, issue 51).
      const api = await page.request.get(`${API}/home/list?propertyType=any&homesPerPage=9&totalHomesPerGroup=54`)
      const body = (await api.json()) as { homes: Array<{ homeId: string; fullAddress: string }> }
      await expect(first.getByRole('heading', { level: 3 })).toHaveText(body.homes[0]?.fullAddress ?? '')
    })

    // The homepage is an islands page (decision 051): a filter sent or a page chosen is a new document,
    // answered from the page store, that opens at the list.
    test('filters and pages load their results at the list, and the URL carries them', async ({ page }) => {
      await openListings(page, p.path)
      const section = listings(page)
      await markDocument(page)
      await section.getByLabel(p.type).selectOption('rent')
      await section.getByLabel(p.beds).selectOption('2')
      await section.getByRole('button', { name: p.show }).click()
      await expect(page).toHaveURL(/[?&]type=rent/)
      await expect(page).toHaveURL(/[?&]minBeds=2/)
      await expect(cards(page).first().locator('p').first()).toHaveText(p.perMonth)
      const firstAddress = await cards(page).first().getByRole('heading', { level: 3 }).textContent()

      await section.getByRole('navigation', { name: p.pager }).getByRole('link', { name: '2', exact: true }).click()
      await expect(page).toHaveURL(/[?&]page=2/)
      const pager = section.getByRole('navigation', { name: p.pager })
      await expect(pager.getByRole('link', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page')
      await expect(pager.locator('[aria-current]'), 'only the current page is marked').toHaveCount(1)
      await expect(section.locator('nav').first().locator('[aria-current]'), 'only the current area is marked').toHaveCount(1)
      await expect(cards(page).first().getByRole('heading', { level: 3 })).not.toHaveText(firstAddress ?? '')
      await expect(cards(page).first().locator('p').first()).toHaveText(p.perMonth)
      expect(await isSameDocument(page), 'filters and paging load documents on an islands page').toBe(false)
      await expect(page).toHaveURL(/#listings$/)
      await expect(page.locator('#listings-title')).toBeInViewport()
    })

    test('a card opens the home’s page, and a message about it reaches the realtor', async ({ page, request }, testInfo) => {
      await openListings(page, p.path)
      const card = cards(page).first()
      const address = (await card.getByRole('heading', { level: 3 }).textContent()) ?? ''
      await card.getByRole('link').first().click()
      await expect(page).toHaveURL(new RegExp(`${p.path}/homes/DEMO-\\d{6}$`))
      const listingKey = pathOf(page.url()).split('/').pop() ?? ''
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(address)
      await expect(page.getByRole('heading', { level: 2, name: p.facts })).toBeVisible()
      await expect(page.locator('dd').filter({ hasText: p.area }).first()).toBeVisible()
      await expect(page.getByTestId('listing-credit')).toBeVisible()
      await expect(page.getByRole('link', { name: p.back })).toBeVisible()

      const form = page.getByTestId('contact-form')
      await waitForHydration(form.getByTestId('contact-submit'))
      const message = form.locator('textarea[name="message"]')
      await expect(message).toHaveValue(p.prefill)
      await expect(message).toHaveValue(new RegExp(listingKey))
      await form.locator('input[name="lastName"]').fill(p.lang === 'ko' ? '김' : 'Kim')
      await form.locator('input[name="firstName"]').fill(p.lang === 'ko' ? '민지' : 'Minji')
      await form.locator('input[name="email"]').fill('minji.kim@example.com')
      await form.locator('input[name="phone"]').fill(p.lang === 'ko' ? '010-1234-5678' : '949-555-0123')
      const note = `E2E listing ${p.lang} ${testInfo.project.name} ${Date.now()}`
      await message.fill(`${await message.inputValue()} ${note}`)
      const posted = page.waitForResponse((response) => response.request().method() === 'POST' && pathOf(response.url()) === `${API}/realtor-contacts`)
      await form.getByTestId('contact-submit').click()
      const response = await posted
      expect(response.status()).toBe(201)
      expect(response.request().postDataJSON()).toMatchObject({ listingKey, isTerm: 'Y' })
      await expect(page.getByTestId('contact-success')).toBeVisible()

      const signIn = await request.post('/api/auth/sign-in/email', { data: DEMO_ACCOUNT })
      const token = signIn.headers()['set-auth-token'] ?? ''
      const inbox = await request.get(`${API}/realtor-contacts`, { headers: { authorization: `Bearer ${token}` } })
      const { messages } = (await inbox.json()) as { messages: Array<{ message: string; listingKey: string | null }> }
      expect(messages.find((item) => item.message.includes(note))?.listingKey).toBe(listingKey)
    })
  })
}

/** Font sizes in CSS pixels of the first element each test id names. */
async function fontSizes(page: Page, testIds: ReadonlyArray<string>): Promise<Array<number>> {
  return page.evaluate(
    (ids) =>
      ids.map((id) => {
        const element = document.querySelector(`[data-testid="${id}"]`)
        return element ? Number.parseFloat(getComputedStyle(element).fontSize) : Number.NaN
      }),
    [...testIds],
  )
}

for (const p of [PAGES.ko, PAGES.en]) {
  test.describe(`MLS display profile ${p.path} (issue 15)`, { tag: '@phone' }, () => {
    test('the homepage listings show the source’s disclaimer, the last update and the credit in type as large as the facts', async ({ page }) => {
      await openListings(page, p.path)
      const disclosure = listings(page).getByTestId('listing-disclosure')
      // The seed's listings are the demo generator's: its disclaimer says they are made up.
      await expect(disclosure).toHaveCount(1)
      await expect(disclosure.getByTestId('listing-disclaimer')).toContainText('demonstration data')
      await expect(disclosure.getByTestId('listing-disclaimer')).toHaveAttribute('lang', 'en')
      // Korean pages: the Korean rendering beside the authoritative English.
      await expect(disclosure.getByTestId('listing-disclaimer-translated')).toHaveCount(p.lang === 'ko' ? 1 : 0)
      const updated = disclosure.getByTestId('listing-last-updated')
      await expect(updated).toContainText(p.lang === 'ko' ? /\d{4}년 \d{1,2}월 \d{1,2}일/ : /^Listing data last updated [A-Z][a-z]+ \d{1,2}, \d{4}/)
      // The time zone is named, and the machine-readable time is the recorded run.
      await expect(updated).toContainText(p.lang === 'ko' ? /태평양/ : /\bP[SD]T\b/)
      const datetime = (await updated.locator('time').getAttribute('datetime')) ?? ''
      expect(Number.isNaN(Date.parse(datetime)), datetime).toBe(false)
      // The same time in the listings data the page was made from.
      const api = await page.request.get(`${API}/home/list?homesPerPage=9&totalHomesPerGroup=54`)
      const body = (await api.json()) as { sources: Array<{ id: string; lastUpdatedAt: string | null }> }
      expect(body.sources.find((source) => source.id === 'demo')?.lastUpdatedAt).toBe(datetime)

      const [credit, facts] = await fontSizes(page, ['listing-credit', 'home-card-facts'])
      expect(credit, 'the listing firm is no smaller than the facts beside it').toBeGreaterThanOrEqual(facts ?? Number.POSITIVE_INFINITY)
    })

    test('a listing page: credit no smaller than the description, the disclaimer, the last update, and a button naming the realtor', async ({ page }) => {
      await openListings(page, p.path)
      await cards(page).first().getByRole('link').first().click()
      await expect(page).toHaveURL(new RegExp(`${p.path}/homes/DEMO-\\d{6}$`))
      // The URL changes before the homepage's cards (each with its own credit) leave the page.
      await expect(page.getByTestId('listing-credit')).toHaveCount(1)
      await expect(page.getByTestId('listing-credit')).toBeVisible()
      await expect(page.getByTestId('home-description')).toBeVisible()
      const [credit, description] = await fontSizes(page, ['listing-credit', 'home-description'])
      expect(credit, 'the listing firm is no smaller than the description').toBeGreaterThanOrEqual(description ?? Number.POSITIVE_INFINITY)

      const disclosure = page.getByTestId('listing-disclosure')
      await expect(disclosure).toHaveCount(1)
      await expect(disclosure.getByTestId('listing-disclaimer')).toContainText('demonstration data')
      await expect(disclosure.getByTestId('listing-last-updated').locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/)

      // Who answers is named on the button, and it leads to the form.
      const ask = page.getByTestId('ask-about-home')
      await expect(ask).toContainText(p.realtor)
      await ask.click()
      await expect(page).toHaveURL(/#ask$/)
      await expect(page.getByTestId('contact-form')).toBeInViewport()
    })
  })
}

for (const p of [PAGES.ko, PAGES.en]) {
  test(`a home for sale shows a monthly payment estimate that follows the fields (${p.lang})`, { tag: '@phone' }, async ({ page }) => {
    await openListings(page, p.path)
    await cards(page).first().getByRole('link').first().click()
    const estimate = page.getByTestId('payment-estimate')
    await expect(estimate).toBeVisible()
    const labels =
      p.lang === 'ko'
        ? {
            price: '주택 가격',
            percent: '다운페이먼트 (%)',
            rate: '이자율',
            term: '대출 기간',
            tax: '재산세율 (연)',
            insurance: '주택 보험료 (연)',
            hoa: 'HOA 관리비 (월)',
            fifteen: '15년',
          }
        : {
            price: 'Home price',
            percent: 'Down payment (%)',
            rate: 'Interest rate',
            term: 'Loan term',
            tax: 'Property tax (per year)',
            insurance: 'Home insurance (per year)',
            hoa: 'HOA dues (per month)',
            fifteen: '15 years',
          }
    // $400,000 borrowed at 6 % over 30 years is $2,398.20 a month (any amortisation table);
    // plus $500 tax (1.2 % of $500,000 a year), $100 insurance and $300 HOA.
    // The estimate is an island of the listing page (decision 051): live once near the screen.
    await waitForHydration(estimate.getByLabel(labels.price, { exact: true }))
    await estimate.getByLabel(labels.price, { exact: true }).fill('500,000')
    await estimate.getByLabel(labels.percent, { exact: true }).fill('20')
    await expect(estimate.getByLabel(p.lang === 'ko' ? '다운페이먼트' : 'Down payment', { exact: true })).toHaveValue('100,000')
    await estimate.getByLabel(labels.rate, { exact: true }).fill('6')
    await estimate.getByLabel(labels.tax, { exact: true }).fill('1.2')
    await estimate.getByLabel(labels.insurance, { exact: true }).fill('1200')
    await estimate.getByLabel(labels.hoa, { exact: true }).fill('300')
    await expect(estimate.getByTestId('payment-principal')).toHaveText('$2,398')
    await expect(estimate.getByTestId('payment-total')).toHaveText('$3,298')
    await estimate.getByLabel(labels.term).selectOption({ label: labels.fifteen })
    await expect(estimate.getByTestId('payment-total')).toHaveText('$4,275')
    await estimate.getByLabel(labels.rate, { exact: true }).fill('6.x')
    await expect(estimate.getByLabel(labels.rate, { exact: true })).toHaveAttribute('aria-invalid', 'true')
    await expect(estimate.getByTestId('payment-note')).toBeVisible()
    const axe = await new AxeBuilder({ page }).include('[data-testid="payment-estimate"]').analyze()
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`)).toEqual([])
  })
}

test.describe('listings, server behaviour', () => {
  test('without JavaScript the filters are a GET form and the pages plain links', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/en/sora-park')
    const section = listings(page)
    await section.getByLabel('Sale or rent').selectOption('rent')
    await section.getByLabel('Bedrooms').selectOption('3')
    await section.getByRole('button', { name: 'Show homes' }).click()
    await expect(page).toHaveURL(/[?&]type=rent/)
    await expect(page).toHaveURL(/[?&]minBeds=3/)
    await expect(cards(page).first().locator('p').first()).toHaveText(/\/ month$/)
    await section.getByRole('navigation', { name: 'Pages of homes' }).getByRole('link', { name: '2', exact: true }).click()
    await expect(page).toHaveURL(/[?&]page=2/)
    await expect(cards(page)).not.toHaveCount(0)
    await context.close()
  })

  test('without JavaScript a home for sale shows the default payment estimate', async ({ browser, baseURL, request }) => {
    const list = await request.get(`${API}/home/list?realtor=sora-park&lang=en`)
    const { homes } = (await list.json()) as { homes: Array<{ url: string | null; price: number }> }
    const home = homes.find((item) => item.url !== null)
    expect(home).toBeDefined()
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(home?.url ?? '/')
    const estimate = page.getByTestId('payment-estimate')
    await expect(estimate.getByLabel('Home price', { exact: true })).toHaveValue(new Intl.NumberFormat('en-US').format(home?.price ?? 0))
    await expect(estimate.getByLabel('Down payment (%)', { exact: true })).toHaveValue('20')
    await expect(estimate.getByTestId('payment-total')).toHaveText(/^\$[\d,.]+[MB]?$/)
    await context.close()
  })

  test('a Georgia realtor’s listing page shows the brokerage and its phone as prominently as the agent’s name (GREC, issue 15)', async ({ page, request }) => {
    // The demo realtor serves Duluth, Georgia.
    const list = await request.get(`${API}/home/list?realtor=sora-park&lang=en`)
    const { homes } = (await list.json()) as { homes: Array<{ url: string | null }> }
    await page.goto(homes.find((item) => item.url !== null)?.url ?? '/')
    const fontOf = (testId: string) =>
      page.getByTestId(testId).evaluate((element) => {
        const style = getComputedStyle(element)
        return { size: parseFloat(style.fontSize), weight: Number(style.fontWeight) }
      })
    for (const [agent, firm] of [
      ['agent-name', 'firm-header'],
      ['ask-title', 'firm-ask'],
    ] as const) {
      await expect(page.getByTestId(firm)).toContainText('Cozy Realty Group')
      await expect(page.getByTestId(firm).getByRole('link', { name: '(949) 555-0100' })).toHaveAttribute('href', 'tel:+19495550100')
      const [agentFont, firmFont] = [await fontOf(agent), await fontOf(firm)]
      expect(firmFont.size, `${firm} is no smaller than ${agent}`).toBeGreaterThanOrEqual(agentFont.size)
      expect(firmFont.weight, `${firm} is no lighter than ${agent}`).toBeGreaterThanOrEqual(agentFont.weight)
    }
  })

  test('a bad filter value in the URL falls back instead of failing', async ({ page }) => {
    const response = await page.goto('/en/sora-park?type=castle&minBeds=-4&page=abc')
    expect(response?.status()).toBe(200)
    await expect(cards(page)).toHaveCount(9)
  })

  test('the detail page has canonical, hreflang and RealEstateListing JSON-LD; unknown homes are 404', async ({ page, baseURL }) => {
    await page.goto('/en/sora-park')
    const href = (await cards(page).first().getByRole('link').first().getAttribute('href')) ?? ''
    const koPath = href.replace(/^\/en/, '')
    const response = await page.goto(href)
    expect(response?.status()).toBe(200)
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${href}`)
    await expect(page.locator('link[rel="alternate"][hreflang="ko"]')).toHaveAttribute('href', `${baseURL}${koPath}`)
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents()
    const listing = jsonLd.map((text) => JSON.parse(text) as Record<string, unknown>).find((item) => item['@type'] === 'RealEstateListing')
    expect(listing, 'a RealEstateListing').toBeDefined()
    expect(listing?.offers).toMatchObject({ priceCurrency: 'USD' })

    const missing = await page.goto('/en/sora-park/homes/DEMO-999999')
    expect(missing?.status()).toBe(404)
  })

  test('axe finds no violation on the listings section and a detail page, in both languages', async ({ page }) => {
    for (const path of ['/sora-park', '/en/sora-park']) {
      await openListings(page, `${path}?type=rent`)
      const section = await new AxeBuilder({ page }).include('#listings').analyze()
      expect(section.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`)).toEqual([])
      await cards(page).first().getByRole('link').first().click()
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      const detail = await new AxeBuilder({ page }).analyze()
      expect(detail.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`)).toEqual([])
    }
  })
})
