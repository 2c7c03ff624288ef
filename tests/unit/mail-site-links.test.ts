import { describe, expect, it } from 'vitest'
import { oneClickUnsubscribeHeaders, realtorPageUrl, siteApiUrl, siteBaseFor } from '../../src/server/mail/site-links'

const kim = { desiredUrl: 'kim', hompageHost: null }

describe('links in mail (server/mail/site-links)', () => {
  it("points at the realtor's own domain first, with the language as the path's first segment", () => {
    const base = siteBaseFor({ publicUrl: 'https://realtors.example/' }, { desiredUrl: 'kim', hompageHost: 'kim.com' }, 'http://localhost:3000')
    expect(realtorPageUrl(base, 'en', 'homes/ABC 1')).toBe('https://kim.com/en/homes/ABC 1')
    expect(realtorPageUrl(base, 'ko', '')).toBe('https://kim.com')
    expect(siteApiUrl(base, '/cozying-api/v1/x')).toBe('https://kim.com/cozying-api/v1/x')
  })

  it("else PUBLIC_URL's origin (its path and trailing slash dropped), else the origin the form came to", () => {
    expect(realtorPageUrl(siteBaseFor({ publicUrl: 'https://realtors.example/app/' }, kim, 'http://localhost:3000'), 'ko', '/alerts')).toBe(
      'https://realtors.example/kim/alerts',
    )
    const noPublicUrl = siteBaseFor({ publicUrl: undefined }, kim, 'http://127.0.0.1:3005/')
    expect(realtorPageUrl(noPublicUrl, 'en', 'alerts')).toBe('http://127.0.0.1:3005/en/kim/alerts')
    expect(siteApiUrl(noPublicUrl, '/cozying-api/v1/x')).toBe('http://127.0.0.1:3005/cozying-api/v1/x')
  })

  it('asks for one-click unsubscribe as RFC 8058 words it', () => {
    expect(oneClickUnsubscribeHeaders('https://kim.com/u?token=a')).toEqual({
      'List-Unsubscribe': '<https://kim.com/u?token=a>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })
  })
})
