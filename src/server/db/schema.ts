import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely'
import type { LeadKind, LeadReplyState, LeadStage } from '~/schemas/leads'

/*
 * Table types as Kysely sees them through CamelCasePlugin (columns are snake_case in the
 * database). Conventions that hold on SQLite and PostgreSQL alike (DESIGN §4): text UUID
 * keys made by the app, booleans as 0/1 integers, JSON as text, ISO-8601 UTC timestamps
 * as text, counts read through Number().
 */

/** PostgreSQL returns bigint columns as strings; SQLite as numbers. */
type BigIntColumn = ColumnType<number | string, number, number>

export interface RealtorTable {
  id: string
  userId: string
  desiredUrl: string
  /** Lowercase desiredUrl: the unique key that makes the address case-insensitive. */
  desiredUrlKey: string
  hompageUrl: string | null
  /** Lowercase host (and port) of hompageUrl: the unique key for own-domain lookups. */
  hompageHost: string | null
  email: string
  contactPhone: string | null
  companyPhone: string | null
  phoneCountryCode: string
  kakaoLink: string | null
  snsYoutubeUrl: string | null
  snsInstagramUrl: string | null
  recommendedYoutubeUrl: string | null
  aboutMeKr: string | null
  aboutMeEn: string | null
  salesCount: number | null
  lastYearSalesTotal: BigIntColumn | null
  licenseNumber: string | null
  careerStart: string | null
  careerEnd: string | null
  designFontSize: number
  designMainColor: string
  designMainDarkMode: string
  contentDarkMode: string
  isMakeHomepage: string
  /** Search consoles' ownership tokens and the analytics tag id (migration 0011); NULL when not set. */
  googleSiteVerification: string | null
  naverSiteVerification: string | null
  tagManagerId: string | null
  displayNameKo: string | null
  displayNameEn: string | null
  brokerageName: string | null
  brokerageLicenseNumber: string | null
  brokerageAddress: string | null
  /** Moves on every write of this realtor: the version its public pages are stored under. */
  revision: ColumnType<number, number | undefined, number>
  createdAt: string
  updatedAt: string
}

export interface RealtorPhotoTable {
  id: string
  realtorId: string
  path: string
  imageType: string
  url: string
  sortOrder: number
}

export interface ActivityRegionTable {
  id: string
  realtorId: string
  state: string
  city: string
  /** Lowercase city for filtering without relying on LIKE or collation rules. */
  cityKey: string
  neighborhood: string | null
  /** The realtor's Korean name for the city, over the platform's table (migration 0037). */
  cityKo: string | null
  sortOrder: number
}

export interface AdditionalSectionTable {
  id: string
  realtorId: string
  titleKo: string | null
  titleEn: string | null
  bodyKo: string | null
  bodyEn: string | null
  sortOrder: number
}

/** A client review shown on the homepage (migration 0010, issue 14). */
export interface RealtorTestimonialTable {
  id: string
  realtorId: string
  clientName: string
  city: string | null
  textKo: string | null
  textEn: string | null
  /** 1–5 stars, or null when the realtor gave none. */
  rating: number | null
  /** YYYY-MM-DD. */
  reviewDate: string | null
  source: string | null
  sourceUrl: string | null
  /** 1 kept for the realtor but not shown, 0 shown. */
  hidden: ColumnType<number, number | undefined, number>
  sortOrder: number
}

export interface SeoMetaTable {
  realtorId: string
  lang: string
  title: string | null
  description: string | null
  keywords: string | null
  author: string | null
}

