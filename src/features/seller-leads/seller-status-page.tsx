import { Trans, useLingui } from '@lingui/react/macro'
import { FormStatusPage } from '~/components/status-page'
import type { Lang } from '~/lib/lang'
import type { FormStatusSearch } from '~/lib/form-status'

/*
 * Where the home-value page's "Get a personal valuation" form lands when it was posted without
 * scripts (issue 27 item 2): sent, or why not, and the way back to the estimate.
 */
export function SellerStatusPage({ search, lang, desiredUrl }: { search: FormStatusSearch; lang: Lang; desiredUrl: string }) {
  const { t } = useLingui()
  return (
    <FormStatusPage
      search={search}
      lang={lang}
      desiredUrl={desiredUrl}
      testIdPrefix="seller-status"
      words={{
        sentTitle: t`Valuation requested`,
        failedTitle: t`Your request was not sent`,
        sent: <Trans>Your request was sent. The realtor will be in touch by e-mail.</Trans>,
        back: <Trans>Back to your estimate</Trans>,
        problem: (failed) =>
          failed.includes('rate')
            ? t`Too many requests. Please wait a moment and try again`
            : failed.includes('gone')
              ? t`This homepage is no longer published`
              : failed.includes('consent')
                ? t`Agree to be contacted about your valuation`
                : failed.includes('email')
                  ? t`Enter a valid e-mail address.`
                  : t`Some fields need your attention. Go back and check them.`,
      }}
    />
  )
}
