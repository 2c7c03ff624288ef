/*
 * Phone and e-mail links for the inbox and the public pages. Pure, so the same text goes into the page and the CSV.
 * Numbers are stored as national digits (normalizePhone) next to an ISO country code.
 */

/** Calling codes of the countries the contact form offers; others fall back to the national number. */
const CALLING_CODES: Readonly<Record<string, string>> = { KR: '82', US: '1' }

function nationalDigits(phone: string): string {
  return phone.replace(/\D/g, '')
}

/** The international number, e.g. `+821012345678`; Korean numbers drop their trunk 0. */
export function internationalPhone(phone: string, countryCode: string): string {
  const digits = nationalDigits(phone)
  const calling = CALLING_CODES[countryCode.toUpperCase()]
  if (!calling) return digits
  const subscriber = countryCode.toUpperCase() === 'KR' ? digits.replace(/^0/, '') : digits
  return `+${calling}${subscriber}`
}

/** `tel:` with the country code so the call works from a phone anywhere (no spaces or dashes). */
export function telHref(phone: string, countryCode: string): string {
  return `tel:${internationalPhone(phone, countryCode)}`
}

/** `sms:` to the same international number: "Text" on a phone, the messages app on a desktop. */
export function smsHref(phone: string, countryCode: string): string {
  return `sms:${internationalPhone(phone, countryCode)}`
}

/** A realtor's KakaoTalk link as they typed it, with `https://` when they left it out. */
export function kakaoHref(link: string): string {
  return /^https?:\/\//.test(link) ? link : `https://${link}`
}

/** A readable number with its country code: `+82 10-1234-5678`, `+1 949-555-0123`. */
export function displayPhone(phone: string, countryCode: string): string {
  const digits = nationalDigits(phone)
  const code = countryCode.toUpperCase()
  if (code === 'KR' && /^0\d{10}$/.test(digits)) return `+82 ${digits.slice(1, 3)}-${digits.slice(3, 7)}-${digits.slice(7)}`
  if (code === 'US' && /^\d{10}$/.test(digits)) return `+1 ${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`
  const calling = CALLING_CODES[code]
  if (!calling) return digits || phone
  return `+${calling} ${code === 'KR' ? digits.replace(/^0/, '') : digits}`
}

/**
 * A `mailto:` link (RFC 6068). Subject and body are percent-encoded with encodeURIComponent,
 * never `+` for spaces, which mail programs would show literally. The address keeps its `@`
 * but characters that would end it early are encoded.
 */
export function mailtoHref(email: string, fields: { subject?: string; body?: string } = {}): string {
  const address = email.replace(/[%?#&,/]/g, (char) => encodeURIComponent(char))
  const query = Object.entries(fields)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&')
  return query ? `mailto:${address}?${query}` : `mailto:${address}`
}
