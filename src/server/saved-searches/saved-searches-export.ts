import { msg } from '@lingui/core/macro'
import { csvFile, type CsvColumn } from '~/lib/csv'
import type { Lang } from '~/lib/lang'
import { frequencyLabel, savedSearchStatusLabel } from '~/lib/saved-search-words'
import { savedSearchesExportQuerySchema, type SavedSearch } from '~/schemas/saved-search'
import type { Actor } from '~/server/auth/actor'
import { errors, parseInput } from '~/server/app-error'
import { consentColumns, CSV_BATCH, everyPage, leadCsvSetting, type CsvDownload, type LeadCsvSetting } from '~/server/leads/lead-csv'
import type { AppServices } from '~/server/services'
import { listSavedSearches } from './subscriptions'

/*
 * The inbox's second export (issue 13; `GET /saved-searches/export.csv`, decision 079): one row
 * per confirmed saved search, its filters one per column (prices as plain numbers a spreadsheet
 * can sort), how often, its status, and the consent stored with it.
 */

/** A whole number as digits alone, so a spreadsheet reads a number; empty for "any". */
function csvNumber(value: number | null): string {
  return value === null ? '' : String(value)
}

function savedSearchColumns(setting: LeadCsvSetting): Array<CsvColumn<SavedSearch>> {
  const { i18n, time } = setting
  return [
    [i18n._(msg`Confirmed at`), (search) => time(search.confirmedAt)],
    [i18n._(msg`Name`), (search) => search.name ?? ''],
    [i18n._(msg`E-mail`), (search) => search.email],
    [i18n._(msg`Area`), (search) => `${search.city}, ${search.state}`],
    [i18n._(msg`Sale or rent`), ({ listingType }) => (listingType === null ? '' : i18n._(listingType === 'rent' ? msg`For rent` : msg`For sale`))],
    [i18n._(msg`Lowest price`), (search) => csvNumber(search.minPrice)],
    [i18n._(msg`Highest price`), (search) => csvNumber(search.maxPrice)],
    [i18n._(msg`Bedrooms`), (search) => csvNumber(search.minBeds)],
    [i18n._(msg`Bathrooms`), (search) => csvNumber(search.minBaths)],
    [i18n._(msg`How often`), (search) => i18n._(frequencyLabel(search.frequency))],
    [i18n._(msg`Status`), (search) => i18n._(savedSearchStatusLabel(search.status))],
    ...consentColumns<SavedSearch>(setting, (search) => search.consent),
  ]
}

/** Every confirmed saved search of the owner's (or the named realtor's) that the status filter selects, newest first, as one CSV. */
export async function exportSavedSearchesCsv(services: AppServices, actor: Actor | null, query: unknown, fallbackLang: Lang): Promise<CsvDownload> {
  if (!actor) throw errors.unauthorized()
  const { realtorId, status, viewerLang } = parseInput(savedSearchesExportQuerySchema, query)
  const setting = await leadCsvSetting(services, actor, realtorId, viewerLang ?? fallbackLang)
  const searches = await everyPage(async (cursor) => {
    const page = await listSavedSearches(services, actor, { realtorId, status, limit: CSV_BATCH, cursor })
    return { rows: page.searches, nextCursor: page.nextCursor }
  })
  return { fileName: setting.fileName('saved-searches'), body: csvFile(searches, savedSearchColumns(setting)) }
}
