import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { z } from 'zod'
import { csvFile, type CsvColumn } from '~/lib/csv'
import { propertyTypeLabel } from '~/lib/home-display'
import type { Lang } from '~/lib/lang'
import { LEAD_KIND_LABELS, LEAD_REPLY_LABELS, LEAD_STAGE_LABELS } from '~/schemas/lead-labels'
import { isoInTimeZone } from '~/lib/local-time'
import { phoneForExport } from '~/lib/phone-e164'
import { savedSearchFiltersOf, savedSearchInWords } from '~/lib/saved-search-words'
import { isSellerTimeframe, SELLER_TIMEFRAME_LABELS } from '~/lib/seller-timeframes'
import { leadsExportQuerySchema, type LeadItem } from '~/schemas/leads'
import { PROPERTY_KINDS, RESO_SUB_TYPE } from '~/schemas/home'
import { tourSlotSchema, type TourSlot } from '~/schemas/tours'
import type { Actor } from '~/server/auth/actor'
import { errors, parseInput } from '~/server/app-error'
import type { AppServices } from '~/server/services'
import { TOUR_STATUS_WORDS } from './lead-summaries'
import { listLeads } from './leads'
import { CSV_BATCH, everyPage, leadCsvSetting, type CsvDownload, type LeadCsvSetting } from './lead-csv'

/*
 * The lead desk's CSV, made on the server (issue 52 item 4, decision 067): every lead the
 * desk's filters select, with what the customer asked in full (a message's text, a tour's
 * times, a seller's home and estimate, a saved search in words), every note with its date, times
 * in ISO 8601 with the realtor's offset, phones in E.164. UTF-8 with a BOM so Excel reads Korean.
 */

const slotsSchema = z.array(tourSlotSchema)

/** What a lead's own row adds to the CSV, by kind; every field empty where the kind has none. */
type LeadContent = {
  message: string
  phoneCountry: string | undefined
  address: string
  tour: string
  requestedTimes: Array<string>
  confirmedTime: string
  homeDetails: string
  timeframe: string
  estimateLow: number | null
  estimate: number | null
  estimateHigh: number | null
  savedSearch: string
}

function emptyContent(): LeadContent {
  return {
    message: '',
    phoneCountry: undefined,
    address: '',
    tour: '',
    requestedTimes: [],
    confirmedTime: '',
    homeDetails: '',
    timeframe: '',
    estimateLow: null,
    estimate: null,
    estimateHigh: null,
    savedSearch: '',
  }
}

function parsedSlots(json: string | null): Array<TourSlot> {
  if (json === null) return []
  try {
    const parsed = slotsSchema.safeParse(JSON.parse(json))
    if (parsed.success) return parsed.data
    const one = tourSlotSchema.safeParse(JSON.parse(json))
    return one.success ? [one.data] : []
  } catch {
    return []
  }
}

/** Each lead's content by id, read from the kinds' own tables: one query per kind per batch. */
async function leadContents(services: AppServices, leads: ReadonlyArray<LeadItem>, i18n: I18n, timeZone: string): Promise<Map<string, LeadContent>> {
  const idsOf = (kind: LeadItem['kind']) => leads.filter((lead) => lead.kind === kind).map((lead) => lead.id)
  const contents = new Map<string, LeadContent>()
  const put = (id: string, content: Partial<LeadContent>) => contents.set(id, { ...emptyContent(), ...content })
  const time = (iso: string) => isoInTimeZone(iso, timeZone)
  const [messages, tours, sellers, searches] = await Promise.all([
    idsOf('message').length === 0
      ? []
      : services.db.selectFrom('contactMessage').select(['id', 'message', 'phoneCountryCode']).where('id', 'in', idsOf('message')).execute(),
    idsOf('tour').length === 0
      ? []
      : services.db
          .selectFrom('tourRequest')
          .select(['id', 'mode', 'listingAddress', 'status', 'slots', 'confirmedSlot', 'message'])
          .where('id', 'in', idsOf('tour'))
          .execute(),
    idsOf('seller').length === 0
      ? []
      : services.db
          .selectFrom('sellerLead')
          .select([
            'id',
            'street',
            'city',
            'state',
            'postalCode',
            'propertyType',
            'beds',
            'baths',
            'livingArea',
            'yearBuilt',
            'timeframe',
            'estimateLow',
            'estimateTypical',
            'estimateHigh',
          ])
          .where('id', 'in', idsOf('seller'))
          .execute(),
    idsOf('saved_search').length === 0
      ? []
      : services.db
          .selectFrom('savedSearch')
          .select(['id', 'state', 'city', 'listingType', 'minPrice', 'maxPrice', 'minBeds', 'minBaths'])
          .where('id', 'in', idsOf('saved_search'))
          .execute(),
  ])
  for (const row of messages) put(row.id, { message: row.message, phoneCountry: row.phoneCountryCode })
  for (const row of tours) {
    const mode = row.mode === 'video' ? i18n._(msg`Video tour`) : i18n._(msg`In-person tour`)
    const confirmed = parsedSlots(row.confirmedSlot)[0]
    put(row.id, {
      message: row.message ?? '',
      address: row.listingAddress,
      tour: `${mode} · ${i18n._(TOUR_STATUS_WORDS[row.status])}`,
      requestedTimes: parsedSlots(row.slots).map((slot) => time(slot.start)),
      confirmedTime: confirmed ? time(confirmed.start) : '',
    })
  }
  for (const row of sellers) {
    // The form stores the API's kind (`single_family`); the words are those of the listings' RESO types.
    const kind = PROPERTY_KINDS.find((each) => each === row.propertyType)
    const type = kind ? propertyTypeLabel(RESO_SUB_TYPE[kind]) : undefined
    const { beds, baths } = row
    const area = Math.round(row.livingArea).toLocaleString('en-US')
    const year = row.yearBuilt
    const home =
      year === null ? i18n._(msg`${beds} beds · ${baths} baths · ${area} sq ft`) : i18n._(msg`${beds} beds · ${baths} baths · ${area} sq ft · built ${year}`)
    put(row.id, {
      address: `${row.street}, ${row.city}, ${row.state} ${row.postalCode}`,
      homeDetails: `${type ? i18n._(type) : row.propertyType} · ${home}`,
      timeframe: isSellerTimeframe(row.timeframe) ? i18n._(SELLER_TIMEFRAME_LABELS[row.timeframe]) : row.timeframe,
      estimateLow: row.estimateLow,
      estimate: row.estimateTypical,
      estimateHigh: row.estimateHigh,
    })
  }
  for (const row of searches) put(row.id, { savedSearch: savedSearchInWords(i18n, savedSearchFiltersOf(row)) })
  return contents
}

