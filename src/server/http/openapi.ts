import { z } from 'zod'
import { createDocument, type ZodOpenApiPathsObject } from 'zod-openapi'
import { bearer, errorResponses, jsonContent } from './openapi-parts'
import {
  contactMessageSchema,
  contactRequestSchema,
  createdContactSchema,
  deletedMessageSchema,
  messageListQuerySchema,
  messagesExportQuerySchema,
  messagePageSchema,
  messageStatusBodySchema,
} from '~/schemas/inbox'
import { directoryPageSchema, directoryQuerySchema } from '~/schemas/directory'
import { homeDetailSchema, homeListPageSchema, homeListQuerySchema, homePointsQuerySchema, homePointsSchema, MAX_MAP_POINTS } from '~/schemas/home'
import { publicRealtorSchema, realtorInputSchema, realtorSchema } from '~/schemas/realtor'
import { tokenRequestSchema, tokenResponseSchema } from '~/server/auth/program-token'
import { leadsPaths } from './openapi-leads'
import { presignRequestSchema, presignResponseSchema } from '~/schemas/uploads'
import { statisticsSchema } from '~/schemas/statistics'
import { replySettingsPaths } from './openapi-replies'
import { ACCOUNT_TAG, accountPaths } from './openapi-account'
import {
  createdSavedSearchSchema,
  savedSearchListQuerySchema,
  savedSearchesExportQuerySchema,
  savedSearchPageSchema,
  savedSearchPauseBodySchema,
  savedSearchRequestSchema,
  savedSearchSchema,
} from '~/schemas/saved-search'
import { openHousePaths } from './openapi-open-houses'
import { POSTS_TAG, postPaths } from './openapi-posts'
import { CMAS_TAG, cmaPaths } from './openapi-cmas'
import { tourPaths } from './openapi-tours'
import { marketSubscriptionPaths } from './openapi-market-subscriptions'
import { createdSellerLeadSchema, sellerLeadRequestSchema } from '~/schemas/seller-leads'
import { valuationAnswerSchema, valuationRequestSchema } from '~/schemas/valuations'
import { marketQuerySchema, marketReportSchema } from '~/schemas/market'
import { recordIdRequestSchema } from '~/schemas/record-id'

const realtorResponse = realtorSchema.meta({ id: 'Realtor' })
const publicRealtorResponse = publicRealtorSchema.meta({ id: 'PublicRealtor' })
const createdContactResponse = createdContactSchema.meta({ id: 'CreatedContact' })

/**
 * Conventions every operation keeps (issue 32; `npm test` lints the whole document with
 * Redocly's recommended rules, tests/integration/openapi-client.test.ts): a unique camelCase
 * `operationId` (generated clients name their functions after it), a `summary`, one of the
 * `API_TAGS` below in `tags` (a new area adds its tag there, with a description), `security:
 * bearer` or `security: PUBLIC` (never left out), and its 4xx answers (`errorResponses`).
 */
export const PUBLIC: Array<Record<string, Array<string>>> = []

export const API_TAGS = {
  auth: { name: 'Auth', description: 'Bearer tokens for programs' },
  realtors: { name: 'Realtors', description: "Realtors' homepages: the public directory and profiles, and their owners' changes" },
  uploads: { name: 'Uploads', description: 'Photo uploads: presigned addresses the client sends each file to' },
  statistics: { name: 'Statistics', description: "A realtor's cookieless visitor statistics" },
  homes: { name: 'Homes', description: 'Listed homes, as the MLS feeds sent them (RESO names), public' },
  messages: { name: 'Messages', description: "Visitors' messages to a realtor, and the realtor's inbox" },
  savedSearches: { name: 'Saved searches', description: "New-listing alerts a visitor saves and confirms by e-mail, and the realtor's list of them" },
  leads: { name: 'Leads', description: "Every kind of lead in one pipeline: stages, follow-up days and the realtor's private notes" },
  leadDesk: { name: 'Lead desk', description: "The realtor's instant reply to new leads and their daily digest" },
  tours: { name: 'Tours', description: 'Tour requests a visitor sends from a listing page, and the realtor confirming, proposing or cancelling them' },
  openHouses: { name: 'Open houses', description: "Open houses from the MLS feed and the realtor's own, with calendar files" },
  valuations: { name: 'Valuations', description: "A home's estimated value from comparable homes, as a realtor's home-value page shows it" },
  posts: POSTS_TAG,
  cmas: CMAS_TAG,
  account: ACCOUNT_TAG,
  market: {
    name: 'Market reports',
    description:
      "A city's market figures after each listings import, with their monthly history, and the monthly report by e-mail a visitor subscribes to and confirms",
  },
} as const

