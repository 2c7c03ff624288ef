import { describe, expect, it } from 'vitest'
import { MACHINE_TRANSLATION_NOTICE_EN, machineTranslationNoticeMessage } from '../../src/lib/listing-disclaimers'
import { placeholdersLost } from '../../src/lib/reply-placeholders'
import { remarksTranslationView } from '../../src/server/listings/remarks-translation'

/*
 * Issue 54 items 3 and 4 (decision 072), the pure parts: which remarks a listing page shows,
 * the machine-translation notice's English and catalog text held together, and the
 * placeholders a template's translation lost.
 */

const BASE = { lang: 'ko', translateRemarks: true, providerOn: true, remarks: 'A bright home.', stored: undefined } as const

describe('remarksTranslationView', () => {
  it('a Korean page shows the stored translation, else "pending" while a provider is set', () => {
    expect(remarksTranslationView({ ...BASE, stored: { text: '밝은 집입니다.' } })).toEqual({ status: 'translated', lang: 'ko', text: '밝은 집입니다.' })
    expect(remarksTranslationView(BASE)).toEqual({ status: 'pending', lang: 'ko' })
  })

  it('nothing on English pages, where the profile forbids it, without remarks, or (pending) without a provider', () => {
    expect(remarksTranslationView({ ...BASE, lang: 'en', stored: { text: '밝은 집입니다.' } })).toBeNull()
    expect(remarksTranslationView({ ...BASE, translateRemarks: false, stored: { text: '밝은 집입니다.' } })).toBeNull()
    expect(remarksTranslationView({ ...BASE, remarks: null })).toBeNull()
    expect(remarksTranslationView({ ...BASE, remarks: '  \n ' })).toBeNull()
    expect(remarksTranslationView({ ...BASE, providerOn: false })).toBeNull()
    // A translation made before the provider was switched off is still a translation of these remarks.
    expect(remarksTranslationView({ ...BASE, providerOn: false, stored: { text: '밝은 집입니다.' } })).toEqual({
      status: 'translated',
      lang: 'ko',
      text: '밝은 집입니다.',
    })
  })
})

describe('the machine-translation notice', () => {
  it('the catalog translates exactly the English shown beside it', () => {
    expect(machineTranslationNoticeMessage.message).toBe(MACHINE_TRANSLATION_NOTICE_EN)
    expect(MACHINE_TRANSLATION_NOTICE_EN).toMatch(/machine translation/)
  })
})

describe('placeholdersLost', () => {
  it('names each placeholder of the source the draft no longer has', () => {
    expect(placeholdersLost('{visitorName}님, 안녕하세요. {realtorName}입니다.', 'Hello {visitorName}, this is {realtorName}.')).toEqual([])
    expect(placeholdersLost('{visitorName}님, 안녕하세요. {phone}', 'Hello {visitor name}, call { phone }.')).toEqual(['visitorName'])
    expect(placeholdersLost('{website} {email}', 'Nothing left')).toEqual(['email', 'website'])
  })
})
