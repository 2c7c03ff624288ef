import { expect, test, type Page } from '@playwright/test'
import { axeViolations } from './helpers.ts'

/*
 * One place, one name, one count (issue 51 item 7, decision 065): a Korean page names the demo
 * realtor's cities in Korean ("캘리포니아주 어바인"), never an English city beside a Korean state
 * ("Irvine, 캘리포니아"); a market report's count of active listings links to the search that
 * lists exactly that many homes, in both languages; the chart says its last month is the month
 * to date and where its price axis starts.
 */

/** An English city name beside a Korean state name: what no Korean page may say. */
const MIXED = /[A-Za-z][A-Za-z .'-]*,\s*(캘리포니아|조지아)/

async function expectKoreanPlaces(page: Page, path: string, places: ReadonlyArray<string>): Promise<void> {
  await page.goto(path)
  const text = await page.locator('main').innerText()
  expect(text, path).not.toMatch(MIXED)
  for (const place of places) expect(text, `${place} on ${path}`).toContain(place)
}

test.describe('Korean place names', () => {
  test('the homepage, the search, a listing and the market pages name the cities in Korean', async ({ page }) => {
    await expectKoreanPlaces(page, '/sora-park', ['캘리포니아주 어바인', '캘리포니아주 터스틴', '조지아주 둘루스'])
    await expect(page.getByTestId('home-card-place').first()).toHaveText('캘리포니아주 어바인')

    await expectKoreanPlaces(page, '/sora-park/homes?region=2', ['조지아주 둘루스'])
    await expect(page).toHaveTitle(/캘리포니아주 어바인 · 캘리포니아주 터스틴 · 조지아주 둘루스/)
    const listing = await page.getByRole('article').first().locator('h3 a').getAttribute('href')
    expect(listing).toBeTruthy()

    await expectKoreanPlaces(page, listing ?? '', ['조지아주 둘루스'])
    await expect(page.getByTestId('home-place')).toHaveText('조지아주 둘루스')

    await expectKoreanPlaces(page, '/sora-park/market', ['캘리포니아주 어바인', '캘리포니아주 터스틴', '조지아주 둘루스'])
    await expectKoreanPlaces(page, '/sora-park/market/duluth-ga', ['조지아주 둘루스 주택 시장', '캘리포니아주 어바인'])
    await expect(page).toHaveTitle(/^조지아주 둘루스 주택 시장/)
  })

  test('English pages keep the English names', async ({ page }) => {
    await page.goto('/en/sora-park/market/duluth-ga')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Duluth, GA housing market')
    await page.goto('/en/sora-park/homes')
    await expect(page.getByTestId('home-card-place')).toHaveCount(0)
  })
})

for (const lang of ['ko', 'en'] as const) {
  const prefix = lang === 'en' ? '/en' : ''
  test.describe(`market counts (${lang})`, () => {
    for (const city of ['irvine-ca', 'tustin-ca'] as const) {
      test(`${city}: the active listings count leads to a search of exactly that many homes`, async ({ page }) => {
        await page.goto(`${prefix}/sora-park/market/${city}`)
        const link = page.getByTestId('market-active').getByTestId('market-count-link')
        // The link shows the number; its name goes on to say what it opens.
        const shown = /^[\d,]+/.exec(await link.innerText())?.[0] ?? ''
        const count = Number(shown.replace(/,/g, ''))
        expect(count).toBeGreaterThan(0)
        // The running month's row of the table says the same and goes to the same search.
        const rowLink = page.getByTestId('market-table').getByTestId('market-count-link')
        await expect(rowLink).toHaveText(new RegExp(`^${shown}\\b`))
        expect(await rowLink.getAttribute('href')).toBe(await link.getAttribute('href'))

        await link.click()
        // The first search page of a fresh server is rendered, not yet stored: give it time.
        await expect(page).toHaveURL((url) => url.pathname === `${prefix}/sora-park/homes`, { timeout: 15_000 })
        const status = page.locator('#listings').getByRole('status').first()
        await expect(status).toContainText(String(count.toLocaleString('en-US')))
        // Not "the newest N": the page counts every one of them.
        await expect(status).not.toContainText(lang === 'en' ? 'newest' : '최신')
      })
    }

    // The figures count back from the import's day and the search from today: the same day here (decision 065).
    for (const [figure, link, words] of [
      ['market-new', 'market-new-link', lang === 'en' ? 'Listed in the last 30 days' : '최근 30일 사이에 나온 매물'],
      ['market-reductions', 'market-reduced-link', lang === 'en' ? 'Price reduced in the last 30 days' : '최근 30일 사이에 가격을 내린 매물'],
    ] as const) {
      test(`tustin-ca: the ${figure} count leads to a search of exactly that many homes, said in words`, async ({ page }) => {
        await page.goto(`${prefix}/sora-park/market/tustin-ca`)
        const count = page.getByTestId(figure).getByTestId(link)
        const shown = /^[\d,]+/.exec(await count.innerText())?.[0] ?? ''
        expect(Number(shown.replace(/,/g, ''))).toBeGreaterThan(0)
        await count.click()
        await expect(page).toHaveURL((url) => url.pathname === `${prefix}/sora-park/homes`, { timeout: 15_000 })
        await expect(page.getByTestId('search-market-filter')).toContainText(words)
        const status = page.locator('#listings').getByRole('status').first()
        await expect(status).toContainText(new RegExp(`(^|\\D)${shown}(\\D|$)`))
        // "Clear this filter" goes back to every active home for sale.
        await page.getByTestId('search-market-filter').getByRole('link').click()
        await expect(page.getByTestId('search-market-filter')).toHaveCount(0)
      })
    }

    test('the list of cities links each count to its search', async ({ page }) => {
      await page.goto(`${prefix}/sora-park/market`)
      const links = page.getByTestId('market-count-link')
      await expect(links).toHaveCount(3)
      await expect(links.nth(0)).toHaveAttribute('href', `${prefix}/sora-park/homes`)
      await expect(links.nth(1)).toHaveAttribute('href', `${prefix}/sora-park/homes?region=1`)
      await expect(links.nth(2)).toHaveAttribute('href', `${prefix}/sora-park/homes?region=2`)
    })

    test('the chart marks the running month as month to date and says where its axis starts; axe finds nothing', async ({ page }) => {
      await page.goto(`${prefix}/sora-park/market/irvine-ca`)
      const words = lang === 'en' ? 'month to date' : '이번 달 현재까지'
      await expect(page.getByTestId('market-chart-month-to-date')).toHaveText(words)
      await expect(page.getByTestId('market-table-month-to-date')).toHaveText(words)
      await expect(page.getByTestId('market-chart-axis-break')).toHaveCount(1)
      await expect(page.getByTestId('market-chart-axis-note')).toHaveText(
        lang === 'en' ? /^The price axis starts at \$[\d.,]+[KM]?, not at zero\.$/ : /^가격 축은 0이 아니라 \$[\d.,]+[KM]?에서 시작합니다\.$/,
      )
      expect(await axeViolations(page)).toEqual([])
      await page.goto(`${prefix}/sora-park/market`)
      expect(await axeViolations(page)).toEqual([])
    })
  })
}
