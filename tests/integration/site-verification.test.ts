import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { HomepageFooter } from '../../src/features/homepage/homepage-footer'
import { homepageHead } from '../../src/features/homepage/homepage-head'
import type { Lang } from '../../src/lib/lang'
import type { SiteContext } from '../../src/lib/site'
import { publicRealtorSchema, realtorSchema, type PublicRealtor } from '../../src/schemas/realtor'
import { finishPage } from '../../src/server/http/finish-page'
import { realtorRevisions } from '../../src/server/pages/revisions'
import type { AppServices } from '../../src/server/services'
import {
  api,
  createTestApp,
  describeOnEachDatabase,
  expectError,
  ORIGIN,
  signUp,
  uniqueEmail,
  uniqueSlug,
  validRealtor,
  type ErrorBody,
  type TestApp,
} from './harness'

/*
 * Issue 14 part 4 (decision 015) on a real SQLite file and a real PostgreSQL: the search
 * consoles' tokens and the tag id through the REST API (saved, read back, refused with field
 * errors), the tokens in the homepage's head in both languages and on an own domain, and the
 * page's Content-Security-Policy with and without a tag, from the realtor the API serves.
 */

const GOOGLE = 'Xk3vQ9z_bT1-cLmN8pRsUwYaDfGhJkL2nOpQrStUvWx'
const NAVER = '0f3a1c9e5b7d2a4c6e8f0a1b3c5d7e9f1a2b3c4d'
const GOOGLE_TAG = `<meta name="google-site-verification" content="${GOOGLE}" />`
const OWN_DOMAIN = 'verified-realty.example'

/* The API's English for each refusal, as the catalog has it. */
const MESSAGES = {
  google: 'Enter the code from Google Search Console: the whole meta tag, or only its content',
  naverInGoogle: "This is not Google's tag. Paste the tag named google-site-verification",
  naver: 'Enter the code from Naver Search Advisor: the whole meta tag, or only its content',
  tagId: 'Enter an id such as GTM-XXXXXXX or G-XXXXXXXXXX',
}

i18n.loadAndActivate({ locale: 'en', messages: {} })

/**
 * The parts of a realtor's page this feature writes, put together as the page is: the head's
 * meta tags from the route's `head` and the footer every realtor page ends with, then the
 * same `finishPage` every served page goes through (it sets the policy from the final HTML).
 */
async function servedPage(realtor: PublicRealtor, lang: Lang, site: SiteContext): Promise<{ html: string; policy: string }> {
  // Through React, as the route's head is written: a realtor's text in a description is escaped there too.
  const meta = homepageHead(realtor, lang, site)
    .meta.flatMap((item) => ('name' in item && typeof item.name === 'string' && typeof item.content === 'string' ? [item] : []))
    .map((item) => renderToStaticMarkup(createElement('meta', { name: item.name, content: item.content })))
    .join('')
  const body = renderToStaticMarkup(
    createElement(
      I18nProvider,
      { i18n },
      createElement('main', null, createElement('p', null, realtor.aboutMeEn)),
      createElement(HomepageFooter, { realtor, name: 'Jane Kim' }),
    ),
  )
  const html = `<!DOCTYPE html><html lang="${lang}"><head><meta charSet="utf-8"/>${meta}</head><body>${body}<script>hydrate()</script></body></html>`
  const response = await finishPage(new Request(`${site.origin}/`), new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } }), {
    photoOrigins: [],
  })
  return { html: await response.text(), policy: response.headers.get('content-security-policy') ?? '' }
}

