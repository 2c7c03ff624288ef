import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { chromium, expect, test, type Page } from '@playwright/test'
import { z } from 'zod'
import { writeMapFixture } from '../../scripts/map-fixture.ts'
import { axeViolations, waitForHydration } from './helpers.ts'
import { E2E_BROWSER_PATH } from './browser.ts'
import { freePort, letters, request, startServer, type Server } from './own-server.ts'
import { createPublishedRealtor } from './fixtures.ts'

/*
 * Map search (issue 29): the home search page's map over a PMTiles archive the test writes (raster
 * tiles, no network), in Debian's Chromium (WebGL through SwiftShader). The suite's own server
 * has no map configured, so this spec runs its own, with `MAP_STYLE_URL` naming the archive on
 * the server's own `/map-data/`, and for the consent step a third server: a plain file server on
 * another port, a host that is not ours.
 */

/** Irvine and Tustin, where most demo homes are. */
const AREA = { west: -117.95, south: 33.6, east: -117.7, north: 33.82 }

const TEXT = {
  ko: {
    prefix: '',
    toggle: '지도',
    hide: '지도 닫기',
    inArea: /이 지도 영역의/,
    onMap: /지도에 매물 \d+개/,
    mapPane: '지도',
    listPane: '목록',
    show: '지도 보기',
    pages: '매물 페이지',
    secondPage: /2페이지$/,
    saleOrRent: '매매/임대',
    send: '매물 보기',
    forSale: '매매 매물',
    forRent: '임대 매물',
  },
  en: {
    prefix: '/en',
    toggle: 'Map',
    hide: 'Hide map',
    inArea: /in this map area/,
    onMap: /\d+ homes? on the map/,
    mapPane: 'Map',
    listPane: 'List',
    show: 'Show map',
    pages: 'Pages of homes',
    secondPage: /Page 2 of \d+$/,
    saleOrRent: 'Sale or rent',
    send: 'Show homes',
    forSale: 'Homes for sale',
    forRent: 'Homes for rent',
  },
} as const

