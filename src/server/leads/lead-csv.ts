import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { i18nFor, loadCatalog } from '~/i18n/i18n'
import type { CsvColumn } from '~/lib/csv'
import type { Lang } from '~/lib/lang'
import { DEFAULT_TIME_ZONE, isoInTimeZone } from '~/lib/local-time'
import type { Actor } from '~/server/auth/actor'
import { ownedRealtorIds } from '~/server/realtors/owned-realtors'
import type { AppServices } from '~/server/services'
import { realtorDays } from './realtor-day'

/*
 * What every CSV of a realtor's leads shares, the desk's and the inbox's two (decisions 067,
 * 079): made on the server, the header row and words in the viewer's language, times in ISO
 * 8601 with the offset of the realtor's own time zone, the file named by the realtor's day.
 */

/** Rows read per query: a lead list's largest page. */
export const CSV_BATCH = 500

/** A CSV file as the API sends it (`attachment`). */
export type CsvDownload = { fileName: string; body: string }

export type LeadCsvSetting = {
  i18n: I18n
  /** ISO 8601 with the realtor's offset; empty for no time. */
  time: (iso: string | null) => string
  timeZone: string
  /** `{name}-YYYY-MM-DD.csv`, dated by the realtor's calendar. */
  fileName: (name: string) => string
}

/**
 * The setting of one export: whose leads (as the lists answer: 403 for another account's
 * realtor, 404 for none), and the language and time zone of the file. Times are in the zone of
 * the first realtor listed (the account's own, as a rule).
 */
export async function leadCsvSetting(services: AppServices, actor: Actor, realtorId: string | undefined, lang: Lang): Promise<LeadCsvSetting> {
  const [firstId] = await ownedRealtorIds(services, actor, realtorId)
  const first = firstId === undefined ? undefined : (await realtorDays(services, [firstId])).get(firstId)
  const timeZone = first?.timeZone ?? DEFAULT_TIME_ZONE
  const today = first?.today ?? services.now().toISOString().slice(0, 10)
  await loadCatalog(lang)
  return {
    i18n: i18nFor(lang),
    time: (iso) => (iso === null ? '' : isoInTimeZone(iso, timeZone)),
    timeZone,
    fileName: (name) => `${name}-${today}.csv`,
  }
}

/** Every row of a paged list, page after page until its last. */
export async function everyPage<Row>(
  readPage: (cursor: string | undefined) => Promise<{ rows: ReadonlyArray<Row>; nextCursor: string | null }>,
): Promise<Array<Row>> {
  const rows: Array<Row> = []
  let cursor: string | undefined
  do {
    const page = await readPage(cursor)
    rows.push(...page.rows)
    cursor = page.nextCursor ?? undefined
  } while (cursor)
  return rows
}

/** A visitor's consent as stored with the lead; every field null for a lead from before consent was recorded. */
export type StoredConsent = { version: string | null; consentedAt: string | null; lang: Lang | null; page: string | null; text: string | null }

/**
 * The consent columns of a lead's row, the same in every file: the version, when, in which
 * language, on which page, and the exact words the visitor saw.
 */
export function consentColumns<Row>({ i18n, time }: LeadCsvSetting, consentOf: (row: Row) => StoredConsent): Array<CsvColumn<Row>> {
  return [
    [i18n._(msg`Consent version`), (row) => consentOf(row).version ?? ''],
    [i18n._(msg`Consent time`), (row) => time(consentOf(row).consentedAt)],
    [i18n._(msg`Consent language`), (row) => consentOf(row).lang ?? ''],
    [i18n._(msg`Consent page`), (row) => consentOf(row).page ?? ''],
    [i18n._(msg`Consent text`), (row) => consentOf(row).text ?? ''],
  ]
}
