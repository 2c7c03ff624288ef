import { z } from 'zod'
import { formatPhone } from '~/lib/phone'
import { photoSchema } from '~/schemas/photo'
import { FONT_SIZES, regionStateSchema, type PublicRealtor } from '~/schemas/realtor'
import { TESTIMONIAL_SOURCES, type PublicTestimonial } from '~/schemas/testimonial'
import { yesNoSchema } from '~/schemas/realtor-fields'

/*
 * What the realtor form edits: every input holds a string (numbers too, as typed), so the
 * form never juggles null and undefined. The server parses the same values with
 * `realtorInputSchema`, where empty strings mean "not set".
 */
const text = z.string()
const seoEntry = z.object({ title: text, description: text, keywords: text, author: text })
const testimonialValues = z.object({
  id: text,
  clientName: text,
  city: text,
  textKo: text,
  textEn: text,
  /** '' or '1'–'5', as the select holds it. */
  rating: text,
  date: text,
  source: text,
  sourceUrl: text,
  hidden: z.boolean(),
})
export type TestimonialFormValues = z.infer<typeof testimonialValues>

export const realtorFormValuesSchema = z.object({
  desiredUrl: text,
  email: text,
  phoneCountryCode: text,
  contactPhone: text,
  companyPhone: text,
  kakaoLink: text,
  snsYoutubeUrl: text,
  snsInstagramUrl: text,
  recommendedYoutubeUrl: text,
  hompageUrl: text,
  aboutMeKr: text,
  aboutMeEn: text,
  salesCount: text,
  lastYearSalesTotal: text,
  licenseNumber: text,
  careerStart: text,
  careerEnd: text,
  designFontSize: z.number(),
  designMainColor: text,
  designMainDarkMode: yesNoSchema,
  contentDarkMode: yesNoSchema,
  isMakeHomepage: yesNoSchema,
  activityRegion: z.array(z.object({ state: regionStateSchema, city: text, neighborhood: text, cityKo: text })),
  photos: z.array(photoSchema),
  additionalSections: z.array(z.object({ id: text, titleKo: text, titleEn: text, bodyKo: text, bodyEn: text })),
  seoMeta: z.object({ ko: seoEntry, en: seoEntry }),
  googleSiteVerification: text,
  naverSiteVerification: text,
  tagManagerId: text,
  displayNameKo: text,
  displayNameEn: text,
  brokerageName: text,
  brokerageLicenseNumber: text,
  brokerageAddress: text,
  // A default, so an onboarding draft saved before reviews existed is still read back.
  testimonials: z.array(testimonialValues).default([]),
})
export type RealtorFormValues = z.infer<typeof realtorFormValuesSchema>

const emptySeo = { title: '', description: '', keywords: '', author: '' }

export function emptyRealtorForm(email = ''): RealtorFormValues {
  return {
    desiredUrl: '',
    email,
    phoneCountryCode: 'US',
    contactPhone: '',
    companyPhone: '',
    kakaoLink: '',
    snsYoutubeUrl: '',
    snsInstagramUrl: '',
    recommendedYoutubeUrl: '',
    hompageUrl: '',
    aboutMeKr: '',
    aboutMeEn: '',
    salesCount: '',
    lastYearSalesTotal: '',
    licenseNumber: '',
    careerStart: '',
    careerEnd: '',
    designFontSize: FONT_SIZES.default,
    designMainColor: '#1D4ED8',
    designMainDarkMode: 'N',
    contentDarkMode: 'N',
    isMakeHomepage: 'Y',
    activityRegion: [],
    photos: [],
    additionalSections: [],
    seoMeta: { ko: { ...emptySeo }, en: { ...emptySeo } },
    googleSiteVerification: '',
    naverSiteVerification: '',
    tagManagerId: '',
    displayNameKo: '',
    displayNameEn: '',
    brokerageName: '',
    brokerageLicenseNumber: '',
    brokerageAddress: '',
    testimonials: [],
  }
}

export function emptyTestimonial(): TestimonialFormValues {
  return { id: '', clientName: '', city: '', textKo: '', textEn: '', rating: '', date: '', source: '', sourceUrl: '', hidden: false }
}

const orEmpty = (value: string | null) => value ?? ''

/** A review as its owner reads it (with the flag) or as the public does (visible, so no flag). */
type LoadedTestimonial = PublicTestimonial & { hidden?: boolean }

/**
 * A loaded realtor as form values (null → ''). The editor passes the owner's realtor, whose
 * hidden reviews must come back into the form, or the next save would drop them.
 */
