import { expect, test, type BrowserContext, type Page, type Request } from '@playwright/test'
import {
  contextWithAcceptLanguage,
  expectJsonError,
  htmlLang,
  htmlLangOf,
  LANG_COOKIE,
  pathOf,
  requireBaseURL,
  seoLinks,
  setLangCookie,
  tabTo,
  waitForHydration,
} from './helpers.ts'

/*
 * Language negotiation, URL scheme, SEO links, the language switch, 404s and the
 * new-version reload (DESIGN §6, spec §2, §4, §9), against the production build.
 */

declare global {
  interface Window {
    __marker?: number
  }
}

const ENGLISH = 'en-US,en;q=0.9,ko;q=0.8'
const KOREAN = 'ko-KR,ko;q=0.9'
const YEAR_SECONDS = 365 * 24 * 60 * 60
const DAY_SECONDS = 24 * 60 * 60

test.describe('language at the prefix-less root', () => {
  test('the cookie i18n_redirected=en redirects / to /en, even with a Korean browser', async ({ browser, baseURL }) => {
    const { context, page, rewrittenNavigations } = await contextWithAcceptLanguage(browser, {
      baseURL: requireBaseURL(baseURL),
      locale: 'ko-KR',
      acceptLanguage: KOREAN,
    })
    await setLangCookie(context, requireBaseURL(baseURL), 'en')
    await page.goto('/')
    expect(rewrittenNavigations()[0], 'precondition: the browser asked for Korean').toEqual({ path: '/', acceptLanguage: KOREAN })
    await expect(page).toHaveURL('/en')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await context.close()
  })

  test('the cookie i18n_redirected=ko keeps / Korean although the browser prefers English', async ({ browser, baseURL }) => {
    const { context, page, rewrittenNavigations } = await contextWithAcceptLanguage(browser, {
      baseURL: requireBaseURL(baseURL),
      locale: 'en-US',
      acceptLanguage: 'en-US,en;q=0.9',
    })
    await setLangCookie(context, requireBaseURL(baseURL), 'ko')
    const response = await page.goto('/')
    expect(rewrittenNavigations()[0], 'precondition: the browser asked for English').toEqual({ path: '/', acceptLanguage: 'en-US,en;q=0.9' })
    expect(response?.status()).toBe(200)
    await expect(page).toHaveURL('/')
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko')
    await context.close()
  })

  test('an English Accept-Language without a cookie redirects / to /en', async ({ browser, baseURL }) => {
    const { context, page, rewrittenNavigations } = await contextWithAcceptLanguage(browser, {
      baseURL: requireBaseURL(baseURL),
      locale: 'en-US',
      acceptLanguage: ENGLISH,
    })
    expect(await context.cookies()).toEqual([])
    await page.goto('/')
    expect(rewrittenNavigations()[0], 'precondition: the browser sent the English list').toEqual({ path: '/', acceptLanguage: ENGLISH })
    await expect(page).toHaveURL('/en')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await context.close()
  })

  test('a Korean Accept-Language keeps / Korean', async ({ browser, baseURL }) => {
    const { context, page, rewrittenNavigations } = await contextWithAcceptLanguage(browser, {
      baseURL: requireBaseURL(baseURL),
      locale: 'ko-KR',
      acceptLanguage: KOREAN,
    })
    const response = await page.goto('/')
    expect(rewrittenNavigations()[0], 'precondition: the browser sent the Korean list').toEqual({ path: '/', acceptLanguage: KOREAN })
    expect(response?.status()).toBe(200)
    await expect(page).toHaveURL('/')
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko')
    await context.close()
  })

  // Chromium always sends some Accept-Language on a navigation (it cannot be removed, only
  // rewritten), so "no header at all" is checked with the API client, which sends none.
  test('without any Accept-Language / is Korean and not redirected', async ({ request }) => {
    const response = await request.get('/', { maxRedirects: 0 })
    expect(response.status(), `status of / (Location: ${response.headers().location ?? 'none'})`).toBe(200)
    expect(htmlLangOf(await response.text())).toBe('ko')
  })
})