export interface ContactMessageTable {
  id: string
  realtorId: string
  name: string
  lastName: string
  firstName: string
  email: string
  phone: string
  phoneCountryCode: string
  message: string
  listingKey: string | null
  isTerm: string
  /** new → read → handled, set by the realtor in the inbox. */
  status: string
  /** outbox (not delivered yet) → sent; stays in the outbox while delivery fails. */
  deliveryState: string
  deliveryAttempts: number
  lastDeliveryError: string | null
  nextAttemptAt: string | null
  deliveredAt: string | null
  createdAt: string
  /*
   * What the visitor agreed to (migration 0008), written once with the message; NULL on
   * messages stored before consent was recorded.
   */
  consentVersion: ColumnType<string | null, string | null | undefined, never>
  /** The exact words shown, in the language shown, from the server's registry (src/lib/consent.ts). */
  consentText: ColumnType<string | null, string | null | undefined, never>
  consentLang: ColumnType<string | null, string | null | undefined, never>
  /** The path of the page the form was on. */
  consentPage: ColumnType<string | null, string | null | undefined, never>
  consentedAt: ColumnType<string | null, string | null | undefined, never>
  /** 1 agreed to be called or texted, 0 did not, NULL unknown. */
  phoneContactConsent: ColumnType<number | null, number | null | undefined, never>
  phoneContactConsentVersion: ColumnType<string | null, string | null | undefined, never>
  phoneContactConsentText: ColumnType<string | null, string | null | undefined, never>
}

export interface RateLimitTable {
  key: string
  windowStart: BigIntColumn
  count: number
}

/** A listing with RESO Data Dictionary names (issue 6); booleans as 0/1. */
export interface HomeTable {
  id: string
  listingKey: string
  /** `demo`, `file:<file name>` or `reso:<host>`: retiring a listing only looks at its own source. */
  source: string
  isDemo: number
  /** 1 while the listing is in its feed and allowed on the internet. */
  isListed: number
  listingType: string
  listPrice: number
  standardStatus: string
  propertyType: string
  propertySubType: string
  bedroomsTotal: number | null
  bathroomsTotalInteger: number | null
  livingArea: number | null
  lotSizeSquareFeet: number | null
  /** HOA dues in dollars per month, from RESO AssociationFee and its frequency; null when not given. */
  associationFeeMonthly: number | null
  yearBuilt: number | null
  unparsedAddress: string | null
  city: string
  cityKey: string
  stateOrProvince: string
  postalCode: string | null
  latitude: number | null
  longitude: number | null
  publicRemarks: string | null
  listAgentFullName: string | null
  listOfficeName: string | null
  /** YYYY-MM-DD; the modification date when the feed gives none. */
  onMarketDate: string
  /** ISO-8601 UTC. */
  modificationTimestamp: string
  internetEntireListingDisplayYn: number
  internetAddressDisplayYn: number
  /** RESO ClosePrice of a sold listing (migration 0021); shown only where the source's profile allows sold data. */
  closePrice: number | null
  /** RESO CloseDate, YYYY-MM-DD. */
  closeDate: string | null
  /** RESO OriginalListPrice: a list price below it is a price reduction. */
  originalListPrice: number | null
  /** A hash of the listing as last imported, photos included (migration 0035): an identical one is not written again. */
  contentHash: string | null
  retiredAt: string | null
  createdAt: string
  updatedAt: string
}

export interface HomeMediaTable {
  id: string
  homeId: string
  mediaKey: string | null
  mediaUrl: string
  /** The feed URL's hash a `/listing-photos/` path names (decision 064); null for the demo's own images. */
  mediaHash: string | null
  sortOrder: number
}

export interface ListingImportStateTable {
  source: string
  lastModificationTimestamp: string | null
  lastRunAt: string
  /** The last successful run as pages show it (migration 0035): moves with the listings revision. */
  shownRunAt: string | null
}

/** One listings import run of a source, failed or not (issue 32, migration 0018). */
export interface ListingImportRunTable {
  id: string
  source: string
  startedAt: string
  finishedAt: string
  outcome: 'succeeded' | 'failed'
  /** A failed run's error, credentials stripped (import-runs.ts). */
  error: string | null
  fetched: number
  inserted: number
  updated: number
  rejected: number
  retired: number
  /** Listings received that were stored already as they are (migration 0035). */
  unchanged: number
  recoveredFromFailures: number
}

/** A counter per kind of change a visitor could see (decision 009). */
export interface PageRevisionTable {
  scope: string
  revision: number
}