export function realtorToForm(realtor: Omit<PublicRealtor, 'testimonials'> & { testimonials: ReadonlyArray<LoadedTestimonial> }): RealtorFormValues {
  const seo = (lang: 'ko' | 'en') => ({
    title: orEmpty(realtor.seoMeta[lang].title),
    description: orEmpty(realtor.seoMeta[lang].description),
    keywords: orEmpty(realtor.seoMeta[lang].keywords),
    author: orEmpty(realtor.seoMeta[lang].author),
  })
  return {
    desiredUrl: realtor.desiredUrl,
    email: realtor.email,
    phoneCountryCode: realtor.phoneCountryCode,
    // Stored in E.164; edited as the realtor writes it at home: (949) 555-0123, 010-1234-5678.
    contactPhone: orEmpty(realtor.contactPhone && formatPhone(realtor.contactPhone, realtor.phoneCountryCode)),
    companyPhone: orEmpty(realtor.companyPhone && formatPhone(realtor.companyPhone, realtor.phoneCountryCode)),
    kakaoLink: orEmpty(realtor.kakaoLink),
    snsYoutubeUrl: orEmpty(realtor.snsYoutubeUrl),
    snsInstagramUrl: orEmpty(realtor.snsInstagramUrl),
    recommendedYoutubeUrl: orEmpty(realtor.recommendedYoutubeUrl),
    hompageUrl: orEmpty(realtor.hompageUrl),
    aboutMeKr: orEmpty(realtor.aboutMeKr),
    aboutMeEn: orEmpty(realtor.aboutMeEn),
    salesCount: realtor.salesCount === null ? '' : String(realtor.salesCount),
    lastYearSalesTotal: realtor.lastYearSalesTotal === null ? '' : String(realtor.lastYearSalesTotal),
    licenseNumber: orEmpty(realtor.licenseNumber),
    careerStart: orEmpty(realtor.careerStart),
    careerEnd: orEmpty(realtor.careerEnd),
    designFontSize: realtor.designFontSize,
    designMainColor: realtor.designMainColor,
    designMainDarkMode: realtor.designMainDarkMode,
    contentDarkMode: realtor.contentDarkMode,
    isMakeHomepage: realtor.isMakeHomepage,
    activityRegion: realtor.activityRegion.map((region) => ({
      state: region.state,
      city: region.city,
      neighborhood: orEmpty(region.neighborhood),
      cityKo: region.cityKo ?? '',
    })),
    photos: realtor.photos.map((photo) => ({ ...photo })),
    additionalSections: realtor.additionalSections.map((section) => ({
      id: section.id,
      titleKo: orEmpty(section.titleKo),
      titleEn: orEmpty(section.titleEn),
      bodyKo: orEmpty(section.bodyKo),
      bodyEn: orEmpty(section.bodyEn),
    })),
    seoMeta: { ko: seo('ko'), en: seo('en') },
    googleSiteVerification: orEmpty(realtor.googleSiteVerification),
    naverSiteVerification: orEmpty(realtor.naverSiteVerification),
    tagManagerId: orEmpty(realtor.tagManagerId),
    displayNameKo: orEmpty(realtor.displayNameKo),
    displayNameEn: orEmpty(realtor.displayNameEn),
    brokerageName: orEmpty(realtor.brokerageName),
    brokerageLicenseNumber: orEmpty(realtor.brokerageLicenseNumber),
    brokerageAddress: orEmpty(realtor.brokerageAddress),
    testimonials: realtor.testimonials.map((testimonial) => ({
      id: testimonial.id,
      clientName: testimonial.clientName,
      city: orEmpty(testimonial.city),
      textKo: orEmpty(testimonial.textKo),
      textEn: orEmpty(testimonial.textEn),
      rating: testimonial.rating === null ? '' : String(testimonial.rating),
      date: orEmpty(testimonial.date),
      source: orEmpty(testimonial.source),
      sourceUrl: orEmpty(testimonial.sourceUrl),
      hidden: testimonial.hidden ?? false,
    })),
  }
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim())
const numberOrNull = (value: string) => {
  const parsed = Number(value.replace(/,/g, ''))
  return value.trim() === '' || !Number.isFinite(parsed) ? null : parsed
}

