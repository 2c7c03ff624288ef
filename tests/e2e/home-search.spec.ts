import { expect, test } from '@playwright/test'
import { axeViolations, holdIslandCode, isHydrated, seoLinks, waitForHydration } from './helpers.ts'

/** Path and query, without the `#listings` a filter or page link scrolls to. */
const at = (url: URL) => `${url.pathname}${url.search}`

/*
 * The full home search (issue 29 item 1): `/{desiredUrl}/homes`, linked from the homepage's
 * listings, with the homepage's filters and paging and more homes per page. Server-rendered:
 * without JavaScript the filters are a GET form and the pages plain links. Korean and English,
 * at the desktop's width and, for what a visitor does on the page (`@phone`), the phone's; light and dark.
 */

const PAGES = {
  ko: {
    home: '/sora-park',
    search: '/sora-park/homes',
    heading: '매매 매물',
    rentHeading: '임대 매물',
    link: '전체 매물 검색',
    show: '매물 보기',
    type: '매매/임대',
  },
  en: {
    home: '/en/sora-park',
    search: '/en/sora-park/homes',
    heading: 'Homes for sale',
    rentHeading: 'Homes for rent',
    link: 'Search all homes',
    show: 'Show homes',
    type: 'Sale or rent',
  },
} as const

for (const [lang, text] of Object.entries(PAGES)) {
  test.describe(`home search (${lang})`, { tag: '@phone' }, () => {
    test('the homepage links to it with its filters, and it lists more homes per page', async ({ page }) => {
      await page.goto(`${text.home}?minBeds=2`)
      const link = page.locator('#listings').getByRole('link', { name: text.link })
      await expect(link).toHaveAttribute('href', `${text.search}?minBeds=2`)
      await waitForHydration(page.locator('#listings'))
      await link.click()
      await expect(page).toHaveURL((url) => at(url) === `${text.search}?minBeds=2`)
      await expect(page.getByRole('heading', { level: 1, name: text.heading })).toBeVisible()
      const cards = page.locator('#listings article')
      await expect(cards).toHaveCount(18)
      const { canonical } = await seoLinks(page)
      expect(canonical.map((href) => new URL(href).pathname)).toEqual([text.search])
    })

    test('filters and pages stay on the search page, with JavaScript', async ({ page }) => {
      await page.goto(text.search)
      // The filters are an island (decision 051): once live, they send only the choices made.
      await waitForHydration(page.getByLabel(text.type))
      await page.getByLabel(text.type).selectOption('rent')
      await page.getByRole('button', { name: text.show }).click()
      await expect(page).toHaveURL((url) => at(url) === `${text.search}?type=rent`)
      await expect(page.getByRole('heading', { level: 1, name: text.rentHeading })).toBeVisible()
      const pager = page.getByRole('navigation', { name: lang === 'ko' ? '매물 페이지' : 'Pages of homes' })
      await pager.getByRole('link', { name: '2', exact: true }).click()
      await expect(page).toHaveURL((url) => at(url) === `${text.search}?type=rent&page=2`)
    })

    test('a type chosen before the filters are live is kept, with its prices, once they are', async ({ page }) => {
      // The filters' island (decision 051) starts on the visitor's first touch; its code is held
      // back here so the choice is surely made before it runs.
      const release = await holdIslandCode(page)
      await page.goto(text.search)
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.islandsRuntime)).toBe('started')
      const type = page.getByLabel(text.type)
      // A visitor's focus starts the island (its code is on the way), then they choose.
      await type.focus()
      await type.selectOption('rent')
      const live = () => isHydrated(type)
      expect(await live(), 'not live yet').toBe(false)
      release()
      await expect.poll(live).toBe(true)
      await expect(type).toHaveValue('rent')
      // The lowest price offers rents now, not sale prices.
      await expect(page.locator('select[name="minPrice"] option[value="1000"]')).toHaveCount(1)
      await expect(page.locator('select[name="minPrice"] option[value="300000"]')).toHaveCount(0)
      await page.getByRole('button', { name: text.show }).click()
      await expect(page).toHaveURL((url) => at(url) === `${text.search}?type=rent`)
    })

    test('axe finds nothing, light and dark', async ({ page }) => {
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme })
        await page.goto(text.search)
        await waitForHydration(page.locator('#listings'))
        expect(await axeViolations(page), scheme).toEqual([])
      }
    })
  })
}

test.describe('home search without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the filters are a GET form on the search page and the pages plain links', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/en/sora-park/homes')
    await page.getByLabel('Sale or rent').selectOption('rent')
    await page.getByRole('button', { name: 'Show homes' }).click()
    await expect(page).toHaveURL((url) => new URL(url).pathname === '/en/sora-park/homes' && new URL(url).searchParams.get('type') === 'rent')
    await expect(page.getByRole('heading', { level: 1, name: 'Homes for rent' })).toBeVisible()
    await page.getByRole('navigation', { name: 'Pages of homes' }).getByRole('link', { name: '2', exact: true }).click()
    await expect(page).toHaveURL((url) => at(url) === '/en/sora-park/homes?type=rent&page=2')
    await expect(page.locator('#listings article').first()).toBeVisible()
  })

  test("the first card's photo, the page's largest paint, is fetched at once and first; the others once scrolled to", async ({ page }) => {
    await page.goto('/en/sora-park/homes')
    const photos = page.locator('#listings article img')
    await expect(photos.first()).toHaveAttribute('fetchpriority', 'high')
    await expect(photos.first()).toHaveAttribute('loading', 'eager')
    await expect(photos.nth(1)).toHaveAttribute('loading', 'lazy')
    // On the homepage the list is far below the first screen: every photo waits.
    await page.goto('/en/sora-park')
    await expect(page.locator('#listings article img').first()).toHaveAttribute('loading', 'lazy')
  })

  test('an unpublished or unknown realtor has no search page', async ({ page }) => {
    const response = await page.goto('/en/no-such-realtor-zq9/homes')
    expect(response?.status()).toBe(404)
  })
})
