import { describe, expect, it } from 'vitest'
import { displayPhone, smsHref, telHref } from '~/lib/contact-links'
import { formatPhone, formatPhoneInternational, mayBePhone, parsePhone, phoneE164 } from '~/lib/phone'
import { isValidPhone, phoneForStorage } from '~/schemas/realtor-fields'
import { visitorPhoneSchema } from '~/schemas/visitor-fields'
import { toE164 } from '~/server/db/migrations/0039-phones-e164'

/* Issue 52 item 7 (decision 070): phones stored in E.164, shown in their country's form, called with their code. */

describe('parsePhone', () => {
  it('reads what people type into E.164 with the country', () => {
    expect(parsePhone('(949) 555-0123')).toEqual({ e164: '+19495550123', country: 'US' })
    expect(parsePhone('949.555.0123', 'US')).toEqual({ e164: '+19495550123', country: 'US' })
    expect(parsePhone('010-1234-5678')).toEqual({ e164: '+821012345678', country: 'KR' })
    expect(parsePhone('02-123-4567')).toEqual({ e164: '+8221234567', country: 'KR' })
    expect(parsePhone('+82 10 1234 5678', 'US')).toEqual({ e164: '+821012345678', country: 'KR' })
    expect(parsePhone('+44 20 7946 0958')).toEqual({ e164: '+442079460958', country: 'GB' })
  })

  it('refuses what no numbering plan has', () => {
    expect(parsePhone('')).toBeNull()
    expect(parsePhone('1234')).toBeNull()
    // Ten digits, but US area codes never start with 1; without a trunk 0 it is not read as Korean.
    expect(parsePhone('123-456-7890')).toBeNull()
    expect(parsePhone('949-555-01')).toBeNull()
    // A Korean mobile is not a US number when the form says US.
    expect(parsePhone('010-1234-5678', 'US')).toBeNull()
  })
})

describe('showing and calling a stored number', () => {
  it('formats E.164 in the national form of its own country', () => {
    expect(formatPhone('+19495550123')).toBe('(949) 555-0123')
    expect(formatPhone('+821012345678')).toBe('010-1234-5678')
    expect(formatPhone('+8221234567')).toBe('02-123-4567')
    expect(formatPhoneInternational('+821012345678')).toBe('+82 10 1234 5678')
  })

  it('reads rows stored before E.164 (national digits) in their country, and keeps what does not parse', () => {
    expect(formatPhone('01012345678', 'KR')).toBe('010-1234-5678')
    expect(formatPhone('9495550123', 'US')).toBe('(949) 555-0123')
    expect(formatPhone('call me maybe')).toBe('call me maybe')
    expect(phoneE164('01012345678', 'KR')).toBe('+821012345678')
    expect(phoneE164('555 12')).toBe('55512')
  })

  it('links tel: and sms: with the country code, never with separators', () => {
    expect(telHref('+19495550123')).toBe('tel:+19495550123')
    expect(telHref('9495550123', 'US')).toBe('tel:+19495550123')
    expect(smsHref('010-1234-5678', 'KR')).toBe('sms:+821012345678')
    expect(displayPhone('+821012345678', 'US')).toBe('010-1234-5678')
  })
})

describe('forms store E.164', () => {
  it('keeps the spec rule for a form with a country and stores the number in E.164', () => {
    expect(isValidPhone('949-555-0123', 'US')).toBe(true)
    expect(isValidPhone('123-456-7890', 'US')).toBe(false)
    expect(isValidPhone('+1 949-555-0123', 'US')).toBe(true)
    expect(isValidPhone('+82 10-1234-5678', 'US')).toBe(false)
    expect(phoneForStorage('(949) 555-0123', 'us')).toBe('+19495550123')
    expect(phoneForStorage('010-1234-5678', 'KR')).toBe('+821012345678')
  })

  it('stores a free-typed visitor number in E.164 and refuses one that is no number', () => {
    expect(visitorPhoneSchema.parse('(714) 555-0188')).toBe('+17145550188')
    expect(visitorPhoneSchema.parse('010 2345 6789')).toBe('+821023456789')
    expect(visitorPhoneSchema.parse('')).toBe('')
    expect(visitorPhoneSchema.safeParse('555-0199-1').success).toBe(false)
  })

  it('migrates a stored number that parses, and leaves the rest', () => {
    expect(toE164('01012345678', 'KR')).toBe('+821012345678')
    expect(toE164('(949) 555-0134', undefined)).toBe('+19495550134')
    expect(toE164('+19495550134', undefined)).toBeUndefined()
    expect(toE164('ask my wife', undefined)).toBeUndefined()
  })
})

describe('mayBePhone on the server (every plan)', () => {
  it('is parsePhone: a real number of any country, nothing else', () => {
    expect(mayBePhone('+44 20 7946 0958')).toBe(true)
    expect(mayBePhone('+999 1234 5678')).toBe(false)
    expect(mayBePhone('+44 1')).toBe(false)
  })
})