/** Form values as a realtor for the live preview; lenient, nothing is validated here. */
export function formToPreviewRealtor(values: RealtorFormValues, base: { id: string }): PublicRealtor {
  return {
    id: base.id,
    desiredUrl: values.desiredUrl || 'preview',
    email: values.email,
    phoneCountryCode: values.phoneCountryCode,
    contactPhone: orNull(values.contactPhone),
    companyPhone: orNull(values.companyPhone),
    kakaoLink: orNull(values.kakaoLink),
    snsYoutubeUrl: orNull(values.snsYoutubeUrl),
    snsInstagramUrl: orNull(values.snsInstagramUrl),
    recommendedYoutubeUrl: orNull(values.recommendedYoutubeUrl),
    hompageUrl: orNull(values.hompageUrl),
    aboutMeKr: orNull(values.aboutMeKr),
    aboutMeEn: orNull(values.aboutMeEn),
    salesCount: numberOrNull(values.salesCount),
    lastYearSalesTotal: numberOrNull(values.lastYearSalesTotal),
    licenseNumber: orNull(values.licenseNumber),
    careerStart: orNull(values.careerStart),
    careerEnd: orNull(values.careerEnd),
    designFontSize: values.designFontSize,
    designMainColor: values.designMainColor,
    designMainDarkMode: values.designMainDarkMode,
    contentDarkMode: values.contentDarkMode,
    isMakeHomepage: values.isMakeHomepage,
    activityRegion: values.activityRegion
      .filter((region) => region.city.trim() !== '')
      .map((region) => ({ state: region.state, city: region.city, neighborhood: orNull(region.neighborhood), cityKo: orNull(region.cityKo) })),
    photos: values.photos,
    additionalSections: values.additionalSections.map((section, index) => ({
      id: section.id || `new-${index}`,
      titleKo: orNull(section.titleKo),
      titleEn: orNull(section.titleEn),
      bodyKo: orNull(section.bodyKo),
      bodyEn: orNull(section.bodyEn),
    })),
    seoMeta: {
      ko: {
        title: orNull(values.seoMeta.ko.title),
        description: orNull(values.seoMeta.ko.description),
        keywords: orNull(values.seoMeta.ko.keywords),
        author: orNull(values.seoMeta.ko.author),
      },
      en: {
        title: orNull(values.seoMeta.en.title),
        description: orNull(values.seoMeta.en.description),
        keywords: orNull(values.seoMeta.en.keywords),
        author: orNull(values.seoMeta.en.author),
      },
    },
    // The preview never loads the tag nor is verified: these only matter on the public page.
    googleSiteVerification: null,
    naverSiteVerification: null,
    tagManagerId: null,
    displayNameKo: orNull(values.displayNameKo),
    displayNameEn: orNull(values.displayNameEn),
    brokerageName: orNull(values.brokerageName),
    brokerageLicenseNumber: orNull(values.brokerageLicenseNumber),
    brokerageAddress: orNull(values.brokerageAddress),
    // What visitors would see: hidden reviews and ones without a name or text stay out.
    testimonials: values.testimonials.flatMap((testimonial, index) => {
      const rating = Number(testimonial.rating)
      const textKo = orNull(testimonial.textKo)
      const textEn = orNull(testimonial.textEn)
      if (testimonial.hidden || testimonial.clientName.trim() === '' || (textKo === null && textEn === null)) return []
      return [
        {
          id: testimonial.id || `new-${index}`,
          clientName: testimonial.clientName.trim(),
          city: orNull(testimonial.city),
          textKo,
          textEn,
          rating: Number.isInteger(rating) && rating >= 1 && rating <= 5 ? rating : null,
          date: orNull(testimonial.date),
          source: TESTIMONIAL_SOURCES.find((source) => source === testimonial.source) ?? null,
          sourceUrl: orNull(testimonial.sourceUrl),
        },
      ]
    }),
  }
}

/** The form's field names grouped the way the editor and the wizard present them. */
export const FIELD_GROUPS = {
  address: ['desiredUrl', 'displayNameKo', 'displayNameEn'],
  contact: ['email', 'phoneCountryCode', 'contactPhone', 'companyPhone', 'kakaoLink', 'snsYoutubeUrl', 'snsInstagramUrl', 'recommendedYoutubeUrl'],
  career: ['licenseNumber', 'brokerageName', 'brokerageLicenseNumber', 'brokerageAddress', 'careerStart', 'careerEnd', 'salesCount', 'lastYearSalesTotal'],
  regions: ['activityRegion'],
  photos: ['photos'],
  about: ['aboutMeKr', 'aboutMeEn', 'additionalSections'],
  design: ['designMainColor', 'designFontSize', 'designMainDarkMode', 'contentDarkMode'],
  testimonials: ['testimonials'],
  seo: ['seoMeta', 'googleSiteVerification', 'naverSiteVerification', 'tagManagerId'],
  publish: ['isMakeHomepage', 'hompageUrl'],
} as const satisfies Record<string, ReadonlyArray<keyof RealtorFormValues>>
export type FieldGroup = keyof typeof FIELD_GROUPS

/** The groups in the order the editor shows them and the wizard steps through them. */
export const FIELD_GROUP_ORDER: ReadonlyArray<FieldGroup> = [
  'address',
  'contact',
  'career',
  'regions',
  'photos',
  'about',
  'testimonials',
  'design',
  'seo',
  'publish',
]
