import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Icon } from '~/components/ui'
import { frequencyLabel, savedSearchInWords, savedSearchStatusLabel } from '~/lib/saved-search-words'
import type { SavedSearch } from '~/schemas/saved-search'
import { detailTermClass, ReachDetails } from './lead-details'

const STATUS_BADGE: Record<SavedSearch['status'], string> = {
  pending: 'bg-stone-100 text-stone-800 dark:bg-stone-800 dark:text-stone-100',
  active: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100',
  paused: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  unsubscribed: 'bg-stone-100 text-stone-700 dark:bg-stone-800 dark:text-stone-300',
}

/**
 * One saved search of the inbox (issue 13): who (a mailto link), the search in the words the
 * visitor's mails use, how often, its status, when it was confirmed, what the visitor agreed
 * to, and the realtor's pause/resume and delete. An unsubscribed search can only be deleted.
 */
export function SavedSearchItem({
  search,
  pending,
  onPausedChange,
  onDelete,
  formatDateTime,
}: {
  search: SavedSearch
  /** A pause or resume of this search is under way. */
  pending: boolean
  onPausedChange: (paused: boolean) => void
  onDelete: () => void
  formatDateTime: (iso: string) => string
}) {
  const { i18n } = useLingui()
  const who = search.name ?? search.email
  const canToggle = search.status === 'active' || search.status === 'paused'
  return (
    <li
      className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5 dark:border-stone-800 dark:bg-stone-900"
      data-testid="saved-search-item"
      data-status={search.status}
    >
      <h3 className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="min-w-0 max-w-full text-base break-all font-semibold text-stone-900 dark:text-stone-50">{who}</span>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_BADGE[search.status]}`} data-testid="saved-search-status">
          {i18n._(savedSearchStatusLabel(search.status))}
        </span>
      </h3>
      <p className="mt-2 text-base break-words text-stone-900 dark:text-stone-100" data-testid="saved-search-words">
        {savedSearchInWords(i18n, search)}
      </p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <ReachDetails email={search.email} />
        <dt className={detailTermClass}>
          <Trans>How often</Trans>
        </dt>
        <dd>{i18n._(frequencyLabel(search.frequency))}</dd>
        <dt className={detailTermClass}>
          <Trans>Confirmed</Trans>
        </dt>
        <dd>
          {search.confirmedAt ? (
            // Rendered in the browser's clock zone: the server's text may differ, which is expected.
            <time dateTime={search.confirmedAt} suppressHydrationWarning>
              {formatDateTime(search.confirmedAt)}
            </time>
          ) : (
            '—'
          )}
        </dd>
        {search.lastAlertedAt ? (
          <>
            <dt className={detailTermClass}>
              <Trans>Last alert</Trans>
            </dt>
            <dd>
              <time dateTime={search.lastAlertedAt} suppressHydrationWarning>
                {formatDateTime(search.lastAlertedAt)}
              </time>
            </dd>
          </>
        ) : null}
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        {canToggle ? (
          <Button
            variant="secondary"
            onClick={() => onPausedChange(search.status === 'active')}
            disabled={pending}
            aria-busy={pending}
            data-testid="saved-search-pause"
          >
            {search.status === 'active' ? <Trans>Pause alerts</Trans> : <Trans>Resume alerts</Trans>}
          </Button>
        ) : null}
        <Button variant="danger" onClick={onDelete} data-testid="saved-search-delete">
          <Icon name="trash" />
          <Trans>Delete</Trans>
        </Button>
      </div>
      <details className="mt-4 rounded-lg border border-stone-200 text-sm dark:border-stone-800" data-testid="saved-search-consent">
        <summary className="min-h-11 cursor-pointer px-3 py-2.5 font-medium text-stone-700 dark:text-stone-200">
          <Trans>Consent</Trans>
        </summary>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 px-3 pb-3">
          <dt className={detailTermClass}>
            <Trans>Version</Trans>
          </dt>
          <dd className="font-mono">{search.consent.version}</dd>
          <dt className={detailTermClass}>
            <Trans>Agreed at</Trans>
          </dt>
          <dd>
            <time dateTime={search.consent.consentedAt} suppressHydrationWarning>
              {formatDateTime(search.consent.consentedAt)}
            </time>
          </dd>
          <dt className={detailTermClass}>
            <Trans>Language shown</Trans>
          </dt>
          <dd>{search.consent.lang === 'ko' ? <Trans>Korean</Trans> : <Trans>English</Trans>}</dd>
          <dt className={detailTermClass}>
            <Trans>Page</Trans>
          </dt>
          <dd className="font-mono break-all">{search.consent.page ?? '—'}</dd>
          <dt className={detailTermClass}>
            <Trans>Words shown</Trans>
          </dt>
          <dd>
            <blockquote
              className="border-l-2 border-stone-300 pl-3 text-stone-800 dark:border-stone-600 dark:text-stone-200"
              data-testid="saved-search-consent-text"
            >
              {search.consent.text}
            </blockquote>
          </dd>
        </dl>
      </details>
    </li>
  )
}
