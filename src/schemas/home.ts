import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { z } from 'zod'
import { parseBbox, snapBboxOutward, type BboxProblem } from '~/lib/bbox'
import { MAX_KEYWORD_LENGTH } from '~/lib/home-keyword'
import { listingSourceSchema } from './listing-source'
import { messageId } from './messages'
import { openHouseSchema } from './open-houses'
import { wholeNumber } from './query-fields'
import { regionStateSchema } from './realtor'

/*
 * The listings contract (spec §7 `GET /cozying-api/v1/home/list`, issue 6). Query values are
 * the spec's lowercase words; the store keeps RESO Data Dictionary values, and the maps below
 * are the only place that translates between them.
 */

export const LISTING_TYPES = ['sale', 'rent'] as const
export type ListingType = (typeof LISTING_TYPES)[number]

export const PROPERTY_KINDS = ['single_family', 'condo', 'townhouse', 'multi_family', 'land'] as const
export type PropertyKind = (typeof PROPERTY_KINDS)[number]

/** RESO PropertySubType for each kind the API filters by. */
export const RESO_SUB_TYPE: Record<PropertyKind, string> = {
  single_family: 'SingleFamilyResidence',
  condo: 'Condominium',
  townhouse: 'Townhouse',
  multi_family: 'MultiFamily',
  land: 'UnimprovedLand',
}

/** What `propertyType` accepts: a kind, or `any` for every kind (the search page's default; the API's stays the spec's). */
export const PROPERTY_TYPE_CHOICES = ['any', ...PROPERTY_KINDS] as const
export type PropertyTypeChoice = (typeof PROPERTY_TYPE_CHOICES)[number]

export const HOME_STATUSES = ['active', 'pending', 'under_contract', 'coming_soon', 'sold'] as const
export type HomeStatus = (typeof HOME_STATUSES)[number]

/** What `propertyStatus` accepts: statuses, or `any` for a listing whatever its status (a market report's new listings). */
export const PROPERTY_STATUS_CHOICES = [...HOME_STATUSES, 'any'] as const
export type PropertyStatusChoice = (typeof PROPERTY_STATUS_CHOICES)[number]

/** RESO StandardStatus for each status the API filters by. */
export const RESO_STATUS: Record<HomeStatus, string> = {
  active: 'Active',
  pending: 'Pending',
  under_contract: 'ActiveUnderContract',
  coming_soon: 'ComingSoon',
  sold: 'Closed',
}

/** How far back a price reduction counts, in days, on a market report and in `priceReduced`. */
export const PRICE_REDUCTION_DAYS = 30

/** The most days `listedWithinDays` reaches back: a year. */
export const MAX_LISTED_WITHIN_DAYS = 365

export const HOME_SORTS = ['newest', 'price_asc', 'price_desc', 'size_asc', 'size_desc'] as const
export type HomeSort = (typeof HOME_SORTS)[number]

export const HOME_LIST_DEFAULTS = {
  type: 'sale',
  propertyType: 'single_family',
  propertyStatus: 'active',
  currentPage: 1,
  homesPerPage: 10,
  totalHomesPerGroup: 15,
  state: 'CA',
  city: 'Irvine',
  sort: 'newest',
} as const

export const MAX_HOMES_PER_PAGE = 50
export const MAX_HOMES_PER_GROUP = 500
const MAX_PRICE = 1_000_000_000
/** Living area in square feet: far above any home, low enough to stay a plain number. */
export const MAX_LIVING_AREA = 100_000

const price = wholeNumber(0, MAX_PRICE, msg`Enter a price from 0 to 1,000,000,000`)
const livingArea = wholeNumber(0, MAX_LIVING_AREA, msg`Enter a living area from 0 to 100,000 sq ft`)

const BBOX_PROBLEMS: Record<BboxProblem, MessageDescriptor> = {
  format: msg`Give the map area as four numbers: west,south,east,north`,
  range: msg`Longitudes run from -180 to 180 and latitudes from -90 to 90`,
  order: msg`The map area's south edge must be below its north edge`,
  antimeridian: msg`The map area's west edge must lie west of its east edge (areas across the 180th meridian are not supported)`,
}