/** Each lead's notes, oldest first, as `date text` lines. */
async function leadNoteLines(services: AppServices, ids: ReadonlyArray<string>, timeZone: string): Promise<Map<string, Array<string>>> {
  const lines = new Map<string, Array<string>>()
  if (ids.length === 0) return lines
  const notes = await services.db
    .selectFrom('leadNote')
    .select(['leadId', 'body', 'createdAt'])
    .where('leadId', 'in', [...ids])
    .orderBy('createdAt', 'asc')
    .orderBy('id', 'asc')
    .execute()
  for (const note of notes) lines.set(note.leadId, [...(lines.get(note.leadId) ?? []), `${isoInTimeZone(note.createdAt, timeZone)} ${note.body}`])
  return lines
}

type ExportRow = { lead: LeadItem; content: LeadContent; notes: Array<string> }

function amount(value: number | null): string {
  return value === null ? '' : String(value)
}

function csvColumns({ i18n, time }: LeadCsvSetting): Array<CsvColumn<ExportRow>> {
  return [
    [i18n._(msg`Received`), ({ lead }) => time(lead.createdAt)],
    [i18n._(msg`Kind`), ({ lead }) => i18n._(LEAD_KIND_LABELS[lead.kind])],
    [i18n._(msg`Stage`), ({ lead }) => i18n._(LEAD_STAGE_LABELS[lead.stage])],
    [i18n._(msg`Name`), ({ lead }) => lead.name ?? ''],
    [i18n._(msg`E-mail`), ({ lead }) => lead.email],
    [i18n._(msg`Phone`), ({ lead, content }) => phoneForExport(lead.phone, content.phoneCountry)],
    [i18n._(msg`Language`), ({ lead }) => (lead.lang === 'ko' ? i18n._(msg`Korean`) : i18n._(msg`English`))],
    // A calendar day already: a spreadsheet reads it as a date.
    [i18n._(msg`Next follow-up`), ({ lead }) => lead.nextFollowUp ?? ''],
    [i18n._(msg`Message`), ({ content }) => content.message],
    [i18n._(msg`Home address`), ({ content }) => content.address],
    [i18n._(msg`Listing`), ({ lead }) => lead.listingKey ?? ''],
    [i18n._(msg`Tour`), ({ content }) => content.tour],
    [i18n._(msg`Requested times`), ({ content }) => content.requestedTimes.join('\n')],
    [i18n._(msg`Confirmed time`), ({ content }) => content.confirmedTime],
    [i18n._(msg`Home details`), ({ content }) => content.homeDetails],
    [i18n._(msg`Timeframe`), ({ content }) => content.timeframe],
    [i18n._(msg`Estimate low (USD)`), ({ content }) => amount(content.estimateLow)],
    [i18n._(msg`Estimate (USD)`), ({ content }) => amount(content.estimate)],
    [i18n._(msg`Estimate high (USD)`), ({ content }) => amount(content.estimateHigh)],
    [i18n._(msg`Saved search`), ({ content }) => content.savedSearch],
    [i18n._(msg`Source page`), ({ lead }) => lead.sourcePage ?? ''],
    [i18n._(msg`Automatic reply`), ({ lead }) => i18n._(LEAD_REPLY_LABELS[lead.replyState])],
    [i18n._(msg`Automatic reply sent at`), ({ lead }) => time(lead.replySentAt)],
    [i18n._(msg`Notes`), ({ notes }) => notes.join('\n')],
  ]
}

/**
 * Every lead the filters select (the desk's: kind, stage, language, search, follow-up), in the
 * list's order, as one CSV in `fallbackLang` unless the query names `viewerLang`.
 */
export async function exportLeadsCsv(services: AppServices, actor: Actor | null, query: unknown, fallbackLang: Lang): Promise<CsvDownload> {
  if (!actor) throw errors.unauthorized()
  const { viewerLang, ...filters } = parseInput(leadsExportQuerySchema, query)
  const lang = viewerLang ?? fallbackLang
  const setting = await leadCsvSetting(services, actor, filters.realtorId, lang)
  const rows = await everyPage<ExportRow>(async (cursor) => {
    const page = await listLeads(services, actor, { ...filters, limit: CSV_BATCH, cursor }, lang)
    const [contents, notes] = await Promise.all([
      leadContents(services, page.leads, setting.i18n, setting.timeZone),
      leadNoteLines(
        services,
        page.leads.map((lead) => lead.id),
        setting.timeZone,
      ),
    ])
    return {
      rows: page.leads.map((lead) => ({ lead, content: contents.get(lead.id) ?? emptyContent(), notes: notes.get(lead.id) ?? [] })),
      nextCursor: page.nextCursor,
    }
  })
  return { fileName: setting.fileName('leads'), body: csvFile(rows, csvColumns(setting)) }
}
