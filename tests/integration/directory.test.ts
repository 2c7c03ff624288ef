import { afterAll, beforeAll, expect, it } from 'vitest'
import type { AppServices } from '../../src/server/services'
import {
  api,
  createTestApp,
  describeOnEachDatabase,
  expectError,
  signUp,
  uniqueEmail,
  uniqueSlug,
  validRealtor,
  type TestApp,
  type ErrorBody,
  type RealtorBody,
} from './harness'

/*
 * The public directory `GET /realtor` (issue 7): only published homepages, filters by state
 * and case-insensitive city, newest change first, paging without gaps or repeats, public
 * fields only, and 400 with fieldErrors for bad query values. On SQLite and PostgreSQL.
 */

const EN = 'en'
const VALIDATION = 'Some fields need your attention'

/** Exactly the fields a directory card may carry (DirectoryCard in src/schemas/directory.ts). */
const CARD_KEYS = ['brokerageName', 'desiredUrl', 'displayNameEn', 'displayNameKo', 'id', 'languages', 'photoUrl', 'regions', 'updatedAt']

type Card = {
  id: string
  desiredUrl: string
  updatedAt: string
  photoUrl: string | null
  regions: Array<{ state: string; city: string; neighborhood: string | null }>
} & Record<string, unknown>
type Page = { realtors: Array<Card>; page: number; pageSize: number; total: number; totalPages: number }

type Key = 'irvine' | 'irvineLower' | 'duluth' | 'suwanee' | 'twin' | 'hidden'

/** Creation order = updatedAt order (the clock is pinned one minute apart). `hidden` is the newest. */
const FIXTURES: Array<{ key: Key; overrides: Record<string, unknown> }> = [
  { key: 'irvine', overrides: { activityRegion: [{ state: 'CA', city: 'Irvine' }], displayNameEn: 'Irvine One' } },
  { key: 'irvineLower', overrides: { activityRegion: [{ state: 'CA', city: 'irvine' }], aboutMeKr: undefined } },
  {
    key: 'duluth',
    overrides: {
      activityRegion: [{ state: 'GA', city: 'Duluth' }],
      // `id` wins over `logo`; a thumbnail is never the card photo.
      photos: [
        { path: 'logo', url: 'https://cdn.example.com/duluth-logo.jpg' },
        { path: 'id', imageType: 'thumbnail', url: 'https://cdn.example.com/duluth-id-thumb.webp' },
        { path: 'id', url: 'https://cdn.example.com/duluth-id.jpg' },
      ],
    },
  },
  {
    key: 'suwanee',
    overrides: {
      activityRegion: [
        { state: 'GA', city: 'Suwanee' },
        { state: 'GA', city: 'Duluth', neighborhood: 'Sugarloaf' },
      ],
    },
  },
  {
    key: 'twin',
    overrides: {
      activityRegion: [
        { state: 'CA', city: 'Irvine', neighborhood: 'Woodbridge' },
        { state: 'CA', city: 'IRVINE', neighborhood: 'Northwood' },
      ],
      aboutMeEn: undefined,
    },
  },
  {
    key: 'hidden',
    overrides: {
      isMakeHomepage: 'N',
      activityRegion: [
        { state: 'CA', city: 'Irvine' },
        { state: 'GA', city: 'Duluth' },
      ],
    },
  },
]

const BASE_TIME = Date.UTC(2026, 0, 15, 9, 0, 0)

