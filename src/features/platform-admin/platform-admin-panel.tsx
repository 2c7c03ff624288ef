import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { useToast } from '~/components/toast'
import { adminListRealtors, adminSetPublished } from '~/functions/admin.functions'
import { deleteMyRealtor } from '~/functions/realtor.functions'
import { realtorDisplayName } from '~/features/homepage/realtor-names'
import { LOCALE_TAG, langParam, type Lang } from '~/lib/lang'
import { buttonStyles, ErrorAlert, Icon } from '~/components/ui'

type ListResult = Awaited<ReturnType<typeof adminListRealtors>>
type AdminPage = Extract<ListResult, { ok: true }>['data']
type AdminRow = AdminPage['realtors'][number]

/** Typing pauses this long before the list is asked again, so each keystroke is not a request. */
const SEARCH_DEBOUNCE_MS = 300
const LIST_KEY = ['admin', 'realtors'] as const
const RETRYABLE_CODES: ReadonlySet<string> = new Set(['INTERNAL', 'RATE_LIMITED'])

const ICONS = {
  search: 'M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13zM20 20l-4.8-4.8',
  open: 'M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5',
  edit: 'M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4',
  eyeOff: 'M3 3l18 18M10.6 6.1A9.7 9.7 0 0 1 12 6c5 0 9 6 9 6a16 16 0 0 1-2.6 3.2M6.2 7.7A16 16 0 0 0 3 12s4 6 9 6a9 9 0 0 0 4.3-1.1M9.9 10a3 3 0 0 0 4.1 4.1',
  eye: 'M3 12s4-6 9-6 9 6 9 6-4 6-9 6-9-6-9-6zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  trash: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  prev: 'm15 6-6 6 6 6',
  next: 'm9 6 6 6-6 6',
} as const

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
  const { t } = useLingui()
  const toast = useToast()
  const headingId = useId()
  const searchId = useId()
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

  const listQuery = useQuery({
    queryKey: [...LIST_KEY, lang, q, page],
    queryFn: () => adminListRealtors({ data: { lang, q: q === '' ? undefined : q, page } }),
    // The current rows stay on screen (dimmed) while the next search or page loads.
    placeholderData: keepPreviousData,
    retry: false,
  })
  const result = listQuery.data
  const data = result?.ok ? result.data : undefined

  // After a delete empties the last page, step back to the new last page (set while rendering,
  // as React advises for state that follows data).
  if (data && data.realtors.length === 0 && data.page > data.totalPages && page !== data.totalPages) setPage(data.totalPages)

  const dateFormat = useMemo(() => new Intl.DateTimeFormat(LOCALE_TAG[lang], { dateStyle: 'medium' }), [lang])
  const dateTimeFormat = useMemo(() => new Intl.DateTimeFormat(LOCALE_TAG[lang], { dateStyle: 'full', timeStyle: 'short' }), [lang])

  const publishMutation = useMutation({
    mutationFn: (row: AdminRow) => adminSetPublished({ data: { lang, id: row.id, published: !row.published } }),
    onMutate: () => setActionError(undefined),
    onSuccess: (outcome, row) => {
      if (!outcome.ok) {
        setActionError(outcome.error.message)
        return
      }
      const { published, updatedAt } = outcome.data
      queryClient.setQueriesData<ListResult>({ queryKey: LIST_KEY }, (current) =>
        current?.ok
          ? { ok: true, data: { ...current.data, realtors: current.data.realtors.map((item) => (item.id === row.id ? { ...item, published, updatedAt } : item)) } }
          : current,
      )
      // Marked stale but not refetched now: a refetch would move the row to the top (newest
      // change first) under the admin's pointer and focus. The next search or page is fresh.
      void queryClient.invalidateQueries({ queryKey: LIST_KEY, refetchType: 'none' })
      const address = row.desiredUrl
      toast.success(published ? t`The homepage /${address} is published` : t`The homepage /${address} is unpublished`)
    },
    onError: () => setActionError(t`The change could not be saved. Check your connection and try again.`),
  })

  const deleteMutation = useMutation({
    mutationFn: (row: AdminRow) => deleteMyRealtor({ data: { lang, id: row.id } }),
  })

  function submitSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
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
      onSuccess: (outcome) => {
        if (!outcome.ok) return
        const address = row.desiredUrl
        toast.success(t`The homepage /${address} was deleted`)
        openerRef.current = null
        setDeleting(null)
        void queryClient.invalidateQueries({ queryKey: LIST_KEY })
      },
    })
  }

  const deleteError =
    deleteMutation.data && !deleteMutation.data.ok
      ? deleteMutation.data.error.message
      : deleteMutation.isError
        ? t`The homepage could not be deleted. Check your connection and try again.`
        : undefined
  const loadError = result && !result.ok ? result.error.message : listQuery.isError ? t`The list could not be loaded. Check your connection and try again.` : undefined
  const error = loadError ?? actionError
  // Asking again helps after a network or server failure, never after "sign in" or "not allowed".
  const canRetry = listQuery.isError || (result !== undefined && !result.ok && RETRYABLE_CODES.has(result.error.code))
  // A signed-out or non-admin viewer gets the message alone, without a search that cannot work.
  const denied = result !== undefined && !result.ok && (result.error.code === 'UNAUTHORIZED' || result.error.code === 'FORBIDDEN')
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
        <form role="search" hidden={denied} onSubmit={submitSearch} className="flex w-full max-w-md gap-2 sm:w-auto sm:min-w-80">
          <label htmlFor={searchId} className="sr-only">
            <Trans>Search by address, name or e-mail</Trans>
          </label>
          <div className="relative flex-1">
            <Icon path={ICONS.search} className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-stone-500" />
            <input
              id={searchId}
              type="search"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              placeholder={t`Address, name or e-mail`}
              autoComplete="off"
              spellCheck={false}
              maxLength={100}
              className="block min-h-11 w-full rounded-full border border-stone-300 bg-white py-2 pr-4 pl-10 text-base text-stone-900 shadow-sm placeholder:text-stone-500 focus:border-stone-900 focus:outline-2 focus:outline-stone-900 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100 dark:placeholder:text-stone-400"
              data-testid="admin-search"
            />
          </div>
          {/* Icon-only on phones so the field keeps its room; the name stays for screen readers. */}
          <button type="submit" className={`${buttonStyles.primary} max-sm:px-3.5`}>
            <Icon path={ICONS.search} className="size-4 sm:hidden" />
            <span className="max-sm:sr-only">
              <Trans>Search</Trans>
            </span>
          </button>
        </form>
      </div>

      {/* Always in the page (and empty, so it takes no room) so screen readers announce an error the moment its text appears. */}
      <ErrorAlert
        testId="admin-error"
        message={error ?? undefined}
        onRetry={loadError && canRetry ? () => void listQuery.refetch() : undefined}
      />

      <p aria-live="polite" className="mb-3 min-h-6 text-sm text-stone-600 dark:text-stone-300" data-testid="admin-count">
        {data ? <ResultCount total={data.total} query={data.q} /> : null}
      </p>

      {listQuery.isPending ? (
        <div aria-busy="true" className="grid gap-3">
          <p className="sr-only">
            <Trans>Loading realtors…</Trans>
          </p>
          {[0, 1, 2, 3].map((index) => (
            <div key={index} aria-hidden="true" className="h-20 animate-pulse rounded-xl border border-stone-200 bg-white motion-reduce:animate-none dark:border-stone-800 dark:bg-stone-900" />
          ))}
        </div>
      ) : data && data.realtors.length === 0 ? (
        <div className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-10 text-center dark:border-stone-700 dark:bg-stone-900" data-testid="admin-empty">
          <p className="text-lg font-semibold text-stone-900 dark:text-stone-50">
            {data.q ? <Trans>No realtor matches your search</Trans> : <Trans>No realtors yet</Trans>}
          </p>
          {data.q ? (
            <p className="mt-1 text-stone-600 dark:text-stone-300">
              <Trans>Try part of the address, a Korean or English name, or an e-mail address.</Trans>
            </p>
          ) : null}
        </div>
      ) : data ? (
        <div aria-busy={busy} className={`transition-opacity motion-reduce:transition-none ${busy ? 'opacity-60' : ''}`}>
          {/* Wide screens: a table to compare rows; below 1280 px the four actions crowd it, so cards. */}
          <div className="hidden overflow-x-auto rounded-xl border border-stone-200 bg-white shadow-sm xl:block dark:border-stone-800 dark:bg-stone-900">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">
                <Trans>Realtors, newest change first</Trans>
              </caption>
              <thead className="border-b border-stone-200 bg-stone-50 text-xs font-semibold tracking-wide text-stone-600 uppercase dark:border-stone-800 dark:bg-stone-950 dark:text-stone-300">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    <Trans>Realtor</Trans>
                  </th>
                  <th scope="col" className="px-4 py-3">
                    <Trans>E-mail</Trans>
                  </th>
                  <th scope="col" className="px-4 py-3">
                    <Trans>Status</Trans>
                  </th>
                  <th scope="col" className="px-4 py-3">
                    <Trans>Updated</Trans>
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    <Trans>Actions</Trans>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-200 dark:divide-stone-800">
                {data.realtors.map((row) => (
                  <TableRow key={row.id} {...rowProps(row)} />
                ))}
              </tbody>
            </table>
          </div>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:hidden">
            {data.realtors.map((row) => (
              <CardRow key={row.id} {...rowProps(row)} />
            ))}
          </ul>
          {data.totalPages > 1 ? <Pagination page={data.page} totalPages={data.totalPages} onPage={setPage} /> : null}
        </div>
      ) : null}

      <DeleteDialog
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

