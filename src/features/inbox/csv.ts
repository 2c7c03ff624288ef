import { displayPhone } from '~/lib/contact-links'
import type { SavedSearchFrequency, SavedSearchStatus } from '~/lib/saved-search-words'
import type { SavedSearch } from '~/schemas/saved-search'
import type { InboxMessage, MessageStatus } from './types'

/*
 * The inbox's "Export CSV", built in the browser. Pure: no DOM, no Lingui; the component
 * passes the translated labels and the date format.
 */

/** Excel only reads a CSV as UTF-8 (Korean names intact) when the file starts with a BOM. */
export const UTF8_BOM = '\uFEFF'

/** RFC 4180 record separator. */
const CRLF = '\r\n'

/**
 * Cells that a spreadsheet would evaluate as a formula (CSV/formula injection, OWASP): `=`,
 * `+`, `-`, `@`, and tab or carriage return, which some programs strip before evaluating.
 */
const FORMULA_START = /^[=+\-@\t\r]/

/** One cell: formula-guarded with a leading `'`, then quoted when it holds `"`, `,`, CR or LF. */
export function csvCell(value: string): string {
  const guarded = FORMULA_START.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded
}

/** Records joined by CRLF (with a final CRLF), cells by commas; no BOM. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string>>): string {
  return rows.map((row) => row.map(csvCell).join(',')).join(CRLF) + (rows.length > 0 ? CRLF : '')
}

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

function pad(value: number): string {
  return String(value).padStart(2, '0')
}

/**
 * `YYYY-MM-DD HH:mm` in the viewer's time zone: sortable, and a date every spreadsheet
 * recognises, whichever language the header row is in.
 */
export function csvDate(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`
}

export type CsvMessage = Pick<InboxMessage, 'createdAt' | 'name' | 'email' | 'phone' | 'phoneCountryCode' | 'message' | 'listingKey' | 'status' | 'consent'>

/**
 * The whole file: BOM, a header row in the page's language, one row per message in the given
 * order. The consent columns hold what was stored with each message (the words exactly as the
 * visitor saw them); they are empty for messages sent before consent was recorded.
 */
export function messagesCsv(messages: ReadonlyArray<CsvMessage>, labels: MessagesCsvLabels, formatDate: (iso: string) => string = csvDate): string {
  const { headers } = labels
  const rows = [
    [
      headers.date,
      headers.name,
      headers.email,
      headers.phone,
      headers.message,
      headers.listing,
      headers.status,
      headers.consentVersion,
      headers.consentedAt,
      headers.consentLang,
      headers.consentPage,
      headers.consentText,
      headers.phoneContact,
      headers.phoneContactVersion,
      headers.phoneContactText,
    ],
    ...messages.map(({ consent, ...message }) => [
      formatDate(message.createdAt),
      message.name,
      message.email,
      displayPhone(message.phone, message.phoneCountryCode),
      message.message,
      message.listingKey ?? '',
      labels.status[message.status],
      consent.version ?? '',
      consent.consentedAt ? formatDate(consent.consentedAt) : '',
      consent.lang ?? '',
      consent.page ?? '',
      consent.text ?? '',
      consent.phoneContact === null ? '' : consent.phoneContact ? labels.phoneContact.agreed : labels.phoneContact.notAgreed,
      consent.phoneContactVersion ?? '',
      consent.phoneContactText ?? '',
    ]),
  ]
  return UTF8_BOM + toCsv(rows)
}

/** `messages-YYYY-MM-DD.csv`, dated in the viewer's time zone (the day they exported it). */
export function csvFileName(now: Date): string {
  return `messages-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`
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
  const rows = [
    [
      headers.confirmedAt,
      headers.name,
      headers.email,
      headers.area,
      headers.type,
      headers.minPrice,
      headers.maxPrice,
      headers.beds,
      headers.baths,
      headers.frequency,
      headers.status,
      headers.consentVersion,
      headers.consentText,
      headers.consentLang,
      headers.consentPage,
      headers.consentedAt,
    ],
    ...searches.map((search) => [
      search.confirmedAt ? formatDate(search.confirmedAt) : '',
      search.name ?? '',
      search.email,
      `${search.city}, ${search.state}`,
      search.listingType ? labels.type[search.listingType] : '',
      csvNumber(search.minPrice),
      csvNumber(search.maxPrice),
      csvNumber(search.minBeds),
      csvNumber(search.minBaths),
      labels.frequency[search.frequency],
      labels.status[search.status],
      search.consent.version,
      search.consent.text,
      search.consent.lang,
      search.consent.page ?? '',
      formatDate(search.consent.consentedAt),
    ]),
  ]
  return UTF8_BOM + toCsv(rows)
}

/** `saved-searches-YYYY-MM-DD.csv`, dated like the messages' file. */
export function savedSearchesCsvFileName(now: Date): string {
  return `saved-searches-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`
}
