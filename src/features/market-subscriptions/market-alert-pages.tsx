import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { formStatusPage, HomepageLink, StatusNotice, StatusPageShell } from '~/components/status-page'
import { Button } from '~/components/ui'
import type { MarketSubscriptionLookup } from '~/functions/market-subscriptions.functions'
import type { Lang } from '~/lib/lang'
import { MARKET_ALERT_PAGES, MARKET_SUBSCRIPTION_ACTIONS, type MarketAlertPageSearch } from '~/lib/market-subscription-pages'

/*
 * The visitor's market report pages (issue 27 item 5), as the saved-search ones: every action is
 * a plain form posted to the API, which answers with a 303 back here, so they work with or
 * without scripts; the links in mails only show a button, so a mail scanner fetching them
 * confirms or unsubscribes nothing.
 */

function pagePath(lang: Lang, desiredUrl: string, page: string): string {
  // `/{desiredUrl}/…` works on a realtor's own domain too (src/lib/own-domain-paths.ts).
  return `${lang === 'en' ? '/en' : ''}/${desiredUrl}/${page}`
}

type PageProps = { lookup: MarketSubscriptionLookup; search: MarketAlertPageSearch; lang: Lang; desiredUrl: string }

/** The action page of a link: what it is about, and one button posting `action` (or what happened). */
function LinkActionPage({
  lookup,
  search,
  lang,
  desiredUrl,
  title,
  page,
  action,
  done,
  doneText,
  ask,
  button,
  testId,
}: PageProps & { title: string; page: string; action: string; done: boolean; doneText: string; ask: string; button: string; testId: string }) {
  const { i18n } = useLingui()
  return (
    <StatusPageShell title={title}>
      {!lookup.ok ? (
        <StatusNotice tone="error" testId={`${testId}-link-error`}>
          {i18n._(lookup.message)}
        </StatusNotice>
      ) : done ? (
        <StatusNotice tone="ok" testId={`${testId}-done`}>
          {doneText}
        </StatusNotice>
      ) : (
        <>
          {search.failed ? (
            <StatusNotice tone="error" testId={`${testId}-failed`}>
              <Trans>That did not work. Open the link from your e-mail again.</Trans>
            </StatusNotice>
          ) : null}
          <p>{ask}</p>
          <form method="post" action={action} data-testid={`${testId}-form`}>
            <input type="hidden" name="token" value={search.token ?? ''} />
            <input type="hidden" name="back" value={pagePath(lang, desiredUrl, page)} />
            <Button variant="accent" size="lg" type="submit" data-testid={testId}>
              {button}
            </Button>
          </form>
        </>
      )}
      <p>
        <HomepageLink lang={lang} desiredUrl={desiredUrl} />
      </p>
    </StatusPageShell>
  )
}

/** `market-alerts/confirm?token=`: a Confirm button; then "You're subscribed". */
export function MarketConfirmPage(props: PageProps) {
  const { t } = useLingui()
  const view = props.lookup.ok ? props.lookup.view : undefined
  const place = view ? `${view.city}, ${view.state}` : ''
  const realtor = view?.realtorName ?? ''
  return (
    <LinkActionPage
      {...props}
      title={t`Confirm your monthly market report`}
      page={MARKET_ALERT_PAGES.confirm}
      action={MARKET_SUBSCRIPTION_ACTIONS.confirm}
      done={view !== undefined && view.status !== 'pending'}
      doneText={
        view?.status === 'unsubscribed'
          ? t`You have unsubscribed from this report.`
          : t`You're subscribed. ${realtor} will send you the market report for ${place} once a month.`
      }
      ask={t`Press Confirm to get the monthly market report for ${place} from ${realtor}.`}
      button={t`Confirm`}
      testId="market-confirm"
    />
  )
}

/** `market-alerts/unsubscribe?token=`: an Unsubscribe button; then "You have unsubscribed". */
export function MarketUnsubscribePage(props: PageProps) {
  const { t } = useLingui()
  const view = props.lookup.ok ? props.lookup.view : undefined
  const place = view ? `${view.city}, ${view.state}` : ''
  return (
    <LinkActionPage
      {...props}
      title={t`Unsubscribe from the market report`}
      page={MARKET_ALERT_PAGES.unsubscribe}
      action={MARKET_SUBSCRIPTION_ACTIONS.unsubscribe}
      done={view?.status === 'unsubscribed'}
      doneText={t`You have unsubscribed. You will get no more market reports for ${place}.`}
      ask={t`Press Unsubscribe to stop the monthly market report for ${place}.`}
      button={t`Unsubscribe`}
      testId="market-unsubscribe"
    />
  )
}

/** `market-alerts/subscribed`: where the subscribe form lands without scripts. */
export const MarketSubscribedPage = formStatusPage('market-subscribed', {
  titles: { sent: msg`Check your e-mail`, failed: msg`You were not subscribed` },
  sent: msg`We sent you an e-mail. Open the link in it to confirm, and the monthly report will start.`,
  back: msg`Back to the market report`,
  problems: { consent: msg`Agree to receive the monthly market report` },
})
