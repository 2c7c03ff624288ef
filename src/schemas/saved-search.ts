import { msg } from '@lingui/core/macro'
import { z } from 'zod'
import { consentWording } from '~/lib/consent'
import { SAVED_SEARCH_FREQUENCIES, SAVED_SEARCH_SORTS, SAVED_SEARCH_STATUSES } from '~/lib/saved-search-words'
import { leadListExportQuerySchema, leadListQuerySchema, leadPageOf } from './lead-list'
import { messageId } from './messages'
import { blankAsAbsent, consentPageSchema, honeypotSchema, optionalVisitorNameSchema, visitorRealtorIdSchema } from './visitor-fields'
import { emailSchema, numberFromText } from './realtor-fields'

/*
 * A visitor's saved search (issue 13), as the "Save this search" form and the REST API send it.
 * The same schema reads a JSON body and a form posted without JavaScript (every value a string,
 * an empty select meaning "any"), so optional values treat '' as absent and numbers are coerced.
 * Server-only and the realtor's inbox: the homepage's first download never imports it.
 */

function wholeNumber(max: number) {
  return z.preprocess(
    (value) => numberFromText(blankAsAbsent(value)),
    z
      .number({ error: messageId(msg`Enter a whole number`) })
      .int({ error: messageId(msg`Enter a whole number`) })
      .min(0, { error: messageId(msg`Enter a number of 0 or more`) })
      .max(max, { error: messageId(msg`This number is too large`) })
      .optional(),
  )
}

export const savedSearchFrequencySchema = z.enum(SAVED_SEARCH_FREQUENCIES, { error: messageId(msg`Choose how often to get e-mails`) })
export const savedSearchStatusSchema = z.enum(SAVED_SEARCH_STATUSES)

export const savedSearchRequestSchema = z
  .object({
    realtorId: visitorRealtorIdSchema,
    email: emailSchema,
    name: optionalVisitorNameSchema,
    frequency: z.preprocess(blankAsAbsent, savedSearchFrequencySchema.default('daily')),
    lang: z.preprocess(blankAsAbsent, z.enum(['ko', 'en']).optional()),
    state: z
      .string({ error: messageId(msg`Choose an area`) })
      .trim()
      .min(1, { error: messageId(msg`Choose an area`) })
      .max(2, { error: messageId(msg`Choose an area`) })
      .transform((state) => state.toUpperCase()),
    city: z
      .string({ error: messageId(msg`Choose an area`) })
      .trim()
      .min(1, { error: messageId(msg`Choose an area`) })
      .max(80, { error: messageId(msg`Choose an area`) }),
    type: z.preprocess(blankAsAbsent, z.enum(['sale', 'rent'], { error: messageId(msg`Choose sale or rent`) }).optional()),
    minPrice: wholeNumber(1_000_000_000),
    maxPrice: wholeNumber(1_000_000_000),
    minBeds: wholeNumber(20),
    minBaths: wholeNumber(20),
    sort: z.preprocess(blankAsAbsent, z.enum(SAVED_SEARCH_SORTS, { error: messageId(msg`Choose an order`) }).default('newest')),
    /** The wording the form showed; the server stores that version's own words, never the client's. */
    consentVersion: z
      .string({ error: messageId(msg`This consent wording is not known. Reload the page and try again.`) })
      .trim()
      .max(40)
      .refine((version) => consentWording(version, 'savedSearch') !== undefined, {
        error: messageId(msg`This consent wording is not known. Reload the page and try again.`),
      }),
    /** The path of the page the form was on, e.g. `/en/kim`; only a path of this site. */
    consentPage: z.preprocess(blankAsAbsent, consentPageSchema.optional()),
    website: honeypotSchema,
  })
  .superRefine((value, context) => {
    if (value.minPrice !== undefined && value.maxPrice !== undefined && value.minPrice > value.maxPrice) {
      context.addIssue({ code: 'custom', path: ['maxPrice'], message: messageId(msg`The highest price must not be below the lowest price`) })
    }
  })
