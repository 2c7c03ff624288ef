import { PHONE_METADATA_COMPLETE, phoneMetadata } from '#phone-metadata'
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from 'libphonenumber-js/core'

/*
 * Phone numbers (issue 52 item 7, decision 070), on libphonenumber-js: Google's numbering plan
 * data, kept current by its maintainers, the standard the big sites use. A number is stored in
 * E.164 (`+19495550123`, `+821012345678`): one form whatever the visitor typed, callable from
 * anywhere, and comparable. It is shown in the national form of its own country and linked as
 * `tel:` with its country code. Isomorphic: the forms check numbers in the browser with the
 * same rules the server stores them by, on the plans of the calling codes the forms offer
 * (`#phone-metadata`: every plan on the server, +1 and +82 in the browser).
 */

/** The countries our visitors and realtors call from: realtors work in the US; many visitors write Korean numbers (010-…). */
export const PHONE_COUNTRIES = ['US', 'KR'] as const satisfies ReadonlyArray<CountryCode>
export type PhoneCountry = (typeof PHONE_COUNTRIES)[number]

export type ParsedPhone = { e164: string; country: string }

function isCountryCode(value: string): value is CountryCode {
  return /^[A-Z]{2}$/.test(value)
}

/** The country named, when the plans loaded here hold it. */
export function supportedCountry(value: string | undefined): CountryCode | undefined {
  const code = value?.toUpperCase()
  return code && isCountryCode(code) && isSupportedCountry(code, phoneMetadata) ? code : undefined
}

function validNumber(raw: string, country: string | undefined): PhoneNumber | undefined {
  const parsed = parsePhoneNumberFromString(raw, { defaultCountry: supportedCountry(country) }, phoneMetadata)
  return parsed?.isValid() ? parsed : undefined
}

/**
 * The country a number without one is read in: Korean when it starts with the trunk 0 (010-…,
 * 02-…), which no US number does; American otherwise.
 */
function impliedCountry(text: string): PhoneCountry {
  return text.replace(/[^\d+]/g, '').startsWith('0') ? 'KR' : 'US'
}

/** The number, when it is a real one: in `country` when one is named, else in the one it implies; a `+` code wins over both. */
function realNumber(raw: string, country?: string): PhoneNumber | undefined {
  const text = raw.trim()
  if (text === '') return undefined
  return validNumber(text, country ?? impliedCountry(text))
}

/**
 * A number as a person types it (`(949) 555-0123`, `010-1234-5678`, `+82 10 1234 5678`), in
 * E.164 with its country, or null when it is not a real number. `country` is the one the form
 * names (the contact form's country select, the realtor's phone country); a free-typed number
 * (a tour request, a seller lead) names none.
 */
export function parsePhone(raw: string, country?: string): ParsedPhone | null {
  const parsed = realNumber(raw, country)
  return parsed ? { e164: parsed.number, country: parsed.country ?? country?.toUpperCase() ?? '' } : null
}

/** Whether `text` names a calling code (`+44 …`) that the plans loaded here do not hold. */
function unknownCallingCode(text: string): boolean {
  const digits = text.replace(/[^\d+]/g, '')
  if (!digits.startsWith('+')) return false
  const codes = Object.keys(phoneMetadata.country_calling_codes)
  // Calling codes are prefix-free (ITU E.164): at most one of them starts the number.
  return !codes.some((code) => digits.startsWith(`+${code}`))
}

/**
 * Whether a free-typed number (a tour request, a seller lead) may be sent: a real number, or, in
 * the browser, one with a `+` code whose plan the browser does not hold (the server, which holds
 * every plan, decides). On the server this is `parsePhone(raw) !== null`.
 */
export function mayBePhone(raw: string): boolean {
  return parsePhone(raw) !== null || (!PHONE_METADATA_COMPLETE && unknownCallingCode(raw))
}

/*
 * Shown and linked: a stored number is E.164 (its `+` code names its country); a row older than
 * migration 0038 that did not parse keeps its text, read in the row's country when it has one.
 */

/** The number as its own country writes it: `(949) 555-0123`, `010-1234-5678`; the text as stored when it does not parse. */
export function formatPhone(stored: string, country?: string): string {
  return realNumber(stored, country)?.formatNational() ?? stored
}

/** The number with its country code, for a reader abroad: `+82 10 1234 5678`. */
export function formatPhoneInternational(stored: string, country?: string): string {
  return realNumber(stored, country)?.formatInternational() ?? stored
}

/** E.164 for links, or the digits (with a leading +) of a stored text that does not parse. */
export function phoneE164(stored: string, country?: string): string {
  const parsed = realNumber(stored, country)
  if (parsed) return parsed.number
  const digits = stored.replace(/[^\d+]/g, '')
  return digits.startsWith('+') ? `+${digits.replace(/\+/g, '')}` : digits
}
