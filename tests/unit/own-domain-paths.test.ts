import { describe, expect, it } from 'vitest'
import { toInternalPath, toPublicPath } from '~/lib/own-domain-paths'

describe('own-domain paths: / and /en show the realtor, links stay on the domain', () => {
  it('maps public paths to the realtor routes', () => {
    expect(toInternalPath('/', 'sora-park')).toBe('/sora-park')
    expect(toInternalPath('/en', 'sora-park')).toBe('/en/sora-park')
    expect(toInternalPath('/agreement', 'sora-park')).toBe('/sora-park/agreement')
    expect(toInternalPath('/en/login', 'sora-park')).toBe('/en/sora-park/login')
  })
  it('leaves machine paths alone and does not prefix twice', () => {
    for (const path of ['/cozying-api/v1/realtor/x', '/uploads/a.jpg', '/builds/latest.json', '/sitemap.xml', '/_serverFn/abc', '/assets/x.js']) {
      expect(toInternalPath(path, 'sora-park')).toBe(path)
    }
    expect(toInternalPath('/sora-park', 'sora-park')).toBe('/sora-park')
  })
  it('maps router paths back to public ones', () => {
    expect(toPublicPath('/sora-park', 'sora-park')).toBe('/')
    expect(toPublicPath('/en/sora-park', 'sora-park')).toBe('/en')
    expect(toPublicPath('/en/sora-park/agreement', 'sora-park')).toBe('/en/agreement')
    expect(toPublicPath('/other-realtor', 'sora-park')).toBe('/other-realtor')
  })
  it('round-trips', () => {
    for (const path of ['/', '/en', '/agreement', '/en/admin', '/login/redirect']) {
      expect(toPublicPath(toInternalPath(path, 'sora-park'), 'sora-park')).toBe(path)
    }
  })
})