describeOnEachDatabase('directory GET /realtor', (database) => {
  let app: TestApp
  let s: AppServices
  const ids = {} as Record<Key, string>
  const byId = new Map<string, Key>()
  const secrets: Array<string> = []
  const tokens = {} as Record<Key, string>

  async function list(query: string): Promise<Page> {
    const result = await api(s, 'GET', `/realtor${query}`, { lang: EN })
    expect(result.status, result.text).toBe(200)
    return result.body as Page
  }
  const keysOf = (page: Page) => page.realtors.map((card) => byId.get(card.id) ?? `unknown ${card.id}`)

  beforeAll(async () => {
    app = await createTestApp(database.name)
    s = app.services
    for (const [index, { key, overrides }] of FIXTURES.entries()) {
      const email = uniqueEmail(`dir-${key}`)
      tokens[key] = await signUp(s, email)
      const phone = `949555${String(1000 + index)}`
      const companyPhone = `714555${String(2000 + index)}`
      app.clock.set(new Date(BASE_TIME + index * 60_000))
      const body = validRealtor({ desiredUrl: uniqueSlug(`dir-${key}`), email, contactPhone: phone, companyPhone, ...overrides })
      const created = await api<RealtorBody>(s, 'POST', '/realtor', { token: tokens[key], body, lang: EN })
      expect(created.status, created.text).toBe(201)
      ids[key] = created.body.id
      byId.set(created.body.id, key)
      secrets.push(email, phone, companyPhone, created.body.userId)
    }
    app.clock.reset()
  })

  afterAll(async () => {
    await app?.close()
  })

  it('without a filter lists only published realtors, newest first; the unpublished one counts nowhere', async () => {
    const page = await list('')
    expect(keysOf(page)).toEqual(['twin', 'suwanee', 'duluth', 'irvineLower', 'irvine'])
    expect(page).toMatchObject({ page: 1, pageSize: 12, total: 5, totalPages: 1 })
    // The hidden realtor exists and is readable by its address: it is only left out of the list.
    expect((await api(s, 'GET', `/realtor/${ids.hidden}`)).status).toBe(200)
  })

  it('state=GA lists only Georgia realtors', async () => {
    const page = await list('?state=GA')
    expect(keysOf(page)).toEqual(['suwanee', 'duluth'])
    expect(page.total).toBe(2)
    for (const card of page.realtors) expect(card.regions.some((region) => region.state === 'GA')).toBe(true)
  })

  it.each([
    ['?city=irvine', ['twin', 'irvineLower', 'irvine']],
    ['?city=IRVINE', ['twin', 'irvineLower', 'irvine']],
    ['?state=CA&city=Irvine', ['twin', 'irvineLower', 'irvine']],
    ['?state=GA&city=duluth', ['suwanee', 'duluth']],
  ])('%s matches the city case-insensitively, each realtor once', async (query, expected) => {
    const page = await list(query)
    expect(keysOf(page)).toEqual(expected)
    expect(page.total).toBe(expected.length)
  })

  it('a realtor with two regions in the same city appears once and counts once', async () => {
    const page = await list('?city=Irvine&pageSize=50')
    expect(page.realtors.filter((card) => card.id === ids.twin)).toHaveLength(1)
    expect(page.total).toBe(page.realtors.length)
    // Both regions are still on the card.
    const twin = page.realtors.find((card) => card.id === ids.twin)
    expect(twin?.regions).toEqual([
      { state: 'CA', city: 'Irvine', neighborhood: 'Woodbridge' },
      { state: 'CA', city: 'IRVINE', neighborhood: 'Northwood' },
    ])
  })

  it('state=CA&city=Duluth finds nobody (the city is in Georgia)', async () => {
    const page = await list('?state=CA&city=Duluth')
    expect(page).toEqual({ realtors: [], page: 1, pageSize: 12, total: 0, totalPages: 1 })
  })

  it('pages of 2: totalPages, the pages together hold every realtor once, in updatedAt order', async () => {
    const all = await list('?pageSize=50')
    const pages = [await list('?pageSize=2'), await list('?pageSize=2&page=2'), await list('?pageSize=2&page=3')]
    for (const [index, page] of pages.entries()) expect(page).toMatchObject({ page: index + 1, pageSize: 2, total: 5, totalPages: 3 })
    expect(pages.map((page) => page.realtors.length)).toEqual([2, 2, 1])
    const ids = pages.flatMap((page) => page.realtors.map((card) => card.id))
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toEqual(all.realtors.map((card) => card.id))
    const times = pages.flatMap((page) => page.realtors.map((card) => card.updatedAt))
    expect(times).toEqual([...times].sort().reverse())
    // Past the last page: an empty list, not an error.
    expect(await list('?pageSize=2&page=4')).toMatchObject({ realtors: [], total: 5, totalPages: 3 })
  })

  it('cards carry public fields only: no e-mail, phones or user id', async () => {
    const result = await api(s, 'GET', '/realtor?pageSize=50', { lang: EN })
    expect(result.status).toBe(200)
    const page = result.body as Page
    expect(page.realtors).toHaveLength(5)
    for (const card of page.realtors) expect(Object.keys(card).sort()).toEqual(CARD_KEYS)
    for (const secret of secrets) expect(result.text, `the answer leaks ${secret}`).not.toContain(secret)
    expect(result.text).not.toMatch(/"(email|contactPhone|companyPhone|userId)"/)
  })

  it('the card photo is the full-size `id` photo, else null; languages follow the about texts', async () => {
    const page = await list('?pageSize=50')
    const card = (key: Key) => page.realtors.find((item) => item.id === ids[key])
    expect(card('duluth')?.photoUrl).toBe('https://cdn.example.com/duluth-id.jpg')
    expect(card('irvine')?.photoUrl).toBeNull()
    expect(card('irvine')?.languages).toEqual(['ko', 'en'])
    expect(card('irvineLower')?.languages).toEqual(['en'])
    expect(card('twin')?.languages).toEqual(['ko'])
    expect(card('irvine')?.displayNameEn).toBe('Irvine One')
  })

  it.each([
    ['state=NY', 'state', 'Choose California or Georgia'],
    ['page=0', 'page', 'Enter a page number of 1 or more'],
    ['page=abc', 'page', 'Enter a number'],
    ['page=1.5', 'page', 'Enter a whole number'],
    ['pageSize=51', 'pageSize', 'Choose a page size from 1 to 50'],
    ['pageSize=0', 'pageSize', 'Choose a page size from 1 to 50'],
  ])('?%s → 400 with fieldErrors.%s', async (query, field, message) => {
    const result = await api<ErrorBody>(s, 'GET', `/realtor?${query}`, { lang: EN })
    expectError(result, 400, 'VALIDATION_FAILED', VALIDATION)
    expect(result.body.fieldErrors).toEqual({ [field]: [message] })
  })

  it('the OpenAPI document lists GET /realtor with its query parameters', async () => {
    const result = await api<{ paths?: Record<string, Record<string, unknown> | undefined> }>(s, 'GET', '/openapi.json')
    expect(result.status).toBe(200)
    const get = result.body.paths?.['/realtor']?.get as { parameters?: Array<{ name: string; in: string }>; responses?: Record<string, unknown> } | undefined
    expect(get, 'paths./realtor.get').toBeDefined()
    expect(
      (get?.parameters ?? [])
        .filter((p) => p.in === 'query')
        .map((p) => p.name)
        .sort(),
    ).toEqual(['city', 'page', 'pageSize', 'state'])
    expect(Object.keys(get?.responses ?? {}).sort()).toEqual(['200', '400'])
  })

  // Last: it changes the order the tests above expect.
  it('a PATCH moves the realtor to the top; unpublishing removes it, republishing brings it back', async () => {
    app.clock.set(new Date(BASE_TIME + 60 * 60_000))
    const patched = await api(s, 'PATCH', `/realtor/${ids.irvine}`, { token: tokens.irvine, body: { aboutMeEn: 'Updated' } })
    expect(patched.status, patched.text).toBe(200)
    let page = await list('')
    expect(keysOf(page)).toEqual(['irvine', 'twin', 'suwanee', 'duluth', 'irvineLower'])
    expect(page.realtors[0]?.updatedAt).toBe(new Date(BASE_TIME + 60 * 60_000).toISOString())

    app.clock.advance(60_000)
    expect((await api(s, 'PATCH', `/realtor/${ids.twin}`, { token: tokens.twin, body: { isMakeHomepage: 'N' } })).status).toBe(200)
    page = await list('?city=irvine')
    expect(keysOf(page)).toEqual(['irvine', 'irvineLower'])
    expect(page.total).toBe(2)

    app.clock.advance(60_000)
    expect((await api(s, 'PATCH', `/realtor/${ids.hidden}`, { token: tokens.hidden, body: { isMakeHomepage: 'Y' } })).status).toBe(200)
    page = await list('?state=GA')
    expect(keysOf(page)).toEqual(['hidden', 'suwanee', 'duluth'])
    app.clock.reset()
  })
})
