import { Trans, useLingui } from '@lingui/react/macro'
import { HomepageLink, StatusNotice, StatusPageShell } from '~/components/status-page'
import { Button } from '~/components/ui'
import type { SavedSearchLookup } from '~/functions/saved-searches.functions'
import type { Lang } from '~/lib/lang'
import { SAVED_SEARCH_FORM_ACTIONS, type AlertPageSearch } from '~/lib/saved-search-pages'
import { frequencyLabel, SAVED_SEARCH_FREQUENCIES, savedSearchInWords, savedSearchStatusLabel } from '~/lib/saved-search-words'
import type { SavedSearchView } from '~/schemas/saved-search'

/*
 * The visitor's saved-search pages (issue 13), reached from the links in their mail. Every
 * action is a plain form posted to the API, which answers with a 303 back here, so they work
 * the same with or without scripts; the confirm link itself only shows a button, so a mail
 * scanner fetching it confirms nothing.
 */

function SearchSummary({ view }: { view: SavedSearchView }) {
  const { i18n } = useLingui()
  return (
    <dl className="grid gap-2 rounded-lg bg-stone-50 p-4 text-sm dark:bg-stone-800" data-testid="alert-summary">
      <div>
        <dt className="font-medium">
          <Trans>Search</Trans>
        </dt>
        <dd>{savedSearchInWords(i18n, view)}</dd>
      </div>
      <div>
        <dt className="font-medium">
          <Trans>E-mail</Trans>
        </dt>
        <dd>{view.email}</dd>
      </div>
      <div>
        <dt className="font-medium">
          <Trans>How often</Trans>
        </dt>
        <dd>{i18n._(frequencyLabel(view.frequency))}</dd>
      </div>
      <div>
        <dt className="font-medium">
          <Trans>Status</Trans>
        </dt>
        <dd>{i18n._(savedSearchStatusLabel(view.status))}</dd>
      </div>
    </dl>
  )
}

function alertsPath(lang: Lang, desiredUrl: string, page: 'alerts' | 'alerts/confirm'): string {
  // `/{desiredUrl}/…` works on a realtor's own domain too (src/lib/own-domain-paths.ts).
  return `${lang === 'en' ? '/en' : ''}/${desiredUrl}/${page}`
}

function HomeLink({ lang, desiredUrl }: { lang: Lang; desiredUrl: string }) {
  return (
    <p>
      <HomepageLink lang={lang} desiredUrl={desiredUrl} />
    </p>
  )
}

/** A page whose link did not lead to a saved search (expired, unknown, already deleted): why, and the way home. */
function LinkFailedPage({ title, message, lang, desiredUrl }: { title: string; message: string; lang: Lang; desiredUrl: string }) {
  return (
    <StatusPageShell title={title}>
      <StatusNotice tone="error" testId="alert-link-error">
        {message}
      </StatusNotice>
      <HomeLink lang={lang} desiredUrl={desiredUrl} />
    </StatusPageShell>
  )
}

/** `alerts/confirm?token=`: what will be confirmed and a Confirm button; then "You're subscribed". */
export function ConfirmAlertPage({ lookup, search, lang, desiredUrl }: { lookup: SavedSearchLookup; search: AlertPageSearch; lang: Lang; desiredUrl: string }) {
  const { i18n, t } = useLingui()
  if (!lookup.ok) return <LinkFailedPage title={t`Confirm your e-mail alerts`} message={i18n._(lookup.message)} lang={lang} desiredUrl={desiredUrl} />
  const { view } = lookup
  if (view.status !== 'pending') {
    return (
      <StatusPageShell title={view.status === 'unsubscribed' ? t`You have unsubscribed` : t`You're subscribed`}>
        {view.status !== 'unsubscribed' ? (
          <StatusNotice tone="ok" testId="alert-confirmed">
            <Trans>You'll get e-mails from {view.realtorName} when new homes match this search.</Trans>
          </StatusNotice>
        ) : null}
        <SearchSummary view={view} />
        {view.manageToken ? (
          <p>
            <a
              href={`${alertsPath(lang, desiredUrl, 'alerts')}?token=${encodeURIComponent(view.manageToken)}`}
              className="font-medium text-[var(--accent-text)] underline underline-offset-4"
              data-testid="alert-manage-link"
            >
              <Trans>Manage this search</Trans>
            </a>
          </p>
        ) : null}
        <HomeLink lang={lang} desiredUrl={desiredUrl} />
      </StatusPageShell>
    )
  }
  return (
    <StatusPageShell title={t`Confirm your e-mail alerts`}>
      {search.failed ? (
        <StatusNotice tone="error" testId="alert-confirm-error">
          <Trans>This could not be confirmed. Open the link from your e-mail again.</Trans>
        </StatusNotice>
      ) : null}
      <p>
        <Trans>Press Confirm to get e-mails from {view.realtorName} about new homes matching this search.</Trans>
      </p>
      <SearchSummary view={view} />
      <form method="post" action={SAVED_SEARCH_FORM_ACTIONS.confirm} data-testid="alert-confirm-form">
        <input type="hidden" name="token" value={search.token ?? ''} />
        <input type="hidden" name="back" value={alertsPath(lang, desiredUrl, 'alerts/confirm')} />
        <Button variant="accent" size="lg" type="submit" data-testid="alert-confirm">
          <Trans>Confirm</Trans>
        </Button>
      </form>
    </StatusPageShell>
  )
}

