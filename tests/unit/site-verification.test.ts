import { describe, expect, it } from 'vitest'
import { realtorInputSchema } from '~/schemas/realtor'
import { extractVerificationToken, siteVerificationSchema, tagManagerIdSchema } from '~/schemas/realtor-fields'

/*
 * Issue 14 part 4: a realtor pastes what Google Search Console or Naver Search Advisor shows
 * (the whole <meta> tag, or its content) and the homepage carries only the token; the tag id
 * follows spec §5.
 */

const GOOGLE = 'Xk3vQ9z_bT1-cLmN8pRsUwYaDfGhJkL2nOpQrStUvWx'
const NAVER = '0f3a1c9e5b7d2a4c6e8f0a1b3c5d7e9f1a2b3c4d'

describe('a verification token from what the realtor pasted', () => {
  it('takes a bare token as it is, trimmed', () => {
    expect(extractVerificationToken(`  ${GOOGLE}\n`, 'google-site-verification')).toEqual({ ok: true, token: GOOGLE })
    expect(extractVerificationToken(NAVER, 'naver-site-verification')).toEqual({ ok: true, token: NAVER })
  })

  it('takes the content of the whole tag, however it is quoted or closed', () => {
    for (const tag of [
      `<meta name="google-site-verification" content="${GOOGLE}" />`,
      `<meta name="google-site-verification" content="${GOOGLE}">`,
      `<META content='${GOOGLE}' NAME='google-site-verification'/>`,
      `<meta name=google-site-verification content=${GOOGLE}>`,
      ` <meta  name = "google-site-verification"  content = " ${GOOGLE} " > `,
    ]) {
      expect(extractVerificationToken(tag, 'google-site-verification'), tag).toEqual({ ok: true, token: GOOGLE })
    }
    expect(extractVerificationToken(`<meta name="naver-site-verification" content="${NAVER}" />`, 'naver-site-verification')).toEqual({
      ok: true,
      token: NAVER,
    })
  })

  it("refuses another vendor's tag in a field, saying so", () => {
    expect(extractVerificationToken(`<meta name="naver-site-verification" content="${NAVER}" />`, 'google-site-verification')).toEqual({
      ok: false,
      reason: 'other-name',
    })
    expect(extractVerificationToken(`<meta name="description" content="${GOOGLE}">`, 'naver-site-verification')).toEqual({ ok: false, reason: 'other-name' })
  })

  it('refuses anything that is not a plain token: markup, quotes, spaces, too short or too long', () => {
    for (const value of [
      `<meta name="google-site-verification">`,
      `<meta name="google-site-verification" content="">`,
      `<meta name="google-site-verification" content="a"b">`,
      `<script>alert(1)</script>`,
      `<meta name="google-site-verification" content="${GOOGLE}"><script>alert(1)</script>`,
      `${GOOGLE}" onload="alert(1)`,
      'abc def ghi jkl',
      'short',
      'x'.repeat(101),
      'tökenwith_umlaut',
      'token/with/slashes',
    ]) {
      expect(extractVerificationToken(value, 'google-site-verification'), value).toEqual({ ok: false, reason: 'invalid' })
    }
    expect(extractVerificationToken('x'.repeat(100), 'google-site-verification')).toEqual({ ok: true, token: 'x'.repeat(100) })
  })
})

describe('the verification fields of the realtor form', () => {
  const schema = siteVerificationSchema('google-site-verification')

  it('parse to the token, with a message id per kind of mistake', () => {
    expect(schema.parse(`<meta name="google-site-verification" content="${GOOGLE}" />`)).toBe(GOOGLE)
    const invalid = schema.safeParse('not a token')
    const otherName = schema.safeParse(`<meta name="naver-site-verification" content="${NAVER}" />`)
    const tooLong = schema.safeParse(`<meta name="google-site-verification" content="${GOOGLE}" ${'x'.repeat(400)}>`)
    expect(invalid.success || otherName.success || tooLong.success).toBe(false)
    const messageOf = (result: typeof invalid) => result.error?.issues[0]?.message
    expect(messageOf(invalid)).toBe(messageOf(tooLong))
    expect(messageOf(otherName)).not.toBe(messageOf(invalid))
    // Lingui ids, not English text: the form and the REST API translate them.
    expect(messageOf(invalid)).toMatch(/^[\w+/=-]{4,12}$/)
  })

  it('are optional: empty and null mean "not set", and a pasted tag is stored as its token', () => {
    const base = {
      desiredUrl: 'jane-kim',
      email: 'jane@example.com',
      isMakeHomepage: 'N',
    }
    const empty = realtorInputSchema.parse({ ...base, googleSiteVerification: '', naverSiteVerification: null, tagManagerId: '  ' })
    expect([empty.googleSiteVerification, empty.naverSiteVerification, empty.tagManagerId]).toEqual([undefined, undefined, undefined])
    const set = realtorInputSchema.parse({
      ...base,
      googleSiteVerification: `<meta name="google-site-verification" content="${GOOGLE}" />`,
      naverSiteVerification: NAVER,
      tagManagerId: ' G-ABC123XYZ ',
    })
    expect([set.googleSiteVerification, set.naverSiteVerification, set.tagManagerId]).toEqual([GOOGLE, NAVER, 'G-ABC123XYZ'])
    const refused = realtorInputSchema.safeParse({
      ...base,
      googleSiteVerification: NAVER.slice(0, 4),
      naverSiteVerification: `<b>${NAVER}</b>`,
      tagManagerId: 'UA-1234',
    })
    expect(refused.success).toBe(false)
    expect(refused.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['googleSiteVerification', 'naverSiteVerification', 'tagManagerId'])
  })
})

describe('§5 tag-manager id', () => {
  it('is GTM- or G- and uppercase letters or digits, of a sane length', () => {
    expect(tagManagerIdSchema.safeParse('GTM-ABC1234').success).toBe(true)
    expect(tagManagerIdSchema.safeParse('G-ABCDEF1234').success).toBe(true)
    expect(tagManagerIdSchema.safeParse(`G-${'A'.repeat(30)}`).success).toBe(true)
    for (const id of [`G-${'A'.repeat(31)}`, 'G-abc', 'GTM-ABC"', 'GTM-ABC&x=1', 'AW-123456', 'G-ABC 123']) {
      expect(tagManagerIdSchema.safeParse(id).success, id).toBe(false)
    }
  })
})
