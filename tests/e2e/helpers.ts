import AxeBuilder from '@axe-core/playwright'
import { expect, request as playwrightRequest, type APIResponse, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test'

/** The `lang` attribute of the document's root element. */
export async function htmlLang(page: Page): Promise<string | null> {
  return page.locator('html').getAttribute('lang')
}

/** The `lang` attribute of the root element in a server-rendered HTML body (for `request` answers). */
export function htmlLangOf(html: string): string | undefined {
  return /<html\b[^>]*\blang="([^"]*)"/i.exec(html)?.[1]
}

/** Path of a URL, or of the page's current URL. */
export function pathOf(url: string): string {
  return new URL(url).pathname
}

export const LANG_COOKIE = 'i18n_redirected'

/** Stores an explicit language choice the way the site does, before any page is opened. */
export async function setLangCookie(context: BrowserContext, baseURL: string, lang: string): Promise<void> {
  await context.addCookies([{ name: LANG_COOKIE, value: lang, url: baseURL, sameSite: 'Lax' }])
}

/**
 * A context whose page navigations send exactly `acceptLanguage`.
 *
 * Chromium (156, driven by Playwright 1.65) replaces `extraHTTPHeaders['accept-language']`
 * with the context locale on NAVIGATION requests (it keeps the extra header only for
 * subresources), and it cannot be made to send none. A route that rewrites the header IS
 * honoured for navigations (checked against an echo server when these tests were written),
 * so every request goes through one. `rewrittenNavigations` lists the navigation requests the
 * route rewrote, so a test can prove its precondition (the request did not bypass the route).
 */
export async function contextWithAcceptLanguage(
  browser: Browser,
  options: { baseURL: string; locale: string; acceptLanguage: string },
): Promise<{ context: BrowserContext; page: Page; rewrittenNavigations: () => Array<{ path: string; acceptLanguage: string }> }> {
  const context = await browser.newContext({
    baseURL: options.baseURL,
    locale: options.locale,
    extraHTTPHeaders: { 'accept-language': options.acceptLanguage },
  })
  const rewritten: Array<{ path: string; acceptLanguage: string }> = []
  await context.route('**/*', async (route) => {
    const request = route.request()
    const headers = { ...request.headers(), 'accept-language': options.acceptLanguage }
    if (request.isNavigationRequest()) rewritten.push({ path: pathOf(request.url()), acceptLanguage: headers['accept-language'] })
    await route.continue({ headers })
  })
  const page = await context.newPage()
  return { context, page, rewrittenNavigations: () => [...rewritten] }
}

/** Whether React has hydrated `locator`'s element (it attaches its `__reactProps$…` key then). */
export function isHydrated(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps$')))
}

/**
 * Waits until React has hydrated `locator`'s element (React attaches its `__reactProps$…`
 * key on hydration). Before that, a click on a link is a plain full-page navigation and the
 * handlers under test (cookie, client-side routing, reload on new version) do not run.
 * On an islands page (decision 051) an element inside an island is brought into view, which
 * starts its island (an island that starts on a press gets a pointerdown), and waited for the same way; an element outside every island has no React
 * to wait for, and the wait is for the islands runtime, whose plain code handles it.
 */
export async function waitForHydration(locator: Locator): Promise<void> {
  const where = await locator.evaluate((element) => {
    const island = element.closest('[data-island]')
    if (island) return island.getAttribute('data-island-when') === 'interaction' ? 'island on interaction' : 'island'
    // An islands page (decision 051) may have no island at all (the directory): its loader names the runtime.
    const runtime = [...document.scripts].some((script) => script.textContent.includes('/assets/islands/'))
    return document.querySelector('[data-island]') || runtime ? 'islands page' : 'app'
  })
  if (where !== 'app') {
    await expect
      .poll(() => locator.page().evaluate(() => document.documentElement.dataset.islandsRuntime), {
        message: 'the islands runtime starts',
        timeout: 15_000,
      })
      .toBe('started')
  }
  if (where === 'islands page') return
  if (where !== 'app') await locator.scrollIntoViewIfNeeded()
  // A gallery or a video starts on a press: a pointerdown (no click, no focus) starts it as one would.
  if (where === 'island on interaction') await locator.dispatchEvent('pointerdown')
  await expect
    .poll(() => isHydrated(locator), {
      message: 'the page hydrates (React props attached to the element)',
      timeout: 15_000,
    })
    .toBe(true)
}

/** Moves the focus with Tab until `target` has it; fails if it never does. */
export async function tabTo(page: Page, target: Locator, maxPresses = 25): Promise<void> {
  for (let presses = 0; presses < maxPresses; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  await expect(target, `reachable with Tab within ${maxPresses} presses`).toBeFocused()
}

/** The link elements of the head that matter for SEO, absolute hrefs as written by the server. */
export async function seoLinks(page: Page): Promise<{ canonical: Array<string>; alternates: Record<string, Array<string>> }> {
  return page.evaluate(() => {
    const canonical = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="canonical"]')].map((link) => link.getAttribute('href') ?? '')
    const alternates: Record<string, Array<string>> = {}
    for (const link of document.head.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][hreflang]')) {
      const lang = link.getAttribute('hreflang') ?? ''
      ;(alternates[lang] ??= []).push(link.getAttribute('href') ?? '')
    }
    return { canonical, alternates }
  })
}

