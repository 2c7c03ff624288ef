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
 * `ko` when more than half of the letters are Hangul, `en` when fewer than half are, and the
 * page's language when the text has no letters or exactly half (a tie says nothing).
 * Han characters count as letters but not as Hangul: a message of Chinese characters alone
 * is neither, and we answer it in English rather than guess.
 */
export function detectTextLanguage(text: string | null | undefined, pageLang: Lang): Lang {
  if (!text) return pageLang
  let letters = 0
  let hangul = 0
  for (const character of text) {
    if (!LETTER.test(character)) continue
    letters++
    if (HANGUL.test(character)) hangul++
  }
  if (letters === 0 || hangul * 2 === letters) return pageLang
  return hangul * 2 > letters ? 'ko' : 'en'
}