describeOnEachDatabase('search-console verification and the analytics tag', (database) => {
  let app: TestApp
  let s: AppServices
  let token: string
  let realtorId: string
  let slug: string

  const site = (ownDomain?: string): SiteContext => ({
    origin: ownDomain ? `https://${ownDomain}` : ORIGIN,
    siteName: { ko: '코지잉', en: 'Cozying' },
    buildId: 'test',
    map: null,
    ...(ownDomain ? { ownDomain: slug } : {}),
  })

  const publicRealtor = async (key: string): Promise<PublicRealtor> => {
    const result = await api(s, 'GET', `/realtor/${encodeURIComponent(key)}`)
    expect(result.status, result.text).toBe(200)
    return publicRealtorSchema.parse(result.body)
  }

  beforeAll(async () => {
    app = await createTestApp(database.name)
    s = app.services
    token = await signUp(s, uniqueEmail('verify'))
    slug = uniqueSlug('verify')
    const created = await api(s, 'POST', '/realtor', {
      token,
      body: validRealtor({
        desiredUrl: slug,
        hompageUrl: `https://${OWN_DOMAIN}`,
        googleSiteVerification: GOOGLE_TAG,
        naverSiteVerification: NAVER,
        tagManagerId: 'G-ABCDEF1234',
      }),
    })
    expect(created.status, created.text).toBe(201)
    const body = realtorSchema.parse(created.body)
    realtorId = body.id
    // A pasted tag is kept as its token: that is what the page writes into its own tag.
    expect([body.googleSiteVerification, body.naverSiteVerification, body.tagManagerId]).toEqual([GOOGLE, NAVER, 'G-ABCDEF1234'])
  })

  afterAll(async () => {
    await app?.close()
  })

  it('reads the fields back publicly, by address, id and own domain, and clears them with empty values', async () => {
    for (const key of [slug, realtorId, OWN_DOMAIN]) {
      const realtor = await publicRealtor(key)
      expect([realtor.googleSiteVerification, realtor.naverSiteVerification, realtor.tagManagerId], key).toEqual([GOOGLE, NAVER, 'G-ABCDEF1234'])
    }
    const before = (await realtorRevisions(s.db, [realtorId])).get(realtorId) ?? 0
    const cleared = await api(s, 'PATCH', `/realtor/${realtorId}`, { token, body: { naverSiteVerification: '', tagManagerId: null } })
    expect(cleared.status, cleared.text).toBe(200)
    const after = realtorSchema.parse(cleared.body)
    expect([after.googleSiteVerification, after.naverSiteVerification, after.tagManagerId]).toEqual([GOOGLE, null, null])
    // The page's version moves with them (decision 009): a stored page shows the change at the next request.
    expect((await realtorRevisions(s.db, [realtorId])).get(realtorId)).toBe(before + 1)
    // Other fields saved later keep them.
    const other = await api(s, 'PATCH', `/realtor/${realtorId}`, { token, body: { displayNameEn: 'Jane Kim' } })
    expect(realtorSchema.parse(other.body).googleSiteVerification).toBe(GOOGLE)
    const restored = await api(s, 'PATCH', `/realtor/${realtorId}`, { token, body: { naverSiteVerification: NAVER, tagManagerId: 'G-ABCDEF1234' } })
    expect(restored.status, restored.text).toBe(200)
  })

  it('refuses bad values with 400 and translated field errors, and writes nothing', async () => {
    const revision = (await realtorRevisions(s.db, [realtorId])).get(realtorId)
    const english = await api<ErrorBody>(s, 'PATCH', `/realtor/${realtorId}`, {
      token,
      lang: 'en',
      body: {
        googleSiteVerification: `<meta name="naver-site-verification" content="${NAVER}" />`,
        naverSiteVerification: '<script>alert(1)</script>',
        tagManagerId: 'UA-12345-1',
      },
    })
    expectError(english, 400, 'VALIDATION_FAILED')
    expect(english.body.fieldErrors).toEqual({
      googleSiteVerification: [MESSAGES.naverInGoogle],
      naverSiteVerification: [MESSAGES.naver],
      tagManagerId: [MESSAGES.tagId],
    })
    const created = await api<ErrorBody>(s, 'POST', '/realtor', {
      token: await signUp(s, uniqueEmail('verify-bad')),
      lang: 'en',
      body: validRealtor({ googleSiteVerification: 'has spaces in it', tagManagerId: 'G-abc' }),
    })
    expectError(created, 400, 'VALIDATION_FAILED')
    expect(created.body.fieldErrors).toEqual({ googleSiteVerification: [MESSAGES.google], tagManagerId: [MESSAGES.tagId] })
    const korean = await api<ErrorBody>(s, 'PATCH', `/realtor/${realtorId}`, { token, lang: 'ko', body: { tagManagerId: 'GTM_123' } })
    expectError(korean, 400, 'VALIDATION_FAILED')
    expect(korean.body.fieldErrors?.tagManagerId?.[0]).toMatch(/[가-힣]/)
    expect((await realtorRevisions(s.db, [realtorId])).get(realtorId)).toBe(revision)
    expect((await publicRealtor(slug)).naverSiteVerification).toBe(NAVER)
  })

  it("puts both tokens in the homepage's head, Korean and English, on our host and the own domain", async () => {
    for (const [key, ownDomain] of [
      [slug, undefined],
      [OWN_DOMAIN, OWN_DOMAIN],
    ] as const) {
      const realtor = await publicRealtor(key)
      for (const lang of ['ko', 'en'] as const) {
        const { html } = await servedPage(realtor, lang, site(ownDomain))
        expect(html, `${key} ${lang}`).toContain(`<meta name="google-site-verification" content="${GOOGLE}"/>`)
        expect(html, `${key} ${lang}`).toContain(`<meta name="naver-site-verification" content="${NAVER}"/>`)
      }
    }
  })

  it("allows Google's hosts in the page's policy only while the realtor has a tag", async () => {
    const tagged = await servedPage(await publicRealtor(slug), 'en', site())
    expect(tagged.policy).toMatch(/script-src 'self' 'sha256-[^']+' https:\/\/www\.googletagmanager\.com;/)
    // After the map's host (decision 062: a map by default), Google's, last.
    expect(tagged.policy).toMatch(
      /connect-src 'self'( \S+)* https:\/\/\*\.google-analytics\.com https:\/\/\*\.analytics\.google\.com https:\/\/\*\.googletagmanager\.com;/,
    )
    // Nothing of Google's in the HTML itself: the script is added in the browser after consent.
    expect(tagged.html).not.toContain('googletagmanager')
    expect(tagged.html).toContain('data-analytics-tag="G-ABCDEF1234"')

    expect((await api(s, 'PATCH', `/realtor/${realtorId}`, { token, body: { tagManagerId: '' } })).status).toBe(200)
    // The realtor's own text cannot reopen it: React writes it as text.
    expect((await api(s, 'PATCH', `/realtor/${realtorId}`, { token, body: { aboutMeEn: '<b data-analytics-tag="G-FORGED123">hi</b>' } })).status).toBe(200)
    for (const lang of ['ko', 'en'] as const) {
      const untagged = await servedPage(await publicRealtor(slug), lang, site())
      expect(untagged.policy, lang).not.toContain('google')
      expect(untagged.policy, lang).toMatch(/script-src 'self' 'sha256-[^']+';/)
      expect(untagged.html, lang).not.toContain('Analytics choice')
      // The verification tokens stay: they do not depend on the tag.
      expect(untagged.html, lang).toContain('google-site-verification')
    }
  })
})