/** `bbox=west,south,east,north`, snapped outward to its grid (src/lib/bbox.ts) so nearby boxes ask one question. */
const bboxField = z
  .string()
  .meta({ description: 'The map area, `west,south,east,north` in degrees; widened to a grid, and replaces `state` and `city`' })
  .transform((text, context) => {
    const parsed = parseBbox(text)
    if (!parsed.ok) {
      context.addIssue({ code: 'custom', message: messageId(BBOX_PROBLEMS[parsed.problem]) })
      return z.NEVER
    }
    return snapBboxOutward(parsed.bbox)
  })

const STATUS_ERROR = messageId(msg`Choose a listing status from the list`)

/**
 * `propertyStatus`: one status, several separated by commas (`active,pending`), or `any`; `active`
 * when absent. Given as the list of choices, `any` alone when it is among them.
 */
const propertyStatusField = z
  .string({ error: STATUS_ERROR })
  .optional()
  .transform((text, context): Array<PropertyStatusChoice> => {
    const asked = new Set((text ?? HOME_LIST_DEFAULTS.propertyStatus).split(',').map((part) => part.trim()))
    const chosen = PROPERTY_STATUS_CHOICES.filter((choice) => asked.has(choice))
    if (chosen.length !== asked.size) {
      context.addIssue({ code: 'custom', message: STATUS_ERROR })
      return z.NEVER
    }
    return chosen.includes('any') ? ['any'] : chosen
  })
  .meta({
    description:
      '`active` (absent), `pending`, `under_contract` (RESO ActiveUnderContract), `coming_soon`, `sold`, several separated by commas (`active,pending,under_contract`), or `any` for every status',
  })

/** What a list and a map of homes both filter by. */
const homeFilterFields = {
  type: z.enum(LISTING_TYPES, { error: messageId(msg`Choose sale or rent`) }).default(HOME_LIST_DEFAULTS.type),
  propertyType: z
    .enum(PROPERTY_TYPE_CHOICES, { error: messageId(msg`Choose a property type from the list`) })
    .default(HOME_LIST_DEFAULTS.propertyType)
    .meta({ description: "A kind of home, or `any` for every kind; `single_family` when absent (the spec's default)" }),
  propertyStatus: propertyStatusField,
  state: regionStateSchema.default(HOME_LIST_DEFAULTS.state),
  city: z
    .string()
    .trim()
    .min(1, { error: messageId(msg`Enter a city`) })
    .max(80, { error: messageId(msg`This text is too long`) })
    .default(HOME_LIST_DEFAULTS.city),
  minPrice: price.optional(),
  maxPrice: price.optional(),
  minBeds: wholeNumber(0, 20, msg`Choose from 0 to 20 bedrooms`).optional(),
  minBaths: wholeNumber(0, 20, msg`Choose from 0 to 20 bathrooms`).optional(),
  minSize: livingArea.optional().meta({ description: 'Smallest living area in square feet (the `size` of a home)' }),
  maxSize: livingArea.optional().meta({ description: 'Largest living area in square feet' }),
  postalCode: z
    .string()
    .trim()
    .regex(/^\d{5}$/, { error: messageId(msg`Enter a 5-digit ZIP code`) })
    .optional()
    .meta({ description: 'A 5-digit ZIP code; a home whose code is ZIP+4 matches its first five digits' }),
  q: z
    .string()
    .trim()
    .max(MAX_KEYWORD_LENGTH, { error: messageId(msg`Enter at most 100 characters to search for`) })
    .optional()
    .meta({
      description: 'Words found in the street address, the city, the listing number or the remarks (case-insensitive; `%` and `_` are plain characters)',
    }),
  listedWithinDays: wholeNumber(1, MAX_LISTED_WITHIN_DAYS, msg`Choose from 1 to 365 days`)
    .optional()
    .meta({
      description:
        'Homes that came on the market in the last N days up to today (RESO OnMarketDate, UTC days), as a market report counts new listings over 30; pair with `propertyStatus=any` for those whatever their status now',
    }),
  priceReduced: z
    .enum(['true', 'false'], { error: messageId(msg`Choose true or false`) })
    .optional()
    .transform((value) => value === 'true')
    .meta({
      description:
        'With `true`, homes listed below their original list price whose listing changed in the last 30 days, as a market report counts price reductions (which pairs it with `propertyStatus=active,pending,under_contract`)',
    }),
}

const pricesInOrder = (query: { minPrice?: number; maxPrice?: number }) =>
  query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice
