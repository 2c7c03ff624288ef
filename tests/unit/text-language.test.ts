import { describe, expect, it } from 'vitest'
import { detectTextLanguage } from '~/lib/text-language'

/* Issue 52 item 6: the visitor's language is the one they wrote in, not the page's. */
describe('detectTextLanguage', () => {
  it('reads a Korean message on an English page as Korean', () => {
    expect(detectTextLanguage('안녕하세요. 이 집 아직 매물로 있나요?', 'en')).toBe('ko')
  })

  it('reads an English message on a Korean page as English', () => {
    expect(detectTextLanguage('Hi, is the house on Main Street still available?', 'ko')).toBe('en')
  })

  it('goes by the share of letters: a few English words in Korean text stay Korean, and the reverse', () => {
    expect(detectTextLanguage('3 bed 2 bath 집 보고 싶습니다 토요일 오후에 가능할까요', 'en')).toBe('ko')
    expect(detectTextLanguage('Can I see the 어바인 house on Saturday afternoon?', 'ko')).toBe('en')
  })

  it("weighs a Hangul syllable as the letters it holds: the listing page's Korean question about an address stays Korean", () => {
    expect(detectTextLanguage('5872 Sugarloaf Pl, Irvine, CA 92602 매물(매물 번호 DEMO-000271)에 대해 더 알고 싶습니다.', 'ko')).toBe('ko')
    expect(detectTextLanguage('5872 Sugarloaf Pl, Irvine, CA 92602 매물(매물 번호 DEMO-000271)에 대해 더 알고 싶습니다.', 'en')).toBe('ko')
    expect(detectTextLanguage("I'd like to know more about 5872 Sugarloaf Pl, Irvine, CA 92602 (listing DEMO-000271).", 'ko')).toBe('en')
    expect(detectTextLanguage("Hi, I'm 김민지. Is the Irvine house still available this weekend?", 'ko')).toBe('en')
  })

  it('ignores digits, spaces, punctuation and emoji', () => {
    expect(detectTextLanguage('010-1234-5678 !!! 🙂 가', 'en')).toBe('ko')
  })

  it('falls back to the page language for no text, no letters, or a tie', () => {
    expect(detectTextLanguage('', 'ko')).toBe('ko')
    expect(detectTextLanguage(undefined, 'en')).toBe('en')
    expect(detectTextLanguage(null, 'ko')).toBe('ko')
    expect(detectTextLanguage('12345 ??', 'en')).toBe('en')
    expect(detectTextLanguage('abcdef 가나', 'en')).toBe('en')
    expect(detectTextLanguage('abcdef 가나', 'ko')).toBe('ko')
  })

  it('counts Han characters as letters that are not Hangul', () => {
    expect(detectTextLanguage('你好你好 가', 'ko')).toBe('en')
  })
})