type RowProps = {
  row: AdminRow
  lang: Lang
  name: string
  otherName: string | undefined
  updated: string
  updatedFull: string
  publishPending: boolean
  onTogglePublished: () => void
  onDelete: () => void
}

function PublishedBadge({ published }: { published: boolean }) {
  return published ? (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-100 px-2.5 whitespace-nowrap py-1 text-xs font-semibold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
      <span aria-hidden="true" className="size-1.5 rounded-full bg-emerald-600 dark:bg-emerald-300" />
      <Trans>Published</Trans>
    </span>
  ) : (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-stone-200 px-2.5 whitespace-nowrap py-1 text-xs font-semibold text-stone-800 dark:bg-stone-700 dark:text-stone-100">
      <span aria-hidden="true" className="size-1.5 rounded-full bg-stone-500 dark:bg-stone-300" />
      <Trans>Unpublished</Trans>
    </span>
  )
}

/**
 * Open, edit, publish and delete. Every control names its realtor for screen readers, who may
 * reach it through a list of buttons where twenty "Delete"s would be indistinguishable.
 */
function RowActions({ row, lang, name: typedName, publishPending, onTogglePublished, onDelete }: RowProps) {
  const params = { lang: langParam(lang), desiredUrl: row.desiredUrl }
  // An element, not a string: <Trans> parses a string value for tags, and a realtor's name is
  // shown exactly as it was typed (issue 17).
  const name = <>{typedName}</>
  return (
    <div className="flex flex-wrap gap-2 xl:justify-end">
      <Link to="/{-$lang}/$desiredUrl" params={params} className={buttonStyles.secondary} data-testid="admin-open">
        <Icon path={ICONS.open} />
        <span>
          <Trans>
            Open<span className="sr-only"> the homepage of {name}</span>
          </Trans>
        </span>
      </Link>
      <Link to="/{-$lang}/$desiredUrl/admin" params={params} className={buttonStyles.secondary} data-testid="admin-edit">
        <Icon path={ICONS.edit} />
        <span>
          <Trans>
            Edit<span className="sr-only"> the homepage of {name}</span>
          </Trans>
        </span>
      </Link>
      <button type="button" onClick={onTogglePublished} disabled={publishPending} aria-busy={publishPending} className={buttonStyles.secondary} data-testid="admin-publish">
        <Icon path={row.published ? ICONS.eyeOff : ICONS.eye} />
        <span>
          {row.published ? (
            <Trans>
              Unpublish<span className="sr-only"> the homepage of {name}</span>
            </Trans>
          ) : (
            <Trans>
              Publish<span className="sr-only"> the homepage of {name}</span>
            </Trans>
          )}
        </span>
      </button>
      <button type="button" onClick={onDelete} className={buttonStyles.danger} data-testid="admin-delete">
        <Icon path={ICONS.trash} />
        <span>
          <Trans>
            Delete<span className="sr-only"> the homepage of {name}</span>
          </Trans>
        </span>
      </button>
    </div>
  )
}

