import { csvDate, csvFile, datedCsvFileName } from '~/lib/csv'
import { formatPhoneInternational } from '~/lib/phone'
import type { SavedSearchFrequency, SavedSearchStatus } from '~/lib/saved-search-words'
import type { SavedSearch } from '~/schemas/saved-search'
import type { InboxMessage, MessageStatus } from './types'

/*
 * The inbox's "Export CSV", built in the browser. Pure: no DOM, no Lingui; the component
 * passes the translated labels and the date format.
 */

export type MessagesCsvLabels = {
  headers: {
    date: string
    name: string
    email: string
    phone: string
    message: string
    listing: string
    status: string
    consentVersion: string
    consentedAt: string
    consentLang: string
    consentPage: string
    consentText: string
    phoneContact: string
    phoneContactVersion: string
    phoneContactText: string
  }
  status: Record<MessageStatus, string>
  /** Whether the visitor agreed to calls and texts; a message from before consent was recorded gets an empty cell. */
  phoneContact: { agreed: string; notAgreed: string }
}

export type CsvMessage = Pick<InboxMessage, 'createdAt' | 'name' | 'email' | 'phone' | 'phoneCountryCode' | 'message' | 'listingKey' | 'status' | 'consent'>

/**
 * The whole file: BOM, a header row in the page's language, one row per message in the given
 * order. The consent columns hold what was stored with each message (the words exactly as the
 * visitor saw them); they are empty for messages sent before consent was recorded.
 */
export function messagesCsv(messages: ReadonlyArray<CsvMessage>, labels: MessagesCsvLabels, formatDate: (iso: string) => string = csvDate): string {
  const { headers } = labels
  return csvFile(messages, [
    [headers.date, (message) => formatDate(message.createdAt)],
    [headers.name, (message) => message.name],
    [headers.email, (message) => message.email],
    // With its country code: a spreadsheet or CRM the file goes to may be anywhere.
    [headers.phone, (message) => formatPhoneInternational(message.phone, message.phoneCountryCode)],
    [headers.message, (message) => message.message],
    [headers.listing, (message) => message.listingKey ?? ''],
    [headers.status, (message) => labels.status[message.status]],
    [headers.consentVersion, ({ consent }) => consent.version ?? ''],
    [headers.consentedAt, ({ consent }) => (consent.consentedAt ? formatDate(consent.consentedAt) : '')],
    [headers.consentLang, ({ consent }) => consent.lang ?? ''],
    [headers.consentPage, ({ consent }) => consent.page ?? ''],
    [headers.consentText, ({ consent }) => consent.text ?? ''],
    [
      headers.phoneContact,
      ({ consent }) => (consent.phoneContact === null ? '' : consent.phoneContact ? labels.phoneContact.agreed : labels.phoneContact.notAgreed),
    ],
    [headers.phoneContactVersion, ({ consent }) => consent.phoneContactVersion ?? ''],
    [headers.phoneContactText, ({ consent }) => consent.phoneContactText ?? ''],
  ])
}

/** `messages-YYYY-MM-DD.csv`, dated in the viewer's time zone (the day they exported it). */
export function csvFileName(now: Date): string {
  return datedCsvFileName('messages', now)
}

export type SavedSearchesCsvLabels = {
  headers: {
    confirmedAt: string
    name: string
    email: string
    area: string
    type: string
    minPrice: string
    maxPrice: string
    beds: string
    baths: string
    frequency: string
    status: string
    consentVersion: string
    consentText: string
    consentLang: string
    consentPage: string
    consentedAt: string
  }
  type: Record<'sale' | 'rent', string>
  frequency: Record<SavedSearchFrequency, string>
  status: Record<SavedSearchStatus, string>
}

export type CsvSavedSearch = Pick<
  SavedSearch,
  'confirmedAt' | 'name' | 'email' | 'state' | 'city' | 'listingType' | 'minPrice' | 'maxPrice' | 'minBeds' | 'minBaths' | 'frequency' | 'status' | 'consent'
>

/** A whole number as digits alone, so a spreadsheet reads a number; empty for "any". */
function csvNumber(value: number | null): string {
  return value === null ? '' : String(value)
}

/**
 * The inbox's second export (issue 13): one row per saved search, its filters one per column
 * (prices as plain numbers a spreadsheet can sort), how often, its status, and the consent
 * stored with it: the version, the exact words in the language shown, the page and the time.
 */
export function savedSearchesCsv(
  searches: ReadonlyArray<CsvSavedSearch>,
  labels: SavedSearchesCsvLabels,
  formatDate: (iso: string) => string = csvDate,
): string {
  const { headers } = labels
  return csvFile(searches, [
    [headers.confirmedAt, (search) => (search.confirmedAt ? formatDate(search.confirmedAt) : '')],
    [headers.name, (search) => search.name ?? ''],
    [headers.email, (search) => search.email],
    [headers.area, (search) => `${search.city}, ${search.state}`],
    [headers.type, (search) => (search.listingType ? labels.type[search.listingType] : '')],
    [headers.minPrice, (search) => csvNumber(search.minPrice)],
    [headers.maxPrice, (search) => csvNumber(search.maxPrice)],
    [headers.beds, (search) => csvNumber(search.minBeds)],
    [headers.baths, (search) => csvNumber(search.minBaths)],
    [headers.frequency, (search) => labels.frequency[search.frequency]],
    [headers.status, (search) => labels.status[search.status]],
    [headers.consentVersion, ({ consent }) => consent.version],
    [headers.consentText, ({ consent }) => consent.text],
    [headers.consentLang, ({ consent }) => consent.lang],
    [headers.consentPage, ({ consent }) => consent.page ?? ''],
    [headers.consentedAt, ({ consent }) => formatDate(consent.consentedAt)],
  ])
}

/** `saved-searches-YYYY-MM-DD.csv`, dated like the messages' file. */
export function savedSearchesCsvFileName(now: Date): string {
  return datedCsvFileName('saved-searches', now)
}
