import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useToast } from '~/components/toast'
import { Button, Icon } from '~/components/ui'
import { downloadText } from '~/features/inbox/export-button'
import { listMyLeads } from '~/functions/leads.functions'
import type { Lang } from '~/lib/lang'
import { errorMessage } from '~/lib/errors'
import type { LeadFilters } from '~/queries/leads'
import type { LeadItem } from '~/schemas/leads'
import { LEAD_KINDS } from './lead-kinds'
import { LEAD_REPLY_LABELS, LEAD_STAGE_LABELS } from './lead-labels'
import { leadsCsv, leadsCsvFileName, type LeadsCsvLabels } from './leads-csv'

/** Leads per request of the export (the API's maximum). */
const EXPORT_PAGE_SIZE = 500

/**
 * "Export CSV" of the lead desk: every lead the filters select, not only the pages on screen,
 * asked for page by page. A failure is said in the status line beside the button.
 */
export function ExportLeadsButton({ realtorId, lang, filters, disabled }: { realtorId: string; lang: Lang; filters: LeadFilters; disabled: boolean }) {
  const { t, i18n } = useLingui()
  const toast = useToast()
  const [exporting, setExporting] = useState(false)
  const [failure, setFailure] = useState<string | undefined>()

  async function exportCsv() {
    const labels: LeadsCsvLabels = {
      headers: {
        kind: t`Kind`,
        stage: t`Stage`,
        name: t`Name`,
        email: t`E-mail`,
        phone: t`Phone`,
        lang: t`Language`,
        sourcePage: t`Source page`,
        listing: t`Listing`,
        createdAt: t`Received`,
        nextFollowUp: t`Next follow-up`,
        replyState: t`Automatic reply`,
        notesCount: t`Notes`,
      },
      kind: {
        message: i18n._(LEAD_KINDS.message.label),
        saved_search: i18n._(LEAD_KINDS.saved_search.label),
        tour: i18n._(LEAD_KINDS.tour.label),
        seller: i18n._(LEAD_KINDS.seller.label),
      },
      stage: {
        new: i18n._(LEAD_STAGE_LABELS.new),
        contacted: i18n._(LEAD_STAGE_LABELS.contacted),
        appointment: i18n._(LEAD_STAGE_LABELS.appointment),
        client: i18n._(LEAD_STAGE_LABELS.client),
        closed: i18n._(LEAD_STAGE_LABELS.closed),
        archived: i18n._(LEAD_STAGE_LABELS.archived),
      },
      lang: { ko: t`Korean`, en: t`English` },
      replyState: {
        none: i18n._(LEAD_REPLY_LABELS.none),
        pending: i18n._(LEAD_REPLY_LABELS.pending),
        sent: i18n._(LEAD_REPLY_LABELS.sent),
        skipped: i18n._(LEAD_REPLY_LABELS.skipped),
      },
    }
    setExporting(true)
    setFailure(undefined)
    try {
      const all: Array<LeadItem> = []
      let cursor: string | undefined
      do {
        const page = await listMyLeads({ data: { realtorId, ...filters, viewerLang: lang, cursor, limit: EXPORT_PAGE_SIZE } })
        all.push(...page.leads)
        cursor = page.nextCursor ?? undefined
      } while (cursor)
      downloadText(leadsCsv(all, labels), leadsCsvFileName(new Date()), 'text/csv;charset=utf-8')
      const count = all.length
      toast.success(t({ message: plural(count, { one: 'Exported # lead to a CSV file', other: 'Exported # leads to a CSV file' }) }))
    } catch (error) {
      setFailure(errorMessage(error, (id) => i18n._(id), t`The export could not be made. Check your connection and try again.`))
    } finally {
      setExporting(false)
    }
  }

  return (
    <div className="flex flex-col items-end gap-1">
      <Button variant="secondary" onClick={() => void exportCsv()} disabled={disabled || exporting} aria-busy={exporting} data-testid="leads-export">
        <Icon name="download" />
        <Trans>Export CSV</Trans>
      </Button>
      <p role="status" className="text-sm font-medium text-red-800 dark:text-red-300">
        {failure}
      </p>
    </div>
  )
}
