import { Trans, useLingui } from '@lingui/react/macro'
import {
  HoneypotField,
  useVisitorForm,
  VisitorConsentCheckbox,
  VisitorForm,
  VisitorEmailInput,
  VisitorNameInput,
  VisitorSubmitButton,
} from '~/components/visitor-form'
import { consentText, consentWording, CURRENT_CONSENT } from '~/lib/consent'
import type { Lang } from '~/lib/lang'
import { MARKET_SUBSCRIPTION_ACTIONS } from '~/lib/market-subscription-pages'

/*
 * "Get this report by e-mail every month" (issue 27 item 5), on a realtor's market page. Light,
 * as the other visitor forms: no zod, no form library; the server validates and this form
 * places its errors. Without scripts it is a plain urlencoded form posted to the API, answered
 * with a 303 to `market-alerts/subscribed`; with them the same fields go as JSON and the answer
 * is shown in place. Either way the visitor then confirms from the mail (double opt-in).
 */

const FIELDS = ['email', 'name', 'consent'] as const

/** On a city's market report, an island there (decision 051): everything it needs comes as props. */
export function MarketSubscriptionForm({
  realtorId,
  realtorName,
  desiredUrl,
  state,
  city,
  cityShown = city,
  lang,
}: {
  realtorId: string
  /** The name the server renders into the stored consent (realtorDisplayName), so the words shown are the words kept. */
  realtorName: string
  desiredUrl: string
  state: string
  city: string
  /** The city as the page names it (Korean on a Korean page, decision 065); `city` is what is sent. */
  cityShown?: string
  lang: Lang
}) {
  const { t, i18n } = useLingui()
  const wording = consentWording(CURRENT_CONSENT.marketReport, 'marketReport')
  const form = useVisitorForm('market-subscription', MARKET_SUBSCRIPTION_ACTIONS.subscribe, {
    lang,
    accepted: 202,
    fields: FIELDS,
    words: {
      refused: t`You could not be subscribed. Please try again.`,
      unreachable: t`You could not be subscribed. Check your connection and try again.`,
    },
    body: ({ value, checked, optional }) => ({
      realtorId,
      email: value('email'),
      ...optional('name'),
      lang,
      state,
      city,
      consent: checked('consent'),
      consentVersion: CURRENT_CONSENT.marketReport,
    }),
  })
  const { fieldErrors, errorId, id } = form

  return (
    <VisitorForm
      testId="market-subscription"
      formTestId="market-subscription-form"
      summary={<Trans>Get the {cityShown} market report by e-mail every month</Trans>}
      intro={
        <p className="text-sm text-stone-700 dark:text-stone-300">
          <Trans>Once a month: median prices, inventory, new listings and days on market for {cityShown}. You can unsubscribe from any e-mail.</Trans>
        </p>
      }
      sentMessage={t`Check your e-mail: open the link in it to confirm, and the monthly report will start.`}
      action={MARKET_SUBSCRIPTION_ACTIONS.subscribe}
      hidden={{ realtorId, lang, state, city, consentVersion: CURRENT_CONSENT.marketReport }}
      form={form}
    >
      <VisitorEmailInput id={id('email')} errors={fieldErrors.email} errorId={errorId('email')} data-testid="market-subscription-email" />
      <VisitorNameInput id={id('name')} optional maxLength={60} errors={fieldErrors.name} errorId={errorId('name')} data-testid="market-subscription-name" />
      <HoneypotField id={id('website')} />
      {/* The very words the server stores (src/lib/consent.ts). */}
      <VisitorConsentCheckbox
        id={id('consent')}
        errors={fieldErrors.consent}
        words={wording ? consentText(i18n, wording, { realtor: realtorName, city }) : null}
        lang={lang}
        desiredUrl={desiredUrl}
        testId="market-subscription-consent"
      />
      <VisitorSubmitButton
        sending={form.submission.kind === 'sending'}
        idle={<Trans>Subscribe</Trans>}
        busy={<Trans>Sending…</Trans>}
        testId="market-subscription-submit"
      />
    </VisitorForm>
  )
}
