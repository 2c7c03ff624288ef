import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { LeadsPanel } from '~/features/leads/leads-panel'
import { TodayPanel, todayCount } from '~/features/leads/today-panel'
import { todayLeadsQuery } from '~/queries/leads'
import { langParam } from '~/lib/lang'
import { InboxPanel } from './inbox-panel'
import { SavedSearchesPanel } from './saved-searches-panel'
import { TourRequestsPanel } from '~/features/tours/tour-requests-panel'
import type { WorkspacePanelProps } from '~/features/editor/workspace-panel'

export const INBOX_VIEWS = ['today', 'leads', 'messages', 'saved-searches', 'tours'] as const
export type InboxView = (typeof INBOX_VIEWS)[number]

const VIEW_LABELS: Record<InboxView, MessageDescriptor> = {
  today: msg`Today`,
  leads: msg`All leads`,
  messages: msg`Messages`,
  'saved-searches': msg`Saved searches`,
  tours: msg`Tour requests`,
}

function ViewPanel({ view, ...panel }: WorkspacePanelProps & { view: InboxView }) {
  const { realtorId, lang } = panel
  switch (view) {
    case 'today':
      return <TodayPanel {...panel} />
    case 'leads':
      return <LeadsPanel realtorId={realtorId} lang={lang} />
    case 'messages':
      return <InboxPanel realtorId={realtorId} lang={lang} />
    case 'saved-searches':
      return <SavedSearchesPanel realtorId={realtorId} lang={lang} />
    case 'tours':
      return <TourRequestsPanel realtorId={realtorId} lang={lang} />
  }
}

const segmentClass =
  'inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold text-stone-700 transition hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 aria-[current=page]:bg-white aria-[current=page]:text-stone-900 aria-[current=page]:shadow-sm dark:text-stone-200 dark:hover:bg-stone-700 dark:focus-visible:outline-stone-100 dark:aria-[current=page]:bg-stone-700 dark:aria-[current=page]:text-stone-50'

/**
 * The lead desk's lists, one at a time behind a segmented control: "Today" (issue 52, the
 * default: who to call today, with its count), every lead of every kind (issue 26), and each
 * kind's own list. Each is a link (`?tab=messages&view=saved-searches`), so a view can be
 * bookmarked and the back button returns to the other.
 */
export function InboxViews({ view, ...panel }: WorkspacePanelProps & { view: InboxView }) {
  const { realtorId, desiredUrl, lang } = panel
  const { t, i18n } = useLingui()
  const params = { lang: langParam(lang), desiredUrl }
  // The same query as the "Today" view's: its count is on the tab whichever view is open.
  const today = useQuery({ ...todayLeadsQuery(realtorId, lang), staleTime: 30_000, retry: false })
  const waiting = today.data ? todayCount(today.data) : undefined
  return (
    <div>
      <nav aria-label={t`Lead desk`} className="mb-6">
        <ul className="inline-flex flex-wrap gap-1 rounded-3xl bg-stone-100 p-1 sm:rounded-full dark:bg-stone-800">
          {INBOX_VIEWS.map((each) => (
            <li key={each}>
              <Link
                to="/{-$lang}/$desiredUrl/admin"
                params={params}
                // "Today" is the desk's default: its address names no view.
                search={{ tab: 'messages', view: each === 'today' ? undefined : each }}
                aria-current={view === each ? 'page' : undefined}
                // Exact: by default a link is "active" when its search is a subset of the page's.
                activeOptions={{ exact: true }}
                className={segmentClass}
                data-testid={`inbox-view-${each}`}
              >
                {i18n._(VIEW_LABELS[each])}
                {each === 'today' && waiting !== undefined ? (
                  <span
                    className="ml-1.5 rounded-full bg-amber-200 px-1.5 text-xs tabular-nums text-amber-950 dark:bg-amber-800 dark:text-amber-50"
                    data-testid="inbox-view-today-count"
                  >
                    {waiting}
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ViewPanel view={view} {...panel} />
    </div>
  )
}