const PRICE_ORDER_ERROR = { path: ['maxPrice'], error: messageId(msg`The highest price must not be below the lowest`) }
const sizesInOrder = (query: { minSize?: number; maxSize?: number }) =>
  query.minSize === undefined || query.maxSize === undefined || query.minSize <= query.maxSize
const SIZE_ORDER_ERROR = { path: ['maxSize'], error: messageId(msg`The largest size must not be below the smallest`) }

/** The query of `home/list`, with the spec's defaults; invalid values give 400 with field errors. */
export const homeListQuerySchema = z
  .object({
    ...homeFilterFields,
    currentPage: wholeNumber(1, 10_000, msg`Enter a page number of 1 or more`).default(HOME_LIST_DEFAULTS.currentPage),
    homesPerPage: wholeNumber(1, MAX_HOMES_PER_PAGE, msg`Choose from 1 to 50 homes per page`).default(HOME_LIST_DEFAULTS.homesPerPage),
    totalHomesPerGroup: wholeNumber(1, MAX_HOMES_PER_GROUP, msg`Choose a group of 1 to 500 homes`).default(HOME_LIST_DEFAULTS.totalHomesPerGroup),
    bbox: bboxField.optional(),
    sort: z.enum(HOME_SORTS, { error: messageId(msg`Choose newest, price or size order`) }).default(HOME_LIST_DEFAULTS.sort),
    /** A realtor's desiredUrl: each home's `url` then points at that realtor's detail page. */
    realtor: z
      .string()
      .trim()
      .min(1, { error: messageId(msg`Choose a realtor`) })
      .max(64, { error: messageId(msg`This text is too long`) })
      .optional(),
    lang: z.enum(['ko', 'en'], { error: messageId(msg`Choose Korean or English`) }).default('ko'),
  })
  .refine(pricesInOrder, PRICE_ORDER_ERROR)
  .refine(sizesInOrder, SIZE_ORDER_ERROR)
export type HomeListQuery = z.output<typeof homeListQuerySchema>

/** One listed home in the original answer's shape, public fields only (no agent phone or e-mail). */
export const homeSummarySchema = z.object({
  homeId: z.string().meta({ description: 'The RESO ListingKey' }),
  fullAddress: z.string().meta({ description: 'Street address, or only city and state when the MLS forbids the address' }),
  city: z.string(),
  state: z.string(),
  postalCode: z.string().nullable(),
  price: z.number(),
  beds: z.number().nullable(),
  baths: z.number().nullable(),
  size: z.number().nullable().meta({ description: 'Living area in square feet' }),
  lotSizeSqft: z.number().nullable(),
  yearBuilt: z.number().nullable(),
  type: z.enum(LISTING_TYPES),
  propertyType: z.string().meta({ description: 'RESO PropertySubType' }),
  homeStatus: z.string().meta({ description: 'RESO StandardStatus' }),
  images: z.array(z.string()),
  imageVariants: z.array(z.string().nullable()).meta({
    description:
      'Per image, in the order of `images`: a path on this server its WebP copies are named from, `{path}.w640.webp`, `.w1024.webp` and `.w1600.webp` (never wider than the original; a wider one answers the widest made), or null for an image without copies. Empty when no image has any',
  }),
  listOfficeName: z.string().nullable().meta({ description: 'Listing broker credit (MLS display rule)' }),
  listAgentFullName: z.string().nullable(),
  onMarketDate: z.string().nullable(),
  isDemo: z.boolean(),
  sourceId: z.string().meta({ description: "Which of the page's `sources` this listing comes from" }),
  url: z.string().nullable().meta({ description: "The home's detail page on the realtor's site; null without `realtor`" }),
  latitude: z.number().nullable().meta({ description: 'Null when the MLS forbids showing the address' }),
  longitude: z.number().nullable().meta({ description: 'Null when the MLS forbids showing the address' }),
  openHouses: z.array(openHouseSchema).meta({
    description: "Upcoming open houses, soonest first (at most 6): the MLS's, and with `realtor` also that realtor's own; empty when none",
  }),
})
export type HomeSummary = z.infer<typeof homeSummarySchema>

