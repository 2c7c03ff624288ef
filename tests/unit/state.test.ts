import { describe, expect, it } from 'vitest'
import { contactFormDefaults } from '~/schemas/contact-defaults'
import { contactFormSchema, contactRequestSchema, joinName, toContactRequest } from '~/schemas/inbox'
import { PHOTO_PATHS } from '~/schemas/photo'
import { normalizeLoadedRealtor } from '~/schemas/realtor'

describe('§4 contact form reset state', () => {
  it('checks isTerm and defaults the phone country to KR in Korean', () => {
    expect(contactFormDefaults('ko')).toEqual({
      lastName: '',
      firstName: '',
      email: '',
      phone: '',
      phoneCountryCode: 'KR',
      message: '',
      isTerm: true,
      phoneContactConsent: false,
    })
  })
  it('defaults the phone country to US in English', () => {
    expect(contactFormDefaults('en').phoneCountryCode).toBe('US')
    expect(contactFormDefaults('en').isTerm).toBe(true)
  })
})

describe('§5 contact transform: name joined, isTerm as Y/N', () => {
  it('joins a Korean name without a space and a Latin name with one', () => {
    expect(joinName('김', '민지')).toBe('김민지')
    expect(joinName('Kim', 'Jane')).toBe('Kim Jane')
    expect(joinName(' Kim ', '')).toBe('Kim')
  })
  it('sends isTerm as Y or N and the phone without dashes', () => {
    const form = contactFormSchema.parse({
      ...contactFormDefaults('ko'),
      lastName: '김',
      firstName: '민지',
      email: 'm@example.com',
      phone: '010-1234-5678',
      message: '안녕하세요',
    })
    const request = toContactRequest(form, 'realtor-1', { lang: 'ko', page: '/kim' })
    expect(request).toMatchObject({ realtorId: 'realtor-1', name: '김민지', isTerm: 'Y', phone: '01012345678', phoneCountryCode: 'KR' })
    expect(toContactRequest({ ...form, isTerm: false }, 'realtor-1', { lang: 'ko' }).isTerm).toBe('N')
  })
  it('sends the consent wordings shown, the language, the page and the unticked calls-or-texts box', () => {
    const form = contactFormSchema.parse({
      ...contactFormDefaults('en'),
      lastName: 'Kim',
      firstName: 'Jane',
      email: 'j@example.com',
      phone: '9495550123',
      message: 'hi',
    })
    expect(toContactRequest(form, 'realtor-1', { lang: 'en', page: '/en/kim/homes/123' })).toMatchObject({
      consentVersion: 'contact-v1',
      consentLang: 'en',
      consentPage: '/en/kim/homes/123',
      phoneContactConsent: false,
      phoneContactConsentVersion: 'phone-contact-v1',
    })
    expect(toContactRequest({ ...form, phoneContactConsent: true }, 'realtor-1', { lang: 'en' }).phoneContactConsent).toBe(true)
    // A page of another site is never sent as the form's page.
    expect(toContactRequest(form, 'realtor-1', { lang: 'en', page: '//evil.example/x' }).consentPage).toBeUndefined()
  })
  it('refuses isTerm N on the wire', () => {
    const result = contactRequestSchema.safeParse({
      realtorId: 'r',
      lastName: 'K',
      firstName: 'J',
      email: 'j@example.com',
      phone: '9495550123',
      phoneCountryCode: 'US',
      message: 'hi',
      isTerm: 'N',
    })
    expect(result.success).toBe(false)
  })
  it('refuses an unchecked isTerm in the form', () => {
    expect(
      contactFormSchema.safeParse({
        ...contactFormDefaults('en'),
        lastName: 'K',
        firstName: 'J',
        email: 'j@example.com',
        phone: '9495550123',
        message: 'hi',
        isTerm: false,
      }).success,
    ).toBe(false)
  })
})

describe('§4 a loaded realtor is normalised', () => {
  it('turns missing photos and sections into empty lists and creates every photo group', () => {
    const normalized = normalizeLoadedRealtor({ id: 'r1', photos: null, additionalSections: undefined })
    expect(normalized.photos).toEqual([])
    expect(normalized.additionalSections).toEqual([])
    expect(Object.keys(normalized.photoGroups).sort()).toEqual([...PHOTO_PATHS].sort())
    for (const path of PHOTO_PATHS) expect(normalized.photoGroups[path]).toEqual([])
  })
  it('groups existing photos by path', () => {
    const normalized = normalizeLoadedRealtor({
      photos: [
        { path: 'gallery', imageType: 'fullsize', url: '/a.jpg' },
        { path: 'gallery', imageType: 'fullsize', url: '/b.jpg' },
        { path: 'top', imageType: 'fullsize', url: '/t.jpg' },
      ],
      additionalSections: [],
    })
    expect(normalized.photoGroups.gallery.map((photo) => photo.url)).toEqual(['/a.jpg', '/b.jpg'])
    expect(normalized.photoGroups.top).toHaveLength(1)
    expect(normalized.photoGroups.logo).toEqual([])
  })
})
