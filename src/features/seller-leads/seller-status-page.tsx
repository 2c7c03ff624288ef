import { Trans, useLingui } from '@lingui/react/macro'
import { HomepageLink, StatusNotice, StatusPageShell, statusLinkClass } from '~/components/status-page'
import type { Lang } from '~/lib/lang'
import type { SellerStatusSearch } from '~/lib/seller-pages'

/*
 * Where the home-value page's "Get a personal valuation" form lands when it was posted without
 * scripts (issue 27 item 2): sent, or why not, and the way back.
 */
export function SellerStatusPage({ search, lang, desiredUrl }: { search: SellerStatusSearch; lang: Lang; desiredUrl: string }) {
  const { t } = useLingui()
  const back = search.back?.startsWith('/') && !search.back.startsWith('//') ? search.back : undefined
  const failed = search.failed?.split(',') ?? []
  const sent = search.status === 'sent'
  const problem = failed.includes('rate')
    ? t`Too many requests. Please wait a moment and try again`
    : failed.includes('gone')
      ? t`This homepage is no longer published`
      : failed.includes('consent')
        ? t`Agree to be contacted about your valuation`
        : failed.includes('email')
          ? t`Enter a valid e-mail address.`
          : t`Some fields need your attention. Go back and check them.`
  return (
    <StatusPageShell title={sent ? t`Valuation requested` : t`Your request was not sent`}>
      {sent ? (
        <StatusNotice tone="ok" testId="seller-status-sent">
          <Trans>Your request was sent. The realtor will be in touch by e-mail.</Trans>
        </StatusNotice>
      ) : (
        <StatusNotice tone="error" testId="seller-status-failed">
          {problem}
        </StatusNotice>
      )}
      <p>
        {back ? (
          <a href={back} className={statusLinkClass} data-testid="seller-status-back">
            <Trans>Back to your estimate</Trans>
          </a>
        ) : (
          <HomepageLink lang={lang} desiredUrl={desiredUrl} />
        )}
      </p>
    </StatusPageShell>
  )
}