/** A file server with byte ranges: a map host that is not ours. Counts what it was asked. */
async function startFileServer(directory: string): Promise<{ origin: string; requests: () => number; close: () => Promise<void> }> {
  let count = 0
  const server = http.createServer((req, res) => {
    count += 1
    const file = path.join(directory, path.basename(new URL(req.url ?? '/', 'http://x').pathname))
    res.setHeader('access-control-allow-origin', '*')
    res.setHeader('access-control-allow-headers', 'range')
    res.setHeader('access-control-expose-headers', 'content-range')
    if (req.method === 'OPTIONS') return void res.writeHead(204).end()
    if (!fs.existsSync(file)) return void res.writeHead(404).end()
    const bytes = fs.readFileSync(file)
    const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '')
    const type = file.endsWith('.json') ? 'application/json' : 'application/octet-stream'
    if (!range) return void res.writeHead(200, { 'content-type': type, 'content-length': bytes.length }).end(bytes)
    const start = Number(range[1])
    const end = Math.min(bytes.length - 1, range[2] ? Number(range[2]) : bytes.length - 1)
    res.writeHead(206, { 'content-type': type, 'content-range': `bytes ${start}-${end}/${bytes.length}`, 'content-length': end - start + 1 })
    res.end(bytes.subarray(start, end + 1))
  })
  const port = await freePort()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return { origin: `http://127.0.0.1:${port}`, requests: () => count, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

/** The map's own code: MapLibre's chunk and worker, and the markers' module (the app's build or the islands'). */
function isMapCode(url: string): boolean {
  return /\/assets\/(islands\/)?(home-map|home-location-map|maplibre)[^/]*\.(m?js|css)(\?|$)/.test(url)
}

/** The id of the first marker drawn wholly inside the map's box, or null. */
async function markerInsideMap(page: Page): Promise<string | null> {
  return page.getByTestId('home-map').evaluate((map) => {
    const area = map.querySelector('.maplibregl-canvas')?.getBoundingClientRect() ?? map.getBoundingClientRect()
    const inside = [...map.querySelectorAll<HTMLElement>('button[data-home-id]')].find((marker) => {
      const box = marker.getBoundingClientRect()
      return box.top >= area.top && box.bottom <= area.bottom && box.left >= area.left && box.right <= area.right
    })
    return inside?.dataset.homeId ?? null
  })
}

function bboxOf(page: Page): string | null {
  return new URL(page.url()).searchParams.get('bbox')
}

/** Demo homes in Irvine, as the API lists them: those with a position, and those whose address the MLS hides (no position). */
async function irvineHomes(server: Server): Promise<{ placed: string; hidden: string | undefined }> {
  const answer = await request(server, 'GET', '/cozying-api/v1/home/list?state=CA&city=Irvine&homesPerPage=50&totalHomesPerGroup=500')
  const homes = z.object({ homes: z.array(z.object({ homeId: z.string(), latitude: z.number().nullable() })) }).parse(JSON.parse(answer.body)).homes
  const placed = homes.find((home) => home.latitude !== null)
  if (!placed) throw new Error('no demo home with a position in Irvine')
  return { placed: placed.homeId, hidden: homes.find((home) => home.latitude === null)?.homeId }
}

/** Opens the map and waits for its markers. */
async function openMap(page: Page, lang: 'ko' | 'en', isMobile: boolean) {
  const toggle = page.getByTestId('map-toggle')
  await waitForHydration(toggle)
  await expect(toggle).toHaveText(TEXT[lang].toggle)
  await toggle.click()
  await expect(page).toHaveURL(/view=map/)
  if (isMobile) {
    // On a phone the map takes the list's place; the choice (two radios) brings either to the front.
    await expect(page.getByRole('radio', { name: TEXT[lang].mapPane, exact: true })).toBeChecked()
    await expect(page.locator('#listings')).toBeHidden()
  } else {
    await expect(page.locator('#listings')).toBeVisible()
  }
  await expect(page.getByTestId('home-map').locator('button[data-home-id], button:not([data-home-id])').first()).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText(TEXT[lang].onMap)).toBeVisible()
}

