import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { findPostgresBin, startCluster, type Cluster } from '../../scripts/postgres-cluster.ts'
import { letters, request, run, startServer, type Answer, type Server } from './own-server.ts'
import { createPublishedRealtor } from './fixtures.ts'

/*
 * The page store on the production server (issue 12, decision 009): `npm start`'s launcher
 * with two workers, on a SQLite file and on PostgreSQL. Requests go out on a new connection
 * each, so the workers take turns answering them: a save must show at the very next request
 * whichever worker answers, in both languages and on the realtor's own domain.
 */

const OWN_DOMAIN = 'store-realty.test'

/** A desiredUrl (letters and hyphens only) nobody else has. */
function uniqueSlug(prefix: string): string {
  return `${prefix}-${letters(Date.now())}`
}

const databases = [
  { name: 'sqlite', available: true },
  { name: 'postgres', available: findPostgresBin() !== undefined },
] as const

for (const database of databases) {
  test.describe(`page store on ${database.name}, two workers`, () => {
    test.describe.configure({ mode: 'serial', timeout: 120_000 })
    let server: Server
    let cluster: Cluster | undefined

    test.beforeAll(async ({}, testInfo) => {
      test.skip(!database.available, 'no PostgreSQL binaries (install Debian’s postgresql package)')
      testInfo.setTimeout(180_000)
      if (database.name === 'postgres') {
        const bin = findPostgresBin()
        if (!bin) throw new Error('no PostgreSQL binaries')
        cluster = await startCluster(bin)
      }
      // Its own server: one per database, on a fresh data folder, whose workers a test restarts.
      server = await startServer({ databaseUrl: cluster?.url })
    })

    test.afterAll(async () => {
      await server?.stop()
      await cluster?.stop()
    })

    test('a save shows at the very next request in both languages and on the own domain, whichever worker answers', async () => {
      const slug = uniqueSlug('store')
      const ownOrigin = `http://${OWN_DOMAIN}:${server.port}`
      const { id, token } = await createPublishedRealtor(server, {
        desiredUrl: slug,
        hompageUrl: ownOrigin,
        displayNameEn: 'Avery Before',
        displayNameKo: '이전이름',
      })
      const pages: Array<{ path: string; host?: string; old: string; next: string }> = [
        { path: `/${slug}`, old: '이전이름', next: '새이름' },
        { path: `/en/${slug}`, old: 'Avery Before', next: 'Avery After' },
        { path: '/', host: `${OWN_DOMAIN}:${server.port}`, old: '이전이름', next: '새이름' },
        { path: '/en', host: `${OWN_DOMAIN}:${server.port}`, old: 'Avery Before', next: 'Avery After' },
      ]
      const ask = (page: (typeof pages)[number]) =>
        request(server, 'GET', page.path, { headers: page.host ? { host: page.host, 'accept-language': 'ko' } : {} })
      // Every worker has each page stored before the save.
      for (const page of pages) {
        const answers: Array<Answer> = []
        for (let round = 0; round < 6; round++) answers.push(await ask(page))
        for (const answer of answers) {
          expect(answer.status, page.path).toBe(200)
          expect(answer.body).toContain(page.old)
        }
        expect(
          answers.some((answer) => answer.headers['x-cache'] === 'HIT'),
          page.path,
        ).toBe(true)
      }
      const saved = await request(server, 'PATCH', `/cozying-api/v1/realtor/${id}`, {
        headers: { authorization: `Bearer ${token}` },
        body: { displayNameEn: 'Avery After', displayNameKo: '새이름' },
      })
      expect(saved.status, saved.body).toBe(200)
      let stale = 0
      for (const page of pages) {
        for (let round = 0; round < 6; round++) {
          const answer = await ask(page)
          expect(answer.status).toBe(200)
          if (answer.body.includes(page.old) || !answer.body.includes(page.next)) stale++
        }
      }
      expect(stale, 'responses older than the acknowledged save').toBe(0)
    })

    test("a listings import changes the homepage's cards at once", async () => {
      const slug = uniqueSlug('cards')
      await createPublishedRealtor(server, { desiredUrl: slug, displayNameEn: 'Card Watcher' })
      const address = `${Date.now() % 100_000} Fresh Import Lane`
      const before = await request(server, 'GET', `/en/${slug}`)
      expect(before.status).toBe(200)
      expect(before.body).not.toContain(address)
      const file = path.join(os.tmpdir(), `store-import-${Date.now()}.json`)
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
      fs.writeFileSync(
        file,
        JSON.stringify({
          value: [
            {
              ListingKey: `STORE-${Date.now()}`,
              ListPrice: 1_234_000,
              StandardStatus: 'Active',
              PropertyType: 'Residential',
              PropertySubType: 'SingleFamilyResidence',
              BedroomsTotal: 4,
              BathroomsTotalInteger: 3,
              LivingArea: 2100,
              UnparsedAddress: `${address}, Irvine, CA 92618`,
              City: 'Irvine',
              StateOrProvince: 'CA',
              PostalCode: '92618',
              ListOfficeName: 'Store Test Realty',
              OnMarketDate: tomorrow,
              ModificationTimestamp: new Date().toISOString(),
              Media: [],
            },
          ],
        }),
      )
      try {
        run(['scripts/run.mjs', 'scripts/import-listings.ts', '--file', file, '--source', 'store-e2e'], server.env)
      } finally {
        fs.rmSync(file, { force: true })
      }
      for (let round = 0; round < 4; round++) {
        const after = await request(server, 'GET', `/en/${slug}`)
        expect(after.body, `request ${round + 1} after the import`).toContain(address)
      }
    })

    test('ETag and 304, HEAD from the store, and filters in another order share an entry', async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
      try {
        const first = await request(server, 'GET', '/en/sora-park?type=sale&page=1&utm_source=flyer', { agent, headers: { 'accept-encoding': 'br' } })
        expect(first.status).toBe(200)
        const etag = String(first.headers.etag ?? '')
        expect(etag).toMatch(/^"[\w-]+-br"$/)
        expect(first.headers.vary).toBe('Accept-Encoding')
        expect(first.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/)
        expect(String(first.headers['surrogate-key'])).toMatch(/^realtor-[\w-]+ listings$/)
        // Same filters, other order, another tracking parameter: the same stored page.
        const reordered = await request(server, 'GET', '/en/sora-park?page=1&type=sale&fbclid=abc', { agent, headers: { 'accept-encoding': 'br' } })
        expect(reordered.headers['x-cache']).toBe('HIT')
        expect(reordered.headers.etag).toBe(etag)
        const notModified = await request(server, 'GET', '/en/sora-park?type=sale&page=1', {
          agent,
          headers: { 'accept-encoding': 'br', 'if-none-match': etag },
        })
        expect(notModified.status).toBe(304)
        expect(notModified.body).toBe('')
        expect(notModified.headers.etag).toBe(etag)
        const head = await request(server, 'HEAD', '/en/sora-park?type=sale&page=1', { agent })
        expect(head.status).toBe(200)
        expect(head.body).toBe('')
        expect(Number(head.headers['content-length'])).toBeGreaterThan(10_000)
        const api = await request(server, 'GET', '/cozying-api/v1/realtor/sora-park', { agent })
        expect(api.status).toBe(200)
        const apiAgain = await request(server, 'GET', '/cozying-api/v1/realtor/sora-park', { agent, headers: { 'if-none-match': String(api.headers.etag) } })
        expect(apiAgain.status).toBe(304)
        for (const listPath of ['/cozying-api/v1/home/list?state=CA&city=Irvine', '/cozying-api/v1/realtor?state=CA']) {
          const listed = await request(server, 'GET', listPath, { agent })
          expect(listed.status, listPath).toBe(200)
          expect((await request(server, 'GET', listPath, { agent, headers: { 'if-none-match': String(listed.headers.etag) } })).status).toBe(304)
        }
      } finally {
        agent.destroy()
      }
    })

    test('Cache-Control is public only on public pages: never on a signed-in page or a response that sets a cookie', async () => {
      for (const publicPath of ['/', '/en', '/realtors', '/en/sora-park', '/sitemap.xml', '/robots.txt']) {
        const answer = await request(server, 'GET', publicPath, { headers: { 'accept-language': 'ko' } })
        expect(answer.status, publicPath).toBe(200)
        expect(answer.headers['cache-control'], publicPath).toMatch(/^public, /)
      }
      for (const privatePath of ['/login', '/en/login', '/process', '/admin', '/sora-park/admin', '/cozying-api/v1/realtor-contacts']) {
        const answer = await request(server, 'GET', privatePath)
        expect(answer.headers['cache-control'], privatePath).toBe('private, no-store')
      }
      const signIn = await request(server, 'POST', '/api/auth/sign-in/email', { body: { email: 'demo@example.com', password: 'demo-password-2026' } })
      expect(signIn.status).toBe(200)
      expect(signIn.headers['set-cookie']).toBeDefined()
      expect(signIn.headers['cache-control']).not.toMatch(/public/)
      // A visitor who is signed in gets the same public page (the owner's affordances come after hydration).
      const cookie = (signIn.headers['set-cookie'] ?? []).map((value) => value.split(';')[0]).join('; ')
      const signedIn = await request(server, 'GET', '/sora-park', { headers: { cookie } })
      expect(signedIn.headers['cache-control']).toMatch(/^public, /)
      expect(signedIn.headers['set-cookie']).toBeUndefined()
    })

    test('after a rolling restart, new workers make the page fonts the old ones named', async () => {
      const page = await request(server, 'GET', '/sora-park')
      const fontPath = /href="(\/fonts\/page\/[\w-]{22}\.ttf)"/.exec(page.body)?.[1]
      expect(fontPath, 'the homepage names its own font').toBeDefined()
      const restarted = new Promise<void>((resolve) => {
        const check = (chunk: Buffer) => {
          if (chunk.toString().includes('[serve] rolling restart done')) {
            server.process.stdout?.off('data', check)
            resolve()
          }
        }
        server.process.stdout?.on('data', check)
      })
      server.process.kill('SIGHUP')
      await restarted
      for (let round = 0; round < 4; round++) {
        const font = await request(server, 'GET', fontPath ?? '')
        expect(font.status, `font request ${round + 1} on a worker that never rendered the page`).toBe(200)
        expect(font.headers['content-type']).toBe('font/ttf')
      }
    })
  })
}