test.describe('URL scheme', () => {
  test('/en is the English index page, not a realtor called "en"', async ({ page }) => {
    const response = await page.goto('/en')
    expect(response?.status()).toBe(200)
    await expect(page).toHaveURL('/en')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page).toHaveTitle(/ \| /)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your homepage in Korean and English, ready in minutes')
    const { canonical } = await seoLinks(page)
    expect(canonical.map(pathOf)).toEqual(['/en'])
  })

  test('/login is Korean and /en/login is English', async ({ page }) => {
    const korean = await page.goto('/login')
    expect(korean?.status()).toBe(200)
    expect(await htmlLang(page)).toBe('ko')
    const koreanTitle = await page.title()
    const koreanHeading = (await page.getByRole('heading', { level: 1 }).textContent())?.trim()

    const english = await page.goto('/en/login')
    expect(english?.status()).toBe(200)
    expect(await htmlLang(page)).toBe('en')
    const englishTitle = await page.title()
    const englishHeading = (await page.getByRole('heading', { level: 1 }).textContent())?.trim()

    expect(koreanTitle).toContain(' | ')
    expect(englishTitle).toContain(' | ')
    expect(englishHeading).toBe('Sign in')
    expect(koreanHeading, 'the Korean sign-in heading is translated').not.toBe(englishHeading)
    expect(koreanTitle).not.toBe(englishTitle)
  })

  for (const { path, bare } of [
    { path: '/login', bare: '/login' },
    { path: '/en/agreement', bare: '/agreement' },
  ]) {
    test(`${path} has an absolute canonical and ko, en, x-default alternates`, async ({ page, baseURL }) => {
      await page.goto(path)
      const { canonical, alternates } = await seoLinks(page)
      const origin = new URL(requireBaseURL(baseURL)).origin
      expect(canonical).toEqual([`${origin}${path}`])
      expect(alternates).toEqual({
        ko: [`${origin}${bare}`],
        en: [`${origin}/en${bare}`],
        'x-default': [`${origin}${bare}`],
      })
    })
  }
})

test.describe('language switch', { tag: '@phone' }, () => {
  async function expectLangCookie(context: BrowserContext, baseURL: string, value: string) {
    const cookies = (await context.cookies(baseURL)).filter((cookie) => cookie.name === LANG_COOKIE)
    expect(cookies, `exactly one ${LANG_COOKIE} cookie`).toHaveLength(1)
    const [cookie] = cookies
    expect(cookie).toMatchObject({ value, path: '/', sameSite: 'Lax' })
    const expected = Date.now() / 1000 + YEAR_SECONDS
    expect(cookie!.expires, 'the cookie lives 365 days (not a session cookie)').toBeGreaterThan(expected - DAY_SECONDS)
    expect(cookie!.expires).toBeLessThan(expected + DAY_SECONDS)
  }

  test('on /login it goes to /en/login and stores en', async ({ page, context, baseURL }) => {
    await page.goto('/login')
    const languageSwitch = page.getByTestId('language-switch')
    await waitForHydration(languageSwitch)
    await languageSwitch.click()
    await expect(page).toHaveURL('/en/login')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in')
    await expectLangCookie(context, requireBaseURL(baseURL), 'en')
  })

  test('on /en/agreement it goes to /agreement and stores ko', async ({ page, context, baseURL }) => {
    await setLangCookie(context, requireBaseURL(baseURL), 'en')
    await page.goto('/en/agreement')
    const languageSwitch = page.getByTestId('language-switch')
    await waitForHydration(languageSwitch)
    await languageSwitch.click()
    await expect(page).toHaveURL('/agreement')
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko')
    await expectLangCookie(context, requireBaseURL(baseURL), 'ko')
  })

  test('works from the keyboard: Tab to it and press Enter', async ({ page, context, baseURL }) => {
    await page.goto('/login')
    const languageSwitch = page.getByTestId('language-switch')
    await waitForHydration(languageSwitch)
    await tabTo(page, languageSwitch)
    await expect(languageSwitch).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL('/en/login')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expectLangCookie(context, requireBaseURL(baseURL), 'en')
  })
})

