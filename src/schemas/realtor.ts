import { msg } from '@lingui/core/macro'
import { z } from 'zod'
import { messageId } from './messages'
import { groupPhotos, photoSchema, type PhotoGroups } from './photo'
import {
  careerDateSchema,
  countryCodeSchema,
  desiredUrlSchema,
  emailSchema,
  hexColorSchema,
  numberFromText,
  optional,
  phoneForStorage,
  phoneProblem,
  siteVerificationSchema,
  tagManagerIdSchema,
  urlSchema,
  videoUrlSchema,
  yesNoSchema,
} from './realtor-fields'
import { REGION_STATES } from '~/lib/region-states'
import { DISCLOSURE_FIELD_MESSAGES, requiredDisclosureFields } from './state-disclosures'
import { publicTestimonialSchema, testimonialSchema, testimonialsInputSchema } from './testimonial'

export { REGION_STATES }
export const regionStateSchema = z.enum(REGION_STATES, { error: messageId(msg`Choose California or Georgia`) })

const shortText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: messageId(msg`This text is too long`) })

export const activityRegionSchema = z.object({
  state: regionStateSchema,
  city: shortText(80).min(1, { error: messageId(msg`Enter a city`) }),
  neighborhood: optional(shortText(80)),
  /** The city's Korean name on Korean pages, over the platform's table (src/lib/place-names.ts). */
  cityKo: optional(shortText(80)),
})
export type ActivityRegion = z.infer<typeof activityRegionSchema>

// Strict: an unknown key is a mistake to answer, not a section to blank (PATCH replaces the list).
export const additionalSectionSchema = z.strictObject({
  id: z.string().max(64).optional(),
  titleKo: optional(shortText(120)),
  titleEn: optional(shortText(120)),
  bodyKo: optional(shortText(5000)),
  bodyEn: optional(shortText(5000)),
})
export type AdditionalSection = z.infer<typeof additionalSectionSchema>

export const seoMetaEntrySchema = z.strictObject({
  title: optional(shortText(120)),
  description: optional(shortText(320)),
  keywords: optional(shortText(320)),
  author: optional(shortText(120)),
})
// Strict, as the sections: `{ "seoMeta": { "a": 1 } }` would otherwise blank every SEO text.
export const seoMetaSchema = z.strictObject({
  ko: seoMetaEntrySchema.default({}),
  en: seoMetaEntrySchema.default({}),
})
export type SeoMeta = z.infer<typeof seoMetaSchema>

const nonNegativeInt = z
  .number({ error: messageId(msg`Enter a number`) })
  .int({ error: messageId(msg`Enter a whole number`) })
  .min(0, { error: messageId(msg`Enter zero or more`) })
  .max(1_000_000_000_000, { error: messageId(msg`This number is too large`) })

export const FONT_SIZES = { min: 12, max: 24, default: 16 } as const

/** A phone field checked against the realtor's phone country (spec §5). */
const phoneField = optional(shortText(30))

/**
 * The realtor form of spec §3, as the browser sends it and the API accepts it. Fields after
 * `seoMeta` are additive: what a homepage needs and the spec does not show (display names,
 * the responsible brokerage that California rules require on an agent's site).
 */
