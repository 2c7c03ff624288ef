import { describe, expect, it } from 'vitest'
import {
  careerDateSchema,
  desiredUrlSchema,
  emailSchema,
  hexColorSchema,
  isValidPhone,
  normalizePhone,
  tagManagerIdSchema,
  urlSchema,
  videoUrlSchema,
  yesNoSchema,
} from '~/schemas/realtor-fields'
import { RESERVED_PATHS } from '~/lib/reserved-paths'

const accepts = (schema: { safeParse: (value: unknown) => { success: boolean } }, value: unknown) => schema.safeParse(value).success

describe('§5 phone number: dashes stripped; US exactly 10 digits, any other region exactly 11', () => {
  it('strips dashes before counting', () => {
    expect(normalizePhone('949-555-0123')).toBe('9495550123')
    expect(normalizePhone('010-1234-5678')).toBe('01012345678')
  })
  it('accepts exactly 10 digits for US and refuses 9 or 11', () => {
    expect(isValidPhone('949-555-0123', 'US')).toBe(true)
    expect(isValidPhone('949-555-012', 'US')).toBe(false)
    expect(isValidPhone('1-949-555-0123', 'US')).toBe(false)
    // Ten digits are not enough: the number must be one the numbering plan has (issue 52 item 7).
    expect(isValidPhone('123-456-7890', 'US')).toBe(false)
  })
  it('accepts exactly 11 digits for any other region and refuses 10 or 12', () => {
    expect(isValidPhone('010-1234-5678', 'KR')).toBe(true)
    expect(isValidPhone('010-1234-567', 'KR')).toBe(false)
    expect(isValidPhone('010-1234-56789', 'JP')).toBe(false)
  })
  it('treats the region case-insensitively and refuses letters', () => {
    expect(isValidPhone('9495550123', 'us')).toBe(true)
    expect(isValidPhone('949555012a', 'US')).toBe(false)
  })
})

describe('§5 desiredUrl: letters, underscore and hyphen, at least one; reserved words refused', () => {
  it('accepts letters, _ and -', () => {
    for (const slug of ['a', 'sora-park', 'Sora_Park', '-', '_']) expect(accepts(desiredUrlSchema, slug)).toBe(true)
  })
  it('refuses empty, digits, dots, spaces and non-Latin letters', () => {
    for (const slug of ['', 'sora2', 'sora.park', 'sora park', '박소라', 'sora/park']) expect(accepts(desiredUrlSchema, slug)).toBe(false)
  })
  it('refuses every reserved word that a slug could spell, in any case', () => {
    for (const word of RESERVED_PATHS.filter((path) => /^[A-Za-z_-]+$/.test(path))) {
      expect(accepts(desiredUrlSchema, word)).toBe(false)
      expect(accepts(desiredUrlSchema, word.toUpperCase())).toBe(false)
    }
    expect(accepts(desiredUrlSchema, 'english')).toBe(true)
  })
})

describe('§5 e-mail: local part, @, domain and a TLD of at least 2 letters', () => {
  it('accepts ordinary addresses', () => {
    for (const email of ['a@b.co', 'jane.kim+home@example.com', 'x@mail.example.org']) expect(accepts(emailSchema, email)).toBe(true)
  })
  it('refuses a one-letter or numeric TLD and missing parts', () => {
    for (const email of ['a@b.c', 'a@b.c1', 'a@b', '@b.com', 'a@.com', 'a b@c.com', '']) expect(accepts(emailSchema, email)).toBe(false)
  })
})

describe('§5 URL: optional http(s), dotted host, optional port, path without spaces', () => {
  it('accepts with and without scheme, with port and path', () => {
    for (const url of ['example.com', 'https://example.com', 'http://www.example.co.kr:8080/a/b?c=d', 'open.kakao.com/o/abc']) {
      expect(accepts(urlSchema, url)).toBe(true)
    }
  })
  it('refuses other schemes, undotted hosts and spaces in the path', () => {
    for (const url of ['ftp://example.com', 'localhost', 'https://example', 'https://example.com/a b', 'javascript:alert(1)']) {
      expect(accepts(urlSchema, url)).toBe(false)
    }
  })
})

describe('§5 video URL: https on the video site www host', () => {
  it('accepts https://www.youtube.com/…', () => {
    expect(accepts(videoUrlSchema, 'https://www.youtube.com/watch?v=aqz-KE-bpKQ')).toBe(true)
  })
  it('refuses http, other hosts and the bare prefix', () => {
    for (const url of [
      'http://www.youtube.com/watch?v=x',
      'https://youtube.com/watch?v=x',
      'https://youtu.be/x',
      'https://www.youtube.com/',
      'https://www.youtube.com.evil.com/x',
    ]) {
      expect(accepts(videoUrlSchema, url)).toBe(false)
    }
  })
})

describe('§5 career date: YYYY-MM-DD, month 01–12, day 01–31', () => {
  it('accepts the edges', () => {
    for (const date of ['2012-01-01', '2012-12-31', '1999-09-30']) expect(accepts(careerDateSchema, date)).toBe(true)
  })
  it('refuses month 00/13, day 00/32 and other shapes', () => {
    for (const date of ['2012-00-10', '2012-13-10', '2012-05-00', '2012-05-32', '2012-5-1', '12-05-01', '2012/05/01']) {
      expect(accepts(careerDateSchema, date)).toBe(false)
    }
  })
})

describe('§5 Y/N flag: exactly Y or N', () => {
  it('accepts Y and N only', () => {
    expect(accepts(yesNoSchema, 'Y')).toBe(true)
    expect(accepts(yesNoSchema, 'N')).toBe(true)
    for (const value of ['y', 'n', 'YES', '', true, 1]) expect(accepts(yesNoSchema, value)).toBe(false)
  })
})

describe('§5 hex color: # and exactly 6 hex digits', () => {
  it('accepts upper and lower case', () => {
    expect(accepts(hexColorSchema, '#1D4ED8')).toBe(true)
    expect(accepts(hexColorSchema, '#abcdef')).toBe(true)
  })
  it('refuses 3 or 8 digits, a missing # and non-hex letters', () => {
    for (const color of ['#fff', '#1D4ED8FF', '1D4ED8', '#1D4ED', '#GGGGGG']) expect(accepts(hexColorSchema, color)).toBe(false)
  })
})

describe('§5 tag-manager id: GTM- or G- and uppercase letters or digits', () => {
  it('accepts GTM- and G- ids', () => {
    expect(accepts(tagManagerIdSchema, 'GTM-ABC123')).toBe(true)
    expect(accepts(tagManagerIdSchema, 'G-ABCDEF1234')).toBe(true)
  })
  it('refuses lowercase, other prefixes and an empty tail', () => {
    for (const id of ['GTM-abc', 'UA-12345', 'G-', 'gtm-ABC', 'GTM_ABC']) expect(accepts(tagManagerIdSchema, id)).toBe(false)
  })
})
