import type { PublicRealtor } from '~/schemas/realtor'

/**
 * A published realtor as the public pages read them, with nothing filled in but a name and an
 * address: each test names what it needs on top (`overrides`).
 */
export function publicRealtorFixture(overrides: Partial<PublicRealtor> = {}): PublicRealtor {
  return {
    id: 'r1',
    desiredUrl: 'sora-park',
    email: 'sora@example.com',
    contactPhone: null,
    companyPhone: null,
    phoneCountryCode: 'US',
    kakaoLink: null,
    snsYoutubeUrl: null,
    snsInstagramUrl: null,
    recommendedYoutubeUrl: null,
    hompageUrl: null,
    aboutMeKr: null,
    aboutMeEn: null,
    salesCount: null,
    lastYearSalesTotal: null,
    licenseNumber: null,
    careerStart: null,
    careerEnd: null,
    designFontSize: 16,
    designMainColor: '#1D4ED8',
    designMainDarkMode: 'N',
    contentDarkMode: 'N',
    isMakeHomepage: 'Y',
    activityRegion: [],
    photos: [],
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
    brokerageName: null,
    brokerageLicenseNumber: null,
    brokerageAddress: null,
    testimonials: [],
    ...overrides,
  }
}
