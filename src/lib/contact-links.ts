import { formatPhone, phoneE164 } from './phone'

/*
 * Phone and e-mail links for the inbox and the public pages. Pure, so the same text goes into the page and the CSV.
 * Numbers are stored in E.164 (src/lib/phone.ts, decision 070); rows older than that keep
 * national digits next to an ISO country code, which is why the country still travels along.
 */

/** `tel:` with the country code so the call works from a phone anywhere (no spaces or dashes). */
export function telHref(phone: string, countryCode?: string): string {
  return `tel:${phoneE164(phone, countryCode)}`
}

/** `sms:` to the same international number: "Text" on a phone, the messages app on a desktop. */
export function smsHref(phone: string, countryCode?: string): string {
  return `sms:${phoneE164(phone, countryCode)}`
}

/** A realtor's KakaoTalk link as they typed it, with `https://` when they left it out. */
export function kakaoHref(link: string): string {
  return /^https?:\/\//.test(link) ? link : `https://${link}`
}

/** The number as its own country writes it: `(949) 555-0123`, `010-1234-5678`. */
export function displayPhone(phone: string, countryCode?: string): string {
  return formatPhone(phone, countryCode)
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
