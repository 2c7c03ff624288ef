import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Frame, type Locator, type Page, type Request } from '@playwright/test'
import { shippedCatalog } from '../catalog.ts'
import { htmlLang, pathOf, waitForHydration } from './helpers.ts'

/*
 * Sign-in (issue 5, item 1) in Korean and English: sign-up lands on /process, sign-in opens
 * the editor or the page the user came from, errors are translated and sit beside the form,
 * a redirect never leaves the site, and the browser storage keys of spec §3 are written on
 * sign-in and cleared on sign-out.
 */

const DEMO_ACCOUNT = { email: 'demo@example.com', password: 'demo-password-2026' }
const DESIRED_URL = 'sora-park'
const STORAGE_KEYS = ['accessToken', 'userInfo', 'realtorInfo', 'realtorLoginBy'] as const

type Lang = 'ko' | 'en'
const LANGS: ReadonlyArray<{ lang: Lang; newName: string }> = [
  { lang: 'ko', newName: '김민지' },
  { lang: 'en', newName: 'Jane Kim' },
]

/** A path in a language: Korean has no prefix, English lives under /en. */
function localized(lang: Lang, path: string): string {
  return lang === 'en' ? `/en${path}` : path
}

const catalogs = new Map<Lang, Map<string, string>>()

/**
 * What the page must say, taken from the catalog the translators edit (so the test checks
 * that the message is translated, not a particular wording). English falls back to the
 * source text; Korean must be translated.
 */
function catalogText(lang: Lang, english: string): string {
  let catalog = catalogs.get(lang)
  if (!catalog) {
    catalog = shippedCatalog(lang)
    catalogs.set(lang, catalog)
  }
  const translated = catalog.get(english)
  if (translated) return translated
  if (lang === 'en') return english
  throw new Error(`"${english}" has no ${lang} translation in locales/${lang}/messages.po (run the extraction and translate it)`)
}

async function storageKeys(page: Page): Promise<Record<(typeof STORAGE_KEYS)[number], string | null>> {
  return page.evaluate(
    (keys) => ({
      accessToken: localStorage.getItem(keys[0]),
      userInfo: localStorage.getItem(keys[1]),
      realtorInfo: localStorage.getItem(keys[2]),
      realtorLoginBy: localStorage.getItem(keys[3]),
    }),
    STORAGE_KEYS,
  )
}

/** Opens a sign-in page and waits until its form answers to clicks. */
async function openSignIn(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await waitForHydration(page.getByTestId('auth-submit'))
}

async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByTestId('auth-email').fill(email)
  await page.getByTestId('auth-password').fill(password)
  await page.getByTestId('auth-submit').click()
}

/** The error shown beside a field, found through the field's own aria-describedby. */
async function errorOf(page: Page, field: Locator): Promise<Locator> {
  const ids = (await field.getAttribute('aria-describedby')) ?? ''
  const errorId = ids.split(' ').find((id) => id.endsWith('-error'))
  expect(errorId, 'the field is described by its error').toBeTruthy()
  return page.locator(`[id="${errorId}"]`)
}

async function signOutFromHeader(page: Page): Promise<void> {
  const signOut = page.getByTestId('account-sign-out')
  await waitForHydration(signOut)
  await signOut.click()
  await expect(page.getByTestId('account-sign-in')).toBeVisible()
}

