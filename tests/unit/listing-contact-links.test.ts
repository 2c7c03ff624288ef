import { describe, expect, it } from 'vitest'
import { listingContactLinks } from '~/features/listings/listing-action-bar'
import { kakaoHref, smsHref } from '~/lib/contact-links'

/* The listing action bar's links (issue 51 item 5, decision 063): a number to call, and one way to write. */

const realtor = { contactPhone: '9495550123', companyPhone: '7145550100', phoneCountryCode: 'US', kakaoLink: null }

describe('listing contact links', () => {
  it('calls the mobile with its country code, else the office; none without a number', () => {
    expect(listingContactLinks(realtor).call).toBe('tel:+19495550123')
    expect(listingContactLinks({ ...realtor, contactPhone: null }).call).toBe('tel:+17145550100')
    expect(listingContactLinks({ ...realtor, contactPhone: null, companyPhone: null }).call).toBeNull()
  })

  it('writes by KakaoTalk when the realtor has a link, else by text to the mobile, never to the office', () => {
    expect(listingContactLinks({ ...realtor, kakaoLink: 'open.kakao.com/o/abc' }).message).toEqual({ kind: 'kakao', href: 'https://open.kakao.com/o/abc' })
    expect(listingContactLinks(realtor).message).toEqual({ kind: 'sms', href: 'sms:+19495550123' })
    expect(listingContactLinks({ ...realtor, contactPhone: null }).message).toBeNull()
  })

  it('keeps a Kakao link that has its scheme, and drops a Korean trunk 0 in a text', () => {
    expect(kakaoHref('https://pf.kakao.com/_x')).toBe('https://pf.kakao.com/_x')
    expect(kakaoHref('http://pf.kakao.com/_x')).toBe('http://pf.kakao.com/_x')
    expect(smsHref('010-1234-5678', 'KR')).toBe('sms:+821012345678')
  })
})
