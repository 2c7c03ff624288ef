import { describe, expect, it } from 'vitest'
import { i18nFor, loadCatalog } from '~/i18n/i18n'
import { CONSENT_WORDINGS, consentText, consentWording, CURRENT_CONSENT, isSameSitePath } from '~/lib/consent'

/*
 * The consent registry (issue 15 item 4): a lead stores the words of a version, so a version
 * must name one wording for good, in both languages.
 */

const HANGUL = /\p{Script=Hangul}/u

describe('consent registry', () => {
  it('gives every wording its own version, and a new wording a new message', () => {
    const versions = CONSENT_WORDINGS.map((wording) => wording.version)
    expect(new Set(versions).size).toBe(versions.length)
    const ids = CONSENT_WORDINGS.map((wording) => wording.describe({ realtor: 'x' }).id)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('points each kind at a wording of that kind', () => {
    expect(consentWording(CURRENT_CONSENT.contact, 'contact')?.version).toBe('contact-v1')
    expect(consentWording(CURRENT_CONSENT.phoneContact, 'phoneContact')?.version).toBe('phone-contact-v1')
    expect(consentWording(CURRENT_CONSENT.marketReport, 'marketReport')?.version).toBe('market-report-v2')
    // A version is only good for its own checkbox, and an unknown one for none.
    expect(consentWording('contact-v1', 'phoneContact')).toBeUndefined()
    expect(consentWording('contact-v0', 'contact')).toBeUndefined()
  })

  it('words every version in English, with the realtor named', async () => {
    await loadCatalog('en')
    const en = i18nFor('en')
    expect(consentText(en, consentWording('contact-v1', 'contact')!, { realtor: 'Jane Kim' })).toBe('I agree to the terms of use and the privacy notice.')
    expect(consentText(en, consentWording('phone-contact-v1', 'phoneContact')!, { realtor: 'Jane Kim' })).toBe(
      'I agree to be called or texted by Jane Kim about my inquiry. This is not a condition of any purchase; message and data rates may apply.',
    )
  })

  // Needs the Korean catalog to carry every wording (written when the catalogs are extracted).
  it('words every version in Korean, with the realtor named', async () => {
    await loadCatalog('ko')
    const ko = i18nFor('ko')
    for (const wording of CONSENT_WORDINGS) {
      const text = consentText(ko, wording, { realtor: '김민지' })
      // Korean words of its own, not only the Korean name filled into English.
      expect(text.replaceAll('김민지', ''), wording.version).toMatch(HANGUL)
      expect(text, wording.version).not.toContain('{realtor}')
      if (wording.kind === 'phoneContact') expect(text, wording.version).toContain('김민지')
    }
    // The current market-report words fit a name ending in a consonant (v1's 김민지로부터 did not).
    expect(consentText(ko, consentWording(CURRENT_CONSENT.marketReport, 'marketReport')!, { realtor: '김민지', city: '어바인' })).toMatch(
      /^김민지 님이 보내는 어바인/,
    )
  })
})

describe('isSameSitePath', () => {
  it('takes a path of this site', () => {
    for (const path of ['/', '/kim', '/en/kim/homes/CRMLS-123', '/%EA%B9%80']) expect(isSameSitePath(path), path).toBe(true)
  })
  it('refuses other sites, schemes, backslashes, spaces and control characters', () => {
    for (const path of ['', 'kim', '//evil.example/x', 'https://evil.example', '/\\evil.example', '/a b', '/a\nb', `/${'a'.repeat(500)}`]) {
      expect(isSameSitePath(path), path).toBe(false)
    }
  })
})