test('a signed-in owner still gets the edit link on a stored homepage; a visitor does not', async ({ browser, baseURL }) => {
  const visitor = await browser.newPage({ baseURL })
  const owner = await browser.newPage({ baseURL })
  try {
    const visited = await visitor.goto('/sora-park')
    expect(visited?.headers()['cache-control']).toMatch(/^public, /)
    const signIn = await owner.request.post('/api/auth/sign-in/email', { data: { email: 'demo@example.com', password: 'demo-password-2026' } })
    expect(signIn.status()).toBe(200)
    const stored = await owner.goto('/sora-park')
    expect(stored?.headers()['cache-control']).toMatch(/^public, /)
    await expect(owner.getByRole('link', { name: 'Edit homepage' }).or(owner.getByRole('link', { name: '홈페이지 편집' }))).toBeVisible()
    await visitor.waitForLoadState('networkidle')
    await expect(visitor.getByRole('link', { name: 'Edit homepage' }).or(visitor.getByRole('link', { name: '홈페이지 편집' }))).toHaveCount(0)
  } finally {
    await visitor.close()
    await owner.close()
  }
})

test('a stored page reached with tracking parameters is the page stored for its filters, with no error in the console', async ({ page }) => {
  const errors: Array<string> = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  const visits: Array<{ visited: string; kept: string; stored?: string }> = [
    // The homepage and the directory are islands pages (decision 051): no router reads their
    // address, which stays as visited; the answer is still the page stored for its filters alone.
    {
      visited: '/en/sora-park?utm_source=kakao&type=rent&fbclid=abc',
      kept: '/en/sora-park?utm_source=kakao&type=rent&fbclid=abc',
      stored: '/en/sora-park?type=rent',
    },
    { visited: '/realtors?state=CA&utm_campaign=flyer', kept: '/realtors?state=CA&utm_campaign=flyer', stored: '/realtors?state=CA' },
  ]
  for (const { visited, kept, stored = kept } of visits) {
    // Stored first without the tracking parameters, so this visit is answered from the store.
    await page.goto(stored)
    const response = await page.goto(visited)
    expect(response?.headers()['x-cache']).toBeDefined()
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(kept)
    await page.waitForLoadState('networkidle')
  }
  expect(errors, 'no hydration mismatch or other error in the console').toEqual([])
})