function NameBlock({ row, name, otherName }: Pick<RowProps, 'row' | 'name' | 'otherName'>) {
  return (
    <>
      <span className="block font-semibold text-stone-900 dark:text-stone-50">{name}</span>
      {otherName ? <span className="block text-stone-600 dark:text-stone-300">{otherName}</span> : null}
      <span className="mt-0.5 block font-mono text-xs break-words text-stone-500 dark:text-stone-400">/{row.desiredUrl}</span>
    </>
  )
}

function TableRow(props: RowProps) {
  const { row, updated, updatedFull } = props
  return (
    <tr className="align-top" data-testid="admin-row">
      <th scope="row" className="px-4 py-4 font-normal">
        <NameBlock {...props} />
      </th>
      <td className="max-w-64 px-4 py-4 break-words text-stone-700 dark:text-stone-200">{row.email}</td>
      <td className="px-4 py-4">
        <PublishedBadge published={row.published} />
      </td>
      <td className="px-4 py-4 whitespace-nowrap text-stone-700 dark:text-stone-200">
        <time dateTime={row.updatedAt} title={updatedFull} suppressHydrationWarning>
          {updated}
        </time>
      </td>
      <td className="px-4 py-3">
        <RowActions {...props} />
      </td>
    </tr>
  )
}

