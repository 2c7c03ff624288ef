import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import type { Page, Request } from '@playwright/test'
import { expect, test, type DemoListing } from './fixtures.ts'

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

/** `status`: the answer the page is (a realtor's 404 or a gone listing's 410); 200 unless said. */
type Budget = { route: string; path: string; budgetBytes: number; measuredBytes: number; reason: string; status?: number }
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
      typeof Reflect.get(page, 'reason') === 'string' &&
      (Reflect.get(page, 'status') === undefined || Number.isInteger(Reflect.get(page, 'status'))),
  )
}

const parsed: unknown = JSON.parse(fs.readFileSync(path.join(here, 'page-weight-budgets.json'), 'utf8'))
if (!isBudgetFile(parsed))
  throw new Error('tests/e2e/page-weight-budgets.json does not have the shape { measure, pages: { name: { route, path, budgetBytes, reason } }, notPublic }')
const budgets = parsed

/** Placeholders a budget's path may hold, filled from the running app (a key that exists in this build's demo data). */
function resolvePath(template: string, demoListing: DemoListing): string {
  return template.replace('{demoListing}', encodeURIComponent(demoListing.key))
}

/**
 * Opens `target` and gives the distinct script files it fetched to start, by URL: every
 * script requested from the navigation until the network is quiet after `load`, once the
 * page's entry module is in the document. A realtor's homepage starts its scripts after its
 * first paint on purpose (defer-scripts.ts, decision 008), which may come just before or just
 * after `load`; counting to the quiet network after it makes the set the same on every run.
 * Code a visitor's action loads later (on demand) is not counted.
 */
async function startupScripts(page: Page, target: string, { code }: { code: boolean }): Promise<{ status: number | undefined; scripts: Array<string> }> {
  const requested = new Set<string>()
  const onRequest = (request: Request) => {
    if (request.resourceType() === 'script' || /\.m?js$/.test(new URL(request.url()).pathname)) requested.add(request.url())
  }
  page.on('request', onRequest)
  const response = await page.goto(target, { waitUntil: 'load' })
  // A homepage adds its module script just after its first paint; a page without code never does.
  if (code) await page.waitForFunction(() => document.querySelector('script[type="module"][src]') !== null)
  await page.waitForLoadState('networkidle')
  page.off('request', onRequest)
  return { status: response?.status(), scripts: [...requested].sort() }
}

/*
 * The signed-in workspace (issue 31 item 4): the editor with its photo uploader and realtor
 * form, onboarding, the inbox and lead desk, reply settings, the posts editor (with tiptap),
 * platform admin, and their routes' code-split parts. It may stay a client application, but
 * none of it may reach a public page's first download. What every page carries of a workspace
 * route is the router's table (its path, search schema and head, `src/routes/…` without
 * `?tsr-split`), which client navigation needs. The sign-in pages are where the workspace
 * begins: they may carry the auth client and its forms, a visitor's page may not (the header's
 * account menu and its sign-out are on every page, and load the auth client only when used).
 */
const WORKSPACE_SOURCES = [
  'src/features/editor/',
  'src/features/onboarding/',
  'src/features/realtor-form/',
  'src/features/photos/',
  'src/features/inbox/',
  'src/features/leads/',
  'src/features/lead-replies/',
  'src/features/open-houses/open-houses-panel',
  'src/features/posts/',
  'src/features/platform-admin/',
  'src/routes/{-$lang}/admin.tsx?tsr-split',
  'src/routes/{-$lang}/process.tsx?tsr-split',
  'src/routes/{-$lang}/$desiredUrl/admin.tsx?tsr-split',
  'src/routes/{-$lang}/$desiredUrl/process.tsx?tsr-split',
  'npm:@tiptap/',
]
const SIGN_IN_SOURCES = [
  'src/features/auth/sign-in-page',
  'src/features/auth/sign-in-form',
  'src/features/auth/sign-up-form',
  'src/features/auth/use-auth-form',
  'src/features/auth/provider-buttons',
  'src/features/auth/reset-password-',
  'src/features/auth/forgot-password-',
  'npm:better-auth',
]

type ChunkModules = Record<string, Array<string>>

