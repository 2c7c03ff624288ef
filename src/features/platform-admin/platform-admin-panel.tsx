import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { useToast } from '~/components/toast'
import { ErrorAlert } from '~/components/ui'
import { adminSetPublished } from '~/functions/admin.functions'
import { deleteMyRealtor } from '~/functions/realtor.functions'
import { realtorDisplayName } from '~/lib/realtor-names'
import { LOCALE_TAG, type Lang } from '~/lib/lang'
import { isRetryableCode } from '~/lib/retryable'
import { adminRealtorsQuery } from '~/queries/admin'
import { afterRealtorChanged, afterRealtorPublished } from '~/queries/changes'
import { errorCode, errorMessage } from '~/lib/errors'
import { DeleteRealtorDialog } from './delete-realtor-dialog'
import { Pagination } from './pagination'
import { RealtorList, RealtorListEmpty, RealtorListLoading, ResultCount } from './realtor-list'
import { SearchForm } from './search-form'
import type { AdminRow } from './types'

/** Typing pauses this long before the list is asked again, so each keystroke is not a request. */
const SEARCH_DEBOUNCE_MS = 300

/** The other language's name, shown under the main one when it says something more. */
function secondaryName(row: AdminRow, lang: Lang): string | undefined {
  const other = lang === 'ko' ? row.displayNameEn : row.displayNameKo
  return other && other !== realtorDisplayName(row, lang) ? other : undefined
}

/**
 * The platform admin's screen (issue 5 item 7): every realtor, searchable and paged, with
 * links to each homepage and its editor, publish/unpublish, and delete behind a typed
 * confirmation. Server errors stay in the panel's alert region (or the dialog's, for a delete);
 * successes are toasts.
 */
