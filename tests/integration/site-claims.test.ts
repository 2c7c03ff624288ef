import { afterAll, beforeAll, expect, it } from 'vitest'
import type { PublicRealtor } from '../../src/schemas/realtor'
import type { AppServices } from '../../src/server/services'
import { api, createTestApp, describeOnEachDatabase, expectError, signUp, uniqueEmail, validRealtor, type ErrorBody, type TestApp } from './harness'

/*
 * What a realtor's homepage may claim, and what it shows before it is published, on a real
 * SQLite file and a real PostgreSQL (decision 078):
 * - our own hosts (PUBLIC_URL's, PRODUCT_HOSTS) are never a realtor's domain: one who named them
 *   would take over the platform's landing page and directory there;
 * - a homepage not published answers who it is, and nothing its owner wrote for visitors.
 */

const EN = 'en'
const VALIDATION = 'Some fields need your attention'
const DOMAIN_IS_OURS = 'This is the address of our own site: enter a domain of your own'

describeOnEachDatabase('site claims', (database) => {
  let app: TestApp
  let s: AppServices

  beforeAll(async () => {
    app = await createTestApp(database.name, { env: { PUBLIC_URL: 'https://homes.example', PRODUCT_HOSTS: 'app.homes.example,admin.homes.example' } })
    s = app.services
  })

  afterAll(async () => {
    await app?.close()
  })

  it.each(['https://homes.example', 'https://HOMES.example/', 'http://app.homes.example/about', 'https://admin.homes.example:8443'])(
    'refuses our own host as a realtor’s domain, on create and on update (%s)',
    async (hompageUrl) => {
      const token = await signUp(s, uniqueEmail('ours'))
      const created = await api<ErrorBody>(s, 'POST', '/realtor', { token, body: validRealtor({ hompageUrl }), lang: EN })
      expectError(created, 400, 'VALIDATION_FAILED', VALIDATION)
      expect(created.body.fieldErrors).toEqual({ hompageUrl: [DOMAIN_IS_OURS] })

      const own = await api<{ id: string }>(s, 'POST', '/realtor', { token, body: validRealtor(), lang: EN })
      expect(own.status, own.text).toBe(201)
      const patched = await api<ErrorBody>(s, 'PATCH', `/realtor/${own.body.id}`, { token, body: { hompageUrl }, lang: EN })
      expectError(patched, 400, 'VALIDATION_FAILED', VALIDATION)
      expect(patched.body.fieldErrors).toEqual({ hompageUrl: [DOMAIN_IS_OURS] })
    },
  )

  it('takes a domain of the realtor’s own, a subdomain of ours not named included', async () => {
    const token = await signUp(s, uniqueEmail('own'))
    const created = await api(s, 'POST', '/realtor', { token, body: validRealtor({ hompageUrl: 'https://jane.homes.example' }), lang: EN })
    expect(created.status, created.text).toBe(201)
  })

  it('shows a homepage not published as who it is, and its texts, contacts and reviews once published', async () => {
    const token = await signUp(s, uniqueEmail('closed'))
    const fields = validRealtor({
      isMakeHomepage: 'N',
      companyPhone: '949-555-0199',
      kakaoLink: 'https://open.kakao.com/o/abc',
      hompageUrl: 'https://closed-realty.example',
      displayNameEn: 'Jane Kim',
      tagManagerId: 'GTM-ABC1234',
    })
    const created = await api<{ id: string; desiredUrl: string }>(s, 'POST', '/realtor', { token, body: fields, lang: EN })
    expect(created.status, created.text).toBe(201)
    const { id, desiredUrl } = created.body

    const closed = await api<PublicRealtor>(s, 'GET', `/realtor/${desiredUrl}`, { lang: EN })
    expect(closed.status, closed.text).toBe(200)
    expect(closed.body).toMatchObject({
      id,
      desiredUrl,
      isMakeHomepage: 'N',
      displayNameEn: 'Jane Kim',
      licenseNumber: 'DRE #02345678',
      brokerageName: 'Orange Coast Realty',
      email: '',
      contactPhone: null,
      companyPhone: null,
      kakaoLink: null,
      hompageUrl: null,
      aboutMeEn: null,
      aboutMeKr: null,
      tagManagerId: null,
      photos: [],
      testimonials: [],
      seoMeta: { en: { title: null }, ko: { title: null } },
    })
    expect(closed.text).not.toContain('jane.kim@example.com')
    // Neither phone, in any format the answer might use (a random id's hex may hold "949").
    expect(closed.text).not.toMatch(/949\D?555\D?01(23|99)/)

    const published = await api(s, 'PATCH', `/realtor/${id}`, { token, body: { isMakeHomepage: 'Y' }, lang: EN })
    expect(published.status, published.text).toBe(200)
    const open = await api<PublicRealtor>(s, 'GET', `/realtor/${desiredUrl}`, { lang: EN })
    expect(open.body).toMatchObject({ email: 'jane.kim@example.com', aboutMeEn: 'Helping families find homes in Orange County.', tagManagerId: 'GTM-ABC1234' })
    expect(open.body.contactPhone).not.toBeNull()
  })
})

/*
 * With PUBLIC_URL unset (the embedded default) a visitor's mails link back to the origin their
 * form came to, which the client names in `Host`: only one of our hosts is taken (decision 078).
 */
describeOnEachDatabase('mail links without PUBLIC_URL', (database) => {
  let app: TestApp
  let s: AppServices
  let realtorId: string

  beforeAll(async () => {
    app = await createTestApp(database.name, { env: { PUBLIC_URL: '', PRODUCT_HOSTS: '' } })
    s = app.services
    const token = await signUp(s, uniqueEmail('hosts'))
    const created = await api<{ id: string }>(s, 'POST', '/realtor', { token, body: validRealtor(), lang: EN })
    expect(created.status, created.text).toBe(201)
    realtorId = created.body.id
  })

  afterAll(async () => {
    await app?.close()
  })

  async function savedOn(host: string): Promise<string | undefined> {
    const body = {
      realtorId,
      email: uniqueEmail('visitor'),
      frequency: 'daily',
      state: 'CA',
      city: 'Irvine',
      type: 'sale',
      consentVersion: 'saved-search-v1',
      consentPage: '/en/x',
    }
    const saved = await api<{ id: string }>(s, 'POST', '/saved-searches', { body, headers: { host }, lang: EN })
    expect(saved.status, saved.text).toBe(202)
    const row = await s.db.selectFrom('savedSearch').select('siteOrigin').where('id', '=', saved.body.id).executeTakeFirst()
    return row?.siteOrigin
  }

  it('keeps one of our hosts, and links a host nobody configured to localhost instead', async () => {
    expect(await savedOn('localhost:3000')).toBe('http://localhost:3000')
    expect(await savedOn('127.0.0.1:8080')).toBe('http://127.0.0.1:8080')
    const forged = await savedOn('evil.example')
    expect(forged).toMatch(/^http:\/\/localhost:\d+$/)
  })
})
