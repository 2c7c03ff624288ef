import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { deleteMadeRealtors, requireBaseURL, tabTo, waitForHydration } from './helpers.ts'
import { createPublishedRealtor, type PublishedRealtor } from './fixtures.ts'

/*
 * A realtor's analytics tag (issue 14 part 4, decision 015): nothing of Google's is asked for
 * before the visitor accepts; Decline keeps it off across reloads; Accept loads it; the
 * choice can be changed from the footer; Global Privacy Control is a decline; the banner works
 * from the keyboard and passes axe, light and dark. Google's hosts never see a request: every
 * request off our host is answered here, the tag's script by a stand-in that says it ran.
 */

const API = '/cozying-api/v1'
const TAG_ID = 'G-E2ETEST123'
const GOOGLE_TOKEN = 'e2e_google-token-0123456789abcdefghijklmno'
const NAVER_TOKEN = '0123456789abcdef0123456789abcdef01234567'

declare global {
  interface Window {
    /** How many times the stand-in for Google's script ran. */
    __tagRuns?: number
  }
}

/** Every request off our host, answered locally; Google's loader by a script that counts its runs. */
async function interceptThirdParties(page: Page, ourHost: string): Promise<{ tagRequests: () => Array<string>; others: () => Array<string> }> {
  const tag: Array<string> = []
  const others: Array<string> = []
  await page.route(
    (url) => url.hostname !== ourHost,
    async (route) => {
      const url = new URL(route.request().url())
      if (url.hostname === 'www.googletagmanager.com') {
        tag.push(url.href)
        await route.fulfill({ status: 200, contentType: 'application/javascript', body: 'window.__tagRuns = (window.__tagRuns || 0) + 1' })
      } else {
        others.push(url.href)
        await route.fulfill({ status: 204, body: '' })
      }
    },
  )
  return { tagRequests: () => [...tag], others: () => [...others] }
}

const banner = (page: Page) => page.getByTestId('analytics-consent')
const tagRuns = (page: Page) => page.evaluate(() => window.__tagRuns ?? 0)

async function open(page: Page, path: string): Promise<void> {
  const response = await page.goto(path)
  expect(response?.status(), `status of ${path}`).toBe(200)
  await waitForHydration(page.getByTestId('language-switch'))
}

