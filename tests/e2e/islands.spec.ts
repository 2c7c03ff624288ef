import { expect, test, type DemoListing } from './fixtures.ts'
import { holdIslandCode, isHydrated } from './helpers.ts'

/*
 * Islands (issue 31, decision 051), every island of the pages sent without the app, in both
 * languages (with JavaScript on the phone too: its screen decides what comes near). With JavaScript each one hydrates as it comes
 * near the screen (a gallery and a video on a press or the focus), in a root of its own, to exactly the server's markup (React reports a mismatch
 * as an error, which fails the test), and nothing but the runtime loads before. Without it every
 * island is there as the server rendered it and its forms post.
 */

/** How each island's form is sent without scripts. */
const FORM_METHODS: Partial<Record<string, 'get' | 'post'>> = {
  'contact-form': 'post',
  'save-search': 'post',
  'tour-request': 'post',
  'listing-filters': 'get',
  'market-subscription': 'post',
  'home-value': 'post',
}

const PAGES = [
  { name: 'homepage', lang: 'ko', path: () => '/sora-park', islands: ['video', 'gallery', 'listing-filters', 'save-search', 'contact-form'] },
  {
    name: 'homepage',
    lang: 'en',
    path: () => '/en/sora-park',
    islands: ['video', 'gallery', 'listing-filters', 'save-search', 'contact-form'],
  },
  {
    name: 'listing',
    lang: 'ko',
    path: (listing: DemoListing) => listing.path('ko'),
    islands: ['gallery', 'payment-estimate', 'contact-form', 'tour-request', 'save-search'],
  },
  {
    name: 'listing',
    lang: 'en',
    path: (listing: DemoListing) => listing.path('en'),
    islands: ['gallery', 'payment-estimate', 'contact-form', 'tour-request', 'save-search'],
  },
  { name: 'home value', lang: 'ko', path: () => '/sora-park/home-value', islands: ['home-value'] },
  { name: 'home value', lang: 'en', path: () => '/en/sora-park/home-value', islands: ['home-value'] },
  { name: 'market report', lang: 'ko', path: () => '/sora-park/market/irvine-ca', islands: ['market-subscription'] },
  { name: 'market report', lang: 'en', path: () => '/en/sora-park/market/irvine-ca', islands: ['market-subscription'] },
] as const

for (const target of PAGES) {
  test.describe(`islands of the ${target.name} (${target.lang})`, () => {
    test(
      'with JavaScript, each hydrates near the screen to the server’s markup, and only the runtime loads first',
      { tag: '@phone' },
      async ({ page, demoListing }) => {
        const errors: Array<string> = []
        page.on('pageerror', (error) => errors.push(error.message))
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text())
        })
        const scripts: Array<string> = []
        page.on('request', (request) => {
          if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
        })
        await page.goto(target.path(demoListing))
        await expect.poll(() => page.evaluate(() => document.documentElement.dataset.islandsRuntime)).toBe('started')
        expect(scripts[0], 'the runtime is the first script').toMatch(/^\/assets\/islands\/islands-client-[\w-]+\.js$/)
        // The app's router and its state never reach these pages.
        expect(await page.locator('script:not([type])').count(), 'inline code: the loader only').toBe(1)

        const names = await page.locator('[data-island]').evaluateAll((elements) => elements.map((element) => element.getAttribute('data-island')))
        expect(names).toEqual(expect.arrayContaining([...target.islands]))
        const hydrated = isHydrated
        for (const [index, name] of names.entries()) {
          const island = page.locator('[data-island]').nth(index)
          // A photo the page fetches first is preceded by React's preload link for it: not a part to scroll to.
          const first = island.locator(':scope > :not(link)').first()
          // The contact form swaps its plain form for the live one as it nears the screen (same
          // markup, new element): a scroll that meets the swap tries again.
          await expect(async () => first.scrollIntoViewIfNeeded({ timeout: 2_000 })).toPass()
          if (name === 'gallery') {
            // Made of buttons, it loads on a press, and the press that started it is not lost.
            expect(await hydrated(first), 'the gallery waits for a press').toBe(false)
            await island.locator('button[type="button"]').first().click()
            await expect(page.locator('dialog[open]')).toBeVisible()
            await page.keyboard.press('Escape')
            await expect(page.locator('dialog[open]')).toHaveCount(0)
          } else if ((await island.getAttribute('data-island-when')) === 'interaction') {
            // A video's play button, a form (the filters, the home value, a saved search): the code waits until the visitor starts.
            await page.waitForLoadState('networkidle')
            expect(await hydrated(first), `${name} waits for a press or the focus`).toBe(false)
            await island.locator('summary, button, input:not([type="hidden"]), select, textarea').first().focus()
          }
          await expect.poll(() => hydrated(first), { message: `${name} hydrates` }).toBe(true)
        }
        expect(errors, 'no hydration mismatch or other error').toEqual([])
      },
    )

    test('without JavaScript, each is the server’s markup and its forms post', async ({ browser, baseURL, demoListing }) => {
      const context = await browser.newContext({ baseURL, javaScriptEnabled: false })
      const page = await context.newPage()
      try {
        await page.goto(target.path(demoListing))
        for (const name of target.islands) {
          const island = page.locator(`[data-island="${name}"]`)
          await expect(island, name).toHaveCount(1)
          await expect(island.locator(':scope > *').first(), name).toBeAttached()
          // The forms a visitor sends work without scripts: a POST to the server, the filters a GET of this page.
          const method = FORM_METHODS[name]
          if (method) await expect(island.locator(`form[method="${method}"]`).first(), `${name}'s form`).toBeAttached()
          // A message sent from a listing names the home, without scripts too.
          if (name === 'contact-form' && target.name === 'listing') await expect(island.locator('input[type="hidden"][name="listingKey"]')).toHaveCount(1)
        }
        expect(await page.locator('[data-island] [aria-invalid="true"]').count()).toBe(0)
      } finally {
        await context.close()
      }
    })
  })
}

test('what a visitor types before an island is live is what it sends once it is (a saved search)', { tag: '@phone' }, async ({ page }) => {
  // The island starts on the first touch; its code is held back so the typing surely comes first.
  const release = await holdIslandCode(page)
  // The request is answered here: nothing is stored and no mail goes out.
  let sent: unknown
  await page.route('**/cozying-api/v1/saved-searches', async (route) => {
    sent = route.request().postDataJSON()
    await route.fulfill({ status: 202, contentType: 'application/json', body: '{}' })
  })
  await page.goto('/en/sora-park')
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.islandsRuntime)).toBe('started')
  const toggle = page.getByTestId('save-search-toggle')
  await toggle.scrollIntoViewIfNeeded()
  await toggle.click()
  const email = page.getByTestId('save-search-email')
  await email.fill('before-live@example.com')
  await page.getByTestId('save-search-frequency').selectOption('weekly')
  const live = () => isHydrated(email)
  expect(await live(), 'not live yet').toBe(false)
  release()
  await expect.poll(live).toBe(true)
  await page.getByTestId('save-search-submit').click()
  await expect(page.getByTestId('save-search-sent')).toBeVisible()
  expect(sent).toMatchObject({ email: 'before-live@example.com', frequency: 'weekly' })
})