/** The characters behind a page font's URL (decision 008), for any process to make it. */
export interface PageFontTable {
  key: string
  characters: string
  createdAt: string
  /** Last named by a page or asked for by a browser (at most daily per process); old ones are pruned. */
  usedAt: string
}

/** What an import changed that a saved search may hear about (issue 13), in the listing's transaction. */
export interface HomeChangeTable {
  id: string
  homeId: string
  /** `new` (first listed, or listed again after retirement) or `price-drop`. */
  reason: 'new' | 'price-drop'
  listPrice: number
  previousPrice: number | null
  changedAt: string
  /** Set once the matcher has run this change against every search. */
  matchedAt: string | null
}

/**
 * A visitor's consent as a form records it (decision 018): the version, the exact words shown,
 * their language, the page and the time; written once, never rewritten.
 */
export interface RecordedConsentColumns {
  consentVersion: string
  consentText: string
  consentLang: string
  consentPage: string | null
  consentedAt: string
}

/**
 * A visitor's e-mail subscription on one realtor's site, confirmed by a signed link and ended by
 * one (double opt-in): saved searches (issue 13) and market reports (issue 27).
 */
export interface DoubleOptInColumns extends RecordedConsentColumns {
  id: string
  realtorId: string
  email: string
  name: string | null
  lang: 'ko' | 'en'
  /** Random per subscription; every signed link carries it, so changing it revokes them all. */
  linkSecret: string
  createdAt: string
  updatedAt: string
  confirmedAt: string | null
  unsubscribedAt: string | null
}

/** A visitor's saved search on one realtor's site (issue 13). */
export interface SavedSearchTable extends DoubleOptInColumns {
  /** Lowercase email: one address saving the same filters twice is one search. */
  emailKey: string
  /** The origin the search was saved on; mail links use it when there is no PUBLIC_URL or own domain. */
  siteOrigin: string
  frequency: 'instant' | 'daily' | 'weekly'
  state: string
  city: string
  cityKey: string
  listingType: 'sale' | 'rent' | null
  minPrice: number | null
  maxPrice: number | null
  minBeds: number | null
  minBaths: number | null
  sort: string
  filtersKey: string
  status: 'pending' | 'active' | 'paused' | 'unsubscribed'
  lastAlertedAt: string | null
}

/** A home a saved search should hear about, once per `alertKey` (`new` or `drop:<price>`). */
export interface SavedSearchMatchTable {
  savedSearchId: string
  homeId: string
  alertKey: string
  reason: 'new' | 'price-drop'
  listPrice: number
  previousPrice: number | null
  matchedAt: string
  alertedAt: string | null
  outboxId: string | null
}

/** A mail other than a contact message, stored before it is sent and claimed once (issue 13). */
export interface MailOutboxTable {
  id: string
  kind:
    | 'saved-search-confirm'
    | 'saved-search-alert'
    | 'lead-reply'
    | 'lead-digest'
    | 'tour-confirmed'
    | 'tour-cancelled'
    | 'seller-lead'
    | 'market-confirm'
    | 'market-report'
    | 'cma'
  realtorId: string | null
  savedSearchId: string | null
  /** The lead a mail to a visitor belongs to (migration 0038, decision 068); NULL for mails to a realtor. */
  leadId: ColumnType<string | null, string | null | undefined, string | null>
  toAddress: string
  fromName: string
  replyTo: string | null
  subject: string
  textBody: string
  htmlBody: string | null
  /** JSON object of extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers: string | null
  /** JSON array of attached files (a tour's `.ics`), see src/server/mail/outbox.ts; NULL for none. */
  attachments: ColumnType<string | null, string | null | undefined, string | null>
  /** `bounced`: the receiving server refused the recipient for good; never tried again. */
  state: 'outbox' | 'sending' | 'sent' | 'bounced'
  attempts: number
  lastError: string | null
  nextAttemptAt: string | null
  createdAt: string
  sentAt: string | null
  /** When a bounce was reported for this mail (its address is suppressed as well). */
  bouncedAt: ColumnType<string | null, string | null | undefined, string | null>
  bounceReason: ColumnType<string | null, string | null | undefined, string | null>
}