/**
 * Every operation of the API with the zod schemas of its requests and answers: the document is
 * made from it, and the tests walk its request schemas (every field of every endpoint gets a
 * message a person understands, tests/unit/validation-messages.test.ts).
 */
export function apiPaths(): ZodOpenApiPathsObject {
  return {
    ...replySettingsPaths(),
    ...accountPaths(),
    ...openHousePaths(),
    ...postPaths(),
    ...cmaPaths(),
    ...tourPaths(),
    ...marketSubscriptionPaths(),
    '/valuations': {
      post: {
        operationId: 'valueHome',
        tags: [API_TAGS.valuations.name],
        security: PUBLIC,
        summary: "Estimate a home's value from comparable homes (public)",
        description:
          "An automated estimate, not an appraisal (decision 073): the nearest homes of the same type, by distance from the home (its own listing when held here, else its ZIP code's centre; without positions, the same ZIP code, then the same city): sales of the last 12 months where the MLS lets them be shown, brought to today with the city's monthly trend, and homes for sale or under contract at their asking price (discounted by the city's sale-to-list ratio where sold data may be used). Each comparable is adjusted to the home for living area, beds, baths, age and lot (dollars per feature in `adjustments`, learned from the area's own homes by a robust regression) and carries its `adjustedPrice`, `matchScore` (0–100), `priceKind` (`sale` or `asking`), `marketPrice` (its price today) and first `photo`; at most 10, best match first. `status` is `estimate` with `low`, `typical` and `high` (US dollars, to the nearest thousand; an 80 % prediction interval, `rangeCoverage: 0.8`), `too_few` when fewer than `minimumComparables` homes compare, or `out_of_range` when the home lies beyond what its comparables span (living area more than 25 % beyond, or beds or baths more than one beyond) with `reasons` and a `message` in the language of Accept-Language; the last two carry no number. `livingArea` and the optional `lotSquareFeet` are in square feet. Nothing is stored; a comparable whose MLS withholds its address has `address: null` and no `sameZip`, `distanceMiles` or `mapPoint` (nothing says where it is). `subjectPoint`, `mapPoint` (per comparable) and `mapSpanMiles` place the home and its comparables on a small map (0–1 across and down, north up). A ZIP whose homes (as the listings held here name them) are all in other cities than `city` is a 400 with a field error on `postalCode`; a ZIP with no home held is not judged. `realtorId` names a published homepage.",
        requestBody: jsonContent(valuationRequestSchema),
        responses: {
          '200': {
            description: 'The estimate, too few comparables, or a home beyond what its comparables span',
            ...jsonContent(valuationAnswerSchema.check(z.meta({ id: 'Valuation' }))),
          },
          ...errorResponses(400, 404, 413, 415),
        },
      },
    },
    '/seller-leads': {
      post: {
        operationId: 'createSellerLead',
        tags: [API_TAGS.valuations.name],
        security: PUBLIC,
        summary: "Ask a realtor for a personal valuation of one's home (public)",
        description:
          "The valuation's inputs (as `POST /valuations` takes them) with who asks: `name`, `email`, optional `phone`, `lang` (the language to be answered in), `timeframe` (`0-3`, `3-6`, `6-12` months or `curious`) and `consent`, which must be true. The estimate stored with the lead is computed again from the inputs. Stored as a lead of kind `seller` (see `GET /leads`) and mailed to the realtor. Rate-limited per client. A plain HTML form (`application/x-www-form-urlencoded`, `consent=on`) is answered with a 303 to a status page.",
        requestBody: jsonContent(sellerLeadRequestSchema),
        responses: {
          '201': { description: 'Stored, with its lead', ...jsonContent(createdSellerLeadSchema.meta({ id: 'CreatedSellerLead' })) },
          ...errorResponses(400, 404, 413, 415, 429),
        },
      },
    },
    '/auth/token': {
      post: {
        operationId: 'issueToken',
        tags: [API_TAGS.auth.name],
        security: PUBLIC,
        summary: 'A bearer token for a program (any HTTP client): e-mail and password in, token out, no cookie',
        requestBody: jsonContent(tokenRequestSchema),
        responses: { '200': { description: 'Signed in', ...jsonContent(tokenResponseSchema) }, ...errorResponses(400, 401, 413, 415, 429) },
      },
    },
    '/realtor': {
      get: {
        operationId: 'listRealtors',
        tags: [API_TAGS.realtors.name],
        security: PUBLIC,
        summary: 'The directory of published homepages, filtered by state and city, paged',
        requestParams: { query: directoryQuerySchema },
        responses: {
          '200': { description: 'One page of realtors', ...jsonContent(directoryPageSchema.meta({ id: 'DirectoryPage' })) },
          ...errorResponses(400),
        },
      },
      post: {
        operationId: 'createRealtor',
        tags: [API_TAGS.realtors.name],
        summary: 'Create the realtor of the signed-in account',
        security: bearer,
        requestBody: jsonContent(realtorInputSchema),
        responses: { '201': { description: 'Created', ...jsonContent(realtorResponse) }, ...errorResponses(400, 401, 409, 413, 415) },
      },
    },
    '/realtor/{key}': {
      get: {
        operationId: 'getRealtor',
        tags: [API_TAGS.realtors.name],
        security: PUBLIC,
        summary: 'A realtor by id, desiredUrl, or URL-encoded own domain',
        requestParams: { path: z.object({ key: z.string() }) },
        responses: {
          '200': {
            description:
              'The realtor as a visitor sees it: no account id or bookkeeping times. A homepage not published (`isMakeHomepage` N) answers only who it is (id, desiredUrl, names, licence, brokerage, regions, design): its contact details, texts, photos, reviews, SEO and tags are empty until it is published.',
            ...jsonContent(publicRealtorResponse),
          },
          ...errorResponses(404),
        },
      },
      patch: {
        operationId: 'updateRealtor',
        tags: [API_TAGS.realtors.name],
        summary: 'Change a realtor (owner or admin); photos is the full new list',
        security: bearer,
        requestParams: { path: z.object({ key: z.string().meta({ description: 'The realtor id' }) }) },
        requestBody: jsonContent(z.record(z.string(), z.unknown()).meta({ description: 'Any fields of the realtor form' })),
        responses: { '200': { description: 'Updated', ...jsonContent(realtorResponse) }, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
      delete: {
        operationId: 'deleteRealtor',
        tags: [API_TAGS.realtors.name],
        summary: 'Delete a realtor and its photos (owner or admin)',
        security: bearer,
        requestParams: { path: z.object({ key: z.string().meta({ description: 'The realtor id' }) }) },
        responses: { '200': { description: 'Deleted', ...jsonContent(z.object({ id: z.string() })) }, ...errorResponses(401, 403, 404) },
      },
    },
    '/realtor/presigned-multi-file-upload': {
      post: {
        operationId: 'presignUploads',
        tags: [API_TAGS.uploads.name],
        summary: 'Upload URLs for photos; PUT each file to its uploadUrl',
        security: bearer,
        requestBody: jsonContent(presignRequestSchema),
        responses: {
          '200': { description: 'One item per file', ...jsonContent(presignResponseSchema) },
          ...errorResponses(400, 401, 413, 415, 429),
        },
      },
    },
    '/realtors/{id}/statistics': {
      get: {
        operationId: 'getRealtorStatistics',
        tags: [API_TAGS.statistics.name],
        summary: "A realtor's visitor statistics for the last 30 or 90 days (owner or admin)",
        description:
          "Page views of the homepage and listing pages per UTC day, messages, the top listings and referrers. Counted without cookies; bots and the realtor's own visits are left out. The last minute may still be in memory.",
        security: bearer,
        requestParams: {
          path: z.object({ id: z.string().meta({ description: 'The realtor id' }) }),
          query: z.object({ days: z.enum(['30', '90']).optional().meta({ description: '30 unless 90' }) }),
        },
        responses: {
          '200': { description: 'The statistics', ...jsonContent(statisticsSchema.meta({ id: 'Statistics' })) },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    '/home/list': {
      get: {
        operationId: 'listHomes',
        tags: [API_TAGS.homes.name],
        security: PUBLIC,
        summary: 'Listed homes of one city, filtered and paged (public; spec §7 defaults)',
        description:
          'Paging runs inside a group of the first `totalHomesPerGroup` matches in the chosen order; `hasMoreThanGroup` tells whether more homes match. No listing agent phone or e-mail is ever returned.',
        requestParams: { query: homeListQuerySchema },
        responses: { '200': { description: 'One page of homes', ...jsonContent(homeListPageSchema.meta({ id: 'HomeListPage' })) }, ...errorResponses(400) },
      },
    },
    '/home/points': {
      get: {
        operationId: 'listHomePoints',
        tags: [API_TAGS.homes.name],
        security: PUBLIC,
        summary: 'Where the matching homes of a map area are (public)',
        description: `Position, price and status of up to ${MAX_MAP_POINTS} homes in \`bbox\`, for map markers. The area is widened to a grid that follows its size, so nearby areas share one answer; homes whose address the MLS hides are never included.`,
        requestParams: { query: homePointsQuerySchema },
        responses: { '200': { description: 'The points', ...jsonContent(homePointsSchema.meta({ id: 'HomePoints' })) }, ...errorResponses(400) },
      },
    },
    '/market': {
      get: {
        operationId: 'getMarketReport',
        tags: [API_TAGS.market.name],
        security: PUBLIC,
        summary: "A city's market figures and their last 12 months (public)",
        description:
          "The figures a realtor's market report page shows for a city (`city` as the listings spell it, any case; `state` two letters), computed from the listings for sale after each import and kept month by month: `current` is the latest month's, `trend` up to 12 months oldest first. Counts cover homes for sale (never leases); medians are of active listings; `soldCount` and `monthsOfSupply` are null where the MLS does not allow sold data. `source` names the MLS and its disclaimer, which must be shown with the figures; `isDemo` marks demonstration data. 404 when no import has recorded the city.",
        requestParams: { query: marketQuerySchema },
        responses: { '200': { description: 'The figures', ...jsonContent(marketReportSchema.meta({ id: 'MarketReport' })) }, ...errorResponses(400, 404) },
      },
    },
    '/home/{listingKey}': {
      get: {
        operationId: 'getHome',
        tags: [API_TAGS.homes.name],
        security: PUBLIC,
        summary: 'One listed home by its RESO ListingKey (public)',
        requestParams: {
          path: z.object({ listingKey: z.string() }),
          query: z.object({ realtor: z.string().optional(), lang: z.enum(['ko', 'en']).optional() }),
        },
        responses: { '200': { description: 'The home', ...jsonContent(homeDetailSchema.meta({ id: 'HomeDetail' })) }, ...errorResponses(404) },
      },
    },
    '/realtor-contacts': {
      post: {
        operationId: 'createContact',
        tags: [API_TAGS.messages.name],
        security: PUBLIC,
        summary: 'Send a message to a realtor (public)',
        description:
          'Rate-limited per client. `isTerm` must be `Y`. A plain HTML form (`application/x-www-form-urlencoded`: the same fields with `lang`, the checkboxes `isTerm=on` and `phoneContactConsent=on`) is the contact form posted without JavaScript: it is answered with a 303 to `/{desiredUrl}/contact-message` (`?status=sent`, or `?failed=` naming the fields at fault, and `back`, the page it was sent from).',
        requestBody: jsonContent(contactRequestSchema),
        responses: { '201': { description: 'Stored', ...jsonContent(createdContactResponse) }, ...errorResponses(400, 404, 413, 415, 429) },
      },
      get: {
        operationId: 'listContacts',
        tags: [API_TAGS.messages.name],
        summary: "The signed-in realtor's messages, newest first, a page at a time (follow `nextCursor`)",
        security: bearer,
        requestParams: { query: messageListQuerySchema },
        responses: {
          '200': {
            description: 'One page of messages, and the counts of the whole list',
            ...jsonContent(messagePageSchema.meta({ id: 'ContactPage' })),
          },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    '/realtor-contacts/export.csv': {
      get: {
        operationId: 'exportContactsCsv',
        tags: [API_TAGS.messages.name],
        summary: 'Every message the filter selects as one CSV file (UTF-8 with a BOM)',
        description:
          "The list's filter without paging: every row it selects, newest first. Headers and words in `viewerLang`, else the Accept-Language; times in ISO 8601 with the offset of the realtor's time zone (the lead settings'), the file named by the realtor's day. One row per message: date, name, e-mail, phone in E.164, message, listing, status, and the consent stored with it (version, time, language, page, the exact words; calls and texts with theirs), empty for messages from before consent was recorded.",
        security: bearer,
        requestParams: { query: messagesExportQuerySchema },
        responses: {
          '200': { description: 'The CSV file, as an attachment', content: { 'text/csv': { schema: z.string() } } },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    '/realtor-contacts/{id}': {
      patch: {
        operationId: 'updateContactStatus',
        tags: [API_TAGS.messages.name],
        summary: 'Mark a message new, read or handled (the realtor it was sent to, or an admin; anyone else gets 404)',
        security: bearer,
        requestParams: { path: z.object({ id: z.string() }) },
        requestBody: jsonContent(messageStatusBodySchema),
        responses: { '200': { description: 'Updated', ...jsonContent(contactMessageSchema) }, ...errorResponses(400, 401, 404, 413, 415) },
      },
      delete: {
        operationId: 'deleteContact',
        tags: [API_TAGS.messages.name],
        summary: 'Delete a message completely, with its delivery state (the realtor it was sent to, or an admin)',
        description: "A visitor's request to delete their data reaches the realtor, who deletes the message here. Anyone else gets 404.",
        security: bearer,
        requestParams: { path: z.object({ id: z.string() }) },
        responses: { '200': { description: 'Deleted', ...jsonContent(deletedMessageSchema) }, ...errorResponses(401, 404) },
      },
    },
    '/saved-searches': {
      post: {
        operationId: 'createSavedSearch',
        tags: [API_TAGS.savedSearches.name],
        security: PUBLIC,
        summary: "Save a search on a realtor's site and get new-listing e-mails (public)",
        description:
          'Stored as pending; one confirmation e-mail goes to the address, and nothing else is sent until its link is confirmed. The answer is the same for a new, an already saved or a refused search. Rate-limited per client and per e-mail address. A plain HTML form (`application/x-www-form-urlencoded`) is answered with a 303 to a status page.',
        requestBody: jsonContent(savedSearchRequestSchema),
        responses: {
          '202': { description: 'Accepted; waiting for confirmation', ...jsonContent(createdSavedSearchSchema.meta({ id: 'CreatedSavedSearch' })) },
          ...errorResponses(400, 404, 413, 415, 429),
        },
      },
      get: {
        operationId: 'listSavedSearches',
        tags: [API_TAGS.savedSearches.name],
        summary: "The signed-in realtor's confirmed saved searches, newest first, a page at a time (follow `nextCursor`)",
        security: bearer,
        requestParams: { query: savedSearchListQuerySchema },
        responses: {
          '200': { description: 'One page of saved searches', ...jsonContent(savedSearchPageSchema.meta({ id: 'SavedSearchPage' })) },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    '/saved-searches/export.csv': {
      get: {
        operationId: 'exportSavedSearchesCsv',
        tags: [API_TAGS.savedSearches.name],
        summary: 'Every confirmed saved search the filter selects as one CSV file (UTF-8 with a BOM)',
        description:
          "The list's filter without paging: every row it selects, newest first. Headers and words in `viewerLang`, else the Accept-Language; times in ISO 8601 with the offset of the realtor's time zone (the lead settings'), the file named by the realtor's day. One row per search: when it was confirmed, name, e-mail, area, sale or rent, prices, bedrooms and bathrooms as plain numbers, how often, status, and the consent stored with it (version, time, language, page, the exact words).",
        security: bearer,
        requestParams: { query: savedSearchesExportQuerySchema },
        responses: {
          '200': { description: 'The CSV file, as an attachment', content: { 'text/csv': { schema: z.string() } } },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    '/saved-searches/unsubscribe': {
      post: {
        operationId: 'unsubscribeSavedSearch',
        tags: [API_TAGS.savedSearches.name],
        security: PUBLIC,
        summary: 'One-click unsubscribe (RFC 8058), the address in every alert e-mail',
        description: 'Mail providers post `List-Unsubscribe=One-Click` as a form; the signed token is the authority. Idempotent.',
        requestParams: { query: z.object({ token: z.string() }) },
        responses: {
          '200': { description: 'Unsubscribed', ...jsonContent(z.object({ status: z.literal('unsubscribed') })) },
          ...errorResponses(400),
        },
      },
    },
    '/saved-searches/{id}': {
      patch: {
        operationId: 'updateSavedSearch',
        tags: [API_TAGS.savedSearches.name],
        summary: 'Pause or resume a saved search (its realtor or an admin)',
        security: bearer,
        requestParams: { path: recordIdRequestSchema },
        requestBody: jsonContent(savedSearchPauseBodySchema),
        responses: {
          '200': { description: 'Updated', ...jsonContent(savedSearchSchema.meta({ id: 'SavedSearch' })) },
          ...errorResponses(400, 401, 404, 409, 413, 415),
        },
      },
      delete: {
        operationId: 'deleteSavedSearch',
        tags: [API_TAGS.savedSearches.name],
        summary: 'Delete a saved search (its realtor or an admin; anyone else gets 404)',
        security: bearer,
        requestParams: { path: recordIdRequestSchema },
        responses: { '200': { description: 'Deleted', ...jsonContent(z.object({ id: z.string() })) }, ...errorResponses(401, 404) },
      },
    },
    ...leadsPaths,
  }
}

let cached: ReturnType<typeof createDocument> | undefined

const API_PREFIX = '/cozying-api/v1'

/** OpenAPI 3.1, generated from the same zod schemas that validate the requests. */
export function buildOpenApiDocument() {
  cached ??= createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Realtor homepage API',
        version: '1.0.0',
        description:
          "Realtors, contact messages and photo uploads. A program gets a bearer token from `POST /auth/token` with its account's e-mail and password. Errors are `{ message, code, fieldErrors? }` with the message in the language of `Accept-Language` (Korean unless English is asked for).",
        // The terms of use of the site that serves it; relative, so it names whichever host answers.
        license: { name: 'Terms of use', url: '/agreement' },
      },
      // Relative (OpenAPI 3.1 resolves it against the document's own address): right behind any
      // proxy and on any of the realtors' own domains, never a placeholder host.
      servers: [{ url: API_PREFIX }],
      tags: Object.values(API_TAGS).map((tag) => ({ ...tag })),
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
      paths: apiPaths(),
    },
    { allowEmptySchema: { custom: true } },
  )
  return cached
}
