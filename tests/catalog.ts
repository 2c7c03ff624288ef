import fs from 'node:fs'
import { parsePo } from 'pofile-ts'

/*
 * The one PO reader of the tests and scripts: pofile-ts, the parser @lingui/format-po writes and
 * reads the catalogs with (issue 16). A hand-written reader disagreed with it on the edges
 * (continuation lines, escapes, obsolete entries).
 */

/** msgid → msgstr of a catalog's current (not obsolete) messages. */
export function catalogMessages(text: string): Map<string, string> {
  return new Map(parsePo(text).items.filter((item) => !item.obsolete).map((item) => [item.msgid, item.msgstr[0] ?? '']))
}

/** The shipped catalog of a language, read from `locales/{lang}/messages.po`. */
export function shippedCatalog(lang: 'ko' | 'en'): Map<string, string> {
  return catalogMessages(fs.readFileSync(new URL(`../locales/${lang}/messages.po`, import.meta.url), 'utf8'))
}