test.describe('analytics tag and consent', () => {
  let tagged: PublishedRealtor
  let plain: PublishedRealtor
  let ourHost: string

  test.beforeAll(async ({ request, baseURL }) => {
    const base = new URL(requireBaseURL(baseURL))
    ourHost = base.hostname
    tagged = await createPublishedRealtor(request, base.origin, {
      tagManagerId: TAG_ID,
      googleSiteVerification: GOOGLE_TOKEN,
      naverSiteVerification: NAVER_TOKEN,
    })
    plain = await createPublishedRealtor(request, base.origin)
  })

  test.afterAll(async ({ baseURL }) => {
    await deleteMadeRealtors(
      requireBaseURL(baseURL),
      [tagged, plain].filter((realtor) => realtor !== undefined),
    )
  })

  test('the server’s page: verification tags in both languages, Google allowed by the policy only with a tag, nothing of Google’s in the HTML', async ({
    request,
  }) => {
    for (const path of [`/${tagged.desiredUrl}`, `/en/${tagged.desiredUrl}`]) {
      const response = await request.get(path)
      expect(response.status()).toBe(200)
      const html = await response.text()
      expect(html, path).toMatch(new RegExp(`<meta name="google-site-verification" content="${GOOGLE_TOKEN}"/?>`))
      expect(html, path).toMatch(new RegExp(`<meta name="naver-site-verification" content="${NAVER_TOKEN}"/?>`))
      expect(html, path).not.toContain('googletagmanager')
      const policy = response.headers()['content-security-policy'] ?? ''
      expect(policy, path).toMatch(/script-src [^;]*https:\/\/www\.googletagmanager\.com/)
      expect(policy, path).toMatch(/connect-src [^;]*https:\/\/\*\.google-analytics\.com/)
      expect(policy, path).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval|strict-dynamic)/)
    }
    for (const path of [`/${plain.desiredUrl}`, `/en/${plain.desiredUrl}`]) {
      const response = await request.get(path)
      const html = await response.text()
      expect(html, path).not.toContain('site-verification')
      expect(response.headers()['content-security-policy'] ?? '', path).not.toContain('google')
    }
  })

  test('no request to Google before consent; Decline keeps it off after a reload', { tag: '@phone' }, async ({ page }) => {
    const network = await interceptThirdParties(page, ourHost)
    const scripts: Array<string> = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script' && new URL(request.url()).hostname === ourHost) scripts.push(new URL(request.url()).pathname)
    })
    await open(page, `/en/${tagged.desiredUrl}`)
    await expect(banner(page)).toBeVisible()
    await expect(banner(page).getByRole('heading', { name: 'Analytics cookies' })).toBeVisible()
    // The choice is an island (decision 051): a tagged realtor's page is sent without the app too.
    expect(await page.evaluate(() => document.documentElement.dataset.islandsRuntime)).toBe('started')
    await expect(page.locator('[data-island="analytics-choice"]')).toHaveCount(1)
    expect(scripts[0], 'the islands runtime is the first script').toMatch(/^\/assets\/islands\//)
    expect(await page.locator('script:not([type])').count(), 'inline code: the runtime loader only').toBe(1)
    await page.waitForLoadState('networkidle')
    expect(network.tagRequests()).toEqual([])
    expect(network.others()).toEqual([])

    // Decline is as easy as Accept: the same size, side by side.
    const accept = banner(page).getByRole('button', { name: 'Accept' })
    const decline = banner(page).getByRole('button', { name: 'Decline' })
    const [acceptBox, declineBox] = [await accept.boundingBox(), await decline.boundingBox()]
    expect(acceptBox && declineBox && { width: Math.round(acceptBox.width), height: Math.round(acceptBox.height) }).toEqual(
      declineBox && { width: Math.round(declineBox.width), height: Math.round(declineBox.height) },
    )

    await decline.click()
    await expect(banner(page)).toBeHidden()
    await page.reload()
    await waitForHydration(page.getByTestId('language-switch'))
    await page.waitForLoadState('networkidle')
    await expect(banner(page)).toBeHidden()
    expect(network.tagRequests()).toEqual([])
    expect(await tagRuns(page)).toBe(0)
  })

  test('Accept loads the tag, and again on the next visit without asking; the footer can withdraw it', { tag: '@phone' }, async ({ page }) => {
    const network = await interceptThirdParties(page, ourHost)
    await open(page, `/${tagged.desiredUrl}`)
    // The Korean page asks in Korean.
    await expect(banner(page).getByRole('button', { name: '동의' })).toBeVisible()
    await banner(page).getByRole('button', { name: '동의' }).click()
    await expect(banner(page)).toBeHidden()
    await expect.poll(() => tagRuns(page)).toBe(1)
    expect(network.tagRequests()).toEqual([`https://www.googletagmanager.com/gtag/js?id=${TAG_ID}`])
    // gtag.js's commands, queued as the vendor's snippet queues them.
    const commands = await page.evaluate(() =>
      (window.dataLayer ?? []).map((entry) => JSON.stringify(typeof entry === 'object' && entry !== null ? Object.values(entry) : [])),
    )
    expect(commands).toContain(JSON.stringify(['config', TAG_ID]))

    await page.reload()
    await waitForHydration(page.getByTestId('language-switch'))
    await expect.poll(() => tagRuns(page)).toBe(1)
    await expect(banner(page)).toBeHidden()
    expect(network.tagRequests()).toHaveLength(2)

    // Changing one's mind: the footer opens the choice with the focus in it; Decline reloads without the tag.
    await page.getByRole('button', { name: '분석 설정' }).click()
    await expect(banner(page)).toBeVisible()
    await expect(banner(page).getByRole('heading')).toBeFocused()
    await Promise.all([page.waitForEvent('load'), banner(page).getByRole('button', { name: '거부' }).click()])
    await waitForHydration(page.getByTestId('language-switch'))
    await page.waitForLoadState('networkidle')
    expect(await tagRuns(page)).toBe(0)
    expect(network.tagRequests()).toHaveLength(2)
    await expect(banner(page)).toBeHidden()
  })

  test('works from the keyboard: the choice comes first, Escape puts it off, the footer button returns the focus', async ({ page }) => {
    const network = await interceptThirdParties(page, ourHost)
    await open(page, `/en/${tagged.desiredUrl}`)
    await expect(banner(page)).toBeVisible()
    const accept = banner(page).getByRole('button', { name: 'Accept' })
    await tabTo(page, accept, 3)
    await page.keyboard.press('Tab')
    await expect(banner(page).getByRole('button', { name: 'Decline' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(banner(page)).toBeHidden()
    expect(network.tagRequests()).toEqual([])

    const choice = page.getByRole('button', { name: 'Analytics choice' })
    await choice.focus()
    await page.keyboard.press('Enter')
    await expect(banner(page).getByRole('heading', { name: 'Analytics cookies' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(accept).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(banner(page)).toBeHidden()
    await expect(choice).toBeFocused()
    await expect.poll(() => tagRuns(page)).toBe(1)
  })

  test('Global Privacy Control is a decline: nobody is asked and nothing loads', async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true, configurable: true }))
    const network = await interceptThirdParties(page, ourHost)
    await open(page, `/en/${tagged.desiredUrl}`)
    await page.waitForLoadState('networkidle')
    await expect(banner(page)).toBeHidden()
    expect(network.tagRequests()).toEqual([])
    // Asked for, the choice says why analytics are off.
    await page.getByRole('button', { name: 'Analytics choice' }).click()
    await expect(banner(page)).toContainText('Global Privacy Control')
  })

  test('a realtor without a tag: no banner, no choice in the footer, nothing off our host', async ({ page }) => {
    const network = await interceptThirdParties(page, ourHost)
    await open(page, `/en/${plain.desiredUrl}`)
    await page.waitForLoadState('networkidle')
    await expect(banner(page)).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Analytics choice' })).toHaveCount(0)
    expect([...network.tagRequests(), ...network.others()]).toEqual([])
  })

  test('a blog asks the same consent where the realtor has a tag, and runs no script where not (decision 051)', { tag: '@phone' }, async ({ page }) => {
    const network = await interceptThirdParties(page, ourHost)
    const scripts: Array<string> = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script' && new URL(request.url()).hostname === ourHost) scripts.push(request.url())
    })
    await open(page, `/en/${tagged.desiredUrl}/blog`)
    await expect(banner(page)).toBeVisible()
    expect(network.tagRequests()).toEqual([])
    expect(scripts.length, 'the tagged realtor’s blog keeps the code of its consent banner').toBeGreaterThan(0)

    scripts.length = 0
    const response = await page.goto(`/en/${plain.desiredUrl}/blog`)
    expect(response?.status()).toBe(200)
    await page.waitForLoadState('networkidle')
    expect(scripts, 'a blog without a tag starts no script').toEqual([])
    await expect(page.getByTestId('language-switch')).toHaveAttribute('href', `/${plain.desiredUrl}/blog`)
  })

  test('axe finds no violation in the banner, light and dark, in both languages', { tag: '@phone' }, async ({ page, request }) => {
    await interceptThirdParties(page, ourHost)
    const setDark = async (value: 'Y' | 'N') => {
      const response = await request.patch(`${API}/realtor/${tagged.id}`, {
        headers: { authorization: `Bearer ${tagged.token}` },
        data: { contentDarkMode: value, designMainDarkMode: value },
      })
      expect(response.status(), await response.text()).toBe(200)
    }
    try {
      for (const dark of ['N', 'Y'] as const) {
        await setDark(dark)
        for (const path of [`/${tagged.desiredUrl}`, `/en/${tagged.desiredUrl}`]) {
          // No choice is stored in this test's context, so the banner shows on every page.
          await open(page, path)
          await expect(banner(page)).toBeVisible()
          await expect(page.locator('[data-analytics-consent] > div.dark')).toHaveCount(dark === 'Y' ? 1 : 0)
          const results = await new AxeBuilder({ page }).include('[data-testid="analytics-consent"]').analyze()
          const violations = results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
          expect.soft(violations, `axe on the banner of ${path} (dark ${dark})`).toEqual([])
        }
      }
    } finally {
      await setDark('N')
    }
  })
})