export type SavedSearchRequest = z.input<typeof savedSearchRequestSchema>
export type SavedSearchInput = z.output<typeof savedSearchRequestSchema>

/** What `POST /saved-searches` answers, whether the search is new, known or a bot's: nothing to probe. */
export const createdSavedSearchSchema = z.object({ id: z.string(), status: z.literal('pending') })
export type CreatedSavedSearch = z.infer<typeof createdSavedSearchSchema>

/** The filters of a search, as the manage page, the inbox and the mails put them in words. */
export const savedSearchFiltersSchema = z.object({
  state: z.string(),
  city: z.string(),
  listingType: z.enum(['sale', 'rent']).nullable(),
  minPrice: z.number().nullable(),
  maxPrice: z.number().nullable(),
  minBeds: z.number().int().nullable(),
  minBaths: z.number().int().nullable(),
  sort: z.enum(SAVED_SEARCH_SORTS),
})

/** What the visitor agreed to, as stored then. */
export const savedSearchConsentSchema = z.object({
  version: z.string(),
  text: z.string().meta({ description: 'The exact words shown, in the language shown' }),
  lang: z.enum(['ko', 'en']),
  page: z.string().nullable().meta({ description: 'The path of the page the form was on' }),
  consentedAt: z.string(),
})

/** A saved search as its realtor sees it in the API and the inbox. */
export const savedSearchSchema = savedSearchFiltersSchema.extend({
  id: z.string(),
  realtorId: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  lang: z.enum(['ko', 'en']),
  frequency: savedSearchFrequencySchema,
  status: savedSearchStatusSchema,
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  lastAlertedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
  consent: savedSearchConsentSchema,
})
export type SavedSearch = z.infer<typeof savedSearchSchema>

/** `GET /saved-searches` and the inbox's second list: whose searches, which status, a page at a time. */
export const savedSearchListQuerySchema = leadListQuerySchema(savedSearchStatusSchema)
export type SavedSearchListQuery = z.input<typeof savedSearchListQuerySchema>

/** `GET /saved-searches/export.csv`: every confirmed search the filters select, in `viewerLang`. */
export const savedSearchesExportQuerySchema = leadListExportQuerySchema(savedSearchStatusSchema)

export const savedSearchPageSchema = leadPageOf({ searches: z.array(savedSearchSchema) }, {})
export type SavedSearchPage = z.infer<typeof savedSearchPageSchema>

/** The realtor pausing or resuming one search (`PATCH /saved-searches/{id}`). */
export const savedSearchPauseBodySchema = z.object({ paused: z.boolean() })
export const savedSearchPauseRequestSchema = savedSearchPauseBodySchema.extend({ id: z.string().min(1).max(64) })

/** A visitor's link: the token from the mail. */
export const savedSearchTokenSchema = z.object({
  token: z
    .string({ error: messageId(msg`This link is not valid. Open the link from your e-mail again.`) })
    .min(1, { error: messageId(msg`This link is not valid. Open the link from your e-mail again.`) })
    .max(300, { error: messageId(msg`This link is not valid. Open the link from your e-mail again.`) }),
})

/** The manage page changing how often mails come. */
export const savedSearchFrequencyRequestSchema = savedSearchTokenSchema.extend({ frequency: savedSearchFrequencySchema })

/** What the confirm and manage pages show a visitor holding a valid link. */
export const savedSearchViewSchema = savedSearchFiltersSchema.extend({
  status: savedSearchStatusSchema,
  frequency: savedSearchFrequencySchema,
  email: z.string(),
  lang: z.enum(['ko', 'en']),
  realtorName: z.string(),
  /** A manage token for this search, so the confirmation page can link to the manage page. */
  manageToken: z.string().nullable(),
})
export type SavedSearchView = z.infer<typeof savedSearchViewSchema>
