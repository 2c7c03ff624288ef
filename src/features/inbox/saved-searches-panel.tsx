import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query'
import { useId, useMemo, useState } from 'react'
import { DeleteDialog } from '~/components/delete-dialog'
import { useToast } from '~/components/toast'
import { Button, ErrorAlert, Icon } from '~/components/ui'
import { deleteMySavedSearch, pauseMySavedSearch } from '~/functions/saved-search-leads.functions'
import { LOCALE_TAG, type Lang } from '~/lib/lang'
import { isRetryableCode } from '~/lib/retryable'
import { errorCode, errorMessage } from '~/lib/server-error'
import { inboxKeys, inboxSavedSearchesQuery } from '~/queries/inbox'
import type { SavedSearch, SavedSearchPage } from '~/schemas/saved-search'
import { ExportSavedSearchesButton } from './export-button'
import { MessageListLoading } from './message-list'
import { SavedSearchItem } from './saved-search-item'

/** Saved searches per page of the inbox. */
const PAGE_SIZE = 50

function withSearches<TPageParam>(
  pages: InfiniteData<SavedSearchPage, TPageParam> | undefined,
  change: (searches: Array<SavedSearch>) => Array<SavedSearch>,
): InfiniteData<SavedSearchPage, TPageParam> | undefined {
  if (!pages) return pages
  return { ...pages, pages: pages.pages.map((page) => ({ ...page, searches: change(page.searches) })) }
}

/**
 * The inbox's second list (issue 13): the visitors who saved a search and confirmed their
 * address, newest first, a page at a time, with pause/resume, delete and a CSV of their own.
 * Pending searches are not here: an address that has not confirmed agreed to nothing yet.
 */
