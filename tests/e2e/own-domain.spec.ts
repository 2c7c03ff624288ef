import http from 'node:http'
import { chromium, expect, test } from '@playwright/test'
import { requireBaseURL } from './helpers.ts'
import { E2E_BROWSER_PATH } from './browser.ts'

/*
 * A realtor's own domain (issues 4 and 6, decision 004): a request whose Host is the realtor's
 * `hompageUrl` renders that realtor's homepage at `/` and `/en`, every link stays on that
 * domain, listing pages work there too, and a host that is neither ours nor a realtor's is 404.
 * Chromium resolves the test domain to the loopback server through --host-resolver-rules, so
 * the browser sends the real Host header.
 */

const API = '/cozying-api/v1'
const DOMAIN = 'jane-realty.test'

test.describe('own domain', () => {
  test('renders the realtor’s homepage and listing pages on their domain, links included', async ({ request, baseURL }) => {
    const base = new URL(requireBaseURL(baseURL))
    const ownOrigin = `http://${DOMAIN}:${base.port}`
    const email = `own-domain-${Date.now()}@example.com`
    const signUp = await request.post('/api/auth/sign-up/email', { data: { email, password: 'own-domain-password-1', name: 'Jane Kim' } })
    expect(signUp.status(), await signUp.text()).toBe(200)
    const token = signUp.headers()['set-auth-token'] ?? ''
    // desiredUrl allows letters, hyphens and underscores only.
    const desiredUrl = `jane-${Date.now()
      .toString()
      .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'a')}`
    const created = await request.post(`${API}/realtor`, {
      headers: { authorization: `Bearer ${token}` },
      data: {
        desiredUrl,
        hompageUrl: ownOrigin,
        email,
        contactPhone: '949-555-0188',
        phoneCountryCode: 'US',
        displayNameEn: 'Jane Kim',
        displayNameKo: '김제인',
        aboutMeEn: 'Helping families find homes in Orange County.',
        aboutMeKr: '오렌지 카운티에서 가족의 집을 찾아 드립니다.',
        activityRegion: [{ state: 'CA', city: 'Irvine' }],
        licenseNumber: 'DRE #02666666',
        brokerageName: 'Own Domain Realty',
        isMakeHomepage: 'Y',
      },
    })
    expect(created.status(), await created.text()).toBe(201)

    const browser = await chromium.launch({
      executablePath: E2E_BROWSER_PATH,
      args: ['--no-sandbox', '--disable-gpu', `--host-resolver-rules=MAP ${DOMAIN} 127.0.0.1`],
    })
    try {
      // `/` negotiates the language (spec §4): a Korean browser stays on the Korean page.
      const page = await browser.newPage({ locale: 'ko-KR' })
      const home = await page.goto(`${ownOrigin}/`)
      expect(home?.status()).toBe(200)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('김제인')
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${ownOrigin}/`)

      // Every same-site link on the page stays on the domain and never names /{desiredUrl}.
      const hrefs = await page.locator('a[href^="/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
      expect(hrefs.length).toBeGreaterThan(0)
      expect(hrefs.filter((href) => href.includes(desiredUrl))).toEqual([])

      const english = await page.goto(`${ownOrigin}/en`)
      expect(english?.status()).toBe(200)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jane Kim')

      // Listings: the card links to /en/homes/{key} on the same domain, and that page renders.
      const card = page.locator('#listings article').first()
      const href = (await card.getByRole('link').first().getAttribute('href')) ?? ''
      expect(href).toMatch(/^\/en\/homes\/DEMO-\d{6}$/)
      await card.getByRole('link').first().click()
      await expect(page).toHaveURL(`${ownOrigin}${href}`)
      await expect(page.getByRole('heading', { level: 2, name: 'Facts' })).toBeVisible()
      const direct = await page.goto(`${ownOrigin}${href.replace(/^\/en/, '')}`)
      expect(direct?.status()).toBe(200)
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${ownOrigin}${href.replace(/^\/en/, '')}`)
    } finally {
      await browser.close()
    }
  })

  test('a host that is neither ours nor any realtor’s answers 404', async ({ baseURL }) => {
    const base = new URL(requireBaseURL(baseURL))
    // fetch() may not set Host; node:http sends exactly what it is given.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const outgoing = http.request({ host: base.hostname, port: base.port, path: '/', headers: { host: `nobody-here.test:${base.port}` } }, (response) => {
        response.resume()
        resolve(response.statusCode)
      })
      outgoing.on('error', reject)
      outgoing.end()
    })
    expect(status).toBe(404)
  })
})