/** `alerts?token=`: the search in words, how often, unsubscribe, delete. */
export function ManageAlertPage({
  lookup,
  search,
  lang,
  desiredUrl,
}: {
  lookup: SavedSearchLookup | undefined
  search: AlertPageSearch
  lang: Lang
  desiredUrl: string
}) {
  const { i18n, t } = useLingui()
  if (search.done === 'deleted' || !lookup) {
    return (
      <StatusPageShell title={t`Your saved search`}>
        {search.done === 'deleted' ? (
          <StatusNotice tone="ok" testId="alert-deleted">
            <Trans>Your saved search was deleted. You will get no more e-mails about it.</Trans>
          </StatusNotice>
        ) : (
          <StatusNotice tone="error" testId="alert-link-error">
            <Trans>This link is not valid. Open the link from your e-mail again.</Trans>
          </StatusNotice>
        )}
        <HomeLink lang={lang} desiredUrl={desiredUrl} />
      </StatusPageShell>
    )
  }
  if (!lookup.ok) return <LinkFailedPage title={t`Your saved search`} message={i18n._(lookup.message)} lang={lang} desiredUrl={desiredUrl} />
  const { view } = lookup
  const back = alertsPath(lang, desiredUrl, 'alerts')
  const hidden = (
    <>
      <input type="hidden" name="token" value={search.token ?? ''} />
      <input type="hidden" name="back" value={back} />
    </>
  )
  return (
    <StatusPageShell title={t`Your saved search`}>
      {search.done === 'frequency' ? (
        <StatusNotice tone="ok" testId="alert-done">
          <Trans>Saved. E-mails will now come {i18n._(frequencyLabel(view.frequency)).toLowerCase()}.</Trans>
        </StatusNotice>
      ) : search.done === 'unsubscribed' ? (
        <StatusNotice tone="ok" testId="alert-done">
          <Trans>You have unsubscribed. You will get no more e-mails about this search.</Trans>
        </StatusNotice>
      ) : search.failed ? (
        <StatusNotice tone="error" testId="alert-failed">
          <Trans>That did not work. Please try again.</Trans>
        </StatusNotice>
      ) : null}
      <SearchSummary view={view} />
      {view.status !== 'unsubscribed' ? (
        <form method="post" action={SAVED_SEARCH_FORM_ACTIONS.manage} className="grid gap-3" data-testid="alert-frequency-form">
          {hidden}
          <fieldset>
            <legend className="font-medium">
              <Trans>How often</Trans>
            </legend>
            <div className="mt-2 grid gap-2">
              {SAVED_SEARCH_FREQUENCIES.map((frequency) => (
                <label key={frequency} className="flex min-h-11 items-center gap-3">
                  <input
                    type="radio"
                    name="frequency"
                    value={frequency}
                    defaultChecked={view.frequency === frequency}
                    className="size-5 accent-[var(--accent-text)]"
                  />
                  {i18n._(frequencyLabel(frequency))}
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <Button variant="accent" size="md" type="submit" name="action" value="frequency">
              <Trans>Save</Trans>
            </Button>
          </div>
        </form>
      ) : null}
      <div className="flex flex-wrap gap-3 border-t border-stone-200 pt-4 dark:border-stone-700">
        {view.status !== 'unsubscribed' ? (
          <form method="post" action={SAVED_SEARCH_FORM_ACTIONS.manage}>
            {hidden}
            <Button variant="quiet" size="md" type="submit" name="action" value="unsubscribe" data-testid="alert-unsubscribe">
              <Trans>Unsubscribe</Trans>
            </Button>
          </form>
        ) : null}
        <form method="post" action={SAVED_SEARCH_FORM_ACTIONS.manage}>
          {hidden}
          <Button variant="quiet" size="md" type="submit" name="action" value="delete" data-testid="alert-delete">
            <Trans>Delete this search</Trans>
          </Button>
        </form>
      </div>
    </StatusPageShell>
  )
}

/** `alerts/saved`: where the "Save this search" form lands without scripts. */
export function SavedAlertPage({ search, lang, desiredUrl }: { search: AlertPageSearch; lang: Lang; desiredUrl: string }) {
  const { t } = useLingui()
  const back = search.back?.startsWith('/') && !search.back.startsWith('//') ? search.back : undefined
  const failed = search.failed?.split(',') ?? []
  return (
    <StatusPageShell title={search.status === 'sent' ? t`Check your e-mail` : t`Your search was not saved`}>
      {search.status === 'sent' ? (
        <StatusNotice tone="ok" testId="alert-saved">
          <Trans>We sent you an e-mail. Open the link in it to confirm, and the alerts will start.</Trans>
        </StatusNotice>
      ) : failed.includes('rate') ? (
        <StatusNotice tone="error" testId="alert-save-failed">
          <Trans>Too many requests. Please wait a moment and try again</Trans>
        </StatusNotice>
      ) : (
        <StatusNotice tone="error" testId="alert-save-failed">
          {failed.includes('email') ? <Trans>Enter a valid e-mail address.</Trans> : <Trans>Some fields need your attention. Go back and check them.</Trans>}
        </StatusNotice>
      )}
      {back ? (
        <p>
          <a href={back} className="font-medium text-[var(--accent-text)] underline underline-offset-4">
            <Trans>Back to the page</Trans>
          </a>
        </p>
      ) : (
        <HomeLink lang={lang} desiredUrl={desiredUrl} />
      )}
    </StatusPageShell>
  )
}