/**
 * What a visit is counted by (decision 016): nothing about a visitor, only the realtor, the UTC
 * day, the page's language and kind, and the referrer's class and host.
 */
interface VisitKeyColumns {
  realtorId: string
  day: string
  lang: string
  /** `home` or `listing`. */
  pageKind: string
  /** '' on the homepage. */
  listingKey: string
  /** `direct`, `search`, `social` or `other`. */
  referrerClass: string
  /** The engine or network (`google`, `kakaotalk`), another site's host, or '' when direct. */
  referrerHost: string
}

/** What one flush of one process counted, per key (migration 0012): kept 48 hours. */
export interface VisitEventTable extends VisitKeyColumns {
  flushId: string
  seq: number
  views: number
  messages: number
  savedSearches: number
  recordedAt: string
}

/** The daily sums of visit_event, kept two years; every flush adds to them (count = count + excluded.count). */
export interface VisitDailyTable extends VisitKeyColumns {
  views: BigIntColumn
  messages: BigIntColumn
  savedSearches: BigIntColumn
}

export interface LeadTable {
  id: string
  realtorId: string
  kind: LeadKind
  name: string | null
  email: string
  emailKey: string
  phone: string | null
  lang: 'ko' | 'en'
  sourcePage: string | null
  listingKey: string | null
  stage: LeadStage
  stageChangedAt: string
  /** YYYY-MM-DD in the realtor's own day. */
  nextFollowUp: string | null
  replyState: LeadReplyState
  replySentAt: string | null
  replySkipReason: string | null
  createdAt: string
  updatedAt: string
}

/** A change of a lead's stage or follow-up day, written with the change (migration 0038, decision 068). */
export interface LeadEventTable {
  id: string
  leadId: string
  realtorId: string
  type: 'stage' | 'follow_up'
  fromValue: string | null
  toValue: string | null
  createdAt: string
}

/** A visitor's request for the realtor's personal valuation of their home (migration 0029, issue 27). */
export interface SellerLeadTable extends RecordedConsentColumns {
  id: string
  realtorId: string
  name: string
  email: string
  phone: string | null
  lang: string
  timeframe: string
  street: string
  city: string
  state: string
  postalCode: string
  propertyType: string
  beds: number
  baths: number
  livingArea: number
  yearBuilt: number | null
  estimateLow: number | null
  estimateTypical: number | null
  estimateHigh: number | null
  comparableCount: number
  siteOrigin: string
  createdAt: string
}

/** A visitor's request to tour a listed home (migration 0016, decision 022). */
export interface TourRequestTable {
  id: string
  realtorId: string
  listingKey: string
  listingAddress: string
  timeZone: string
  mode: 'in_person' | 'video'
  /** JSON array of { start, date, time }. */
  slots: string
  name: string
  email: string
  phone: string | null
  message: string | null
  lang: 'ko' | 'en'
  siteOrigin: string
  consentVersion: string
  consentText: string
  consentLang: 'ko' | 'en'
  consentPage: string | null
  consentedAt: string
  status: 'requested' | 'confirmed' | 'proposed' | 'cancelled' | 'declined'
  /** JSON { start, date, time }, or NULL. */
  confirmedSlot: string | null
  icsSequence: number
  createdAt: string
  updatedAt: string
}

/** A realtor's private, dated note on a lead. */
export interface LeadNoteTable {
  id: string
  leadId: string
  realtorId: string
  body: string
  createdAt: string
}

/** A realtor's instant-reply templates and digest settings (migration 0015); no row = defaults. */
export interface RealtorLeadSettingsTable {
  realtorId: string
  replyEnabled: number
  /** NULL while the realtor keeps the default wording of that language. */
  replySubjectKo: string | null
  replyBodyKo: string | null
  replySubjectEn: string | null
  replyBodyEn: string | null
  lang: 'ko' | 'en'
  timeZone: string
  digestHour: number
  digestEnabled: number
  updatedAt: string
}

export type SuppressionReason = 'bounce' | 'complaint' | 'unsubscribe' | 'manual'

