import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useId, useState, type ReactNode } from 'react'
import { useToast } from '~/components/toast'
import { Button, ErrorAlert, Icon } from '~/components/ui'
import { isRetryableCode } from '~/lib/retryable'
import { errorCode, errorMessage } from '~/lib/errors'

/** What the frame needs of a list loaded a page at a time (TanStack Query's infinite query). */
type PagedList = {
  isPending: boolean
  isError: boolean
  error: unknown
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => unknown
  refetch: () => unknown
}

/**
 * Why a list did not load, in words, and whether asking again can help: after a network or
 * server failure it can, never after "sign in" or "not yours".
 */
export function listLoadFailure(
  list: Pick<PagedList, 'isError' | 'error' | 'refetch'>,
  translateId: (id: string) => string,
  fallback: string,
): { message: string | undefined; retry: (() => void) | undefined } {
  if (!list.isError) return { message: undefined, retry: undefined }
  const code = errorCode(list.error)
  const retryable = code === undefined || isRetryableCode(code)
  return { message: errorMessage(list.error, translateId, fallback), retry: retryable ? () => void list.refetch() : undefined }
}

/** A lead list as its panel shows it: the query, its rows loaded so far, its first page (which carries the whole list's counts), and why it did not load. */
export type LeadList<Page, Row> = {
  query: PagedList
  first: Page | undefined
  rows: ReadonlyArray<Row>
  failure: { message: string | undefined; retry: (() => void) | undefined }
}

/** The lead list of a paged query: `rowsOf` a page's rows; `failed` says the list did not load when the server does not say why. */
export function useLeadList<Page, Row>(
  query: PagedList & { data: { pages: ReadonlyArray<Page> } | undefined },
  rowsOf: (page: Page) => ReadonlyArray<Row>,
  failed: string,
): LeadList<Page, Row> {
  const { i18n } = useLingui()
  const pages = query.data?.pages ?? []
  return { query, first: pages.at(0), rows: pages.flatMap(rowsOf), failure: listLoadFailure(query, (id) => i18n._(id), failed) }
}

/** Placeholders of a list's first load; `label` is for screen readers. */
export function LeadListLoading({ label }: { label: ReactNode }) {
  return (
    <div aria-busy="true" className="grid gap-3">
      <p className="sr-only">{label}</p>
      {[0, 1, 2].map((index) => (
        <div
          key={index}
          aria-hidden="true"
          className="h-24 animate-pulse rounded-xl border border-stone-200 bg-white motion-reduce:animate-none dark:border-stone-800 dark:bg-stone-900"
        >
          <div className="m-5 h-4 w-1/3 rounded bg-stone-200 dark:bg-stone-700" />
          <div className="mx-5 h-3 w-2/3 rounded bg-stone-100 dark:bg-stone-800" />
        </div>
      ))}
    </div>
  )
}

export function LeadListEmpty({ testId, title, text }: { testId: string; title: ReactNode; text: ReactNode }) {
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center dark:border-stone-700 dark:bg-stone-900"
      data-testid={testId}
    >
      <span className="grid size-12 place-items-center rounded-full bg-stone-100 text-stone-500 dark:bg-stone-800 dark:text-stone-300">
        <Icon name="inbox" className="size-6" />
      </span>
      <p className="text-lg font-semibold text-stone-900 dark:text-stone-50">{title}</p>
      <p className="max-w-md text-stone-600 dark:text-stone-300">{text}</p>
    </div>
  )
}

/**
 * The frame the inbox's two lists share (messages, saved searches): the heading with its count
 * and CSV export, one alert region for load and action errors, the first load's placeholders,
 * the empty state, the list, "show older" and the list's delete dialog. Test ids are
 * `{testId}-panel`, `-summary`, `-error`, `-empty`, `-list` and `-more`.
 */
export function LeadListPanel({
  testId,
  headingId,
  heading,
  summary,
  exportButton,
  list,
  actionError,
  words,
  children,
  dialog,
  filters,
}: {
  testId: string
  headingId: string
  heading: ReactNode
  /** The whole list's counts, shown under the heading once something has loaded. */
  summary: ReactNode
  exportButton: ReactNode
  list: LeadList<unknown, unknown>
  /** The error of an action on a lead, shown after a load's. */
  actionError?: string | undefined
  /** `loading` is said while the first page and while an older one loads. */
  words: { loading: ReactNode; emptyTitle: ReactNode; emptyText: ReactNode; more: ReactNode }
  /** The list's items, each an `<li>`, rendered when there are any. */
  children: ReactNode
  /** The delete dialog of a list whose items can be deleted. */
  dialog?: ReactNode
  /** Controls that narrow the list (the lead desk's); they stay when nothing matches. */
  filters?: ReactNode
}) {
  // How many items are loaded so far, once the first page answered.
  const count = list.first === undefined ? undefined : list.rows.length
  const loaded = count !== undefined
  const { query } = list
  return (
    <section aria-labelledby={headingId} data-testid={`${testId}-panel`}>
      <div className="mb-5 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id={headingId} className="text-2xl font-bold tracking-tight text-stone-900 dark:text-stone-50">
            {heading}
          </h2>
          {loaded && count > 0 ? (
            <p className="mt-1 text-sm text-stone-600 dark:text-stone-300" data-testid={`${testId}-summary`}>
              {summary}
            </p>
          ) : null}
        </div>
        {loaded ? exportButton : null}
      </div>

      {/* Always in the page (and empty, so it takes no room) so screen readers announce an error the moment its text appears. */}
      <ErrorAlert testId={`${testId}-error`} message={list.failure.message ?? actionError} onRetry={list.failure.retry} />
      {filters}

      {query.isPending ? (
        <LeadListLoading label={words.loading} />
      ) : loaded && count === 0 ? (
        <LeadListEmpty testId={`${testId}-empty`} title={words.emptyTitle} text={words.emptyText} />
      ) : loaded ? (
        <ul className="grid gap-3" data-testid={`${testId}-list`}>
          {children}
        </ul>
      ) : null}
      {query.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button
            variant="secondary"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
            aria-busy={query.isFetchingNextPage}
            data-testid={`${testId}-more`}
          >
            {query.isFetchingNextPage ? words.loading : words.more}
          </Button>
        </div>
      ) : null}
      {dialog}
    </section>
  )
}

/**
 * What a lead panel keeps beside its list for the actions on its leads: the query client whose
 * cached pages they change, a toast for one that worked, and the error of one that did not in
 * the panel's alert region, beside what failed, until the next action starts (`clearError` as a
 * mutation's `onMutate`, `showError` as its `onError`); and the id of the panel's heading.
 */
export function useLeadActions() {
  const { t, i18n } = useLingui()
  const toast = useToast()
  const [actionError, setActionError] = useState<string | undefined>()
  const headingId = useId()
  const queryClient = useQueryClient()
  return {
    headingId,
    queryClient,
    toast,
    actionError,
    clearError: () => setActionError(undefined),
    showError: (error: unknown) =>
      setActionError(errorMessage(error, (id) => i18n._(id), t`The change could not be saved. Check your connection and try again.`)),
  }
}
