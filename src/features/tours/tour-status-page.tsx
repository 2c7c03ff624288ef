import { Trans, useLingui } from '@lingui/react/macro'
import { FormStatusPage } from '~/components/status-page'
import type { Lang } from '~/lib/lang'
import type { FormStatusSearch } from '~/lib/form-status'

/*
 * Where the listing page's "Request a tour" form lands when it was posted without scripts
 * (issue 26 item 4): sent, or why not, and the way back to the home.
 */
export function TourStatusPage({ search, lang, desiredUrl }: { search: FormStatusSearch; lang: Lang; desiredUrl: string }) {
  const { t } = useLingui()
  return (
    <FormStatusPage
      search={search}
      lang={lang}
      desiredUrl={desiredUrl}
      testIdPrefix="tour-status"
      words={{
        sentTitle: t`Tour requested`,
        failedTitle: t`Your tour request was not sent`,
        sent: <Trans>Your request was sent. The realtor will confirm a time by e-mail.</Trans>,
        back: <Trans>Back to the home</Trans>,
        problem: (failed) =>
          failed.includes('rate')
            ? t`Too many requests. Please wait a moment and try again`
            : failed.includes('gone')
              ? t`This home is no longer listed`
              : failed.includes('slots')
                ? t`Choose two or three different times, from tomorrow up to 30 days ahead, between 8:00 and 19:30. Go back and check them.`
                : failed.includes('consent')
                  ? t`Agree to be contacted about your tour request`
                  : failed.includes('email')
                    ? t`Enter a valid e-mail address.`
                    : t`Some fields need your attention. Go back and check them.`,
      }}
    />
  )
}