test.describe('not found', () => {
  test('/nobody-here answers 404 with the error page', async ({ page }) => {
    const response = await page.goto('/nobody-here')
    expect(response?.status()).toBe(404)
    expect(await htmlLang(page)).toBe('ko')
    await expect(page.getByTestId('error-status')).toHaveText('404')
    // The Korean heading may still be untranslated; the path in the description is not.
    await expect(page.getByTestId('error-description')).toContainText('/nobody-here')
  })

  test('/en/nobody-here/extra/segments answers 404 in English', async ({ page }) => {
    const response = await page.goto('/en/nobody-here/extra/segments')
    expect(response?.status()).toBe(404)
    expect(await htmlLang(page)).toBe('en')
    await expect(page.getByTestId('error-status')).toHaveText('404')
    await expect(page.getByTestId('error-description')).toHaveText('Page not found: /en/nobody-here/extra/segments')
  })

  for (const path of ['/some-realtor/gsap_sample', '/some-realtor/pinia_sample']) {
    test(`the original demo page ${path} answers 404`, async ({ page }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(404)
      await expect(page.getByTestId('error-status')).toHaveText('404')
    })
  }

  test('an unknown REST path answers a JSON 404, never an HTML page', async ({ request }) => {
    await expectJsonError(await request.get('/cozying-api/v1/does-not-exist'), 404)
    await expectJsonError(await request.post('/cozying-api/v1/does-not-exist', { data: { anything: true } }), 404)
  })
})

test.describe('new version', () => {
  const termsLink = (page: Page) => page.getByRole('contentinfo').getByRole('link', { name: /terms|약관/i })

  test('a newer build turns the next in-app navigation into a full page load', async ({ page }) => {
    // Before the page loads: the first poll (about a second after idle) must see the new id.
    await page.route('**/builds/latest.json*', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        headers: { 'cache-control': 'no-store' },
        body: JSON.stringify({ id: 'a-newer-build', timestamp: 1 }),
      }),
    )
    await page.goto('/login')
    await page.evaluate(() => {
      window.__marker = 1
    })
    await page.waitForFunction(() => document.documentElement.dataset.newVersion === 'available', undefined, {
      timeout: 15_000,
    })

    const documentRequest = page.waitForRequest((request) => request.isNavigationRequest() && pathOf(request.url()) === '/agreement', { timeout: 10_000 })
    await termsLink(page).click()
    await documentRequest
    await expect(page).toHaveURL('/agreement')
    await page.waitForLoadState('load')
    await expect.poll(() => page.evaluate(() => window.__marker), { message: 'a fresh document, without the old marker' }).toBeUndefined()
    await expect(page.locator('#terms')).toBeVisible()
  })

  test('with the current build, in-app navigation stays client-side', async ({ page }) => {
    const documentRequests: Array<string> = []
    page.on('request', (request: Request) => {
      if (request.isNavigationRequest()) documentRequests.push(pathOf(request.url()))
    })
    const firstPoll = page.waitForResponse((response) => pathOf(response.url()) === '/builds/latest.json', {
      timeout: 15_000,
    })
    await page.goto('/login')
    const link = termsLink(page)
    await waitForHydration(link)
    await page.evaluate(() => {
      window.__marker = 1
    })
    const poll = await firstPoll
    expect(poll.status()).toBe(200)
    // Give the watcher time to compare the id (the same wait as above, about 3 s in all).
    await page.waitForTimeout(1_000)
    await expect(page.locator('html')).not.toHaveAttribute('data-new-version', /.*/)

    await link.click()
    await expect(page).toHaveURL('/agreement')
    await expect(page.locator('#terms')).toBeVisible()
    expect(await page.evaluate(() => window.__marker)).toBe(1)
    expect(documentRequests).toEqual(['/login'])
  })

  test('builds/latest.json is polled with a cache-busting t= query', async ({ page }) => {
    const polled: Array<string> = []
    page.on('request', (request) => {
      if (pathOf(request.url()) === '/builds/latest.json') polled.push(request.url())
    })
    const first = page.waitForRequest((request) => pathOf(request.url()) === '/builds/latest.json', {
      timeout: 15_000,
    })
    await page.goto('/login')
    await first
    expect(polled.length).toBeGreaterThan(0)
    for (const url of polled) {
      expect(new URL(url).searchParams.get('t'), `cache-busting query of ${url}`).toMatch(/^\d+$/)
    }
  })
})
