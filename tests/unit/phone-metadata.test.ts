import { readFileSync } from 'node:fs'
import fullMetadata from 'libphonenumber-js/metadata.min.json'
import { parsePhoneNumberFromString } from 'libphonenumber-js/core'
import { describe, expect, it, vi } from 'vitest'
import { FORMS_METADATA_FILE, formsPhoneMetadataText } from '../../scripts/phone-metadata'

/*
 * The browser's numbering plans (decision 070): the forms' calling codes only. The module under
 * test is given the browser's `#phone-metadata`, as the client builds resolve it by the
 * `browser` condition; tests/unit/phone.test.ts covers the server's (every plan).
 */
vi.mock('#phone-metadata', () => import('~/lib/phone-metadata.browser'))

const { formatPhone, mayBePhone, parsePhone } = await import('~/lib/phone')
const { visitorPhoneSchema } = await import('~/schemas/visitor-fields')
const { phoneProblem } = await import('~/schemas/realtor-fields')

describe('the browser phone metadata', () => {
  it('is what scripts/phone-metadata.ts makes of the installed libphonenumber-js (run `npm run phone-metadata` after an upgrade)', () => {
    expect(readFileSync(FORMS_METADATA_FILE, 'utf8')).toBe(formsPhoneMetadataText())
  })

  it('holds +1 and +82 only, with every country that shares them', () => {
    const text = formsPhoneMetadataText()
    expect(text).toContain('"82":["KR"]')
    expect(text).toMatch(/"1":\["US",[^\]]*"CA"/)
    expect(text).not.toContain('"44"')
  })

  it('reads numbers of the forms’ countries exactly as the server’s full plans do', () => {
    const typed: Array<[string, string | undefined]> = [
      ['(949) 555-0123', undefined],
      ['949.555.0123', 'US'],
      ['010-1234-5678', undefined],
      ['02-123-4567', 'KR'],
      ['+82 10 1234 5678', 'US'],
      ['(604) 555-0123', 'US'], // Vancouver: the North American plan, valid on the server
      ['(787) 555-0123', 'US'], // Puerto Rico
      ['123-456-7890', undefined],
      ['010-1234-5678', 'US'],
      ['949-555-01', undefined],
    ]
    for (const [text, country] of typed) {
      const implied = country ?? (text.replace(/[^\d+]/g, '').startsWith('0') ? 'KR' : 'US')
      const server = parsePhoneNumberFromString(text, { defaultCountry: implied === 'KR' ? 'KR' : 'US' }, fullMetadata)
      const expected = server?.isValid() ? { e164: server.number, country: server.country } : null
      expect(parsePhone(text, country), `${text} (${country ?? 'no country'})`).toEqual(expected)
    }
    expect(formatPhone('+821012345678')).toBe('010-1234-5678')
    expect(phoneProblem('949-555-0123', 'US')).toBeNull()
    expect(phoneProblem('010-1234-567', 'KR')).not.toBeNull()
  })

  it('lets a number with another country’s + code through for the server to judge, and refuses a wrong +1 or +82 one', () => {
    expect(parsePhone('+44 20 7946 0958')).toBeNull()
    expect(mayBePhone('+44 20 7946 0958')).toBe(true)
    expect(visitorPhoneSchema.safeParse('+44 20 7946 0958').success).toBe(true)
    expect(mayBePhone('+1 123 456 7890')).toBe(false)
    expect(mayBePhone('+82 10 1234')).toBe(false)
    expect(visitorPhoneSchema.safeParse('123-456-7890').success).toBe(false)
    // A realtor's number must be of the country chosen, in the browser as on the server.
    expect(phoneProblem('+44 20 7946 0958', 'US')).not.toBeNull()
  })
})
