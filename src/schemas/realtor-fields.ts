import { msg } from '@lingui/core/macro'
import { z } from 'zod'
import { parsePhone } from '~/lib/phone'
import { isReservedPath } from '~/lib/reserved-paths'
import { DESIRED_URL_MAX_LENGTH, DESIRED_URL_PATTERN } from '~/lib/desired-url-rule'
import { messageId } from './messages'

/** Spec §5 field rules. Each regex is the rule as the spec states it; tests name the edges. */
export const PHONE_DIGITS_US = 10
export const PHONE_DIGITS_OTHER = 11

/**
 * Spec §5: dashes are stripped before the length check. Spaces, dots and parentheses are
 * stripped too, because visitors type `(949) 555-0123` as often as `949-555-0123`.
 */
export function normalizePhone(raw: string): string {
  return raw.replace(/[-\s.()]/g, '')
}

/**
 * Spec §5: US numbers have exactly 10 digits, any other region exactly 11; and (issue 52 item 7)
 * a real number of that country by the numbering plan (src/lib/phone.ts), so what is stored
 * can be written in E.164 and called.
 */
export function isValidPhone(raw: string, countryCode: string): boolean {
  return phoneProblem(raw, countryCode) === null
}

/** The message for a phone number that is not valid in its country, or null when it is. */
export function phoneProblem(raw: string, countryCode: string): string | null {
  const digits = normalizePhone(raw)
  const country = countryCode.toUpperCase()
  // A number with its `+` code (as stored and as the API returns it) is checked by the numbering plan alone.
  if (digits.startsWith('+')) return parsePhone(digits, country)?.country === country ? null : messageId(msg`Enter a valid phone number`)
  const expected = country === 'US' ? PHONE_DIGITS_US : PHONE_DIGITS_OTHER
  if (!/^\d+$/.test(digits) || digits.length !== expected) {
    return country === 'US' ? messageId(msg`Enter a 10-digit phone number`) : messageId(msg`Enter an 11-digit phone number`)
  }
  return parsePhone(digits, country) ? null : messageId(msg`Enter a valid phone number`)
}

/** A number that passed `isValidPhone`, in E.164 (`+19495550123`) as it is stored. */
export function phoneForStorage(raw: string, countryCode: string): string {
  return parsePhone(normalizePhone(raw), countryCode.toUpperCase())?.e164 ?? normalizePhone(raw)
}

export const countryCodeSchema = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}$/, { error: messageId(msg`Choose a country code`) }))

/** Spec §5 slug: letters, underscore and hyphen, at least one; reserved words refused. */
export const desiredUrlSchema = z
  .string({ error: messageId(msg`Enter the address of your homepage`) })
  .trim()
  .min(1, { error: messageId(msg`Enter the address of your homepage`) })
  .max(DESIRED_URL_MAX_LENGTH, { error: messageId(msg`Use at most 60 characters`) })
  .regex(DESIRED_URL_PATTERN, { error: messageId(msg`Use only letters, hyphens (-) and underscores (_)`) })
  .refine((value) => !isReservedPath(value), { error: messageId(msg`This address is reserved. Choose another one`) })

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*\.[A-Za-z]{2,}$/

export const emailSchema = z
  .string({ error: messageId(msg`Enter an e-mail address`) })
  .trim()
  .min(1, { error: messageId(msg`Enter an e-mail address`) })
  .max(254, { error: messageId(msg`Enter a valid e-mail address`) })
  .regex(EMAIL_PATTERN, { error: messageId(msg`Enter a valid e-mail address`) })

