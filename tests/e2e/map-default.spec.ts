import http from 'node:http'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import sharp from 'sharp'
import { z } from 'zod'
import { axeViolations, waitForHydration } from './helpers.ts'
import { freePort } from './own-server.ts'

/*
 * The map a new install offers (issue 51 item 4, decision 062). The suite's own server sets no
 * MAP_STYLE_URL, so its pages name the real default, OpenFreeMap's public style. This machine
 * cannot reach it, and a test must not: the browser's requests to that host are answered by a
 * loopback server standing in for it (a style, its TileJSON with the OpenStreetMap credit, and
 * raster tiles, raster so that no glyph or vector tile has to be made). The page's own policy
 * still decides first: a request its CSP refuses never reaches the route.
 */

const PUBLIC_HOST = 'https://tiles.openfreemap.org'
const STYLE_PATH = '/styles/liberty'
const CREDIT =
  '<a href="https://openfreemap.org" target="_blank">OpenFreeMap</a> <a href="https://www.openmaptiles.org/" target="_blank">&copy; OpenMapTiles</a> Data from <a href="https://www.openstreetmap.org/copyright" target="_blank">OpenStreetMap</a>'

const TEXT = {
  ko: { prefix: '', hostNamed: '이 지도는 tiles.openfreemap.org에서 제공합니다', show: '지도 보기', listPane: '목록', mapPane: '지도' },
  en: { prefix: '/en', hostNamed: 'The map is served by tiles.openfreemap.org', show: 'Show map', listPane: 'List', mapPane: 'Map' },
} as const

type StandIn = { origin: string; asked: () => Array<string>; close: () => Promise<void> }

/** The public style's host, on loopback: what it answers, and every path it was asked for. */
async function startPublicStyleServer(): Promise<StandIn> {
  const tile = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#d8e8c8' } })
    .png()
    .toBuffer()
  const style = {
    version: 8,
    sources: { openmaptiles: { type: 'raster', url: `${PUBLIC_HOST}/planet`, tileSize: 256 } },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#f8f4f0' } },
      { id: 'land', type: 'raster', source: 'openmaptiles' },
    ],
  }
  const tileJson = { tilejson: '3.0.0', tiles: [`${PUBLIC_HOST}/planet/stand-in/{z}/{x}/{y}.png`], minzoom: 0, maxzoom: 14, attribution: CREDIT }
  const asked: Array<string> = []
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://stand-in').pathname
    asked.push(pathname)
    res.setHeader('access-control-allow-origin', '*')
    if (pathname === STYLE_PATH) return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(style))
    if (pathname === '/planet') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(tileJson))
    if (/^\/planet\/stand-in\/\d+\/\d+\/\d+\.png$/.test(pathname)) return void res.writeHead(200, { 'content-type': 'image/png' }).end(tile)
    res.writeHead(404).end()
  })
  const port = await freePort()
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return { origin: `http://127.0.0.1:${port}`, asked: () => [...asked], close: () => new Promise((resolve) => server.close(() => resolve())) }
}

/** The browser's requests to the public host go to the stand-in; `reachable: false` refuses them as a host that is down. */
async function routePublicHost(page: Page, standIn: StandIn, { reachable }: { reachable: boolean }): Promise<Array<string>> {
  const sent: Array<string> = []
  await page.route(`${PUBLIC_HOST}/**`, async (route) => {
    const url = new URL(route.request().url())
    sent.push(url.pathname)
    if (!reachable) return route.abort('connectionrefused')
    return route.fulfill({ response: await route.fetch({ url: `${standIn.origin}${url.pathname}${url.search}` }) })
  })
  return sent
}

/** The Content-Security-Policy refusals the page reports. */
function policyRefusals(page: Page): Array<string> {
  const refused: Array<string> = []
  page.on('console', (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text())) refused.push(message.text())
  })
  return refused
}

/** A demo home in Irvine with a position (the location map's subject). */
async function placedHome(request: APIRequestContext): Promise<string> {
  const answer = await request.get('/cozying-api/v1/home/list?state=CA&city=Irvine&homesPerPage=50&totalHomesPerGroup=500')
  const homes = z.object({ homes: z.array(z.object({ homeId: z.string(), latitude: z.number().nullable() })) }).parse(await answer.json()).homes
  const placed = homes.find((home) => home.latitude !== null)
  if (!placed) throw new Error('no demo home with a position in Irvine')
  return placed.homeId
}

/** Opens the search page's map and presses "Show map" under the sentence naming the public host. */
async function showMap(page: Page, lang: 'ko' | 'en', sent: Array<string>) {
  const toggle = page.getByTestId('map-toggle')
  await waitForHydration(toggle)
  await toggle.click()
  await expect(page.getByText(TEXT[lang].hostNamed, { exact: false })).toBeVisible()
  await page.waitForTimeout(1000)
  expect(sent, 'nothing is asked of the public host before the visitor agrees').toEqual([])
  await page.getByRole('button', { name: TEXT[lang].show }).click()
}

/** The map's markers: a home's price or a cluster's count (not the map's own controls). */
const markers = (page: Page) => page.getByTestId('home-map').locator('.maplibregl-marker button')