export const homeListPageSchema = z.object({
  homes: z.array(homeSummarySchema),
  currentPage: z.number(),
  homesPerPage: z.number(),
  totalHomesPerGroup: z.number(),
  totalHomes: z.number().meta({ description: 'Homes in this group: the matches, at most totalHomesPerGroup' }),
  totalPages: z.number(),
  hasMoreThanGroup: z.boolean().meta({ description: 'More homes match than the group holds' }),
  sources: z.array(listingSourceSchema).meta({
    description: "The sources of this page's homes: the MLS disclaimer, credit wording and last update a page must show with them",
  }),
})
export type HomeListPage = z.infer<typeof homeListPageSchema>

/** At most this many points in one map answer: enough for a region's markers, small enough to send at once. */
export const MAX_MAP_POINTS = 5000

/** The query of `home/points`: the list's filters within a required map area. */
export const homePointsQuerySchema = z
  .object({ ...homeFilterFields, bbox: bboxField })
  .omit({ state: true, city: true })
  .refine(pricesInOrder, PRICE_ORDER_ERROR)
  .refine(sizesInOrder, SIZE_ORDER_ERROR)
export type HomePointsQuery = z.output<typeof homePointsQuerySchema>

export const homePointSchema = z.object({
  homeId: z.string().meta({ description: 'The RESO ListingKey' }),
  latitude: z.number(),
  longitude: z.number(),
  price: z.number(),
  homeStatus: z.string().meta({ description: 'RESO StandardStatus' }),
})

export const homePointsSchema = z.object({
  points: z
    .array(homePointSchema)
    .meta({ description: `The matching homes in the area, at most ${MAX_MAP_POINTS}; homes whose address the MLS hides are never among them` }),
  bbox: z
    .object({ west: z.number(), south: z.number(), east: z.number(), north: z.number() })
    .meta({ description: 'The area answered: the asked one widened to its grid' }),
  truncated: z.boolean().meta({ description: `More than ${MAX_MAP_POINTS} homes match: zoom in to see them all` }),
})
export type HomePoints = z.infer<typeof homePointsSchema>

/** A home's detail page: the summary plus the long facts. */
/**
 * The remarks in the page's language (issue 54 item 3): a machine translation of the current
 * `publicRemarks`, or `pending` while the background job has not made it yet. Null where no
 * translation is offered: an English page, remarks the MLS's display profile forbids altering
 * (`translateRemarks` off), or no remarks.
 */
export const remarksTranslationSchema = z
  .discriminatedUnion('status', [
    z.object({ status: z.literal('translated'), lang: z.literal('ko'), text: z.string() }),
    z.object({ status: z.literal('pending'), lang: z.literal('ko') }),
  ])
  .nullable()
  .meta({ description: "A machine translation of publicRemarks into the page's language; null where none is offered" })
export type RemarksTranslation = z.infer<typeof remarksTranslationSchema>

export const homeDetailSchema = homeSummarySchema.extend({
  streetAddress: z.string().nullable().meta({ description: 'Null when the MLS forbids showing the address' }),
  publicRemarks: z.string().nullable(),
  remarksTranslation: remarksTranslationSchema,
  addressHidden: z.boolean(),
  modificationTimestamp: z.string(),
  associationFeeMonthly: z.number().nullable().meta({ description: 'HOA dues in dollars per month; null when the MLS gives none' }),
  listingSource: listingSourceSchema.meta({ description: "The listing's source: the MLS disclaimer, credit wording and last update" }),
})
export type HomeDetail = z.infer<typeof homeDetailSchema>

/** A home's detail page: which home, on whose homepage, in which language. */
export const homePageRequestSchema = z.object({
  listingKey: z.string().min(1).max(128),
  desiredUrl: z.string().min(1).max(64),
  lang: z.enum(['ko', 'en']),
})
export type HomePageRequest = z.infer<typeof homePageRequestSchema>

/** The homes a page offers in place of a listing that is gone (issue 51 item 2); the key may be any text the address held. */
export const similarHomesRequestSchema = z.object({
  listingKey: z.string().max(128),
  desiredUrl: z.string().min(1).max(64),
  lang: z.enum(['ko', 'en']),
})
export type SimilarHomesRequest = z.infer<typeof similarHomesRequestSchema>

export const similarHomesSchema = z.object({
  /** The key names a listing we had and an import retired (410 Gone), not one we never had or may not show (404). */
  retired: z.boolean(),
  homes: z.array(homeSummarySchema),
  sources: z.array(listingSourceSchema),
})
export type SimilarHomes = z.infer<typeof similarHomesSchema>
