import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { Button } from '~/components/ui'
import type { SavedSearchLookup } from '~/functions/saved-searches.functions'
import { langParam, type Lang } from '~/lib/lang'
import { SAVED_SEARCH_FORM_ACTIONS, type AlertPageSearch } from '~/lib/saved-search-pages'
import { frequencyLabel, SAVED_SEARCH_FREQUENCIES, savedSearchInWords, savedSearchStatusLabel } from '~/lib/saved-search-words'
import type { SavedSearchView } from '~/schemas/saved-search'

/*
 * The visitor's saved-search pages (issue 13), reached from the links in their mail. Every
 * action is a plain form posted to the API, which answers with a 303 back here, so they work
 * the same with or without scripts; the confirm link itself only shows a button, so a mail
 * scanner fetching it confirms nothing.
 */

function Shell({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <main id="main" className="mx-auto w-full max-w-xl px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-stone-200 bg-white p-5 sm:p-8 dark:border-stone-800 dark:bg-stone-900">
        <h1 className="text-2xl font-semibold text-stone-900 dark:text-stone-100">{title}</h1>
        <div className="mt-4 grid gap-4 text-stone-800 dark:text-stone-200">{children}</div>
      </div>
    </main>
  )
}

function Notice({ tone, children, testId }: { tone: 'ok' | 'error'; children: ReactNode; testId: string }) {
  const className =
    tone === 'ok'
      ? 'rounded-lg bg-emerald-50 p-3 font-medium text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100'
      : 'rounded-lg bg-red-50 p-3 font-medium text-red-800 dark:bg-red-950 dark:text-red-200'
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={className} data-testid={testId}>
      {children}
    </p>
  )
}

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
      <Link
        to="/{-$lang}/$desiredUrl"
        params={{ lang: langParam(lang), desiredUrl }}
        className="font-medium text-[var(--accent-text)] underline underline-offset-4"
      >
        <Trans>Back to the homepage</Trans>
      </Link>
    </p>
  )
}

/** A page whose link did not lead to a saved search (expired, unknown, already deleted): why, and the way home. */
function LinkFailedPage({ title, message, lang, desiredUrl }: { title: string; message: string; lang: Lang; desiredUrl: string }) {
  return (
    <Shell title={title}>
      <Notice tone="error" testId="alert-link-error">
        {message}
      </Notice>
      <HomeLink lang={lang} desiredUrl={desiredUrl} />
    </Shell>
  )
}

/** `alerts/confirm?token=`: what will be confirmed and a Confirm button; then "You're subscribed". */
export function ConfirmAlertPage({ lookup, search, lang, desiredUrl }: { lookup: SavedSearchLookup; search: AlertPageSearch; lang: Lang; desiredUrl: string }) {
  const { i18n, t } = useLingui()
  if (!lookup.ok) return <LinkFailedPage title={t`Confirm your e-mail alerts`} message={i18n._(lookup.message)} lang={lang} desiredUrl={desiredUrl} />
  const { view } = lookup
  if (view.status !== 'pending') {
    return (
      <Shell title={view.status === 'unsubscribed' ? t`You have unsubscribed` : t`You're subscribed`}>
        {view.status !== 'unsubscribed' ? (
          <Notice tone="ok" testId="alert-confirmed">
            <Trans>You'll get e-mails from {view.realtorName} when new homes match this search.</Trans>
          </Notice>
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
      </Shell>
    )
  }
  return (
    <Shell title={t`Confirm your e-mail alerts`}>
      {search.failed ? (
        <Notice tone="error" testId="alert-confirm-error">
          <Trans>This could not be confirmed. Open the link from your e-mail again.</Trans>
        </Notice>
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
    </Shell>
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
      <Shell title={t`Your saved search`}>
        {search.done === 'deleted' ? (
          <Notice tone="ok" testId="alert-deleted">
            <Trans>Your saved search was deleted. You will get no more e-mails about it.</Trans>
          </Notice>
        ) : (
          <Notice tone="error" testId="alert-link-error">
            <Trans>This link is not valid. Open the link from your e-mail again.</Trans>
          </Notice>
        )}
        <HomeLink lang={lang} desiredUrl={desiredUrl} />
      </Shell>
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
    <Shell title={t`Your saved search`}>
      {search.done === 'frequency' ? (
        <Notice tone="ok" testId="alert-done">
          <Trans>Saved. E-mails will now come {i18n._(frequencyLabel(view.frequency)).toLowerCase()}.</Trans>
        </Notice>
      ) : search.done === 'unsubscribed' ? (
        <Notice tone="ok" testId="alert-done">
          <Trans>You have unsubscribed. You will get no more e-mails about this search.</Trans>
        </Notice>
      ) : search.failed ? (
        <Notice tone="error" testId="alert-failed">
          <Trans>That did not work. Please try again.</Trans>
        </Notice>
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
    </Shell>
  )
}

/** `alerts/saved`: where the "Save this search" form lands without scripts. */
export function SavedAlertPage({ search, lang, desiredUrl }: { search: AlertPageSearch; lang: Lang; desiredUrl: string }) {
  const { t } = useLingui()
  const back = search.back?.startsWith('/') && !search.back.startsWith('//') ? search.back : undefined
  const failed = search.failed?.split(',') ?? []
  return (
    <Shell title={search.status === 'sent' ? t`Check your e-mail` : t`Your search was not saved`}>
      {search.status === 'sent' ? (
        <Notice tone="ok" testId="alert-saved">
          <Trans>We sent you an e-mail. Open the link in it to confirm, and the alerts will start.</Trans>
        </Notice>
      ) : failed.includes('rate') ? (
        <Notice tone="error" testId="alert-save-failed">
          <Trans>Too many requests. Please wait a moment and try again</Trans>
        </Notice>
      ) : (
        <Notice tone="error" testId="alert-save-failed">
          {failed.includes('email') ? <Trans>Enter a valid e-mail address.</Trans> : <Trans>Some fields need your attention. Go back and check them.</Trans>}
        </Notice>
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
    </Shell>
  )
}
