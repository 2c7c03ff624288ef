import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { useId, type FormEvent } from 'react'
import {
  HoneypotField,
  usePublicPath,
  useVisitorSubmission,
  VisitorConsentCheckbox,
  VisitorFormDisclosure,
  VisitorEmailInput,
  VisitorInput,
  VisitorPostForm,
  VisitorSubmitButton,
} from '~/components/visitor-form'
import { consentText, consentWording, CURRENT_CONSENT, isSameSitePath } from '~/lib/consent'
import type { Lang } from '~/lib/lang'
import { MARKET_SUBSCRIPTION_ACTIONS } from '~/lib/market-subscription-pages'
import { realtorDisplayName } from '~/lib/realtor-names'
import { fieldByHead, postVisitorForm } from '~/lib/visitor-form-post'

/*
 * "Get this report by e-mail every month" (issue 27 item 5), on a realtor's market page. Light,
 * as the other visitor forms: no zod, no form library; the server validates and this form
 * places its errors. Without scripts it is a plain urlencoded form posted to the API, answered
 * with a 303 to `market-alerts/subscribed`; with them the same fields go as JSON and the answer
 * is shown in place. Either way the visitor then confirms from the mail (double opt-in).
 */

const FIELDS = ['email', 'name', 'consent'] as const
type Field = (typeof FIELDS)[number]
const marketFieldOf = fieldByHead(FIELDS)

/** Under a realtor's address (`/{-$lang}/$desiredUrl/…`), whose route context holds the realtor. */
export function MarketSubscriptionForm({
  realtorId,
  desiredUrl,
  state,
  city,
  lang,
}: {
  realtorId: string
  desiredUrl: string
  state: string
  city: string
  lang: Lang
}) {
  const { t, i18n } = useLingui()
  const formId = useId()
  const consentPage = usePublicPath()
  const { submission, fieldErrors, errorId, send } = useVisitorSubmission<Field>('market-subscription')
  const wording = consentWording(CURRENT_CONSENT.marketReport, 'marketReport')
  const id = (field: string) => `${formId}-${field}`
  // The name the server renders into the stored consent (realtorDisplayName), so the words shown are the words kept.
  const { realtor } = useRouteContext({ from: '/{-$lang}/$desiredUrl' })
  const sender = realtorDisplayName(realtor, lang)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (submission.kind === 'sending') return
    const form = new FormData(event.currentTarget)
    const value = (name: string) => {
      const entry = form.get(name)
      return typeof entry === 'string' ? entry.trim() : ''
    }
    const body = {
      realtorId,
      email: value('email'),
      ...(value('name') ? { name: value('name') } : {}),
      lang,
      state,
      city,
      consent: form.get('consent') === 'on',
      consentVersion: CURRENT_CONSENT.marketReport,
      ...(value('website') ? { website: value('website') } : {}),
      ...(isSameSitePath(window.location.pathname) ? { consentPage: window.location.pathname } : {}),
    }
    const failure = await send(() => postVisitorForm(MARKET_SUBSCRIPTION_ACTIONS.subscribe, body, { lang, accepted: 202, fieldOf: marketFieldOf }), {
      refused: t`You could not be subscribed. Please try again.`,
      unreachable: t`You could not be subscribed. Check your connection and try again.`,
    })
    const first = FIELDS.find((field) => failure?.fields[field])
    if (first) document.getElementById(id(first))?.focus()
  }

  return (
    <VisitorFormDisclosure
      testId="market-subscription"
      summary={<Trans>Get the {city} market report by e-mail every month</Trans>}
      intro={
        <p className="text-sm text-stone-700 dark:text-stone-300">
          <Trans>Once a month: median prices, inventory, new listings and days on market for {city}. You can unsubscribe from any e-mail.</Trans>
        </p>
      }
      sentMessage={t`Check your e-mail: open the link in it to confirm, and the monthly report will start.`}
      submission={submission}
      failureId={id('failure')}
    >
      <VisitorPostForm
        action={MARKET_SUBSCRIPTION_ACTIONS.subscribe}
        onSubmit={submit}
        submission={submission}
        failureId={id('failure')}
        testId="market-subscription-form"
      >
        <input type="hidden" name="realtorId" value={realtorId} />
        <input type="hidden" name="lang" value={lang} />
        <input type="hidden" name="state" value={state} />
        <input type="hidden" name="city" value={city} />
        <input type="hidden" name="consentVersion" value={CURRENT_CONSENT.marketReport} />
        <input type="hidden" name="consentPage" value={consentPage} />
        <VisitorEmailInput id={id('email')} errors={fieldErrors.email} errorId={errorId('email')} data-testid="market-subscription-email" />
        <VisitorInput
          id={id('name')}
          name="name"
          label={<Trans>Name</Trans>}
          optional
          autoComplete="name"
          maxLength={60}
          errors={fieldErrors.name}
          errorId={errorId('name')}
          data-testid="market-subscription-name"
        />
        <HoneypotField id={id('website')} />
        {/* The very words the server stores (src/lib/consent.ts). */}
        <VisitorConsentCheckbox
          id={id('consent')}
          errors={fieldErrors.consent}
          words={wording ? consentText(i18n, wording, { realtor: sender, city }) : null}
          lang={lang}
          desiredUrl={desiredUrl}
          testId="market-subscription-consent"
        />
        <VisitorSubmitButton
          sending={submission.kind === 'sending'}
          idle={<Trans>Subscribe</Trans>}
          busy={<Trans>Sending…</Trans>}
          testId="market-subscription-submit"
        />
      </VisitorPostForm>
    </VisitorFormDisclosure>
  )
}
