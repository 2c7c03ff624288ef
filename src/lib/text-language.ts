import type { Lang } from './lang'

/*
 * The language a visitor wrote in (issue 52 item 6, decision 070). A Korean visitor on an
 * English page writes in Korean and expects a Korean answer; the page's language says only
 * which page they were on. For the two languages we serve, the share of Hangul among the
 * letters is enough: no dictionary, no model, the same answer in the browser and the server.
 */

/** Hangul syllables and jamo, counted as Korean letters. */
const HANGUL = /\p{Script=Hangul}/u
/** Letters of any script (Latin, Hangul, Han, …); digits, spaces and punctuation say nothing. */
const LETTER = /\p{L}/u
/**
 * What one Hangul character weighs against one Latin letter: a syllable block holds two or three
 * letters (jamo). Counted one to one, a Korean sentence about a listing ("5872 Sugarloaf Pl,
 * Irvine, CA 92602 매물(매물 번호 DEMO-000271)에 대해 더 알고 싶습니다.", the listing page's
 * own words) had more Latin letters, from the address, than Hangul, and was answered in English.
 */
const HANGUL_WEIGHT = 3

/**
 * `ko` when Hangul weighs more than half of the letters, `en` when less, and the page's language
 * when the text has no letters or exactly half (a tie says nothing). Han characters count as
 * letters but not as Hangul: a message of Chinese characters alone is neither, and we answer it
 * in English rather than guess.
 */
export function detectTextLanguage(text: string | null | undefined, pageLang: Lang): Lang {
  if (!text) return pageLang
  let letters = 0
  let hangul = 0
  for (const character of text) {
    if (!LETTER.test(character)) continue
    if (HANGUL.test(character)) {
      hangul += HANGUL_WEIGHT
      letters += HANGUL_WEIGHT
    } else letters++
  }
  if (letters === 0 || hangul * 2 === letters) return pageLang
  return hangul * 2 > letters ? 'ko' : 'en'
}