function isChunkModules(value: unknown): value is ChunkModules {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((sources: unknown) => Array.isArray(sources) && sources.every((source) => typeof source === 'string'))
  )
}

/** What the build wrote of each client chunk's sources (vite.config.ts, clientChunkModules). */
function readChunkModules(): ChunkModules {
  const file = path.join(here, '..', '..', '.output', 'client-chunks.json')
  const value: unknown = JSON.parse(fs.readFileSync(file, 'utf8'))
  if (!isChunkModules(value)) throw new Error(`${file} is not { chunk file: [sources] }`)
  return value
}

/** The workspace sources among these scripts' chunks, as `file: source`. */
function forbiddenSources(scripts: ReadonlyArray<string>, chunks: ChunkModules, forbidden: ReadonlyArray<string>): Array<string> {
  return scripts.flatMap((url) => {
    const file = new URL(url).pathname.replace(/^\//, '')
    const sources = chunks[file]
    if (!sources) return [`${file}: not a chunk of this build`]
    return sources.filter((source) => forbidden.some((prefix) => source.startsWith(prefix))).map((source) => `${file}: ${source}`)
  })
}

async function gzippedSize(page: Page, url: string): Promise<number> {
  const answer = await page.request.get(url)
  expect(answer.status(), url).toBe(200)
  return gzipSync(await answer.body(), { level: 9 }).length
}

test.describe('JavaScript weight of the public pages', () => {
  // A page's first render on a cold server, on a busy machine, can take seconds.
  test.setTimeout(60_000)

  for (const [name, budget] of Object.entries(budgets.pages)) {
    test(`${name}: JavaScript to start within its budget`, async ({ page, demoListing }) => {
      const target = resolvePath(budget.path, demoListing)
      const { status, scripts } = await startupScripts(page, target, { code: budget.budgetBytes > 0 })
      expect(status, `status of ${target}`).toBe(budget.status ?? 200)
      if (budget.budgetBytes === 0) {
        // A page its route sends without the app's scripts (decision 051): none fetched, and
        // none inline either (the router's state, the loaders); structured data is not code.
        expect(scripts, `${target} starts no script`).toEqual([])
        await expect(page.locator('script:not([type="application/ld+json"]):not([type="speculationrules"])'), `${target} carries no inline script`).toHaveCount(
          0,
        )
        await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0)
        return
      }
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

      const signIn = budget.route.includes('/login')
      const forbidden = signIn ? WORKSPACE_SOURCES : [...WORKSPACE_SOURCES, ...SIGN_IN_SOURCES]
      expect(forbiddenSources(scripts, readChunkModules(), forbidden), `workspace code in the first download of ${target}`).toEqual([])
    })
  }
})

test('every workspace source the first-download check names is code in this build', () => {
  // A folder renamed or moved would leave its prefix matching nothing, and the check above empty.
  const sources = Object.values(readChunkModules()).flat()
  const unmatched = [...WORKSPACE_SOURCES, ...SIGN_IN_SOURCES].filter((prefix) => !sources.some((source) => source.startsWith(prefix)))
  expect(unmatched, 'prefixes in page-weight.spec.ts that name no module of the client build').toEqual([])
})

/** Every page route file of the app, as its route id (`/{-$lang}/$desiredUrl/homes/$listingKey`). */
function pageRouteIds(): Array<string> {
  const files = fs.readdirSync(ROUTES_DIR, { recursive: true, encoding: 'utf8' })
  return files
    .filter((file) => file.endsWith('.tsx') && !file.endsWith('__root.tsx') && !file.endsWith('route.tsx'))
    .map((file) => `/${file.replace(/\\/g, '/').replace(/\.tsx$/, '')}`.replace(/\/index$/, '/'))
    .sort()
}

test('every page route is budgeted or named as not public', () => {
  const budgeted = new Set(Object.values(budgets.pages).map((budget) => budget.route))
  const unaccounted = pageRouteIds().filter((route) => !budgeted.has(route) && !(route in budgets.notPublic))
  expect(
    unaccounted,
    'A new page route: add a budget for it to tests/e2e/page-weight-budgets.json (pages), or list it under notPublic with the reason',
  ).toEqual([])
})