test.describe('map search on the realtor’s own tiles', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 })
  let server: Server

  test.beforeAll(async () => {
    // Its own server: a map is configured at start (MAP_STYLE_URL), which the shared one has not.
    server = await startServer({ env: { MAP_STYLE_URL: '/map-data/style.json', MAP_ATTRIBUTION: '© Test tiles', DEMO_HOMES: '300' } })
    const dataDir = server.env.DATA_DIR
    if (!dataDir) throw new Error('the server has no data folder')
    await writeMapFixture(path.join(dataDir, 'map'), { baseUrl: `${server.base}/map-data`, bounds: AREA, maxZoom: 11 })
  })

  test.afterAll(async () => {
    await server.stop()
  })

  for (const lang of ['ko', 'en'] as const) {
    test(`the map and the list follow each other, and the URL keeps the area (${lang})`, { tag: '@phone' }, async ({ page, isMobile }) => {
      const mapCode: Array<string> = []
      page.on('request', (asked) => {
        if (isMapCode(asked.url())) mapCode.push(asked.url())
      })
      await page.goto(`${server.base}${TEXT[lang].prefix}/sora-park/homes`)
      await waitForHydration(page.getByTestId('map-toggle'))
      expect(mapCode, 'no map code before the visitor asks for the map').toEqual([])

      await openMap(page, lang, isMobile)
      expect(
        mapCode.some((url) => url.includes('maplibre-gl-worker')),
        'MapLibre’s worker comes from our own origin',
      ).toBe(true)
      await expect(page.getByTestId('home-map').getByText('© Test tiles')).toBeAttached()

      // Keyboard: the map's canvas takes focus and the arrow keys pan it; the list follows.
      const canvas = page.locator('.maplibregl-canvas')
      await canvas.focus()
      await page.keyboard.press('ArrowRight')
      await expect.poll(() => bboxOf(page), { timeout: 10_000 }).not.toBeNull()
      const first = bboxOf(page)
      if (isMobile) await page.getByRole('radio', { name: TEXT[lang].listPane, exact: true }).check()
      await expect(page.locator('#listings p[role="status"]')).toHaveText(TEXT[lang].inArea)
      if (isMobile) await page.getByRole('radio', { name: TEXT[lang].mapPane, exact: true }).check()

      // Zooming out is a new area, a new entry in the history.
      await canvas.focus()
      await page.keyboard.press('Minus')
      await expect.poll(() => bboxOf(page), { timeout: 10_000 }).not.toBe(first)
      const second = bboxOf(page)
      expect(second).not.toBeNull()

      // Back returns to the first area: the URL, and the map moves there without a new entry.
      await page.goBack()
      await expect.poll(() => bboxOf(page)).toBe(first)
      // The map returning to the area writes no new history entry: Forward still leads to the
      // second area (on a phone the map's box changing size after Back once pushed a wider one).
      await page.waitForTimeout(1500)
      await page.goForward()
      await expect.poll(() => bboxOf(page), { message: 'Forward leads to the second area' }).toBe(second)
      await page.goBack()
      await expect.poll(() => bboxOf(page)).toBe(first)

      // A marker opens its card, whose link leads to the home's page.
      const anyMarker = page.getByTestId('home-map').locator('button[data-home-id]').first()
      if ((await anyMarker.count()) === 0) {
        await canvas.focus()
        await page.keyboard.press('Equal')
      }
      await expect(anyMarker).toBeVisible({ timeout: 10_000 })
      // A marker at the map's edge is partly outside its box, under the controls above it: the
      // visitor taps one they can see whole.
      let homeId: string | null = null
      await expect.poll(async () => (homeId = await markerInsideMap(page)), { timeout: 10_000 }).not.toBeNull()
      const marker = page.getByTestId('home-map').locator(`button[data-home-id="${homeId}"]`)
      // Pointing at a card highlights its marker (desktop, where both are on screen).
      if (!isMobile) {
        const listed = page.locator('#listings li[data-home-id]').first()
        const listedId = await listed.getAttribute('data-home-id')
        await listed.hover()
        const twin = page.getByTestId('home-map').locator(`button[data-home-id="${listedId}"]`)
        if ((await twin.count()) > 0) await expect(twin).toHaveAttribute('aria-pressed', 'true')
        await marker.hover()
        const card = page.locator(`#listings li[data-home-id="${homeId}"]`)
        if ((await card.count()) > 0) await expect(card).toHaveAttribute('data-highlighted', '')
      }
      await marker.click()
      const mapCard = page.getByTestId('map-card')
      await expect(mapCard).toBeVisible()

      const violations = await axeViolations(page)
      expect(violations, violations.join('\n')).toEqual([])

      // The card takes focus; Escape closes it and gives focus back to its marker.
      await expect(mapCard.getByRole('link')).toBeFocused()
      await page.keyboard.press('Escape')
      await expect(mapCard).toHaveCount(0)
      await expect(page.getByTestId('home-map').locator(`button[data-home-id="${homeId}"]`)).toBeFocused()
      await page.keyboard.press('Enter')
      await expect(mapCard).toBeVisible()

      await mapCard.getByRole('link').click()
      await expect(page).toHaveURL(new RegExp(`/sora-park/homes/${homeId}$`))
    })
  }

  for (const lang of ['ko', 'en'] as const) {
    test(
      `the map view is an island: it starts light, and its pages and filters change in place, Back undoes them (${lang})`,
      { tag: '@phone' },
      async ({ page, isMobile }) => {
        const text = TEXT[lang]
        await page.goto(`${server.base}${text.prefix}/sora-park/homes?view=map`)
        await expect(page.getByTestId('home-map')).toBeVisible({ timeout: 20_000 })
        // Issue 31: before its load event the page fetches the islands runtime alone; React, the
        // island and MapLibre come after, so what a visitor waits for is the page, not the map's code.
        const timing = await page.evaluate(() => {
          const [navigation] = performance.getEntriesByType('navigation')
          const loadAt = navigation instanceof PerformanceNavigationTiming ? navigation.loadEventStart : 0
          const scripts = performance
            .getEntriesByType('resource')
            .filter((entry): entry is PerformanceResourceTiming => entry instanceof PerformanceResourceTiming && /\.m?js$/.test(new URL(entry.name).pathname))
          return {
            loadAt,
            before: scripts.filter((entry) => entry.startTime < loadAt).map((entry) => ({ url: entry.name, bytes: entry.encodedBodySize })),
            after: scripts.filter((entry) => entry.startTime >= loadAt).map((entry) => entry.name),
          }
        })
        expect(timing.loadAt).toBeGreaterThan(0)
        expect(timing.before.filter((script) => isMapCode(script.url))).toEqual([])
        expect(
          timing.before.reduce((sum, script) => sum + script.bytes, 0),
          JSON.stringify(timing.before),
        ).toBeLessThanOrEqual(100_000)
        expect(timing.after.some(isMapCode), 'the map’s code comes after the load event').toBe(true)
        await expect(page.getByTestId('map-toggle')).toHaveText(text.hide)

        // Marks this document: a page or a filter that loaded a new one would lose the mark.
        await page.evaluate(() => {
          document.documentElement.dataset.sameDocument = 'yes'
        })
        const sameDocument = () => page.evaluate(() => document.documentElement.dataset.sameDocument)
        if (isMobile) await page.getByRole('radio', { name: text.listPane, exact: true }).check()
        const status = page.locator('#listings p[role="status"]')
        await expect(status).not.toContainText(text.secondPage)
        // A link the island answers in place is left out of the page's prefetch rules.
        await expect(page.getByRole('navigation', { name: text.pages }).getByRole('link', { name: '2', exact: true })).toHaveAttribute('data-in-place', '')
        await page.getByRole('navigation', { name: text.pages }).getByRole('link', { name: '2', exact: true }).click()
        await expect(page).toHaveURL(/[?&]page=2/)
        await expect(status).toContainText(text.secondPage)
        await expect(page.getByRole('navigation', { name: text.pages }).getByRole('link', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page')

        await page.getByLabel(text.saleOrRent).selectOption('rent')
        await page.getByRole('button', { name: text.send, exact: true }).click()
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.forRent)
        await expect(page).toHaveURL(/[?&]type=rent/)
        await expect(page).not.toHaveURL(/[?&]page=/)
        expect(await sameDocument(), 'the filters changed the list in place').toBe('yes')

        await page.goBack()
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.forSale)
        await expect(status).toContainText(text.secondPage)
        await page.goBack()
        await expect(status).not.toContainText(text.secondPage)
        expect(await sameDocument(), 'Back moved between the searches of one page').toBe('yes')
        const violations = await axeViolations(page)
        expect(violations, violations.join('\n')).toEqual([])
      },
    )
  }

  test(
    'a map whose code does not arrive takes only its own place: the list stays whole, and Try again brings the map',
    { tag: '@phone' },
    async ({ page, isMobile }) => {
      // A phone that loses its network between the page and the map: the map's chunk fails.
      const mapChunk = /\/assets\/(islands\/)?home-map-[^/]*\.js(\?|$)/
      await page.route(mapChunk, (route) => route.abort('internetdisconnected'))
      for (const [lang, unavailable, tryAgain] of [
        ['ko', '지도를 불러오지 못했습니다. 목록에서는 모든 매물을 볼 수 있습니다.', '다시 시도'],
        ['en', 'The map could not be loaded. The list still shows every home.', 'Try again'],
      ] as const) {
        await page.goto(`${server.base}${TEXT[lang].prefix}/sora-park/homes?view=map`)
        await expect(page.getByRole('alert').filter({ hasText: unavailable })).toBeVisible({ timeout: 20_000 })
        if (isMobile) await page.getByRole('radio', { name: TEXT[lang].listPane, exact: true }).check()
        await expect(page.locator('#listings').getByRole('heading', { level: 3 }).first()).toBeVisible()
        if (lang === 'en') {
          if (isMobile) await page.getByRole('radio', { name: TEXT[lang].mapPane, exact: true }).check()
          await page.unroute(mapChunk)
          await page.getByRole('button', { name: tryAgain }).click()
          await expect(page.getByTestId('home-map').locator('canvas')).toBeAttached({ timeout: 20_000 })
        }
      }

      // The listing page's small map: the same failure leaves the page and says so in the map's place.
      const { placed } = await irvineHomes(server)
      await page.route(/\/assets\/(islands\/)?home-location-map-[^/]*\.js(\?|$)/, (route) => route.abort('internetdisconnected'))
      await page.goto(`${server.base}/en/sora-park/homes/${placed}`)
      await page.getByTestId('home-location').scrollIntoViewIfNeeded()
      await expect(page.getByTestId('home-location').getByRole('alert')).toHaveText(/The map could not be loaded\./, { timeout: 20_000 })
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    },
  )

  test('the listing page shows where the home is, never for a hidden address', { tag: '@phone' }, async ({ page }) => {
    const { placed, hidden } = await irvineHomes(server)

    // The location map starts only once it is about on screen: a visitor who never scrolls to it
    // downloads none of its code (nor React, nor MapLibre).
    const islandCode: Array<string> = []
    page.on('request', (sent) => {
      if (/\/assets\/islands\/(home-location|hydrate-island)[^/]*\.js/.test(sent.url())) islandCode.push(sent.url())
    })
    await page.goto(`${server.base}/en/sora-park/homes/${placed}`)
    await page.waitForFunction(() => document.documentElement.dataset.islandsRuntime === 'started')
    const location = page.getByTestId('home-location')
    const below = await location.evaluate((place) => place.getBoundingClientRect().top - window.innerHeight)
    expect(below, 'the location map lies more than 200 px below the first screen').toBeGreaterThan(250)
    await page.waitForTimeout(1500)
    expect(islandCode).toEqual([])
    await location.scrollIntoViewIfNeeded()
    await expect(page.getByTestId('home-location-map')).toBeVisible({ timeout: 20_000 })
    await expect(page.getByTestId('home-location-map')).toHaveAttribute('aria-label', /Map showing where .+ is/)
    await expect(page.getByTestId('home-location-map').locator('canvas')).toBeAttached()
    await expect(page.getByRole('link', { name: /OpenStreetMap/ })).toBeVisible()

    if (hidden) {
      await page.goto(`${server.base}/en/sora-park/homes/${hidden}`)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.getByTestId('home-location')).toHaveCount(0)
    }
  })

  test('the homepage downloads no map code and the same scripts as with the map turned off, which offers none', async ({ browser }) => {
    const scriptsOf = async (base: string) => {
      const context = await browser.newContext()
      const page = await context.newPage()
      const scripts: Array<string> = []
      page.on('request', (asked) => {
        if (asked.resourceType() === 'script') scripts.push(new URL(asked.url()).pathname)
      })
      // A homepage starts its scripts just after its first paint: wait until the network is quiet.
      await page.goto(`${base}/en/sora-park`, { waitUntil: 'networkidle' })
      await context.close()
      return [...new Set(scripts)].sort()
    }
    const withMap = await scriptsOf(server.base)
    expect(withMap.filter(isMapCode)).toEqual([])
    // The same build and the same seed with the map turned off (the suite's own server has other
    // specs' edits on its demo homepage, and a map by default): the first download is the same files.
    const withoutMap = await startServer({ env: { DEMO_HOMES: '300', MAP_STYLE_URL: 'off' } })
    try {
      expect(withMap).toEqual(await scriptsOf(withoutMap.base))
      // Turned off (decision 062), the search page offers no map and the policy names no map host.
      const searchPage = await request(withoutMap, 'GET', '/en/sora-park/homes')
      expect(searchPage.status).toBe(200)
      expect(searchPage.body).not.toContain('data-testid="map-toggle"')
      expect(String(searchPage.headers['content-security-policy'])).not.toContain('openfreemap')
    } finally {
      await withoutMap.stop()
    }
  })

  test('on a realtor’s own domain the map view keeps every address on that domain and reads the tiles from ours', async () => {
    const domain = 'map-realty.test'
    const ownOrigin = `http://${domain}:${server.port}`
    const desiredUrl = `maps-${letters(Date.now())}`
    await createPublishedRealtor(server, { desiredUrl, hompageUrl: ownOrigin, displayNameEn: 'Mina Cho', displayNameKo: '조미나' })

    const browser = await chromium.launch({
      executablePath: E2E_BROWSER_PATH,
      args: ['--no-sandbox', `--host-resolver-rules=MAP ${domain} 127.0.0.1`],
    })
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
      const refused: Array<string> = []
      page.on('console', (message) => {
        if (/Content.Security.Policy|Refused to/i.test(message.text())) refused.push(message.text())
      })
      // The map's archive lives on our address (the style names it there): the domain's CSP lets it in.
      const archiveRead = page.waitForResponse(
        (response) => response.url().startsWith(`${server.base}/map-data/`) && response.url().endsWith('.pmtiles') && response.ok(),
      )
      await page.goto(`${ownOrigin}/en/homes?view=map`)
      await archiveRead
      await expect(page.getByTestId('home-map').locator('button[data-home-id], button:not([data-home-id])').first()).toBeVisible({ timeout: 20_000 })
      await expect(page.getByTestId('map-toggle')).toHaveAttribute('href', '/en/homes')
      const hrefs = await page.locator('#listings a[href^="/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
      expect(hrefs.length).toBeGreaterThan(0)
      expect(hrefs.filter((href) => href.includes(desiredUrl))).toEqual([])

      // A page of the list comes in place, at the domain's own address, and Back returns.
      await page.evaluate(() => {
        document.documentElement.dataset.sameDocument = 'yes'
      })
      await page.getByRole('navigation', { name: TEXT.en.pages }).getByRole('link', { name: '2', exact: true }).click()
      await expect(page).toHaveURL(/^http:\/\/map-realty\.test:\d+\/en\/homes\?(.*&)?page=2/)
      await expect(page.locator('#listings p[role="status"]')).toContainText(TEXT.en.secondPage)
      await page.goBack()
      await expect(page).toHaveURL(`${ownOrigin}/en/homes?view=map`)
      expect(await page.evaluate(() => document.documentElement.dataset.sameDocument)).toBe('yes')
      expect(refused).toEqual([])
    } finally {
      await browser.close()
    }
  })

  test('Map and Hide map are in place before any script has run, so nothing moves when scripts come', { tag: '@phone' }, async ({ page, isMobile }) => {
    // Scripts on, but none of ours arrives yet: what the first paint lays out.
    await page.route(/\/assets\//, (route) => (route.request().resourceType() === 'script' ? route.abort() : route.continue()))
    await page.goto(`${server.base}/en/sora-park/homes`)
    await expect(page.getByTestId('map-toggle')).toBeVisible()
    await expect(page.getByTestId('map-toggle')).toHaveText('Map')
    await page.goto(`${server.base}/en/sora-park/homes?view=map`)
    await expect(page.getByTestId('map-toggle')).toBeVisible()
    await expect(page.getByTestId('map-toggle')).toHaveText('Hide map')
    // A phone's choice between the map and the list is a style's: it works before any script.
    if (isMobile) {
      await expect(page.locator('#listings')).toBeHidden()
      await page.getByRole('radio', { name: 'List', exact: true }).check()
      await expect(page.locator('#listings li[data-home-id]').first()).toBeVisible()
      await page.getByRole('radio', { name: 'Map', exact: true }).check()
      await expect(page.locator('#listings')).toBeHidden()
    }
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('the list is whole, a shared map area still filters it, and no dead map control shows', { tag: '@phone' }, async ({ page }) => {
      await page.goto(`${server.base}/en/sora-park/homes`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Homes for sale')
      // The Map link only works with scripts: a style inside <noscript> leaves it out.
      await expect(page.getByTestId('map-toggle')).toBeHidden()
      await expect(page.locator('#listings li[data-home-id]').first()).toBeVisible()

      await page.goto(`${server.base}/en/sora-park/homes?view=map&bbox=-117.86,33.64,-117.78,33.72`)
      await expect(page.locator('#listings p[role="status"]')).toHaveText(/in this map area/)
      await expect(page.locator('#listings li[data-home-id]').first()).toBeVisible()
      // The filter form keeps the area when sent.
      await page.getByRole('button', { name: 'Show homes' }).click()
      await expect(page).toHaveURL(/bbox=-117\.86%2C33\.64%2C-117\.78%2C33\.72|bbox=-117\.86,33\.64,-117\.78,33\.72/)
    })
  })
})