/** Addresses no instant reply or digest goes to, for every realtor (decision 021). */
export interface MailSuppressionTable {
  emailKey: string
  reason: SuppressionReason
  createdAt: string
}

/** One realtor's digest of one local day: the primary key is the once-per-day claim. */
export interface LeadDigestRunTable {
  realtorId: string
  localDate: string
  mailId: string | null
  createdAt: string
}

/** An open house of a listing (issue 26 item 5, decision 023): from the MLS feed or added by a realtor. */
export interface OpenHouseTable {
  id: string
  homeId: string
  source: 'mls' | 'realtor'
  /** The realtor who added it; null for the MLS's. */
  realtorId: string | null
  /** The listing source the feed's key belongs to (`reso:<host>`, `file:<name>`, `demo`); null for a realtor's. */
  feedSource: string | null
  /** RESO OpenHouseKey; null for a realtor's. */
  sourceKey: string | null
  /** ISO-8601 UTC. */
  startsAt: string
  endsAt: string
  /** IANA zone of the listing (src/lib/listing-time-zone.ts). */
  timeZone: string
  kind: 'in_person' | 'virtual'
  remarks: string | null
  createdAt: string
  updatedAt: string
}

/** A realtor's post (migration 0023): an article or a neighbourhood guide. */
export interface PostTable {
  id: string
  realtorId: string
  slug: string
  kind: 'article' | 'guide'
  /** What the realtor chose; a `scheduled` post whose `publishAt` has passed is public. */
  status: 'draft' | 'scheduled' | 'published'
  publishAt: string | null
  titleKo: string | null
  titleEn: string | null
  /** Sanitised HTML (src/server/posts), never the browser's text as sent. */
  bodyKo: string | null
  bodyEn: string | null
  summaryKo: string | null
  summaryEn: string | null
  /** A storage key for our own uploads, a URL otherwise (decision 026). */
  coverPhoto: string | null
  city: string | null
  state: string | null
  postalCode: string | null
  createdAt: string
  updatedAt: string
}

export interface PostTagTable {
  postId: string
  realtorId: string
  tag: string
}

/** A city's market figures for one month (migration 0030, issue 27): the trend of its market report. */
export interface MarketSnapshotTable {
  stateOrProvince: string
  cityKey: string
  /** `YYYY-MM` (UTC). */
  month: string
  /** The city as the listings spell it. */
  city: string
  /** The source most of the city's listings come from: its MLS name and disclaimer go with the figures. */
  source: string
  isDemo: number
  /** The listings for sale the figures rest on. */
  listingCount: number
  activeCount: number
  newListings: number
  priceReductions: number
  /** Sales in the 90 days before `asOf`; null: no source of the city's listings allows sold data. */
  soldCount: number | null
  medianListPrice: number | null
  medianPricePerSquareFoot: number | null
  medianDaysOnMarket: number | null
  monthsOfSupply: number | null
  /** ISO-8601 UTC. */
  asOf: string
}

/** A visitor's subscription to one city's monthly market report (migration 0031, issue 27 item 5). */
export interface MarketSubscriptionTable extends DoubleOptInColumns {
  /** Lowercase email: one address subscribing to the same city twice is one subscription. */
  emailKey: string
  /** The origin the visitor subscribed on; mail links use it when there is no PUBLIC_URL or own domain. */
  siteOrigin: string
  state: string
  city: string
  cityKey: string
  status: 'pending' | 'active' | 'unsubscribed'
  /** `YYYY-MM` of the last snapshot month a report was queued for; the monthly run's claim. */
  lastSentMonth: string | null
  /** The seller lead whose form asked for this report: its mails land on that lead's timeline (migration 0038). */
  leadId: ColumnType<string | null, string | null | undefined, string | null>
}

