import { PHOTO_PATHS, type Photo, type PhotoPath } from '~/schemas/photo'
import type { RealtorInput } from '~/schemas/realtor'
import { seedDemoPosts } from '~/server/blog/demo-posts'
import { createRealtor } from '~/server/realtors/realtors'
import type { AppServices } from '~/server/services'
import { makeThumbnail } from '~/server/uploads/image-check'
import { storedPhotoAddress } from '~/server/uploads/photo-address'
import { thumbnailKeyFor, uploadFolderOf, uploadKey } from '~/server/uploads/storage'
import { demoImages, type DemoImage } from './demo-images'

export const DEMO_EMAIL = 'demo@example.com'
export const DEMO_DESIRED_URL = 'sora-park'

export function demoPassword(): string {
  return process.env.DEMO_PASSWORD ?? 'demo-password-2026'
}

/** The demo realtor: every section filled, both languages, three regions in CA and GA. */
export function demoRealtorFields(photos: Array<Photo>): RealtorInput {
  return {
    desiredUrl: DEMO_DESIRED_URL,
    email: 'sora.park@example.com',
    phoneCountryCode: 'US',
    contactPhone: '949-555-0123',
    companyPhone: '949-555-0100',
    kakaoLink: 'https://open.kakao.com/o/sDemoSoraPark',
    snsYoutubeUrl: 'https://www.youtube.com/@sorapark-demo',
    snsInstagramUrl: 'https://www.instagram.com/sorapark.demo',
    recommendedYoutubeUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
    displayNameKo: '박소라',
    displayNameEn: 'Sora Park',
    brokerageName: 'Cozy Realty Group',
    brokerageLicenseNumber: 'DRE #01987654',
    brokerageAddress: '2 Park Plaza, Suite 200, Irvine, CA 92614',
    licenseNumber: 'DRE #02123456',
    careerStart: '2012-03-01',
    salesCount: 128,
    lastYearSalesTotal: 18_450_000,
    designMainColor: '#1D4ED8',
    designFontSize: 16,
    designMainDarkMode: 'N',
    contentDarkMode: 'N',
    isMakeHomepage: 'Y',
    activityRegion: [
      { state: 'CA', city: 'Irvine', neighborhood: 'Woodbridge' },
      { state: 'CA', city: 'Tustin' },
      { state: 'GA', city: 'Duluth' },
    ],
    aboutMeKr:
      '안녕하세요, 오렌지카운티와 애틀랜타 한인 가정의 내 집 마련을 돕는 부동산 에이전트 박소라입니다.\n\n첫 집 구입부터 학군 좋은 동네로의 이사, 투자용 부동산까지 14년 동안 300여 가정과 함께했습니다. 복잡한 미국 부동산 절차를 한국어로 차근차근 설명해 드리고, 계약부터 입주까지 곁에서 챙겨 드립니다.',
    aboutMeEn:
      "Hi, I'm Sora Park, a realtor helping families in Orange County and metro Atlanta find their home.\n\nFor 14 years I have guided more than 300 families through first purchases, moves into top school districts and investment properties. I explain every step in plain English or Korean and stay with you from the first showing to the day you get your keys.",
    additionalSections: [
      {
        titleKo: '집을 사는 과정',
        titleEn: 'How buying works',
        bodyKo:
          '1. 상담으로 예산과 원하는 조건을 정합니다.\n2. 융자 사전 승인을 받습니다.\n3. 매물을 함께 둘러보고 오퍼를 넣습니다.\n4. 인스펙션과 감정을 거쳐 에스크로를 마무리합니다.',
        bodyEn:
          '1. We talk about your budget and wishes.\n2. You get pre-approved for a loan.\n3. We tour homes together and make an offer.\n4. Inspection and appraisal, then escrow closes.',
      },
      {
        titleKo: '한인 고객을 위한 서비스',
        titleEn: 'Services for Korean-speaking clients',
        bodyKo: '한국어 계약서 설명, 한국에서의 원격 구매 지원, 한인 융자 전문가와 변호사 연결을 도와 드립니다.',
        bodyEn: 'Contracts explained in Korean, remote purchases from Korea, and introductions to Korean-speaking lenders and attorneys.',
      },
    ],
    // Client reviews (issue 14): the second is in Korean only, so the English page shows its note.
    testimonials: [
      {
        clientName: 'The Lee family',
        city: 'Irvine, CA',
        textKo:
          '처음 집을 사는 거라 궁금한 게 정말 많았는데, 소라 님이 하나하나 차근차근 답해 주셨어요. 덕분에 우드브리지에서 아이들 학교 가까운 집을 찾았습니다.',
        textEn:
          'As first-time buyers we had a hundred questions, and Sora answered every one of them, patiently. We found a home in Woodbridge close to the kids’ school.',
        rating: 5,
        date: '2025-09-14',
        source: 'zillow',
        sourceUrl: 'https://www.zillow.com/profile/sorapark-demo',
      },
      {
        clientName: '김OO 님',
        city: '조지아주 둘루스',
        textKo:
          '한국에서 원격으로 집을 구입해야 해서 걱정이 많았어요. 계약서 내용을 한국어로 꼼꼼히 설명해 주시고 영상 통화로 집 구석구석을 보여 주셔서 안심하고 결정할 수 있었습니다.',
        rating: 5,
        date: '2025-04-02',
        source: 'naver',
      },
      {
        clientName: 'Daniel R.',
        city: 'Tustin, CA',
        textEn: 'Sora priced our townhouse right and had three offers in the first weekend. Clear advice, no pressure.',
        textKo: '타운하우스 가격을 정확하게 매겨 주셔서 첫 주말에 오퍼가 세 개나 들어왔어요. 부담 없이 명확하게 조언해 주셨습니다.',
        rating: 4,
        date: '2024-11-20',
        source: 'google',
      },
    ],
    seoMeta: {
      ko: {
        title: '박소라 부동산 | 어바인·애틀랜타 한인 리얼터',
        description: '어바인, 터스틴, 둘루스의 집을 찾는 한인 가정을 위한 부동산 에이전트 박소라입니다.',
        keywords: '어바인 부동산, 한인 리얼터, 둘루스 부동산, 오렌지카운티 집',
        author: '박소라',
      },
      en: {
        title: 'Sora Park Realty | Irvine & Atlanta Realtor',
        description: 'Sora Park helps families buy and sell homes in Irvine, Tustin and Duluth, in English and Korean.',
        keywords: 'Irvine realtor, Korean realtor, Duluth homes, Orange County real estate',
        author: 'Sora Park',
      },
    },
    photos,
  }
}

