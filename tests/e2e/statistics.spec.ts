import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { axeViolations, deleteMadeRealtors, htmlLang, requireBaseURL, waitForHydration, type MadeRealtor } from './helpers.ts'
import { createPublishedRealtor } from './fixtures.ts'

/*
 * Issue 14: visitor statistics end to end, against the production build with two workers.
 * Visitors open a homepage in Korean and English (one from a Naver search); the realtor's own
 * visit is left out; each worker writes what it counted every STATS_FLUSH_MS (1 s in
 * playwright.config.ts, 30 s by default); then the realtor's Statistics tab shows the visits,
 * with no axe violation in light and dark.
 */

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
/** A person's browser: the default headless user agent is left out of the statistics as a robot. */
const VISITOR_AGENT = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'

/** A signed-in realtor with a published homepage, in a browser context of their own. */
async function realtorWithHomepage(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page; slug: string }> {
  const context = await browser.newContext({ baseURL, userAgent: VISITOR_AGENT })
  const realtor = await createPublishedRealtor(context.request, baseURL)
  madeRealtors.push(realtor)
  return { context, page: await context.newPage(), slug: realtor.desiredUrl }
}

const madeRealtors: Array<MadeRealtor> = []

test.afterAll(async ({ baseURL }) => {
  await deleteMadeRealtors(requireBaseURL(baseURL), madeRealtors)
})

/** Opens a page and waits until its beacon has gone out. */
async function visit(page: Page, path: string, referer?: string): Promise<void> {
  const beacon = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/cozying-api/visit')
  const response = await page.goto(path, referer ? { referer } : undefined)
  expect(response?.status(), `GET ${path}`).toBe(200)
  await beacon
}

async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  const violations = await axeViolations(page, AXE_TAGS)
  expect(violations, `axe violations on ${where}:\n${violations.join('\n')}`).toEqual([])
}

test('visits in Korean and English reach the Statistics tab; the realtor’s own visit and robots do not', async ({ browser, baseURL }) => {
  const base = requireBaseURL(baseURL)
  const { context: realtorContext, page: realtorPage, slug } = await realtorWithHomepage(browser, base)
  const visitors = await browser.newContext({ baseURL: base, userAgent: VISITOR_AGENT })
  const robot = await browser.newContext({ baseURL: base, userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' })
  try {
    // The realtor looks at their own homepage while signed in: not counted.
    await visit(realtorPage, `/${slug}`)
    // A crawler that runs scripts sends the beacon too: its user agent leaves it out.
    await visit(await robot.newPage(), `/${slug}`)

    const visitor = await visitors.newPage()
    await visit(visitor, `/${slug}`, 'https://search.naver.com/search.naver?query=irvine')
    expect(await htmlLang(visitor)).toBe('ko')
    await visit(visitor, `/en/${slug}`)
    expect(await htmlLang(visitor)).toBe('en')
    const other = await visitors.newPage()
    await visit(other, `/en/${slug}`)

    const tab = `/en/${slug}/admin?tab=statistics`
    await realtorPage.goto(tab)
    await waitForHydration(realtorPage.getByTestId('statistics-days-90'))
    // Each worker writes what it counted every second; the tab reads the database.
    await expect
      .poll(
        async () => {
          await realtorPage.reload()
          return realtorPage.getByTestId('statistics-views').textContent({ timeout: 5000 })
        },
        { timeout: 20_000, message: 'the three visits appear in the tab' },
      )
      .toBe('3')
    await expect(realtorPage.getByTestId('statistics-languages')).toHaveText('1 / 2')
    await expect(realtorPage.getByTestId('statistics-top-referrers')).toContainText('Naver')
    await expect(realtorPage.getByTestId('statistics-chart')).toBeVisible()

    await realtorPage.getByTestId('statistics-table-toggle').click()
    await expect(realtorPage.getByTestId('statistics-table').locator('tbody tr')).toHaveCount(30)
    await expectNoAxeViolations(realtorPage, `${tab} (light)`)

    await realtorPage.getByTestId('statistics-days-90').click()
    await expect(realtorPage.getByTestId('statistics-table').locator('tbody tr')).toHaveCount(90)
    await expect(realtorPage.getByTestId('statistics-views')).toHaveText('3')
    // The workspace's dark variant is the `.dark` class (styles.css).
    await realtorPage.evaluate(() => document.documentElement.classList.add('dark'))
    await expectNoAxeViolations(realtorPage, `${tab} (dark)`)
  } finally {
    await robot.close()
    await visitors.close()
    await realtorContext.close()
  }
})

test('the Korean Statistics tab has no axe violation, light and dark', async ({ browser, baseURL }) => {
  const { context, page, slug } = await realtorWithHomepage(browser, requireBaseURL(baseURL))
  try {
    await page.goto(`/${slug}/admin?tab=statistics`)
    expect(await htmlLang(page)).toBe('ko')
    await waitForHydration(page.getByTestId('statistics-days-30'))
    await expect(page.getByTestId('statistics-views')).toHaveText('0')
    await expectNoAxeViolations(page, 'the Korean tab (light)')
    await page.evaluate(() => document.documentElement.classList.add('dark'))
    await expectNoAxeViolations(page, 'the Korean tab (dark)')
  } finally {
    await context.close()
  }
})
