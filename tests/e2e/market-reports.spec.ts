import { expect, test } from '@playwright/test'
import { axeViolations, seoLinks, waitForHydration } from './helpers.ts'

/*
 * Market reports (issue 27 items 4 and 6): the demo realtor's cities, each with its figures, a
 * 12-month chart with a table of every month beside it, the data's source and date, a `Dataset`
 * in its head and the way to the home-value page. Reached from the homepage, readable without
 * JavaScript, and axe finds nothing light or dark, in Korean and English; the pages and the form also
 * on the phone (`@phone`).
 */

const PAGES = {
  ko: {
    home: '/sora-park',
    list: '/sora-park/market',
    report: '/sora-park/market/irvine-ca',
    listTitle: '시장 리포트',
    heading: '캘리포니아주 어바인 주택 시장',
    median: '매물 가격 중앙값',
    basis: /기준 시연용 매물 [\d,]+건을 바탕으로 한 수치입니다/,
    demo: '시연용 데이터',
    chart: /어바인 매물 가격 중앙값, 최근 12개월/,
    table: '캘리포니아주 어바인 월별 수치',
    other: '캘리포니아주 터스틴',
    place: '캘리포니아주 어바인',
    perFoot: /^sq ft당 \$[\d,]+$/,
  },
  en: {
    home: '/en/sora-park',
    list: '/en/sora-park/market',
    report: '/en/sora-park/market/irvine-ca',
    listTitle: 'Market reports',
    heading: 'Irvine, CA housing market',
    median: 'Median list price',
    basis: /Based on [\d,]+ demonstration listings as of /,
    demo: 'Demonstration data',
    chart: /Median list price in Irvine, last 12 months/,
    table: 'Monthly figures for Irvine, CA',
    other: 'Tustin, CA',
    place: 'Irvine, CA',
    perFoot: /^\$[\d,]+\/sq ft$/,
  },
} as const

for (const [lang, text] of Object.entries(PAGES)) {
  test.describe(`market reports (${lang})`, { tag: '@phone' }, () => {
    test('the homepage leads to the list of cities, and a city to its report', async ({ page }) => {
      await page.goto(text.home)
      await expect(page.getByTestId('market-reports-link')).toHaveAttribute('href', text.list)
      await page.goto(text.list)
      await expect(page.getByRole('heading', { level: 1, name: text.listTitle })).toBeVisible()
      const cities = page.getByTestId('market-city-link')
      // The demo realtor serves Irvine, Tustin and Duluth, and the demo has listings in all three.
      await expect(cities).toHaveCount(3)
      await cities.filter({ hasText: text.place }).click()
      await expect(page).toHaveURL((url) => url.pathname === text.report)
      await expect(page.getByRole('heading', { level: 1, name: text.heading })).toBeVisible()
    })

    test('a report shows the figures, the chart and its table, the source and the demo note; its head has hreflang and a Dataset', async ({ page }) => {
      await page.goto(text.report)
      await expect(page.getByTestId('market-basis')).toHaveText(text.basis)
      await expect(page.getByTestId('market-demo-note')).toContainText(text.demo)
      await expect(page.getByTestId('market-median-price')).toContainText(text.median)
      await expect(page.getByTestId('market-median-price')).toContainText(/\$[\d.]+M/)
      await expect(page.getByTestId('market-price-per-foot').locator('dd').first()).toHaveText(text.perFoot)
      await expect(page.getByRole('img', { name: text.chart })).toBeVisible()
      const table = page.getByRole('table', { name: text.table })
      // Eleven months of demonstration history and this month, newest first.
      await expect(table.locator('tbody tr')).toHaveCount(12)
      // The table scrolls in its own box; nothing of it (its links' screen-reader text) widens the page.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0)
      await expect(page.getByTestId('listing-disclosure')).toBeVisible()
      await expect(page.getByRole('link', { name: text.other })).toHaveAttribute('href', text.report.replace('irvine-ca', 'tustin-ca'))
      await expect(page.getByTestId('home-value-link')).toHaveAttribute('href', text.home + '/home-value')
      const { canonical, alternates } = await seoLinks(page)
      expect(canonical.map((href) => new URL(href).pathname)).toEqual([text.report])
      expect(alternates.ko?.map((href) => new URL(href).pathname)).toEqual([PAGES.ko.report])
      expect(alternates.en?.map((href) => new URL(href).pathname)).toEqual([PAGES.en.report])
      const dataset = await page.evaluate(() => {
        const scripts = [...document.querySelectorAll('script[type="application/ld+json"]')].map((script): unknown => JSON.parse(script.textContent ?? '{}'))
        return scripts.find((item) => typeof item === 'object' && item !== null && '@type' in item && item['@type'] === 'Dataset')
      })
      expect(dataset).toMatchObject({ '@type': 'Dataset', spatialCoverage: { name: text.place }, isAccessibleForFree: true })
      // The measures are named in the page's language, as its own labels are.
      expect(dataset).toHaveProperty('variableMeasured.0', text.median)
    })

    test('axe finds nothing on the list and a report, light and dark', async ({ page }) => {
      for (const path of [text.list, text.report]) {
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme })
          await page.goto(path)
          // The list is sent without scripts (decision 051); a report hydrates for its subscription form.
          if (path === text.report) await waitForHydration(page.locator('main'))
          expect(await axeViolations(page), `${path} ${scheme}`).toEqual([])
        }
      }
    })
  })
}