export const realtorInputSchema = z
  .object({
    desiredUrl: desiredUrlSchema,
    email: emailSchema,
    contactPhone: phoneField,
    companyPhone: phoneField,
    phoneCountryCode: countryCodeSchema.default('US'),
    kakaoLink: optional(urlSchema),
    snsYoutubeUrl: optional(urlSchema),
    snsInstagramUrl: optional(urlSchema),
    recommendedYoutubeUrl: optional(videoUrlSchema),
    hompageUrl: optional(urlSchema),
    aboutMeKr: optional(shortText(5000)),
    aboutMeEn: optional(shortText(5000)),
    // A count column is a 32-bit integer on PostgreSQL.
    salesCount: optional(z.preprocess(numberFromText, nonNegativeInt.max(2_147_483_647, { error: messageId(msg`This number is too large`) }))),
    lastYearSalesTotal: optional(z.preprocess(numberFromText, nonNegativeInt)),
    licenseNumber: optional(shortText(40)),
    careerStart: optional(careerDateSchema),
    careerEnd: optional(careerDateSchema),
    designFontSize: z
      .preprocess(
        numberFromText,
        z
          .number({ error: messageId(msg`Enter a number`) })
          .int({ error: messageId(msg`Enter a whole number`) })
          .min(FONT_SIZES.min, { error: messageId(msg`Choose a font size from 12 to 24`) })
          .max(FONT_SIZES.max, { error: messageId(msg`Choose a font size from 12 to 24`) }),
      )
      .default(FONT_SIZES.default),
    designMainColor: hexColorSchema.default('#1D4ED8'),
    designMainDarkMode: yesNoSchema.default('N'),
    contentDarkMode: yesNoSchema.default('N'),
    isMakeHomepage: yesNoSchema.default('Y'),
    activityRegion: z.array(activityRegionSchema).max(20).default([]),
    photos: z.array(photoSchema).max(60).default([]),
    additionalSections: z.array(additionalSectionSchema).max(20).default([]),
    seoMeta: seoMetaSchema.default({ ko: {}, en: {} }),
    // Search consoles' ownership checks and the analytics tag (issue 14, decision 015).
    googleSiteVerification: optional(siteVerificationSchema('google-site-verification')).meta({
      description: 'Google Search Console token: the bare token or the whole pasted `<meta name="google-site-verification">` tag',
    }),
    naverSiteVerification: optional(siteVerificationSchema('naver-site-verification')).meta({
      description: 'Naver Search Advisor token: the bare token or the whole pasted `<meta name="naver-site-verification">` tag',
    }),
    tagManagerId: optional(tagManagerIdSchema).meta({
      description: "A Google Tag Manager (GTM-…) or Google Analytics 4 (G-…) id; loaded only after a visitor's consent",
    }),
    displayNameKo: optional(shortText(80)),
    displayNameEn: optional(shortText(80)),
    brokerageName: optional(shortText(120)),
    brokerageLicenseNumber: optional(shortText(40)),
    brokerageAddress: optional(shortText(200)),
    /** Client reviews in the order shown (issue 14); hidden ones stay with the realtor. */
    testimonials: testimonialsInputSchema,
  })
  .superRefine((value, context) => {
    for (const field of ['contactPhone', 'companyPhone'] as const) {
      const phone = value[field]
      const problem = phone === undefined ? null : phoneProblem(phone, value.phoneCountryCode)
      if (problem) context.addIssue({ code: 'custom', path: [field], message: problem })
    }
    // A published homepage shows what its states' licensing rules require (issue 15): the
    // form refuses to publish without it rather than leave the realtor to know the rules.
    if (value.isMakeHomepage === 'Y') {
      for (const field of requiredDisclosureFields(value.activityRegion)) {
        if (value[field] === undefined) context.addIssue({ code: 'custom', path: [field], message: messageId(DISCLOSURE_FIELD_MESSAGES[field]) })
      }
    }
    if (value.careerStart && value.careerEnd && value.careerEnd < value.careerStart) {
      context.addIssue({
        code: 'custom',
        path: ['careerEnd'],
        message: messageId(msg`The end of your career cannot come before its start`),
      })
    }
  })
  .transform((value) => ({
    ...value,
    // Stored in E.164 (issue 52 item 7): the public pages show it in its country's form and call it with its code.
    contactPhone: value.contactPhone === undefined ? undefined : phoneForStorage(value.contactPhone, value.phoneCountryCode),
    companyPhone: value.companyPhone === undefined ? undefined : phoneForStorage(value.companyPhone, value.phoneCountryCode),
  }))

export type RealtorInput = z.input<typeof realtorInputSchema>
export type RealtorFields = z.output<typeof realtorInputSchema>

/** A realtor's id, as the pages name the realtor they change. */
export const realtorIdSchema = z.string().min(1).max(64)

/** The editor's save: the realtor's id and every field of the form (the REST PATCH takes any subset). */
export const realtorUpdateRequestSchema = z.object({ id: realtorIdSchema, realtor: realtorInputSchema })
export type RealtorUpdateRequest = z.input<typeof realtorUpdateRequestSchema>

/** A public realtor by id, desiredUrl or own domain (`GET /realtor/{key}`). */
export const realtorKeySchema = z.object({ key: z.string().trim().min(1).max(300) })

/** Whether the signed-in viewer may edit this realtor (owner or admin). */
export const editAccessSchema = z.object({ canEdit: z.boolean() })

