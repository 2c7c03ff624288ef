import { describe, expect, it } from 'vitest'
import { careerYears } from '~/lib/career'
import { realtorJsonLd, serializeJsonLd } from '~/features/homepage/json-ld'
import type { Realtor } from '~/schemas/realtor'

describe('years of career', () => {
  const today = new Date('2026-11-21T12:00:00Z')
  it('counts to today when the career has not ended', () => {
    expect(careerYears('2012-03-01', null, today)).toBe(14)
    expect(careerYears('2012-12-01', null, today)).toBe(13)
  })
  it('counts to careerEnd when set', () => {
    expect(careerYears('2010-05-10', '2020-05-09', today)).toBe(9)
    expect(careerYears('2010-05-10', '2020-05-10', today)).toBe(10)
  })
  it('hides unreadable or reversed dates', () => {
    expect(careerYears(null, null, today)).toBeUndefined()
    expect(careerYears('2030-01-01', null, today)).toBeUndefined()
  })
})

const realtor: Realtor = {
  id: 'r1',
  userId: 'u1',
  desiredUrl: 'sora-park',
  email: 'sora@example.com',
  contactPhone: '9495550123',
  companyPhone: null,
  phoneCountryCode: 'US',
  kakaoLink: 'open.kakao.com/o/abc',
  snsYoutubeUrl: 'https://www.youtube.com/@sora',
  snsInstagramUrl: null,
  recommendedYoutubeUrl: null,
  hompageUrl: null,
  aboutMeKr: '안녕하세요 </script><script>alert(1)</script>',
  aboutMeEn: null,
  salesCount: 3,
  lastYearSalesTotal: 1000,
  licenseNumber: 'DRE #02123456',
  careerStart: null,
  careerEnd: null,
  designFontSize: 16,
  designMainColor: '#1D4ED8',
  designMainDarkMode: 'N',
  contentDarkMode: 'N',
  isMakeHomepage: 'Y',
  activityRegion: [{ state: 'CA', city: 'Irvine', neighborhood: 'Woodbridge' }],
  photos: [{ path: 'id', imageType: 'fullsize', url: '/uploads/realtors/u1/id/a.jpg' }],
  additionalSections: [],
  seoMeta: {
    ko: { title: null, description: null, keywords: null, author: null },
    en: { title: null, description: null, keywords: null, author: null },
  },
  googleSiteVerification: null,
  naverSiteVerification: null,
  tagManagerId: null,
  displayNameKo: '박소라',
  displayNameEn: 'Sora Park',
  brokerageName: 'Cozy Realty Group',
  brokerageLicenseNumber: 'DRE #01987654',
  brokerageAddress: '2 Park Plaza, Irvine, CA',
  testimonials: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
}

describe('JSON-LD RealEstateAgent', () => {
  const data = realtorJsonLd(realtor, { lang: 'ko', url: 'https://example.com/sora-park', origin: 'https://example.com' })
  it('names the agent in the page language and links the page', () => {
    expect(data['@type']).toBe('RealEstateAgent')
    expect(data.name).toBe('박소라')
    expect(data.url).toBe('https://example.com/sora-park')
  })
  it('makes the image absolute and lists telephone, e-mail, areas and profiles', () => {
    expect(data.image).toBe('https://example.com/uploads/realtors/u1/id/a.jpg')
    expect(data.telephone).toBe('+19495550123')
    expect(data.email).toBe('sora@example.com')
    expect(data.areaServed).toEqual([{ '@type': 'City', name: 'Irvine, CA', containsPlace: { '@type': 'Place', name: 'Woodbridge' } }])
    expect(data.sameAs).toEqual(['https://www.youtube.com/@sora', 'https://open.kakao.com/o/abc'])
  })
  it('names the brokerage the agent works for', () => {
    expect(data.worksFor).toEqual({ '@type': 'RealEstateAgent', name: 'Cozy Realty Group', identifier: 'DRE #01987654', address: '2 Park Plaza, Irvine, CA' })
  })
  it('cannot be broken out of its script tag', () => {
    const serialized = serializeJsonLd(data)
    expect(serialized).not.toContain('</script>')
    expect((JSON.parse(serialized) as { description: string }).description).toContain('</script>')
  })
})