export function PlatformAdminPanel({ lang }: { lang: Lang }) {
  const { t, i18n } = useLingui()
  const toast = useToast()
  const headingId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const queryClient = useQueryClient()
  const [searchText, setSearchText] = useState('')
  const [q, setQ] = useState('')
  const [page, setPage] = useState(1)
  const [actionError, setActionError] = useState<string | undefined>()
  const [deleting, setDeleting] = useState<AdminRow | null>(null)
  const openerRef = useRef<HTMLElement | null>(null)

  // Search as the admin types, once they pause; Enter searches at once (see submitSearch).
  useEffect(() => {
    const next = searchText.trim()
    if (next === q) return
    const timer = window.setTimeout(() => {
      setQ(next)
      setPage(1)
    }, SEARCH_DEBOUNCE_MS)
    return () => window.clearTimeout(timer)
  }, [searchText, q])

  // The current rows stay on screen (dimmed) while the next search or page loads.
  const listQuery = useQuery({ ...adminRealtorsQuery({ q, page }), retry: false })
  const data = listQuery.data

  // After a delete empties the last page, step back to the new last page (set while rendering,
  // as React advises for state that follows data).
  if (data && data.realtors.length === 0 && data.page > data.totalPages && page !== data.totalPages) setPage(data.totalPages)

  const dateFormat = useMemo(() => new Intl.DateTimeFormat(LOCALE_TAG[lang], { dateStyle: 'medium' }), [lang])
  const dateTimeFormat = useMemo(() => new Intl.DateTimeFormat(LOCALE_TAG[lang], { dateStyle: 'full', timeStyle: 'short' }), [lang])

  const publishMutation = useMutation({
    mutationFn: (row: AdminRow) => adminSetPublished({ data: { id: row.id, published: !row.published } }),
    onMutate: () => setActionError(undefined),
    onSuccess: (result, row) => {
      void afterRealtorPublished(queryClient, result)
      const address = row.desiredUrl
      toast.success(result.published ? t`The homepage /${address} is published` : t`The homepage /${address} is unpublished`)
    },
    onError: (error) => setActionError(errorMessage(error, (id) => i18n._(id), t`The change could not be saved. Check your connection and try again.`)),
  })

  const deleteMutation = useMutation({
    mutationFn: (row: AdminRow) => deleteMyRealtor({ data: { id: row.id } }),
  })

  function submitSearch() {
    setQ(searchText.trim())
    setPage(1)
  }

  function openDelete(row: AdminRow) {
    openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    deleteMutation.reset()
    setDeleting(row)
  }

  /**
   * Runs once the dialog has really closed (Escape, Cancel or after a delete): only then is
   * the page no longer inert and focusable. Back to the button that opened the dialog; after a
   * delete (its row is about to vanish) or when it is gone, to the list's heading.
   */
  function afterDeleteClosed() {
    setDeleting(null)
    const opener = openerRef.current
    openerRef.current = null
    if (opener?.isConnected && opener.offsetParent !== null) opener.focus()
    else headingRef.current?.focus()
  }

  function confirmDelete(row: AdminRow) {
    deleteMutation.mutate(row, {
      onSuccess: () => {
        const address = row.desiredUrl
        toast.success(t`The homepage /${address} was deleted`)
        openerRef.current = null
        setDeleting(null)
        void afterRealtorChanged(queryClient, { id: row.id, deleted: true })
      },
    })
  }

  const deleteError = deleteMutation.isError
    ? errorMessage(deleteMutation.error, (id) => i18n._(id), t`The homepage could not be deleted. Check your connection and try again.`)
    : undefined
  const loadError = listQuery.isError
    ? errorMessage(listQuery.error, (id) => i18n._(id), t`The list could not be loaded. Check your connection and try again.`)
    : undefined
  const error = loadError ?? actionError
  const failedCode = errorCode(listQuery.error)
  // Asking again helps after a network or server failure, never after "sign in" or "not allowed".
  const canRetry = listQuery.isError && (failedCode === undefined || isRetryableCode(failedCode))
  // A signed-out or non-admin viewer gets the message alone, without a search that cannot work.
  const denied = failedCode === 'UNAUTHORIZED' || failedCode === 'FORBIDDEN'
  const busy = listQuery.isFetching

  const rowProps = (row: AdminRow) => ({
    row,
    lang,
    name: realtorDisplayName(row, lang),
    otherName: secondaryName(row, lang),
    updated: dateFormat.format(new Date(row.updatedAt)),
    updatedFull: dateTimeFormat.format(new Date(row.updatedAt)),
    publishPending: publishMutation.isPending && publishMutation.variables?.id === row.id,
    onTogglePublished: () => publishMutation.mutate(row),
    onDelete: () => openDelete(row),
  })

  return (
    <section aria-labelledby={headingId} data-testid="platform-admin-panel">
      <div className="mb-5 flex flex-wrap items-end justify-between gap-4">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight text-stone-900 outline-none dark:text-stone-50">
          <Trans>All realtors</Trans>
        </h2>
        <SearchForm value={searchText} hidden={denied} onChange={setSearchText} onSubmit={submitSearch} />
      </div>

      {/* Always in the page (and empty, so it takes no room) so screen readers announce an error the moment its text appears. */}
      <ErrorAlert testId="admin-error" message={error ?? undefined} onRetry={loadError && canRetry ? () => void listQuery.refetch() : undefined} />

      <p aria-live="polite" className="mb-3 min-h-6 text-sm text-stone-600 dark:text-stone-300" data-testid="admin-count">
        {data ? <ResultCount total={data.total} query={data.q} /> : null}
      </p>

      {listQuery.isPending ? (
        <RealtorListLoading />
      ) : data && data.realtors.length === 0 ? (
        <RealtorListEmpty query={data.q} />
      ) : data ? (
        <div aria-busy={busy} className={`transition-opacity motion-reduce:transition-none ${busy ? 'opacity-60' : ''}`}>
          <RealtorList realtors={data.realtors} rowProps={rowProps} />
          {data.totalPages > 1 ? <Pagination page={data.page} totalPages={data.totalPages} onPage={setPage} /> : null}
        </div>
      ) : null}

      <DeleteRealtorDialog
        row={deleting}
        name={deleting ? realtorDisplayName(deleting, lang) : ''}
        pending={deleteMutation.isPending}
        error={deleteError}
        onCancel={() => setDeleting(null)}
        onClosed={afterDeleteClosed}
        onConfirm={confirmDelete}
      />
    </section>
  )
}