/** Surrogate keys of changed pages waiting to be purged from the CDN (migration 0032, decision 046). */
export interface CdnPurgeOutboxTable {
  /** A Surrogate-Key / Cache-Tag value: `realtor-{id}`, `realtors`, `listings`. One row per key. */
  key: string
  /** The oldest change this row still has to purge; the lag metric is its age. */
  createdAt: string
  /** When a sender may take it: now for a new key, a retry time after a failure, a lease's end while claimed. */
  availableAt: string
  /** The claim of the sender that has it; null when no sender does, or a change came after the claim. */
  claimedBy: string | null
  attempts: number
  lastError: string | null
}

/** The width variants made for a stored photo (migration 0033, decision 050). */
export interface PhotoVariantTable {
  /** The original's storage key. */
  key: string
  /** `640,1024,1600`: the widths whose `{key}.w{width}.webp` exist (src/lib/photo-variants.ts). */
  widths: string
  createdAt: string
}

/** A realtor's comparative market analysis (migration 0041, issue 53, decision 074). */
export interface CmaTable {
  id: string
  realtorId: string
  leadId: string | null
  /** JSON: the `cmaSubjectSchema` object. */
  subject: string
  recommendedLow: number | null
  recommendedHigh: number | null
  note: string
  status: 'draft' | 'sent'
  sentAt: string | null
  createdAt: string
  updatedAt: string
}

/** One candidate comparable of a CMA, as its listing was when chosen (migration 0041). */
export interface CmaComparableTable {
  id: string
  cmaId: string
  position: number
  listingKey: string
  /** 0/1. */
  picked: number
  status: 'sold' | 'active' | 'pending'
  basis: 'sold' | 'listed'
  price: number
  date: string
  /** NULL when the MLS withholds the address; then postalCode and distanceMiles are NULL too. */
  address: string | null
  postalCode: string | null
  distanceMiles: number | null
  city: string
  beds: number | null
  baths: number | null
  livingArea: number
  yearBuilt: number | null
  lotSizeSquareFeet: number | null
  /** The stored photo address of the listing's first photo. */
  photo: string | null
  /** JSON: the `cmaAdjustmentsSchema` grid. */
  adjustments: string
  adjustedPrice: number
  matchScore: number
}

/** A CMA's share link (migration 0041): the token is the whole authority of a visitor's read. */
export interface CmaShareTable {
  id: string
  cmaId: string
  token: string
  createdAt: string
  expiresAt: string | null
  revokedAt: string | null
}

export interface Database {
  realtor: RealtorTable
  realtorPhoto: RealtorPhotoTable
  activityRegion: ActivityRegionTable
  additionalSection: AdditionalSectionTable
  realtorTestimonial: RealtorTestimonialTable
  seoMeta: SeoMetaTable
  contactMessage: ContactMessageTable
  rateLimit: RateLimitTable
  home: HomeTable
  homeMedia: HomeMediaTable
  listingImportState: ListingImportStateTable
  listingImportRun: ListingImportRunTable
  pageRevision: PageRevisionTable
  pageFont: PageFontTable
  homeChange: HomeChangeTable
  savedSearch: SavedSearchTable
  savedSearchMatch: SavedSearchMatchTable
  mailOutbox: MailOutboxTable
  visitEvent: VisitEventTable
  visitDaily: VisitDailyTable
  lead: LeadTable
  leadNote: LeadNoteTable
  leadEvent: LeadEventTable
  realtorLeadSettings: RealtorLeadSettingsTable
  mailSuppression: MailSuppressionTable
  leadDigestRun: LeadDigestRunTable
  openHouse: OpenHouseTable
  tourRequest: TourRequestTable
  sellerLead: SellerLeadTable
  post: PostTable
  postTag: PostTagTable
  marketSnapshot: MarketSnapshotTable
  marketSubscription: MarketSubscriptionTable
  cdnPurgeOutbox: CdnPurgeOutboxTable
  photoVariant: PhotoVariantTable
  cma: CmaTable
  cmaComparable: CmaComparableTable
  cmaShare: CmaShareTable
}

export type RealtorRow = Selectable<RealtorTable>
export type NewRealtorRow = Insertable<RealtorTable>
export type RealtorUpdate = Updateable<RealtorTable>
export type ContactMessageRow = Selectable<ContactMessageTable>
