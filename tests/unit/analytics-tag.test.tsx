import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { createHash } from 'node:crypto'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { HomepageFooter } from '~/features/homepage/homepage-footer'
import { homepageHead } from '~/features/homepage/homepage-head'
import {
  acceptedChoice,
  consentStorageKey,
  effectiveChoice,
  isGoogleTagCookie,
  parseStoredChoice,
  TAG_CONNECT_ORIGINS,
  tagScriptUrl,
} from '~/lib/analytics-tag'
import type { SiteContext } from '~/lib/site'
import type { PublicRealtor } from '~/schemas/realtor'
import { analyticsTagOf, pagePolicy } from '~/server/http/content-security-policy'
import { publicRealtorFixture } from '../public-realtor-fixture'

/* Issue 14 part 4, decision 015: consent before any tag, and a policy that allows it only where it is set. */

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

describe("a visitor's choice", () => {
  it('asks when nothing is stored and the browser sends no Global Privacy Control', () => {
    expect(effectiveChoice(undefined, false)).toBe('ask')
    expect(effectiveChoice('accepted', false)).toBe('accepted')
    expect(effectiveChoice('declined', false)).toBe('declined')
  })

  it('takes Global Privacy Control as a decline, over an earlier accept given without it, and asks nothing', () => {
    expect(effectiveChoice(undefined, true)).toBe('declined')
    expect(effectiveChoice('accepted', true)).toBe('declined')
    expect(effectiveChoice('declined', true)).toBe('declined')
  })

  it('honours an accept given while the browser sent Global Privacy Control', () => {
    expect(acceptedChoice(true)).toBe('accepted-despite-gpc')
    expect(acceptedChoice(false)).toBe('accepted')
    expect(effectiveChoice(acceptedChoice(true), true)).toBe('accepted')
  })

  it('reads only what it wrote; anything else is no choice', () => {
    for (const value of ['accepted', 'accepted-despite-gpc', 'declined'] as const) expect(parseStoredChoice(value)).toBe(value)
    for (const value of [null, undefined, '', 'yes', 'true', 'ACCEPTED']) expect(parseStoredChoice(value)).toBeUndefined()
  })

  it('is kept per realtor and tag: another realtor on our host, or a new tag, asks again', () => {
    expect(consentStorageKey('r1', 'G-ABC')).not.toBe(consentStorageKey('r2', 'G-ABC'))
    expect(consentStorageKey('r1', 'G-ABC')).not.toBe(consentStorageKey('r1', 'GTM-ABC'))
  })

  it("withdrawn, removes Google's cookies and no others", () => {
    for (const name of ['_ga', '_ga_ABC123', '_gid', '_gat', '_gat_UA-1', '_gcl_au']) expect(isGoogleTagCookie(name), name).toBe(true)
    for (const name of ['i18n_redirected', 'session', '_gab', 'ga', 'better-auth.session_token']) expect(isGoogleTagCookie(name), name).toBe(false)
  })
})

describe("the vendor's script", () => {
  it('is gtm.js for a container and gtag.js for an Analytics stream, on the one allowed host', () => {
    expect(tagScriptUrl('GTM-ABC1234')).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-ABC1234')
    expect(tagScriptUrl('G-ABCDEF1234')).toBe('https://www.googletagmanager.com/gtag/js?id=G-ABCDEF1234')
  })
})

describe("a page's policy with and without a tag", () => {
  const marked = (id: string) => `<footer><button type="button" data-analytics-tag="${id}">Analytics choice</button></footer>`

  it('allows Google’s script host and its collection hosts only on a page that carries a tag', () => {
    const withTag = pagePolicy(`<script>go()</script>${marked('G-ABCDEF1234')}`, { secure: false, extraOrigins: ['https://photos.example.com'] })
    expect(withTag).toContain(`script-src 'self' ${sha256('go()')} https://www.googletagmanager.com;`)
    expect(withTag).toContain(`connect-src 'self' https://photos.example.com ${TAG_CONNECT_ORIGINS.join(' ')};`)
    // Still no inline code, eval or dynamic trust: a container's custom HTML or JavaScript does not run.
    expect(withTag).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval|strict-dynamic)/)

    const without = pagePolicy('<script>go()</script><footer><p>Equal Housing Opportunity.</p></footer>', { secure: false, extraOrigins: [] })
    expect(without).toContain(`script-src 'self' ${sha256('go()')};`)
    expect(without).toContain("connect-src 'self';")
    expect(without).not.toContain('google')
  })

  it('is not opened by text that only looks like the marker, nor by an id outside §5', () => {
    // What a realtor's text becomes in the page: React writes < and " as entities.
    expect(analyticsTagOf('<p>&lt;b data-analytics-tag=&quot;G-ABC&quot;&gt;</p>')).toBeUndefined()
    expect(analyticsTagOf('<p title="x data-analytics-tag=&quot;G-ABC&quot;">data-analytics-tag="G-ABC"</p>')).toBeUndefined()
    expect(analyticsTagOf(marked('UA-1234'))).toBeUndefined()
    expect(analyticsTagOf(marked('G-abc'))).toBeUndefined()
    expect(analyticsTagOf(marked('GTM-ABC1234'))).toBe('GTM-ABC1234')
  })
})

i18n.loadAndActivate({ locale: 'en', messages: {} })

const realtor = publicRealtorFixture({
  aboutMeEn: 'Hello <b data-analytics-tag="G-FORGED1">',
  licenseNumber: 'DRE #02123456',
  brokerageName: 'Cozy Realty Group',
  brokerageAddress: '<b data-analytics-tag="G-FORGED2">',
})

const footer = (subject: PublicRealtor, as?: 'footer' | 'div') =>
  renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <HomepageFooter realtor={subject} name="Sora Park" as={as} />
    </I18nProvider>,
  )

describe("the footer of a realtor's pages", () => {
  it('offers the analytics choice, marked for the policy, only when the realtor set a tag', () => {
    const tagged = footer({ ...realtor, tagManagerId: 'GTM-ABC1234' })
    expect(tagged).toContain('Analytics choice')
    expect(analyticsTagOf(tagged)).toBe('GTM-ABC1234')
    // The page is the same for every visitor: the banner itself is never in the server's HTML.
    expect(tagged).not.toContain('data-testid="analytics-consent"')
    expect(tagged).not.toContain('googletagmanager')

    const untagged = footer(realtor)
    expect(untagged).not.toContain('Analytics choice')
    expect(analyticsTagOf(untagged)).toBeUndefined()
  })

  it("is not in the editor's preview, which never loads a tag", () => {
    expect(footer({ ...realtor, tagManagerId: 'GTM-ABC1234' }, 'div')).not.toContain('Analytics choice')
  })
})

describe("the homepage's head", () => {
  const site: SiteContext = { origin: 'https://homes.example.com', siteName: { ko: '코지잉', en: 'Cozying' }, buildId: 'test', map: null }
  it('carries each verification token the realtor set, in both languages', () => {
    for (const lang of ['ko', 'en'] as const) {
      const head = homepageHead({ ...realtor, googleSiteVerification: 'google-token_123', naverSiteVerification: 'a1b2c3d4e5f6' }, lang, site)
      expect(head.meta).toContainEqual({ name: 'google-site-verification', content: 'google-token_123' })
      expect(head.meta).toContainEqual({ name: 'naver-site-verification', content: 'a1b2c3d4e5f6' })
      const none = homepageHead(realtor, lang, site).meta
      expect(none.some((item) => 'name' in item && String(item.name).endsWith('site-verification'))).toBe(false)
    }
  })
})