/** Spec §5 URL: optional http(s) scheme, dotted host, optional port, a path without spaces. */
export const URL_PATTERN = /^(?:https?:\/\/)?(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z0-9-]{2,}(?::\d{1,5})?(?:[/?#]\S*)?$/

export const urlSchema = z
  .string()
  .trim()
  .max(2048, { error: messageId(msg`Enter a valid web address`) })
  .regex(URL_PATTERN, { error: messageId(msg`Enter a valid web address`) })

/** Spec §5 video URL: https on the video site's www host. */
export const VIDEO_URL_PREFIX = 'https://www.youtube.com/'

export const videoUrlSchema = z
  .string()
  .trim()
  .max(2048, { error: messageId(msg`Enter a YouTube address starting with https://www.youtube.com/`) })
  .refine((value) => value.startsWith(VIDEO_URL_PREFIX) && value.length > VIDEO_URL_PREFIX.length && !/\s/.test(value), {
    error: messageId(msg`Enter a YouTube address starting with https://www.youtube.com/`),
  })

/** Spec §5 career date: YYYY-MM-DD, month 01–12, day 01–31. */
export const CAREER_DATE_PATTERN = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/

export const careerDateSchema = z
  .string()
  .trim()
  .regex(CAREER_DATE_PATTERN, { error: messageId(msg`Enter a date as YYYY-MM-DD`) })

/** Spec §5 yes/no flag: exactly Y or N. */
export const yesNoSchema = z.enum(['Y', 'N'], { error: messageId(msg`Choose Y or N`) })
export type YesNo = z.infer<typeof yesNoSchema>

export const HEX_COLOR_PATTERN = /^#[0-9A-Fa-f]{6}$/

/** Spec §5 hex color: `#` and exactly six hex digits. */
export const hexColorSchema = z
  .string()
  .trim()
  .regex(HEX_COLOR_PATTERN, { error: messageId(msg`Enter a color as # and six hex digits, e.g. #1D4ED8`) })

/** Spec §5 tag-manager id: GTM- or G- and uppercase letters or digits. */
export const TAG_MANAGER_ID_PATTERN = /^(?:GTM|G)-[A-Z0-9]+$/

/** Real ids are 7–12 characters after the prefix; the bound only keeps nonsense out. */
export const TAG_MANAGER_ID_MAX_LENGTH = 32

export const tagManagerIdSchema = z
  .string()
  .trim()
  .max(TAG_MANAGER_ID_MAX_LENGTH, { error: messageId(msg`Enter an id such as GTM-XXXXXXX or G-XXXXXXXXXX`) })
  .regex(TAG_MANAGER_ID_PATTERN, { error: messageId(msg`Enter an id such as GTM-XXXXXXX or G-XXXXXXXXXX`) })

/** The `<meta name>` each search console asks a site to carry. */
export const SITE_VERIFICATION_NAMES = ['google-site-verification', 'naver-site-verification'] as const
export type SiteVerificationName = (typeof SITE_VERIFICATION_NAMES)[number]

/**
 * A verification token as it may be written into a page: Google's are base64url (43
 * characters), Naver's hexadecimal (40). Letters, digits, `-` and `_` only, so nothing a
 * realtor pastes can be more than a word in an attribute.
 */
export const SITE_VERIFICATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{8,100}$/

/** A pasted tag is a little longer than its token; anything longer is not one. */
export const SITE_VERIFICATION_INPUT_MAX_LENGTH = 400

const META_TAG = /^<meta\b([^>]*?)\/?\s*>$/i
const ATTRIBUTE = /([a-z-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi

export type ExtractedToken = { ok: true; token: string } | { ok: false; reason: 'invalid' | 'other-name' }

/**
 * The token of a verification as the realtor pasted it: the bare token, or the whole
 * `<meta name="google-site-verification" content="…">` tag the vendor shows (its content is
 * the token). A tag naming another vendor is refused as such, so a Naver tag pasted into the
 * Google field is not silently published as Google's.
 */
export function extractVerificationToken(raw: string, name: SiteVerificationName): ExtractedToken {
  const value = raw.trim()
  const tag = META_TAG.exec(value)
  let token = value
  if (tag) {
    const attributes = new Map<string, string>()
    for (const match of (tag[1] ?? '').matchAll(ATTRIBUTE)) {
      attributes.set((match[1] ?? '').toLowerCase(), (match[2] ?? match[3] ?? match[4] ?? '').trim())
    }
    const named = attributes.get('name')
    if (named !== undefined && named.toLowerCase() !== name) return { ok: false, reason: 'other-name' }
    token = attributes.get('content') ?? ''
  }
  return SITE_VERIFICATION_TOKEN_PATTERN.test(token) ? { ok: true, token } : { ok: false, reason: 'invalid' }
}

const VERIFICATION_MESSAGES = {
  'google-site-verification': {
    invalid: msg`Enter the code from Google Search Console: the whole meta tag, or only its content`,
    'other-name': msg`This is not Google's tag. Paste the tag named google-site-verification`,
  },
  'naver-site-verification': {
    invalid: msg`Enter the code from Naver Search Advisor: the whole meta tag, or only its content`,
    'other-name': msg`This is not Naver's tag. Paste the tag named naver-site-verification`,
  },
} as const

/** A search console's verification: the token, from the bare token or the pasted tag. */
export function siteVerificationSchema(name: SiteVerificationName) {
  const messages = VERIFICATION_MESSAGES[name]
  return z
    .string()
    .max(SITE_VERIFICATION_INPUT_MAX_LENGTH, { error: messageId(messages.invalid) })
    .transform((value, context) => {
      const extracted = extractVerificationToken(value, name)
      if (extracted.ok) return extracted.token
      context.issues.push({ code: 'custom', input: value, message: messageId(messages[extracted.reason]) })
      return z.NEVER
    })
}

/**
 * A number as JSON sends it, or as a form sends it: decimal digits in text. Nothing else becomes
 * one (`z.coerce` would make 7 of `[7]`, 1 of `true` and 16 of `"0x10"`): it stays as it came,
 * for the number schema to refuse with its message.
 */
export function numberFromText(value: unknown): unknown {
  return typeof value === 'string' && /^\s*[+-]?\d+(?:\.\d+)?\s*$/.test(value) ? Number(value) : value
}

/**
 * An optional field: empty strings and null become undefined, so "cleared", "never set" and
 * a value read back from the API (null) all agree.
 */
export function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value), schema.optional())
}