test.describe('a map with no configuration', () => {
  test.describe.configure({ timeout: 60_000 })
  let standIn: StandIn

  test.beforeAll(async () => {
    standIn = await startPublicStyleServer()
  })

  // A tile still on its way to the stand-in when a test ends is dropped, not a failure of that test
  // ("Fetch response has been disposed" as its page closes).
  test.afterEach(async ({ page }) => {
    await page.unrouteAll({ behavior: 'ignoreErrors' })
  })

  test.afterAll(async () => {
    await standIn.close()
  })

  for (const lang of ['ko', 'en'] as const) {
    test(
      `the search page offers OpenFreeMap's map, asks nothing of it before Show map, then draws its tiles, its credit and the markers (${lang})`,
      { tag: '@phone' },
      async ({ page, isMobile }, testInfo) => {
        const refused = policyRefusals(page)
        const sent = await routePublicHost(page, standIn, { reachable: true })
        const response = await page.goto(`${TEXT[lang].prefix}/sora-park/homes`)
        const policy = response?.headers()['content-security-policy'] ?? ''
        expect(policy).toMatch(/connect-src [^;]*https:\/\/tiles\.openfreemap\.org/)
        expect(policy).toMatch(/img-src [^;]*https:\/\/tiles\.openfreemap\.org/)

        await showMap(page, lang, sent)
        await expect(markers(page).first()).toBeVisible({ timeout: 20_000 })
        // The style, its TileJSON and tiles, all from the one host the policy names.
        await expect.poll(() => sent.filter((path) => path.startsWith('/planet/stand-in/')).length, { timeout: 10_000 }).toBeGreaterThan(0)
        expect(sent).toContain(STYLE_PATH)
        expect(sent).toContain('/planet')
        // The OpenStreetMap credit comes with the tiles (MapLibre shows the TileJSON's), once.
        const credit = page.getByTestId('home-map').locator('.maplibregl-ctrl-attrib-inner')
        await expect(credit).toContainText('OpenStreetMap')
        expect((await credit.textContent())?.match(/OpenStreetMap/g)).toHaveLength(1)
        await expect(page.getByRole('status').filter({ hasText: /plain|배경/ })).toHaveCount(0)
        expect(refused).toEqual([])

        const violations = await axeViolations(page)
        expect(violations, violations.join('\n')).toEqual([])
        await page.screenshot({ path: testInfo.outputPath(`search-map-${lang}.png`), fullPage: true })

        // The list is still there (on a phone, one choice away).
        if (isMobile) await page.getByRole('radio', { name: TEXT[lang].listPane, exact: true }).check()
        await expect(page.locator('#listings li[data-home-id]').first()).toBeVisible()
      },
    )
  }

  test('when the public host cannot be reached, the markers draw on a plain background, a note says so, and the list works', async ({
    page,
    request,
  }, testInfo) => {
    const sent = await routePublicHost(page, standIn, { reachable: false })
    await page.goto('/en/sora-park/homes')
    await showMap(page, 'en', sent)
    await expect(page.getByRole('status').filter({ hasText: 'The map’s background could not be loaded, so the homes are marked on a plain one.' })).toBeVisible(
      {
        timeout: 20_000,
      },
    )
    expect(sent).toContain(STYLE_PATH)
    // Only the style was asked: the plain background needs nothing from anyone.
    expect(sent.filter((path) => path !== STYLE_PATH)).toEqual([])
    await expect(markers(page).first()).toBeVisible({ timeout: 20_000 })
    await expect(page.getByTestId('home-map').locator('canvas')).toBeVisible()

    // A marker still opens its card; the list beside the map is whole.
    const marker = page.getByTestId('home-map').locator('button[data-home-id]').first()
    if ((await marker.count()) === 0) {
      await page.locator('.maplibregl-canvas').focus()
      await page.keyboard.press('Equal')
    }
    await marker.click()
    await expect(page.getByTestId('map-card')).toBeVisible()
    await expect(page.locator('#listings li[data-home-id]').first()).toBeVisible()
    const violations = await axeViolations(page)
    expect(violations, violations.join('\n')).toEqual([])
    await page.screenshot({ path: testInfo.outputPath('search-map-unreachable.png'), fullPage: true })

    // The listing page's small map, in Korean: the same tab's choice holds, the pin draws, a note says why the ground is plain.
    await page.goto(`/sora-park/homes/${await placedHome(request)}`)
    await page.getByTestId('home-location').scrollIntoViewIfNeeded()
    await expect(page.getByTestId('home-location-map').locator('canvas')).toBeAttached({ timeout: 20_000 })
    await expect(page.getByTestId('home-location').getByRole('status')).toHaveText('지도 배경을 불러오지 못해 매물 위치를 단색 배경 위에 표시했습니다.', {
      timeout: 20_000,
    })
    await expect(page.getByTestId('home-location-map').locator('.maplibregl-marker')).toBeVisible()
    await page.getByTestId('home-location').screenshot({ path: testInfo.outputPath('location-map-unreachable.png') })
    // Read, the note closes: it lies over the map, where a marker may stand under it.
    await page.getByTestId('home-location').getByRole('button', { name: '이 안내 닫기' }).click()
    await expect(page.getByTestId('home-location').getByRole('status')).toHaveCount(0)
  })
})
