import { beforeAll, describe, expect, it } from 'vitest'
import { loadCatalog } from '~/i18n/i18n'
import { staticPageHead } from '~/features/pages/page-head'
import { homepageHead } from '~/features/homepage/homepage-head'
import { homeValueHead } from '~/features/valuations/home-value-head'
import { marketListHead } from '~/features/market/market-head'
import { siteNavLinks } from '~/lib/site-nav'
import type { HeadMeta } from '~/lib/seo'
import type { SiteContext } from '~/lib/site'
import { publicRealtorFixture } from '../public-realtor-fixture'

/* Issue 51 item 1: the site header's links on our host and on a realtor's own domain, and titles that name the realtor. */

const everything = { market: true, blog: true }

describe("a realtor's site header", () => {
  it('links every page under /{desiredUrl} on our host, in the page language', () => {
    const links = siteNavLinks({ desiredUrl: 'sora-park', lang: 'en', sections: everything })
    expect(links).toEqual([
      { key: 'home', href: '/en/sora-park' },
      { key: 'homes', href: '/en/sora-park/homes' },
      { key: 'homeValue', href: '/en/sora-park/home-value' },
      { key: 'market', href: '/en/sora-park/market' },
      { key: 'blog', href: '/en/sora-park/blog' },
      { key: 'contact', href: '/en/sora-park#contact' },
    ])
    expect(siteNavLinks({ desiredUrl: 'sora-park', lang: 'ko', sections: everything }).map((link) => link.href)).toEqual([
      '/sora-park',
      '/sora-park/homes',
      '/sora-park/home-value',
      '/sora-park/market',
      '/sora-park/blog',
      '/sora-park#contact',
    ])
  })

  it('drops /{desiredUrl} on the realtor’s own domain, in both languages', () => {
    expect(siteNavLinks({ desiredUrl: 'sora-park', lang: 'ko', ownDomain: 'sora-park', sections: everything }).map((link) => link.href)).toEqual([
      '/',
      '/homes',
      '/home-value',
      '/market',
      '/blog',
      '/#contact',
    ])
    expect(siteNavLinks({ desiredUrl: 'sora-park', lang: 'en', ownDomain: 'sora-park', sections: everything }).map((link) => link.href)).toEqual([
      '/en',
      '/en/homes',
      '/en/home-value',
      '/en/market',
      '/en/blog',
      '/en#contact',
    ])
  })

  it('links market reports and the blog only when the realtor has them', () => {
    const keys = (sections: { market: boolean; blog: boolean } | undefined) =>
      siteNavLinks({ desiredUrl: 'sora-park', lang: 'en', sections }).map((link) => link.key)
    expect(keys({ market: false, blog: false })).toEqual(['home', 'homes', 'homeValue', 'contact'])
    expect(keys({ market: true, blog: false })).toEqual(['home', 'homes', 'homeValue', 'market', 'contact'])
    expect(keys({ market: false, blog: true })).toEqual(['home', 'homes', 'homeValue', 'blog', 'contact'])
    expect(keys(undefined)).toEqual(['home', 'homes', 'homeValue', 'contact'])
  })
})

const site: SiteContext = { origin: 'https://homes.example.com', siteName: { ko: '리얼터 홈', en: 'Realtor Home' }, buildId: 'test', map: null }

const realtor = publicRealtorFixture()

function titleOf(head: { meta: Array<HeadMeta> }): unknown {
  return head.meta.find((item) => 'title' in item)?.title
}

function siteNameOf(head: { meta: Array<HeadMeta> }): unknown {
  return head.meta.find((item) => item.property === 'og:site_name')?.content
}

describe("the titles of a realtor's pages", () => {
  beforeAll(() => Promise.all([loadCatalog('ko'), loadCatalog('en')]))

  it("carry the realtor's name and never the platform's", () => {
    const heads = [
      homepageHead(realtor, 'en', site),
      homeValueHead(realtor, 'en', site),
      marketListHead(realtor, 'en', site),
      staticPageHead({ site, langParam: 'en', path: '/sora-park/contact-message', title: { id: 'Your message' }, description: { id: 'x' }, realtor }),
    ]
    expect(heads.map(titleOf)).toEqual(['Sora Park', 'What is my home worth? | Sora Park', 'Market reports | Sora Park', 'Your message | Sora Park'])
    for (const head of heads) expect(siteNameOf(head)).toBe('Sora Park')
    const korean = homeValueHead(realtor, 'ko', site)
    expect(titleOf(korean)).toContain('박소라')
    expect(String(titleOf(korean))).not.toContain('리얼터 홈')
  })

  it("keep the platform's name on the platform's own pages", () => {
    const head = staticPageHead({ site, langParam: 'en', path: '/agreement', title: { id: 'Terms' }, description: { id: 'x' } })
    expect(titleOf(head)).toBe('Terms | Realtor Home')
    expect(siteNameOf(head)).toBe('Realtor Home')
  })
})