/** An address nobody else uses, so the rate limit of one test never touches another. */
function uniqueAddress(tag: string): string {
  return `market-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
}

for (const [lang, text] of Object.entries(PAGES)) {
  test.describe(`the monthly market e-mail (${lang})`, { tag: '@phone' }, () => {
    test('a visitor subscribes in place, after a field error; axe finds nothing on the open form', async ({ page }) => {
      await page.goto(text.report)
      await waitForHydration(page.getByTestId('market-subscription-form'))
      await page.getByTestId('market-subscription-toggle').click()
      await expect(page.getByTestId('market-subscription-email')).toBeVisible()
      expect(await axeViolations(page)).toEqual([])
      await page.getByTestId('market-subscription-email').fill('not-an-address')
      await page.getByTestId('market-subscription-consent').check()
      // The browser's own check of the e-mail field is bypassed so the server's message is seen.
      await page.evaluate(() => document.querySelector('[data-testid="market-subscription-form"]')?.setAttribute('novalidate', ''))
      await page.getByTestId('market-subscription-submit').click()
      await expect(page.getByTestId('market-subscription-email')).toHaveAttribute('aria-invalid', 'true')
      await page.getByTestId('market-subscription-email').fill(uniqueAddress(lang))
      await page.getByTestId('market-subscription-submit').click()
      await expect(page.getByTestId('market-subscription-sent')).toBeVisible()
    })
  })
}

test.describe('market reports without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the monthly e-mail form posts and lands on its status page', { tag: '@phone' }, async ({ page }) => {
    await page.goto(PAGES.ko.report)
    await page.getByTestId('market-subscription-toggle').click()
    await page.getByTestId('market-subscription-email').fill(uniqueAddress('nojs'))
    await page.getByTestId('market-subscription-consent').check()
    await page.getByTestId('market-subscription-submit').click()
    await expect(page).toHaveURL((url) => url.pathname === '/sora-park/market-alerts/subscribed' && url.searchParams.get('status') === 'sent')
    await expect(page.getByRole('heading', { level: 1, name: '이메일을 확인해 주세요' })).toBeVisible()
  })

  test('a report is whole without scripts, and an unknown city is a 404', async ({ page }) => {
    await page.goto(PAGES.en.report)
    await expect(page.getByRole('heading', { level: 1, name: PAGES.en.heading })).toBeVisible()
    await expect(page.getByRole('table', { name: PAGES.en.table }).locator('tbody tr')).toHaveCount(12)
    await expect(page.getByRole('img', { name: PAGES.en.chart })).toBeVisible()
    const missing = await page.goto('/en/sora-park/market/nowhere-ca')
    expect(missing?.status()).toBe(404)
  })
})

test('GET /market answers the figures the page shows', async ({ request }) => {
  const answer = await request.get('/cozying-api/v1/market?state=CA&city=Irvine')
  expect(answer.status()).toBe(200)
  const report: unknown = await answer.json()
  expect(report).toMatchObject({ city: 'Irvine', state: 'CA', slug: 'irvine-ca', isDemo: true })
  const invalid = await request.get('/cozying-api/v1/market?state=California&city=Irvine', { headers: { 'accept-language': 'ko' } })
  expect(invalid.status()).toBe(400)
})