export function SavedSearchesPanel({ realtorId, lang }: { realtorId: string; lang: Lang }) {
  const { t, i18n } = useLingui()
  const toast = useToast()
  const headingId = useId()
  const queryClient = useQueryClient()
  const listQuery = inboxSavedSearchesQuery(realtorId, { limit: PAGE_SIZE })
  const [actionError, setActionError] = useState<string | undefined>()
  const [toDelete, setToDelete] = useState<SavedSearch | null>(null)

  const searchesQuery = useInfiniteQuery({ ...listQuery, staleTime: 30_000, retry: false })
  const dateTime = useMemo(() => new Intl.DateTimeFormat(LOCALE_TAG[lang], { dateStyle: 'medium', timeStyle: 'short' }), [lang])

  const pauseMutation = useMutation({
    mutationFn: (input: { id: string; paused: boolean }) => pauseMySavedSearch({ data: input }),
    onMutate: () => setActionError(undefined),
    onSuccess: (updated, input) => {
      queryClient.setQueriesData<InfiniteData<SavedSearchPage>>({ queryKey: inboxKeys.savedSearches(realtorId) }, (current) =>
        withSearches(current, (searches) => searches.map((search) => (search.id === updated.id ? updated : search))),
      )
      toast.success(input.paused ? t`Alerts paused` : t`Alerts resumed`)
    },
    onError: (error) => {
      setActionError(errorMessage(error, (id) => i18n._(id), t`The change could not be saved. Check your connection and try again.`))
    },
  })

  const deleteMutation = useMutation({
    mutationFn: (search: SavedSearch) => deleteMySavedSearch({ data: { id: search.id } }),
    onSuccess: async (_deleted, search) => {
      setToDelete(null)
      toast.success(t`Saved search deleted`)
      // Off the screen at once, then the counts fetched again.
      queryClient.setQueriesData<InfiniteData<SavedSearchPage>>({ queryKey: inboxKeys.savedSearches(realtorId) }, (current) =>
        withSearches(current, (searches) => searches.filter((item) => item.id !== search.id)),
      )
      await queryClient.invalidateQueries({ queryKey: inboxKeys.savedSearches(realtorId) })
    },
  })
  const deleteError = deleteMutation.isError
    ? errorMessage(deleteMutation.error, (id) => i18n._(id), t`The saved search could not be deleted. Check your connection and try again.`)
    : undefined
  const deletingEmail = toDelete?.email ?? ''

  const pages = searchesQuery.data?.pages ?? []
  const first = pages[0]
  const searches = pages.flatMap((page) => page.searches)
  const total = first?.total ?? 0
  const loadError = searchesQuery.isError
    ? errorMessage(searchesQuery.error, (id) => i18n._(id), t`Your saved searches could not be loaded. Check your connection and try again.`)
    : undefined
  const failedCode = errorCode(searchesQuery.error)
  const canRetry = searchesQuery.isError && (failedCode === undefined || isRetryableCode(failedCode))

  return (
    <section aria-labelledby={headingId} data-testid="saved-searches-panel">
      <div className="mb-5 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id={headingId} className="text-2xl font-bold tracking-tight text-stone-900 dark:text-stone-50">
            <Trans>Saved searches</Trans>
          </h2>
          {first && searches.length > 0 ? (
            <p className="mt-1 text-sm text-stone-600 dark:text-stone-300" data-testid="saved-searches-summary">
              <Plural value={total} one="# saved search" other="# saved searches" />
            </p>
          ) : null}
        </div>
        {first ? <ExportSavedSearchesButton realtorId={realtorId} disabled={searches.length === 0} onError={setActionError} /> : null}
      </div>

      <ErrorAlert
        testId="saved-searches-error"
        message={loadError ?? actionError ?? undefined}
        onRetry={loadError && canRetry ? () => void searchesQuery.refetch() : undefined}
      />

      {searchesQuery.isPending ? (
        <MessageListLoading />
      ) : first && searches.length === 0 ? (
        <div
          className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center dark:border-stone-700 dark:bg-stone-900"
          data-testid="saved-searches-empty"
        >
          <span className="grid size-12 place-items-center rounded-full bg-stone-100 text-stone-500 dark:bg-stone-800 dark:text-stone-300">
            <Icon name="inbox" className="size-6" />
          </span>
          <p className="text-lg font-semibold text-stone-900 dark:text-stone-50">
            <Trans>No saved searches yet</Trans>
          </p>
          <p className="max-w-md text-stone-600 dark:text-stone-300">
            <Trans>When visitors save a search on your homepage and confirm their e-mail address, they appear here.</Trans>
          </p>
        </div>
      ) : searches.length > 0 ? (
        <ul className="grid gap-3" data-testid="saved-searches-list">
          {searches.map((search) => (
            <SavedSearchItem
              key={search.id}
              search={search}
              pending={pauseMutation.isPending && pauseMutation.variables.id === search.id}
              onPausedChange={(paused) => pauseMutation.mutate({ id: search.id, paused })}
              onDelete={() => {
                deleteMutation.reset()
                setToDelete(search)
              }}
              formatDateTime={(iso) => dateTime.format(new Date(iso))}
            />
          ))}
        </ul>
      ) : null}
      {searchesQuery.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button
            variant="secondary"
            onClick={() => void searchesQuery.fetchNextPage()}
            disabled={searchesQuery.isFetchingNextPage}
            aria-busy={searchesQuery.isFetchingNextPage}
            data-testid="saved-searches-more"
          >
            {searchesQuery.isFetchingNextPage ? <Trans>Loading saved searches…</Trans> : <Trans>Show older saved searches</Trans>}
          </Button>
        </div>
      ) : null}
      <DeleteDialog
        open={toDelete !== null}
        expected={deletingEmail}
        title={<Trans>Delete this saved search?</Trans>}
        description={
          <Trans>
            The saved search and everything stored with it, its consent record included, will be deleted for good, and no more alerts will be sent for it. This
            cannot be undone.
          </Trans>
        }
        label={
          <Trans>
            Type the visitor's e-mail address <span className="font-mono font-semibold break-all">{deletingEmail}</span> to confirm
          </Trans>
        }
        confirmLabel={<Trans>Delete saved search</Trans>}
        pending={deleteMutation.isPending}
        error={deleteError}
        onCancel={() => setToDelete(null)}
        onClosed={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) deleteMutation.mutate(toDelete)
        }}
        testIds={{ dialog: 'saved-search-delete-dialog', input: 'saved-search-delete-confirm', confirm: 'saved-search-delete-submit' }}
      />
    </section>
  )
}
