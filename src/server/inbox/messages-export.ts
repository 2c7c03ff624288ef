import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { csvFile, type CsvColumn } from '~/lib/csv'
import type { Lang } from '~/lib/lang'
import { phoneForExport } from '~/lib/phone-e164'
import { messagesExportQuerySchema, type ContactMessage, type ContactStatus } from '~/schemas/inbox'
import type { Actor } from '~/server/auth/actor'
import { errors, parseInput } from '~/server/app-error'
import { consentColumns, CSV_BATCH, everyPage, leadCsvSetting, type CsvDownload, type LeadCsvSetting } from '~/server/leads/lead-csv'
import type { AppServices } from '~/server/services'
import { listContacts } from './contacts'

/*
 * The inbox's "Export CSV" of messages (`GET /realtor-contacts/export.csv`, decision 079): every
 * message the filter selects, not only the pages on screen, with the consent stored with each
 * (the words exactly as the visitor saw them; empty for messages from before consent was
 * recorded). Made on the server like the desk's CSV, so the two read alike.
 */

const STATUS_LABELS: Record<ContactStatus, MessageDescriptor> = {
  new: msg`New`,
  read: msg`Read`,
  handled: msg`Handled`,
}

function messageColumns(setting: LeadCsvSetting): Array<CsvColumn<ContactMessage>> {
  const { i18n, time } = setting
  return [
    [i18n._(msg`Date`), (message) => time(message.createdAt)],
    [i18n._(msg`Name`), (message) => message.name],
    [i18n._(msg`E-mail`), (message) => message.email],
    // E.164, as in the desk's file: the spreadsheet or CRM the file goes to may be anywhere.
    [i18n._(msg`Phone`), (message) => phoneForExport(message.phone, message.phoneCountryCode)],
    [i18n._(msg`Message`), (message) => message.message],
    [i18n._(msg`Listing`), (message) => message.listingKey ?? ''],
    [i18n._(msg`Status`), (message) => i18n._(STATUS_LABELS[message.status])],
    ...consentColumns<ContactMessage>(setting, (message) => message.consent),
    [i18n._(msg`Calls and texts`), ({ consent }) => (consent.phoneContact === null ? '' : i18n._(consent.phoneContact ? msg`Agreed` : msg`Not agreed`))],
    [i18n._(msg`Calls and texts consent version`), ({ consent }) => consent.phoneContactVersion ?? ''],
    [i18n._(msg`Calls and texts consent text`), ({ consent }) => consent.phoneContactText ?? ''],
  ]
}

/** Every message of the owner's (or the named realtor's) that the status filter selects, newest first, as one CSV. */
export async function exportMessagesCsv(services: AppServices, actor: Actor | null, query: unknown, fallbackLang: Lang): Promise<CsvDownload> {
  if (!actor) throw errors.unauthorized()
  const { realtorId, status, viewerLang } = parseInput(messagesExportQuerySchema, query)
  const setting = await leadCsvSetting(services, actor, realtorId, viewerLang ?? fallbackLang)
  const messages = await everyPage(async (cursor) => {
    const page = await listContacts(services, actor, { realtorId, status, limit: CSV_BATCH, cursor })
    return { rows: page.messages, nextCursor: page.nextCursor }
  })
  return { fileName: setting.fileName('messages'), body: csvFile(messages, messageColumns(setting)) }
}
