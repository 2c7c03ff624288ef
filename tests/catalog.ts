import fs from 'node:fs'
import { parsePoFile } from '@lingui/format-po'

/*
 * The one PO reader of the tests and scripts: @lingui/format-po's `parsePoFile`, the reader
 * `lingui extract` itself uses on the catalogs (issue 16). A hand-written reader disagreed with
 * it on the edges (continuation lines, escapes, obsolete entries).
 */

/** msgid → msgstr of a catalog's current (not obsolete) messages. */
export function catalogMessages(text: string): Map<string, string> {
  return new Map(
    parsePoFile(text)
      .items.filter((item) => !item.obsolete)
      .map((item) => [item.msgid, item.msgstr[0] ?? '']),
  )
}

/** The shipped catalog of a language, read from `locales/{lang}/messages.po`. */
export function shippedCatalog(lang: 'ko' | 'en'): Map<string, string> {
  return catalogMessages(fs.readFileSync(new URL(`../locales/${lang}/messages.po`, import.meta.url), 'utf8'))
}
