import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { LeadsPanel } from '~/features/leads/leads-panel'
import { langParam, type Lang } from '~/lib/lang'
import { InboxPanel } from './inbox-panel'
import { SavedSearchesPanel } from './saved-searches-panel'
import { TourRequestsPanel } from '~/features/tours/tour-requests-panel'

export const INBOX_VIEWS = ['leads', 'messages', 'saved-searches', 'tours'] as const
export type InboxView = (typeof INBOX_VIEWS)[number]

const segmentClass =
  'inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold text-stone-700 transition hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 aria-[current=page]:bg-white aria-[current=page]:text-stone-900 aria-[current=page]:shadow-sm dark:text-stone-200 dark:hover:bg-stone-700 dark:focus-visible:outline-stone-100 dark:aria-[current=page]:bg-stone-700 dark:aria-[current=page]:text-stone-50'

/**
 * The inbox tab's lists, one at a time behind a segmented control: the lead desk of every kind
 * (issue 26, the default), the visitors' messages and their saved searches (issue 13). Each is
 * a link (`?tab=messages&view=saved-searches`), so a view can be bookmarked and the back
 * button returns to the other.
 */
export function InboxViews({ realtorId, desiredUrl, lang, view }: { realtorId: string; desiredUrl: string; lang: Lang; view: InboxView }) {
  const { t } = useLingui()
  const params = { lang: langParam(lang), desiredUrl }
  return (
    <div>
      <nav aria-label={t`Leads`} className="mb-6">
        <ul className="inline-flex flex-wrap gap-1 rounded-full bg-stone-100 p-1 dark:bg-stone-800">
          <li>
            <Link
              to="/{-$lang}/$desiredUrl/admin"
              params={params}
              search={{ tab: 'messages' }}
              aria-current={view === 'leads' ? 'page' : undefined}
              // Exact: by default a link is "active" when its search is a subset of the page's.
              activeOptions={{ exact: true }}
              className={segmentClass}
              data-testid="inbox-view-leads"
            >
              <Trans>Leads</Trans>
            </Link>
          </li>
          <li>
            <Link
              to="/{-$lang}/$desiredUrl/admin"
              params={params}
              search={{ tab: 'messages', view: 'messages' }}
              aria-current={view === 'messages' ? 'page' : undefined}
              className={segmentClass}
              data-testid="inbox-view-messages"
            >
              <Trans>Messages</Trans>
            </Link>
          </li>
          <li>
            <Link
              to="/{-$lang}/$desiredUrl/admin"
              params={params}
              search={{ tab: 'messages', view: 'saved-searches' }}
              aria-current={view === 'saved-searches' ? 'page' : undefined}
              className={segmentClass}
              data-testid="inbox-view-saved-searches"
            >
              <Trans>Saved searches</Trans>
            </Link>
          </li>
          <li>
            <Link
              to="/{-$lang}/$desiredUrl/admin"
              params={params}
              search={{ tab: 'messages', view: 'tours' }}
              aria-current={view === 'tours' ? 'page' : undefined}
              className={segmentClass}
              data-testid="inbox-view-tours"
            >
              <Trans>Tour requests</Trans>
            </Link>
          </li>
        </ul>
      </nav>
      {view === 'saved-searches' ? (
        <SavedSearchesPanel realtorId={realtorId} lang={lang} />
      ) : view === 'messages' ? (
        <InboxPanel realtorId={realtorId} lang={lang} />
      ) : view === 'tours' ? (
        <TourRequestsPanel realtorId={realtorId} lang={lang} />
      ) : (
        <LeadsPanel realtorId={realtorId} lang={lang} />
      )}
    </div>
  )
}
