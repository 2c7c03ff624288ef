import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { expect, test, type Page, type Request } from '@playwright/test'

/*
 * The weight check (issue 32, item 11): every public page, opened in Chromium from the
 * production build, may fetch no more JavaScript to start (by its `load` event, and the
 * scripts a homepage defers until just after it) than its budget in `page-weight-budgets.json`.
 * The measure is deterministic, so this is a test and not a timing: the sum over the distinct
 * script files the page requests of each file's bytes compressed by gzip at level 9 here (what
 * a browser would download, whatever the server's own compression choice of the moment).
 * Inline scripts are part of the HTML and not counted.
 *
 * A new public page gets an entry in the budgets file (its route, a path, its budget); a new
 * route file that is neither budgeted nor listed as not public fails the coverage test below.
 */

const here = path.dirname(fileURLToPath(import.meta.url))
const ROUTES_DIR = path.join(here, '..', '..', 'src', 'routes')

type Budget = { route: string; path: string; budgetBytes: number; measuredBytes: number; reason: string }
type BudgetFile = { measure: string; pages: Record<string, Budget>; notPublic: Record<string, string> }

function isBudgetFile(value: unknown): value is BudgetFile {
  if (typeof value !== 'object' || value === null) return false
  const pages: unknown = Reflect.get(value, 'pages')
  const notPublic: unknown = Reflect.get(value, 'notPublic')
  if (typeof pages !== 'object' || pages === null || typeof notPublic !== 'object' || notPublic === null) return false
  return Object.values(pages).every(
    (page: unknown) =>
      typeof page === 'object' &&
      page !== null &&
      typeof Reflect.get(page, 'route') === 'string' &&
      typeof Reflect.get(page, 'path') === 'string' &&
      Number.isInteger(Reflect.get(page, 'budgetBytes')) &&
      typeof Reflect.get(page, 'reason') === 'string',
  )
}

const parsed: unknown = JSON.parse(fs.readFileSync(path.join(here, 'page-weight-budgets.json'), 'utf8'))
if (!isBudgetFile(parsed))
  throw new Error('tests/e2e/page-weight-budgets.json does not have the shape { measure, pages: { name: { route, path, budgetBytes, reason } }, notPublic }')
const budgets = parsed

/** Placeholders a budget's path may hold, filled from the running app (a key that exists in this build's demo data). */
async function resolvePath(page: Page, template: string): Promise<string> {
  if (!template.includes('{demoListing}')) return template
  const answer = await page.request.get('/cozying-api/v1/home/list?realtor=sora-park&homesPerPage=1')
  expect(answer.status(), 'the demo realtor has listings').toBe(200)
  const body: unknown = await answer.json()
  const homes: unknown = typeof body === 'object' && body !== null ? Reflect.get(body, 'homes') : undefined
  const first: unknown = Array.isArray(homes) ? homes[0] : undefined
  const listingKey: unknown = typeof first === 'object' && first !== null ? Reflect.get(first, 'homeId') : undefined
  if (typeof listingKey !== 'string') throw new Error('no demo listing to measure a listing page with')
  return template.replace('{demoListing}', encodeURIComponent(listingKey))
}

/**
 * Opens `target` and gives the distinct script files it fetched to start, by URL: every
 * script requested from the navigation until the network is quiet after `load`, once the
 * page's entry module is in the document. A realtor's homepage starts its scripts after its
 * first paint on purpose (defer-scripts.ts, decision 008), which may come just before or just
 * after `load`; counting to the quiet network after it makes the set the same on every run.
 * Code a visitor's action loads later (on demand) is not counted.
 */
async function startupScripts(page: Page, target: string): Promise<{ status: number | undefined; scripts: Array<string> }> {
  const requested = new Set<string>()
  const onRequest = (request: Request) => {
    if (request.resourceType() === 'script' || /\.m?js$/.test(new URL(request.url()).pathname)) requested.add(request.url())
  }
  page.on('request', onRequest)
  const response = await page.goto(target, { waitUntil: 'load' })
  await page.waitForFunction(() => document.querySelector('script[type="module"][src]') !== null)
  await page.waitForLoadState('networkidle')
  page.off('request', onRequest)
  return { status: response?.status(), scripts: [...requested].sort() }
}

async function gzippedSize(page: Page, url: string): Promise<number> {
  const answer = await page.request.get(url)
  expect(answer.status(), url).toBe(200)
  return gzipSync(await answer.body(), { level: 9 }).length
}

test.describe('JavaScript weight of the public pages', () => {
  // The phone and the desktop download the same files; one measurement is enough.
  test.skip(({ isMobile }) => isMobile, 'measured once, in the desktop project')
  // A page's first render on a cold server, on a busy machine, can take seconds.
  test.setTimeout(60_000)

  for (const [name, budget] of Object.entries(budgets.pages)) {
    test(`${name}: JavaScript to start within its budget`, async ({ page }) => {
      const target = await resolvePath(page, budget.path)
      const { status, scripts } = await startupScripts(page, target)
      expect(status, `status of ${target}`).toBe(200)
      expect(scripts.length, `${target} loads its code`).toBeGreaterThan(0)
      const sizes = await Promise.all(scripts.map(async (url) => ({ file: new URL(url).pathname, bytes: await gzippedSize(page, url) })))
      const total = sizes.reduce((sum, item) => sum + item.bytes, 0)
      // Printed so a reviewer raising a budget sees the figure and the files that make it.
      console.log(`[page weight] ${name} ${target}: ${total} bytes gzip in ${sizes.length} files (budget ${budget.budgetBytes})`)
      expect(
        total,
        `${name} (${target}) fetches ${total} bytes of JavaScript (gzip) to start, over its budget of ${budget.budgetBytes}. ` +
          `Files: ${sizes.map((item) => `${item.file} ${item.bytes}`).join(', ')}. ` +
          'Make the page lighter, or raise its budget in tests/e2e/page-weight-budgets.json with the reason (README, Tests).',
      ).toBeLessThanOrEqual(budget.budgetBytes)
    })
  }
})

/** Every page route file of the app, as its route id (`/{-$lang}/$desiredUrl/homes/$listingKey`). */
function pageRouteIds(): Array<string> {
  const files = fs.readdirSync(ROUTES_DIR, { recursive: true, encoding: 'utf8' })
  return files
    .filter((file) => file.endsWith('.tsx') && !file.endsWith('__root.tsx') && !file.endsWith('route.tsx'))
    .map((file) => `/${file.replace(/\\/g, '/').replace(/\.tsx$/, '')}`.replace(/\/index$/, '/'))
    .sort()
}

test('every page route is budgeted or named as not public', ({ isMobile }) => {
  test.skip(isMobile, 'checked once, in the desktop project')
  const budgeted = new Set(Object.values(budgets.pages).map((budget) => budget.route))
  const unaccounted = pageRouteIds().filter((route) => !budgeted.has(route) && !(route in budgets.notPublic))
  expect(
    unaccounted,
    'A new page route: add a budget for it to tests/e2e/page-weight-budgets.json (pages), or list it under notPublic with the reason',
  ).toEqual([])
})