/** Stores one picture; gallery pictures also get their thumbnail entry (spec §3 imageType). */
async function storeImage(services: AppServices, ownerId: string, path: PhotoPath, image: DemoImage): Promise<Array<Photo>> {
  const key = uploadKey({ ownerId: uploadFolderOf(services.config.signingSecret, ownerId), path, contentType: image.contentType })
  await services.storage.put(key, image.bytes, image.contentType)
  const fullsize: Photo = { path, imageType: 'fullsize', url: services.storage.publicUrl(key) }
  if (path !== 'gallery') return [fullsize]
  const thumbnail = await makeThumbnail(image.bytes)
  await services.storage.put(thumbnailKeyFor(key), thumbnail.bytes, thumbnail.contentType)
  return [fullsize, { path, imageType: 'thumbnail', url: services.storage.publicUrl(thumbnailKeyFor(key)) }]
}

/** Seeds the demo account and realtor on an empty database; returns what it did. */
export async function seedDemo(services: AppServices): Promise<{ created: boolean; desiredUrl: string; email: string; password: string }> {
  const password = demoPassword()
  const existing = await services.db.selectFrom('realtor').select('id').limit(1).executeTakeFirst()
  if (existing) return { created: false, desiredUrl: DEMO_DESIRED_URL, email: DEMO_EMAIL, password }
  const signUp = await services.auth.api.signUpEmail({ body: { email: DEMO_EMAIL, password, name: 'Sora Park' } })
  const userId = signUp.user.id
  const images = await demoImages()
  const photos: Array<Photo> = []
  for (const path of PHOTO_PATHS) {
    if (path === 'gallery') {
      for (const image of images.gallery) photos.push(...(await storeImage(services, userId, path, image)))
    } else {
      photos.push(...(await storeImage(services, userId, path, images[path])))
    }
  }
  const realtor = await createRealtor(services, { userId, email: DEMO_EMAIL, isAdmin: false }, demoRealtorFields(photos))
  const cover = photos.find((photo) => photo.path === 'gallery' && photo.imageType === 'fullsize')
  await seedDemoPosts(services.db, services, {
    realtorId: realtor.id,
    now: services.now(),
    coverPhoto: cover ? storedPhotoAddress(services.storage, cover.url) : undefined,
  })
  return { created: true, desiredUrl: DEMO_DESIRED_URL, email: DEMO_EMAIL, password }
}
