import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { formStatusPage, HomepageLink, StatusNotice, StatusPageShell } from '~/components/status-page'
import { Button } from '~/components/ui'
import type { MarketSubscriptionLookup } from '~/functions/market-subscriptions.functions'
import type { MarketSubscriptionView } from '~/schemas/market-subscriptions'
import { langFromParam, type Lang } from '~/lib/lang'
import { placeName } from '~/lib/place-names'
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

export type MarketLinkKind = 'confirm' | 'unsubscribe'

/** What each link's page says, about the subscription it names (`view`, absent when the link is bad). */
function useLinkWords(kind: MarketLinkKind, view: MarketSubscriptionView | undefined, lang: Lang) {
  const { t } = useLingui()
  const place = view ? placeName(view.city, view.state, lang) : ''
  const realtor = view?.realtorName ?? ''
  // `market-alerts/confirm?token=`: a Confirm button; then "You're subscribed".
  if (kind === 'confirm') {
    return {
      title: t`Confirm your monthly market report`,
      done: view !== undefined && view.status !== 'pending',
      doneText:
        view?.status === 'unsubscribed'
          ? t`You have unsubscribed from this report.`
          : t`You're subscribed. ${realtor} will send you the market report for ${place} once a month.`,
      ask: t`Press Confirm to get the monthly market report for ${place} from ${realtor}.`,
      button: t`Confirm`,
    }
  }
  // `market-alerts/unsubscribe?token=`: an Unsubscribe button; then "You have unsubscribed".
  return {
    title: t`Unsubscribe from the market report`,
    done: view?.status === 'unsubscribed',
    doneText: t`You have unsubscribed. You will get no more market reports for ${place}.`,
    ask: t`Press Unsubscribe to stop the monthly market report for ${place}.`,
    button: t`Unsubscribe`,
  }
}

/**
 * The page of a link from a mail (`kind`): what it is about, and one button posting to the API's
 * action of that kind (or what happened). Test ids are `market-{kind}` and its `-form`, `-done`,
 * `-failed` and `-link-error`.
 */
export function MarketLinkPage({
  kind,
  lookup,
  search,
  params,
}: {
  kind: MarketLinkKind
  lookup: MarketSubscriptionLookup
  search: MarketAlertPageSearch
  /** The route's params, as every page under a realtor's address has them. */
  params: { lang?: string; desiredUrl: string }
}) {
  const { i18n } = useLingui()
  const lang = langFromParam(params.lang)
  const words = useLinkWords(kind, lookup.ok ? lookup.view : undefined, lang)
  const testId = `market-${kind}`
  return (
    <StatusPageShell title={words.title}>
      {!lookup.ok ? (
        <StatusNotice tone="error" testId={`${testId}-link-error`}>
          {i18n._(lookup.message)}
        </StatusNotice>
      ) : words.done ? (
        <StatusNotice tone="ok" testId={`${testId}-done`}>
          {words.doneText}
        </StatusNotice>
      ) : (
        <>
          {search.failed ? (
            <StatusNotice tone="error" testId={`${testId}-failed`}>
              <Trans>That did not work. Open the link from your e-mail again.</Trans>
            </StatusNotice>
          ) : null}
          <p>{words.ask}</p>
          <form method="post" action={MARKET_SUBSCRIPTION_ACTIONS[kind]} data-testid={`${testId}-form`}>
            <input type="hidden" name="token" value={search.token ?? ''} />
            <input type="hidden" name="back" value={pagePath(lang, params.desiredUrl, MARKET_ALERT_PAGES[kind])} />
            <Button variant="accent" size="lg" type="submit" data-testid={testId}>
              {words.button}
            </Button>
          </form>
        </>
      )}
      <p>
        <HomepageLink lang={lang} desiredUrl={params.desiredUrl} />
      </p>
    </StatusPageShell>
  )
}

/** `market-alerts/subscribed`: where the subscribe form lands without scripts. */
export const MarketSubscribedPage = formStatusPage('market-subscribed', {
  titles: { sent: msg`Check your e-mail`, failed: msg`You were not subscribed` },
  sent: msg`We sent you an e-mail. Open the link in it to confirm, and the monthly report will start.`,
  back: msg`Back to the market report`,
  problems: { consent: msg`Agree to receive the monthly market report` },
})
