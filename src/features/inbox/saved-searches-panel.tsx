import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useInfiniteQuery, useMutation } from '@tanstack/react-query'
import { deleteMySavedSearch, pauseMySavedSearch } from '~/functions/saved-search-leads.functions'
import { dateTimeFormat } from '~/lib/date-time-format'
import { LOCALE_TAG, type Lang } from '~/lib/lang'
import { afterSavedSearchChanged, afterSavedSearchDeleted } from '~/queries/changes'
import { inboxSavedSearchesQuery } from '~/queries/inbox'
import type { SavedSearch } from '~/schemas/saved-search'
import { CsvExportLink, leadCsvPath } from './csv-export-link'
import { DeleteLeadDialog, useLeadDeletion } from './delete-lead-dialog'
import { LeadListPanel, useLeadActions, useLeadList } from './lead-list'
import { SavedSearchItem } from './saved-search-item'

/** Saved searches per page of the inbox. */
const PAGE_SIZE = 50

/**
 * The inbox's second list (issue 13): the visitors who saved a search and confirmed their
 * address, newest first, a page at a time, with pause/resume, delete and a CSV of their own.
 * Pending searches are not here: an address that has not confirmed agreed to nothing yet.
 */
export function SavedSearchesPanel({ realtorId, lang }: { realtorId: string; lang: Lang }) {
  const { t } = useLingui()
  const { headingId, queryClient, toast, actionError, clearError, showError } = useLeadActions()
  const listQuery = inboxSavedSearchesQuery(realtorId, { limit: PAGE_SIZE })

  const searchesQuery = useInfiniteQuery({ ...listQuery, staleTime: 30_000, retry: false })
  const dateTime = dateTimeFormat(LOCALE_TAG[lang], { dateStyle: 'medium', timeStyle: 'short' })

  const pauseMutation = useMutation({
    mutationFn: (input: { id: string; paused: boolean }) => pauseMySavedSearch({ data: input }),
    onMutate: clearError,
    onSuccess: (updated, input) => {
      afterSavedSearchChanged(queryClient, realtorId, updated)
      toast.success(input.paused ? t`Alerts paused` : t`Alerts resumed`)
    },
    onError: showError,
  })

  const deletion = useLeadDeletion(
    (search: SavedSearch) => deleteMySavedSearch({ data: { id: search.id } }),
    async (search) => {
      toast.success(t`Saved search deleted`)
      await afterSavedSearchDeleted(queryClient, { realtorId, id: search.id })
    },
  )
  const list = useLeadList(searchesQuery, (page) => page.searches, t`Your saved searches could not be loaded. Check your connection and try again.`)
  const { first, rows: searches } = list
  const total = first?.total ?? 0

  return (
    <LeadListPanel
      testId="saved-searches"
      headingId={headingId}
      heading={<Trans>Saved searches</Trans>}
      summary={<Plural value={total} one="# saved search" other="# saved searches" />}
      exportButton={<CsvExportLink href={leadCsvPath('saved-searches', realtorId, lang)} hasRows={searches.length > 0} testId="saved-searches-export" />}
      list={list}
      actionError={actionError}
      words={{
        loading: <Trans>Loading saved searches…</Trans>,
        emptyTitle: <Trans>No saved searches yet</Trans>,
        emptyText: <Trans>When visitors save a search on your homepage and confirm their e-mail address, they appear here.</Trans>,
        more: <Trans>Show older saved searches</Trans>,
      }}
      dialog={
        <DeleteLeadDialog
          deletion={deletion}
          words={{
            title: <Trans>Delete this saved search?</Trans>,
            description: (
              <Trans>
                The saved search and everything stored with it, its consent record included, will be deleted for good, and no more alerts will be sent for it.
                This cannot be undone.
              </Trans>
            ),
            label: (deletingEmail) => (
              <Trans>
                Type the visitor's e-mail address <span className="font-mono font-semibold break-all">{deletingEmail}</span> to confirm
              </Trans>
            ),
            confirm: <Trans>Delete saved search</Trans>,
            failed: t`The saved search could not be deleted. Check your connection and try again.`,
          }}
          testIdPrefix="saved-search"
        />
      }
    >
      {searches.map((search) => (
        <SavedSearchItem
          key={search.id}
          search={search}
          pending={pauseMutation.isPending && pauseMutation.variables.id === search.id}
          onPausedChange={(paused) => pauseMutation.mutate({ id: search.id, paused })}
          onDelete={() => deletion.ask(search)}
          formatDateTime={(iso) => dateTime.format(new Date(iso))}
        />
      ))}
    </LeadListPanel>
  )
}