for (const { lang, newName } of LANGS) {
  test.describe(`sign-in in ${lang === 'ko' ? 'Korean' : 'English'}`, () => {
    test('a new account signs up, lands on /process with the storage keys written, and signs out', { tag: '@phone' }, async ({ page, request }) => {
      const email = `signup-${lang}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
      await openSignIn(page, localized(lang, '/login'))
      expect(await htmlLang(page)).toBe(lang)
      await page.getByTestId('auth-tab-signup').click()
      await expect(page.getByTestId('auth-tab-signup')).toHaveAttribute('aria-selected', 'true')
      await page.getByTestId('auth-name').fill(newName)
      await submitSignIn(page, email, 'a-long-password-2026')

      // No homepage yet: onboarding.
      await expect.poll(() => pathOf(page.url()), { timeout: 15_000 }).toBe(localized(lang, '/process'))
      const keys = await storageKeys(page)
      expect(keys.accessToken, 'the bearer token of the sign-up answer').toMatch(/^\S{20,}$/)
      expect(JSON.parse(keys.userInfo ?? 'null')).toEqual({ id: expect.any(String), email, name: newName })
      expect(keys.realtorInfo).toBeNull()
      expect(keys.realtorLoginBy).toBe('email')

      // The stored token is a working bearer token for the REST API (a request without the cookie).
      const messages = await request.get('/cozying-api/v1/realtor-contacts', {
        headers: { authorization: `Bearer ${keys.accessToken}` },
      })
      expect(messages.status()).toBe(200)

      await expect(page.getByTestId('account-home')).toBeVisible()
      await signOutFromHeader(page)
      expect(await storageKeys(page)).toEqual({ accessToken: null, userInfo: null, realtorInfo: null, realtorLoginBy: null })
    })

    test('the demo account signs in and opens the editor of its homepage', async ({ page }) => {
      await openSignIn(page, localized(lang, '/login'))
      await submitSignIn(page, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
      await expect.poll(() => pathOf(page.url()), { timeout: 15_000 }).toBe(localized(lang, `/${DESIRED_URL}/admin`))

      const keys = await storageKeys(page)
      expect(keys.accessToken).toMatch(/^\S{20,}$/)
      expect(JSON.parse(keys.userInfo ?? 'null')).toEqual(expect.objectContaining({ email: DEMO_ACCOUNT.email }))
      expect(JSON.parse(keys.realtorInfo ?? 'null')).toEqual({ id: expect.any(String), desiredUrl: DESIRED_URL })
      expect(keys.realtorLoginBy).toBe('email')
      await expect(page.getByTestId('account-home')).toHaveAttribute('href', localized(lang, `/${DESIRED_URL}/admin`))

      await signOutFromHeader(page)
      expect(await storageKeys(page)).toEqual({ accessToken: null, userInfo: null, realtorInfo: null, realtorLoginBy: null })
    })

    test('a wrong password is refused with a translated error above the form', async ({ page }) => {
      await openSignIn(page, localized(lang, '/login'))
      await submitSignIn(page, DEMO_ACCOUNT.email, 'not-the-password')
      const alert = page.getByTestId('auth-form-error')
      await expect(alert).toHaveText(catalogText(lang, 'The e-mail or password is not correct.'))
      await expect(alert).toHaveAttribute('role', 'alert')
      await expect(alert).toBeFocused()
      await expect(page.getByTestId('sign-in-form')).toHaveAttribute('aria-describedby', (await alert.getAttribute('id')) ?? '')
      expect(pathOf(page.url())).toBe(localized(lang, '/login'))
      expect((await storageKeys(page)).accessToken).toBeNull()
    })

    test('a sign-in sent before the scripts are ready comes back saying nothing was sent', async ({ browser }) => {
      // No scripts at all: the form posts itself, as it does when Enter comes before the page is live.
      const context = await browser.newContext({ javaScriptEnabled: false })
      try {
        const page = await context.newPage()
        await page.goto(localized(lang, '/login'))
        await page.getByTestId('sign-in-form').getByRole('textbox').first().fill(DEMO_ACCOUNT.email)
        await page.getByTestId('sign-in-form').locator('input[type="password"]').fill(DEMO_ACCOUNT.password)
        await page.getByTestId('sign-in-form').locator('input[type="password"]').press('Enter')
        await expect(page.getByTestId('auth-unsent')).toHaveText(
          catalogText(lang, 'The page was still loading, so nothing was sent. Please enter your e-mail and password again.'),
        )
        expect(pathOf(page.url())).toBe(localized(lang, '/login'))
        // The password never travels in the address.
        expect(page.url()).not.toContain(encodeURIComponent(DEMO_ACCOUNT.password))
      } finally {
        await context.close()
      }
    })

    test('a malformed e-mail shows the error beside the field, and nothing is sent', { tag: '@phone' }, async ({ page }) => {
      await openSignIn(page, localized(lang, '/login'))
      let authRequests = 0
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/auth/sign-in')) authRequests += 1
      })
      await submitSignIn(page, 'not-an-email', 'whatever-password')
      const email = page.getByTestId('auth-email')
      await expect(email).toHaveAttribute('aria-invalid', 'true')
      await expect(await errorOf(page, email)).toHaveText(catalogText(lang, 'Enter a valid e-mail address'))
      await expect(email).toBeFocused()
      expect(authRequests).toBe(0)

      // Fixed, the error goes and the form can be sent again.
      await email.fill(DEMO_ACCOUNT.email)
      await expect(email).toHaveAttribute('aria-invalid', 'false')
    })

    test('/{desiredUrl}/login returns to that homepage after sign-in', async ({ page }) => {
      await openSignIn(page, localized(lang, `/${DESIRED_URL}/login`))
      await submitSignIn(page, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
      await expect.poll(() => pathOf(page.url()), { timeout: 15_000 }).toBe(localized(lang, `/${DESIRED_URL}`))
      expect(JSON.parse((await storageKeys(page)).realtorInfo ?? 'null')).toEqual(expect.objectContaining({ desiredUrl: DESIRED_URL }))
    })

    test('a redirect to another site is ignored: the user stays on this site', async ({ page, baseURL }) => {
      const offSite: Array<string> = []
      page.on('request', (request) => {
        if (!request.url().startsWith(baseURL ?? '')) offSite.push(request.url())
      })
      for (const redirect of ['https://evil.example', '//evil.example/path']) {
        await openSignIn(page, `${localized(lang, '/login')}?redirect=${encodeURIComponent(redirect)}`)
        await submitSignIn(page, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
        await expect.poll(() => pathOf(page.url()), { timeout: 15_000 }).toBe(localized(lang, `/${DESIRED_URL}/admin`))
        expect(new URL(page.url()).origin).toBe(new URL(baseURL ?? '').origin)
        await signOutFromHeader(page)
      }
      expect(offSite.filter((url) => url.includes('evil.example'))).toEqual([])
    })

    test('a local redirect is honoured, in the language of the sign-in page', async ({ page }) => {
      // The landing page links to `/login?redirect=/process` from both languages.
      await openSignIn(page, `${localized(lang, '/login')}?redirect=${encodeURIComponent('/realtors')}`)
      await submitSignIn(page, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
      await expect.poll(() => pathOf(page.url()), { timeout: 15_000 }).toBe(localized(lang, '/realtors'))
      await signOutFromHeader(page)
    })

    test('the sign-in and sign-up forms pass axe, errors shown', { tag: '@phone' }, async ({ page }) => {
      await openSignIn(page, localized(lang, '/login'))
      await page.getByTestId('auth-submit').click()
      await expect(page.getByTestId('auth-email')).toHaveAttribute('aria-invalid', 'true')
      const signIn = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
      expect(signIn.violations).toEqual([])
      await page.getByTestId('auth-tab-signup').click()
      await page.getByTestId('auth-submit').click()
      await expect(page.getByTestId('auth-name')).toHaveAttribute('aria-invalid', 'true')
      const signUp = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
      expect(signUp.violations).toEqual([])
    })
  })
}

test('the tabs follow the arrow keys (WAI-ARIA tabs)', async ({ page }) => {
  await openSignIn(page, '/en/login')
  const signInTab = page.getByTestId('auth-tab-signin')
  const signUpTab = page.getByTestId('auth-tab-signup')
  await signInTab.focus()
  await page.keyboard.press('ArrowRight')
  await expect(signUpTab).toBeFocused()
  await expect(signUpTab).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByTestId('auth-name')).toBeVisible()
  await page.keyboard.press('Home')
  await expect(signInTab).toBeFocused()
  await expect(page.getByTestId('auth-name')).toHaveCount(0)
})

test('the header offers sign-in to a visitor, in the server-rendered page', async ({ request }) => {
  // The account area is filled in by the browser: the HTML is the same for everyone.
  const html = await (await request.get('/en/realtors')).text()
  expect(html).toContain('data-testid="account-sign-in"')
  // An islands page (decision 051) holds the signed-in version in a template, inert until the runtime asks.
  expect(html.replace(/<template[\s\S]*?<\/template>/g, '')).not.toContain('data-testid="account-sign-out"')
})

test('a signed-in realtor finds their homepage in the header of an islands page, and signs out there', { tag: '@phone' }, async ({ page }) => {
  await openSignIn(page, '/en/login')
  await submitSignIn(page, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
  await expect.poll(() => pathOf(page.url()), { timeout: 15_000 }).toBe(`/en/${DESIRED_URL}/admin`)
  for (const lang of ['ko', 'en'] as const) {
    // The editor keeps fetching its lazy chunks after it shows, so count only what is asked for
    // once the islands page has replaced it.
    const scripts: Array<string> = []
    let islandsPageCommitted = false
    const onNavigated = (frame: Frame) => {
      if (frame === page.mainFrame()) islandsPageCommitted = true
    }
    const onRequest = (request: Request) => {
      if (islandsPageCommitted && request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
    }
    page.on('framenavigated', onNavigated)
    page.on('request', onRequest)
    await page.goto(localized(lang, '/realtors'))
    await expect(page.getByTestId('account-home')).toHaveAttribute('href', localized(lang, `/${DESIRED_URL}/admin`))
    await expect(page.getByTestId('account-sign-in')).toHaveCount(0)
    page.off('request', onRequest)
    page.off('framenavigated', onNavigated)
    // The runtime filled in the menu (it may have come from the cache, unasked for).
    expect(await page.evaluate(() => document.documentElement.dataset.islandsRuntime)).toBe('started')
    // The runtime alone did it: no React, no app.
    expect(
      scripts.every((script) => script.startsWith('/assets/islands/islands-client-')),
      scripts.join(', '),
    ).toBe(true)
  }
  await page.getByTestId('account-sign-out').click()
  await expect(page.getByTestId('account-sign-in')).toBeFocused()
  await expect(page.getByTestId('account-home')).toHaveCount(0)
  expect(await storageKeys(page)).toEqual({ accessToken: null, userInfo: null, realtorInfo: null, realtorLoginBy: null })
  await page.reload()
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.islandsRuntime)).toBe('started')
  await page.waitForLoadState('networkidle')
  await expect(page.getByTestId('account-sign-in')).toBeVisible()
  await expect(page.getByTestId('account-home')).toHaveCount(0)
})