/** Asserts a JSON error answer of the REST API: `{ message, code, ... }` with a JSON content type. */
export async function expectJsonError(response: APIResponse, status: number): Promise<void> {
  const contentType = response.headers()['content-type'] ?? ''
  const body = await response.text()
  expect(response.status(), `status of ${response.url()} (body starts: ${body.slice(0, 120)})`).toBe(status)
  expect(contentType, `content type of ${response.url()}`).toMatch(/^application\/(?:[\w.+-]+\+)?json\b/i)
  let parsed: unknown
  expect(() => {
    parsed = JSON.parse(body)
  }, 'the body is JSON').not.toThrow()
  expect(parsed).toEqual(expect.objectContaining({ message: expect.any(String), code: expect.any(String) }))
}

/** The configured base URL; playwright.config.ts always sets one, this makes the type say so. */
export function requireBaseURL(baseURL: string | undefined): string {
  if (!baseURL) throw new Error('playwright.config.ts must set use.baseURL')
  return baseURL
}

/**
 * axe-core's violations on the page, one readable line per rule and the nodes it failed on;
 * every rule unless `tags` narrows them (`['wcag2a', 'wcag2aa', …]`).
 */
export async function axeViolations(page: Page, tags?: ReadonlyArray<string>): Promise<Array<string>> {
  // Colours read in the middle of a transition (a button's `transition` after the theme changed, a
  // menu fading in) are neither the old nor the new ones: axe reads the page once they have ended.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
  // Only violations are read: axe then gathers one node for its passing and inapplicable rules
  // instead of every one (its documented option for large pages).
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] })
  const results = await (tags ? builder.withTags([...tags]) : builder).analyze()
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? '?'}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')} — ${node.failureSummary?.replace(/\n/g, ' ') ?? ''}`).join('\n'),
  )
}

/** A realtor a spec made for itself, with the bearer token that may delete it. */
export type MadeRealtor = { id: string; token: string }

/**
 * Deletes the realtors a spec made (call it from `test.afterAll`). The e2e server is shared by
 * every spec and both projects (the `realtor` fixture of fixtures.ts does this itself): published homepages left behind would fill the directory and
 * push the seeded realtors off the pages other specs read.
 */
export async function deleteMadeRealtors(baseURL: string, made: Array<MadeRealtor>): Promise<void> {
  const api = await playwrightRequest.newContext({ baseURL })
  try {
    for (const realtor of made.splice(0)) {
      const response = await api.delete(`/cozying-api/v1/realtor/${realtor.id}`, { headers: { authorization: `Bearer ${realtor.token}` } })
      expect(response.status(), `DELETE realtor ${realtor.id}: ${await response.text()}`).toBe(200)
    }
  } finally {
    await api.dispose()
  }
}

/**
 * Holds back the code every island loads first (React and the hydration, decision 051) until the
 * returned function is called: what a visitor does before an island is live can then be tested
 * as surely happening first.
 */
export async function holdIslandCode(page: Page): Promise<() => void> {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/islands\/hydrate-island-[\w-]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  return release
}

/**
 * Starts listening for the fonts a page fetches; call the returned function once the page is
 * open. It scrolls to the footer, waits for the fonts, and expects the text drawn in the one
 * font made for the page, from our own host (decision 013): `Pretendard Page`, or on a phone,
 * where the page shows Hangul, the same font without it. No unicode-range subset is fetched.
 */
export function expectOwnPageFont(page: Page, baseURL: string | undefined, projectName: string): () => Promise<void> {
  const fontRequests: Array<{ url: string; status: number }> = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'font') fontRequests.push({ url: response.url(), status: response.status() })
  })
  return async () => {
    // Every public page shows Hangul (the Korean text, or the language switch's 한국어).
    const family = projectName === 'phone' ? 'Pretendard Page Latin' : 'Pretendard Page'
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded()
    await page.waitForLoadState('networkidle')
    await page.evaluate(() => document.fonts.ready)
    const faces = await page.evaluate(() => [...document.fonts].map((face) => ({ family: face.family.replace(/["']/g, ''), status: face.status })))
    expect(faces.filter((face) => face.family === family)).toEqual([{ family, status: 'loaded' }])
    expect(
      faces.filter((face) => face.family !== family && face.status !== 'unloaded'),
      'no unicode-range subset was needed',
    ).toEqual([])
    expect(fontRequests).toHaveLength(1)
    expect(fontRequests[0]?.url).toMatch(new RegExp(`^${requireBaseURL(baseURL)}/fonts/page/[\\w-]{22}\\.ttf$`))
    expect(fontRequests[0]?.status).toBe(200)
  }
}