test.describe('map search on a third party’s tiles', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 })
  let server: Server | undefined
  let host: Awaited<ReturnType<typeof startFileServer>> | undefined
  let tiles: string | undefined

  test.beforeAll(async () => {
    tiles = fs.mkdtempSync(path.join(os.tmpdir(), 'realtor-map-host-'))
    host = await startFileServer(tiles)
    await writeMapFixture(tiles, { baseUrl: host.origin, bounds: AREA, maxZoom: 11 })
    // Its own server: its map style lives on another (loopback) host, set at start.
    server = await startServer({ env: { MAP_STYLE_URL: `${host.origin}/style.json`, MAP_ATTRIBUTION: '© Test tiles', DEMO_HOMES: '300' } })
  })

  test.afterAll(async () => {
    await server?.stop()
    await host?.close()
    if (tiles) fs.rmSync(tiles, { recursive: true, force: true })
  })

  test('the page names the host and asks nothing of it until the visitor presses Show map', async ({ page }) => {
    if (!server || !host) throw new Error('the servers did not start')
    const page0 = await request(server, 'GET', '/en/sora-park/homes')
    const policy = String(page0.headers['content-security-policy'] ?? '')
    expect(policy).toMatch(new RegExp(`connect-src [^;]*${host.origin.replace(/[.:/]/g, '\\$&')}`))

    await page.goto(`${server.base}/sora-park/homes`)
    const toggle = page.getByTestId('map-toggle')
    await waitForHydration(toggle)
    await toggle.click()
    const hostName = new URL(host.origin).host
    await expect(page.getByText(`이 지도는 ${hostName}에서 제공합니다`, { exact: false })).toBeVisible()
    await page.waitForTimeout(1000)
    expect(host.requests(), 'the third party is asked nothing before consent').toBe(0)
    const violations = await axeViolations(page)
    expect(violations, violations.join('\n')).toEqual([])

    await page.getByRole('button', { name: TEXT.ko.show }).click()
    await expect(page.getByTestId('home-map').locator('button').first()).toBeVisible({ timeout: 20_000 })
    expect(host.requests()).toBeGreaterThan(0)

    // The choice holds for the tab: the next page's map loads without asking again.
    await page.reload()
    await waitForHydration(page.getByTestId('map-toggle'))
    await expect(page.getByTestId('home-map')).toBeVisible({ timeout: 20_000 })
  })
})
