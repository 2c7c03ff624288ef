import { expect, test, type Page } from '@playwright/test'

/*
 * The search page's further filters (issue 51 item 3), on a phone: a kind and a keyword find
 * exactly the homes the API finds for them; a reversed price range is said beside the field; a
 * page past the last redirects to the last, with the rest of the search kept.
 */

const PAGES = {
  ko: { search: '/sora-park/homes', kind: '주택 유형', keyword: '거리, 동네 또는 키워드', show: '매물 보기', condo: '콘도' },
  en: { search: '/en/sora-park/homes', kind: 'Property type', keyword: 'Street, neighborhood or keyword', show: 'Show homes', condo: 'Condo' },
} as const

/** The listing keys of the cards on the page, in order. */
async function cardKeys(page: Page): Promise<Array<string>> {
  const hrefs = await page.locator('#listings article a[href*="/homes/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
  return [...new Set(hrefs.map((href) => href.split('/').pop() ?? ''))]
}

for (const [lang, text] of Object.entries(PAGES)) {
  test(`a kind and a keyword find the API's homes for them (${lang})`, { tag: '@phone-only' }, async ({ page, request }) => {
    // Before or after the filters' island is live, the form sends these choices as a GET.
    await page.goto(text.search)
    await page.getByLabel(text.kind).selectOption({ label: text.condo })
    await page.getByLabel(text.keyword).fill('lake')
    await page.getByRole('button', { name: text.show }).click()
    await expect(page).toHaveURL(
      (url) => url.pathname === text.search && url.searchParams.get('propertyType') === 'condo' && url.searchParams.get('q') === 'lake',
    )
    const api = await request.get('/cozying-api/v1/home/list?state=CA&city=Irvine&propertyType=condo&q=lake&homesPerPage=18&totalHomesPerGroup=180')
    const expected = ((await api.json()) as { homes: Array<{ homeId: string; propertyType: string }> }).homes
    expect(expected.length, 'the demo condos of Irvine include some facing the lake trail').toBeGreaterThan(0)
    expect(new Set(expected.map((home) => home.propertyType))).toEqual(new Set(['Condominium']))
    await expect.poll(() => cardKeys(page)).toEqual(expected.map((home) => home.homeId))
  })
}

test('a reversed price range is said beside the field; a page past the last goes to the last', { tag: '@phone-only' }, async ({ page }) => {
  await page.goto('/en/sora-park/homes?minPrice=2000000&maxPrice=1000000')
  const highest = page.getByLabel('Highest price')
  await expect(highest).toHaveAccessibleDescription('Your lowest price was above your highest, so the two were swapped.')
  await expect(highest).toHaveValue('2000000')

  const answer = await page.request.get('/en/sora-park/homes?propertyType=condo&page=99', { maxRedirects: 0 })
  expect([302, 303, 307]).toContain(answer.status())
  const target = new URL(answer.headers()['location'] ?? '', 'http://x')
  expect(target.pathname).toBe('/en/sora-park/homes')
  expect(target.searchParams.get('propertyType')).toBe('condo')
  const last = Number(target.searchParams.get('page') ?? '1')
  expect(last).toBeLessThan(99)
  await page.goto('/en/sora-park/homes?propertyType=condo&page=99')
  await expect(page.locator('#listings article').first()).toBeVisible()
  if (last > 1) await expect(page.getByRole('status').filter({ hasText: `Page ${last} of ${last}` })).toBeVisible()
})
