import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useToast } from '~/components/toast'
import { Button, Icon } from '~/components/ui'
import { listMessages } from '~/functions/inbox.functions'
import { listMySavedSearches } from '~/functions/saved-search-leads.functions'
import { frequencyLabel, savedSearchStatusLabel } from '~/lib/saved-search-words'
import { errorMessage } from '~/lib/errors'
import type { SavedSearch } from '~/schemas/saved-search'
import { csvFileName, messagesCsv, savedSearchesCsv, savedSearchesCsvFileName, type MessagesCsvLabels, type SavedSearchesCsvLabels } from './csv'
import type { InboxMessage } from './types'

/** Messages per request of the CSV export (the API's maximum). */
const EXPORT_PAGE_SIZE = 500

export function downloadText(text: string, fileName: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const anchor = document.createElement('a')
  anchor.href = url
  anchor.download = fileName
  anchor.rel = 'noopener'
  document.body.append(anchor)
  anchor.click()
  anchor.remove()
  // Revoking in the same task can cancel the download in some browsers.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000)
}

type ExportProps = { realtorId: string; disabled: boolean; onError: (message: string | undefined) => void }

/** What one export needs: how to read a page, how to write the file, and what to say when it is made. */
type CsvExport<Row> = {
  /** A page of rows, and the cursor of the next page (null or undefined after the last). */
  readPage: (cursor: string | undefined) => Promise<{ rows: ReadonlyArray<Row>; nextCursor?: string | null }>
  writeFile: (rows: ReadonlyArray<Row>) => { text: string; fileName: string }
  madeMessage: (count: number) => string
}

/**
 * An "Export CSV" button: every row, not only the pages on screen (the export asks for all of
 * them, page by page), in one spreadsheet file. A failure goes to the panel's alert region through
 * `onError` (called with undefined when a new export starts).
 */
function CsvExportButton<Row>({ disabled, onError, testId, csv }: Omit<ExportProps, 'realtorId'> & { testId: string; csv: CsvExport<Row> }) {
  const { t, i18n } = useLingui()
  const toast = useToast()
  const [exporting, setExporting] = useState(false)

  async function exportCsv() {
    setExporting(true)
    onError(undefined)
    try {
      const all: Array<Row> = []
      let cursor: string | undefined
      do {
        const page = await csv.readPage(cursor)
        all.push(...page.rows)
        cursor = page.nextCursor ?? undefined
      } while (cursor)
      const { text, fileName } = csv.writeFile(all)
      downloadText(text, fileName, 'text/csv;charset=utf-8')
      toast.success(csv.madeMessage(all.length))
    } catch (error) {
      onError(errorMessage(error, (id) => i18n._(id), t`The export could not be made. Check your connection and try again.`))
    } finally {
      setExporting(false)
    }
  }

  return (
    <Button variant="secondary" onClick={() => void exportCsv()} disabled={disabled || exporting} aria-busy={exporting} data-testid={testId}>
      <Icon name="download" />
      <Trans>Export CSV</Trans>
    </Button>
  )
}

/** "Export CSV" of the inbox: every message. */
export function ExportCsvButton({ realtorId, disabled, onError }: ExportProps) {
  const { t } = useLingui()
  const csv: CsvExport<InboxMessage> = {
    readPage: async (cursor) => {
      const page = await listMessages({ data: { realtorId, cursor, limit: EXPORT_PAGE_SIZE } })
      return { rows: page.messages, nextCursor: page.nextCursor }
    },
    writeFile: (rows) => {
      const labels: MessagesCsvLabels = {
        headers: {
          date: t`Date`,
          name: t`Name`,
          email: t`E-mail`,
          phone: t`Phone`,
          message: t`Message`,
          listing: t`Listing`,
          status: t`Status`,
          consentVersion: t`Consent version`,
          consentedAt: t`Consent time`,
          consentLang: t`Consent language`,
          consentPage: t`Consent page`,
          consentText: t`Consent text`,
          phoneContact: t`Calls and texts`,
          phoneContactVersion: t`Calls and texts consent version`,
          phoneContactText: t`Calls and texts consent text`,
        },
        status: { new: t`New`, read: t`Read`, handled: t`Handled` },
        phoneContact: { agreed: t`Agreed`, notAgreed: t`Not agreed` },
      }
      return { text: messagesCsv(rows, labels), fileName: csvFileName(new Date()) }
    },
    madeMessage: (count) => t({ message: plural(count, { one: 'Exported # message to a CSV file', other: 'Exported # messages to a CSV file' }) }),
  }
  return <CsvExportButton disabled={disabled} onError={onError} testId="inbox-export" csv={csv} />
}

/**
 * The saved searches' "Export CSV" (issue 13), a file of its own: a search's columns (filters,
 * how often, status, consent) share almost nothing with a message's.
 */
export function ExportSavedSearchesButton({ realtorId, disabled, onError }: ExportProps) {
  const { t, i18n } = useLingui()
  const csv: CsvExport<SavedSearch> = {
    readPage: async (cursor) => {
      const page = await listMySavedSearches({ data: { realtorId, cursor, limit: EXPORT_PAGE_SIZE } })
      return { rows: page.searches, nextCursor: page.nextCursor }
    },
    writeFile: (rows) => {
      const labels: SavedSearchesCsvLabels = {
        headers: {
          confirmedAt: t`Confirmed at`,
          name: t`Name`,
          email: t`E-mail`,
          area: t`Area`,
          type: t`Sale or rent`,
          minPrice: t`Lowest price`,
          maxPrice: t`Highest price`,
          beds: t`Bedrooms`,
          baths: t`Bathrooms`,
          frequency: t`How often`,
          status: t`Status`,
          consentVersion: t`Consent version`,
          consentText: t`Consent text`,
          consentLang: t`Consent language`,
          consentPage: t`Consent page`,
          consentedAt: t`Consent time`,
        },
        type: { sale: t`For sale`, rent: t`For rent` },
        frequency: {
          instant: i18n._(frequencyLabel('instant')),
          daily: i18n._(frequencyLabel('daily')),
          weekly: i18n._(frequencyLabel('weekly')),
        },
        status: {
          pending: i18n._(savedSearchStatusLabel('pending')),
          active: i18n._(savedSearchStatusLabel('active')),
          paused: i18n._(savedSearchStatusLabel('paused')),
          unsubscribed: i18n._(savedSearchStatusLabel('unsubscribed')),
        },
      }
      return { text: savedSearchesCsv(rows, labels), fileName: savedSearchesCsvFileName(new Date()) }
    },
    madeMessage: (count) => t({ message: plural(count, { one: 'Exported # saved search to a CSV file', other: 'Exported # saved searches to a CSV file' }) }),
  }
  return <CsvExportButton disabled={disabled} onError={onError} testId="saved-searches-export" csv={csv} />
}