function CardRow(props: RowProps) {
  const { row, updated, updatedFull } = props
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm dark:border-stone-800 dark:bg-stone-900" data-testid="admin-card">
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 text-base">
          <NameBlock {...props} />
        </h3>
        <PublishedBadge published={row.published} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-stone-500 dark:text-stone-400">
          <Trans>E-mail</Trans>
        </dt>
        <dd className="min-w-0 break-words text-stone-800 dark:text-stone-100">{row.email}</dd>
        <dt className="text-stone-500 dark:text-stone-400">
          <Trans>Updated</Trans>
        </dt>
        <dd className="text-stone-800 dark:text-stone-100">
          <time dateTime={row.updatedAt} title={updatedFull} suppressHydrationWarning>
            {updated}
          </time>
        </dd>
      </dl>
      <div className="mt-auto">
        <RowActions {...props} />
      </div>
    </li>
  )
}

function ResultCount({ total, query }: { total: number; query: string }) {
  return query ? (
    <Plural value={total} one={`# realtor matches “${query}”`} other={`# realtors match “${query}”`} />
  ) : (
    <Plural value={total} one="# realtor" other="# realtors" />
  )
}

function Pagination({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  const { t } = useLingui()
  return (
    <nav aria-label={t`Pages`} className="mt-5 flex flex-wrap items-center justify-between gap-3">
      <PageButton disabled={page <= 1} onClick={() => onPage(Math.max(1, page - 1))} direction="prev">
        <Trans>Previous</Trans>
      </PageButton>
      <p aria-live="polite" className="text-sm text-stone-600 dark:text-stone-300" data-testid="admin-page">
        <Trans>
          Page {page} of {totalPages}
        </Trans>
      </p>
      <PageButton disabled={page >= totalPages} onClick={() => onPage(Math.min(totalPages, page + 1))} direction="next">
        <Trans>Next</Trans>
      </PageButton>
    </nav>
  )
}

/**
 * Paging keeps focus on its buttons: at the first or last page they become aria-disabled
 * instead of disabled, which would drop keyboard focus to the page's top.
 */
function PageButton({ disabled, onClick, direction, children }: { disabled: boolean; onClick: () => void; direction: 'prev' | 'next'; children: ReactNode }) {
  return (
    <button type="button" aria-disabled={disabled} onClick={() => (disabled ? undefined : onClick())} className={buttonStyles.secondary}>
      {direction === 'prev' ? <Icon path={ICONS.prev} /> : null}
      {children}
      {direction === 'next' ? <Icon path={ICONS.next} /> : null}
    </button>
  )
}

/**
 * Deleting removes the homepage, its photos and its messages for good, so the admin types the
 * address to confirm (a click-through "OK" is too easy to give by habit). A native modal
 * <dialog>: the browser traps focus, makes the page inert and closes it on Escape.
 */
function DeleteDialog({
  row,
  name,
  pending,
  error,
  onCancel,
  onClosed,
  onConfirm,
}: {
  row: AdminRow | null
  name: string
  pending: boolean
  error: string | undefined
  /** Asks for the dialog to close (the Cancel button). */
  onCancel: () => void
  /** The dialog has closed, by Escape or because `row` became null. */
  onClosed: () => void
  onConfirm: (row: AdminRow) => void
}) {
  const { t } = useLingui()
  const dialogRef = useRef<HTMLDialogElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const titleId = useId()
  const descriptionId = useId()
  const inputId = useId()
  const [typed, setTyped] = useState('')
  const matches = row !== null && typed.trim() === row.desiredUrl

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (row && !dialog.open) {
      setTyped('')
      dialog.showModal()
      inputRef.current?.focus()
    } else if (!row && dialog.open) {
      dialog.close()
    }
  }, [row])

  const address = row?.desiredUrl ?? ''
  // An element, not a string: <Trans> parses a string value for tags, and a realtor's name is
  // shown exactly as it was typed (issue 17).
  const typedName = <>{name}</>
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      // Escape and dialog.close() both end here; the parent then puts focus back.
      onClose={onClosed}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-0 text-stone-900 shadow-2xl backdrop:bg-stone-950/60 dark:bg-stone-900 dark:text-stone-100"
      data-testid="admin-delete-dialog"
    >
      {row ? (
        <form
          onSubmit={(event) => {
            event.preventDefault()
            if (matches && !pending) onConfirm(row)
          }}
          className="grid gap-4 p-6"
        >
          <h2 id={titleId} className="text-xl font-bold tracking-tight">
            <Trans>Delete this homepage?</Trans>
          </h2>
          <p id={descriptionId} className="text-stone-700 dark:text-stone-300">
            <Trans>
              The homepage of <strong className="font-semibold text-stone-900 dark:text-stone-50">{typedName}</strong> at /{address} will be deleted for good, with
              its photos and messages. This cannot be undone.
            </Trans>
          </p>
          <div>
            <label htmlFor={inputId} className="block text-sm font-medium text-stone-800 dark:text-stone-200">
              <Trans>
                Type <span className="font-mono font-semibold">{address}</span> to confirm
              </Trans>
            </label>
            <input
              ref={inputRef}
              id={inputId}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              aria-invalid={typed !== '' && !matches}
              className="mt-1 block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 font-mono text-base text-stone-900 shadow-sm focus:border-stone-900 focus:outline-2 focus:outline-stone-900 dark:border-stone-600 dark:bg-stone-950 dark:text-stone-100"
              data-testid="admin-delete-confirm"
            />
          </div>
          <div role="alert">
            {error ? <p className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-900 dark:bg-red-950 dark:text-red-100">{error}</p> : null}
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" onClick={onCancel} className={buttonStyles.secondary}>
              <Trans>Cancel</Trans>
            </button>
            <button type="submit" disabled={!matches || pending} aria-busy={pending} className={buttonStyles.dangerSolid} data-testid="admin-delete-submit">
              <Icon path={ICONS.trash} />
              {pending ? t`Deleting…` : t`Delete homepage`}
            </button>
          </div>
        </form>
      ) : null}
    </dialog>
  )
}