/** The onboarding wizard's live check of an address, optionally ignoring the realtor's own. */
export const desiredUrlCheckSchema = z.object({ desiredUrl: z.string().max(100), exceptId: z.string().max(64).optional() })
export type DesiredUrlCheck = z.input<typeof desiredUrlCheckSchema>

export const DESIRED_URL_STATUSES = ['available', 'taken', 'reserved', 'invalid'] as const
export const desiredUrlStatusSchema = z.object({ status: z.enum(DESIRED_URL_STATUSES) })
export type DesiredUrlStatus = z.infer<typeof desiredUrlStatusSchema>

const nullableText = z.string().nullable()

/** A realtor as the API answers it (spec §3 plus id, bookkeeping and the additive fields). */
export const realtorSchema = z.object({
  id: z.string(),
  userId: z.string(),
  desiredUrl: z.string(),
  email: z.string(),
  contactPhone: nullableText,
  companyPhone: nullableText,
  phoneCountryCode: z.string(),
  kakaoLink: nullableText,
  snsYoutubeUrl: nullableText,
  snsInstagramUrl: nullableText,
  recommendedYoutubeUrl: nullableText,
  hompageUrl: nullableText,
  aboutMeKr: nullableText,
  aboutMeEn: nullableText,
  salesCount: z.number().nullable(),
  lastYearSalesTotal: z.number().nullable(),
  licenseNumber: nullableText,
  careerStart: nullableText,
  careerEnd: nullableText,
  designFontSize: z.number(),
  designMainColor: z.string(),
  designMainDarkMode: yesNoSchema,
  contentDarkMode: yesNoSchema,
  isMakeHomepage: yesNoSchema,
  activityRegion: z.array(z.object({ state: regionStateSchema, city: z.string(), neighborhood: nullableText, cityKo: nullableText.optional() })),
  photos: z.array(
    z.object({
      path: photoSchema.shape.path,
      imageType: photoSchema.shape.imageType,
      url: z.string(),
      // The widths of the photo's WebP variants (`{url}.w640.webp`, src/lib/photo-variants.ts),
      // present only once they exist: what a page's srcset names. Read-only; a save ignores it.
      widths: z.array(z.number().int().positive()).optional(),
    }),
  ),
  additionalSections: z.array(z.object({ id: z.string(), titleKo: nullableText, titleEn: nullableText, bodyKo: nullableText, bodyEn: nullableText })),
  seoMeta: z.object({
    ko: z.object({ title: nullableText, description: nullableText, keywords: nullableText, author: nullableText }),
    en: z.object({ title: nullableText, description: nullableText, keywords: nullableText, author: nullableText }),
  }),
  googleSiteVerification: nullableText,
  naverSiteVerification: nullableText,
  tagManagerId: nullableText,
  displayNameKo: nullableText,
  displayNameEn: nullableText,
  brokerageName: nullableText,
  brokerageLicenseNumber: nullableText,
  brokerageAddress: nullableText,
  testimonials: z.array(testimonialSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Realtor = z.infer<typeof realtorSchema>

/**
 * What a visitor may see of a realtor (issue 15): the public `GET /realtor/{key}` and every
 * public page carry this, never the owner's account id or the row's bookkeeping times. The
 * owner's own answers (create, update) keep the whole resource.
 */
export const publicRealtorSchema = realtorSchema
  .omit({ userId: true, createdAt: true, updatedAt: true })
  // Only visible reviews reach a visitor (the caller filters them): the item schema drops the flag.
  .extend({ testimonials: z.array(publicTestimonialSchema) })
export type PublicRealtor = z.infer<typeof publicRealtorSchema>

/** Spec §4: a loaded realtor, with empty lists where data was missing and every photo group. */
export type NormalizedRealtor<T extends { photos?: unknown; additionalSections?: unknown }> = Omit<T, 'photos' | 'additionalSections'> & {
  photos: Array<z.infer<typeof photoSchema>>
  additionalSections: Array<AdditionalSection>
  photoGroups: PhotoGroups
}

export function normalizeLoadedRealtor<
  T extends { photos?: ReadonlyArray<z.infer<typeof photoSchema>> | null; additionalSections?: ReadonlyArray<AdditionalSection> | null },
>(realtor: T): NormalizedRealtor<T> {
  const photos = [...(realtor.photos ?? [])]
  return {
    ...realtor,
    photos,
    additionalSections: [...(realtor.additionalSections ?? [])],
    photoGroups: groupPhotos(photos),
  }
}
