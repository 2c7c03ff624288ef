import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { LeadsPanel } from '~/features/leads/leads-panel'
import { langParam, type Lang } from '~/lib/lang'
import { InboxPanel } from './inbox-panel'
import { SavedSearchesPanel } from './saved-searches-panel'
import { TourRequestsPanel } from '~/features/tours/tour-requests-panel'

export const INBOX_VIEWS = ['leads', 'messages', 'saved-searches', 'tours'] as const
export type InboxView = (typeof INBOX_VIEWS)[number]

const VIEW_LABELS: Record<InboxView, MessageDescriptor> = {
  leads: msg`Leads`,
  messages: msg`Messages`,
  'saved-searches': msg`Saved searches`,
  tours: msg`Tour requests`,
}

function ViewPanel({ view, realtorId, lang }: { view: InboxView; realtorId: string; lang: Lang }) {
  switch (view) {
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
 * The inbox tab's lists, one at a time behind a segmented control: the lead desk of every kind
 * (issue 26, the default), the visitors' messages and their saved searches (issue 13). Each is
 * a link (`?tab=messages&view=saved-searches`), so a view can be bookmarked and the back
 * button returns to the other.
 */
export function InboxViews({ realtorId, desiredUrl, lang, view }: { realtorId: string; desiredUrl: string; lang: Lang; view: InboxView }) {
  const { t, i18n } = useLingui()
  const params = { lang: langParam(lang), desiredUrl }
  return (
    <div>
      <nav aria-label={t`Leads`} className="mb-6">
        <ul className="inline-flex flex-wrap gap-1 rounded-full bg-stone-100 p-1 dark:bg-stone-800">
          {INBOX_VIEWS.map((each) => (
            <li key={each}>
              <Link
                to="/{-$lang}/$desiredUrl/admin"
                params={params}
                // The lead desk is the inbox's default: its address names no view.
                search={{ tab: 'messages', view: each === 'leads' ? undefined : each }}
                aria-current={view === each ? 'page' : undefined}
                // Exact: by default a link is "active" when its search is a subset of the page's.
                activeOptions={{ exact: true }}
                className={segmentClass}
                data-testid={`inbox-view-${each}`}
              >
                {i18n._(VIEW_LABELS[each])}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ViewPanel view={view} realtorId={realtorId} lang={lang} />
    </div>
  )
}
