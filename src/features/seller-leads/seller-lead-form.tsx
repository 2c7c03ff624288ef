import { Trans, useLingui } from '@lingui/react/macro'
import {
  HoneypotField,
  useVisitorForm,
  VisitorCheckbox,
  VisitorConsentCheckbox,
  VisitorField,
  VisitorForm,
  type VisitorFormRealtor,
  VisitorEmailInput,
  visitorInputClass,
  VisitorNameInput,
  VisitorPhoneInput,
  VisitorSubmitButton,
} from '~/components/visitor-form'
import { consentText, consentWording, CURRENT_CONSENT, SELLER_MARKET_REPORT_CONSENT } from '~/lib/consent'
import { VALUATION_FORM_FIELDS, valuationRequestFrom, type ValuationFormValues } from '~/lib/home-value'
import { SELLER_LEAD_ACTION } from '~/lib/seller-pages'
import { SELLER_TIMEFRAME_LABELS, SELLER_TIMEFRAMES } from '~/lib/seller-timeframes'

/*
 * "Get a personal valuation" (issue 27 item 2), under the home-value page's answer: the owner of
 * the home just valued asks the realtor to look at it. The valuation's entries travel with the
 * form as hidden fields, so the realtor starts where the visitor left off. Light, as the other
 * visitor forms: no zod, no form library; the server validates and this form places its errors.
 *
 * Without scripts it is a plain urlencoded form posted to the API, answered with a 303 to the
 * seller status page; with them the same fields go as JSON and the answer is shown in place.
 */

const FIELDS = ['name', 'email', 'phone', 'lang', 'timeframe', 'consent'] as const

export function SellerLeadForm({
  realtorId,
  realtorName,
  desiredUrl,
  lang,
  values,
}: VisitorFormRealtor & {
  /** The valuation's entries as the page's form holds them. */
  values: ValuationFormValues
}) {
  const { t, i18n } = useLingui()
  const form = useVisitorForm('seller', SELLER_LEAD_ACTION, {
    lang,
    accepted: 201,
    fields: FIELDS,
    body: ({ value, checked, optional }) => ({
      ...valuationRequestFrom(values, realtorId),
      name: value('name'),
      email: value('email'),
      ...optional('phone'),
      lang: value('lang'),
      timeframe: value('timeframe'),
      consent: checked('consent'),
      marketReport: checked('marketReport'),
      consentVersion: CURRENT_CONSENT.seller,
    }),
  })
  const { fieldErrors, errorId, describedBy, id } = form
  const wording = consentWording(CURRENT_CONSENT.seller, 'seller')
  const marketWording = consentWording(SELLER_MARKET_REPORT_CONSENT, 'marketReport')
  const city = values.city.trim()

  return (
    <VisitorForm
      testId="seller-lead"
      formTestId="seller-form"
      summary={<Trans>Get a personal valuation from {realtorName}</Trans>}
      intro={
        <>
          <p className="text-sm text-stone-700 dark:text-stone-300">
            <Trans>
              {realtorName} looks at your home as it really is (its condition, its updates, the street) and sends you a valuation. The details above come with
              your request.
            </Trans>
          </p>
          <p data-testid="seller-privacy" className="text-sm text-stone-700 dark:text-stone-300">
            <Trans>
              Unlike the estimate, this request is stored: with your consent, {realtorName} keeps your address, your home’s details and how to reach you, to
              answer you.
            </Trans>
          </p>
        </>
      }
      sentMessage={t`Your request was sent. ${realtorName} will be in touch by e-mail.`}
      action={SELLER_LEAD_ACTION}
      hidden={{ realtorId, pageLang: lang, consentVersion: CURRENT_CONSENT.seller }}
      form={form}
    >
      {VALUATION_FORM_FIELDS.map((field) => (
        <input key={field} type="hidden" name={field} value={values[field]} />
      ))}
      <VisitorNameInput id={id('name')} required maxLength={100} errors={fieldErrors.name} errorId={errorId('name')} data-testid="seller-name" />
      <VisitorEmailInput id={id('email')} errors={fieldErrors.email} errorId={errorId('email')} data-testid="seller-email" />
      <VisitorPhoneInput id={id('phone')} maxLength={30} errors={fieldErrors.phone} errorId={errorId('phone')} data-testid="seller-phone" />
      <VisitorField id={id('lang')} errors={fieldErrors.lang} errorId={errorId('lang')} label={<Trans>Answer me in</Trans>}>
        <select id={id('lang')} name="lang" defaultValue={lang} aria-describedby={describedBy('lang')} className={visitorInputClass} data-testid="seller-lang">
          <option value="ko">한국어</option>
          <option value="en">English</option>
        </select>
      </VisitorField>
      <div className="sm:col-span-2">
        <VisitorField id={id('timeframe')} errors={fieldErrors.timeframe} errorId={errorId('timeframe')} label={<Trans>When might you sell?</Trans>}>
          <select
            id={id('timeframe')}
            name="timeframe"
            // No answer chosen for the owner (issue 51 item 8): an empty choice is named as missing beside the field.
            defaultValue=""
            aria-describedby={describedBy('timeframe')}
            aria-invalid={(fieldErrors.timeframe?.length ?? 0) > 0}
            className={visitorInputClass}
            data-testid="seller-timeframe"
          >
            <option value="" disabled>
              {t`Choose`}
            </option>
            {SELLER_TIMEFRAMES.map((timeframe) => (
              <option key={timeframe} value={timeframe}>
                {i18n._(SELLER_TIMEFRAME_LABELS[timeframe])}
              </option>
            ))}
          </select>
        </VisitorField>
      </div>
      <HoneypotField id={id('website')} />
      {/* The very words the server stores (src/lib/consent.ts). */}
      <VisitorConsentCheckbox
        id={id('consent')}
        errors={fieldErrors.consent}
        words={wording ? consentText(i18n, wording, { realtor: realtorName }) : null}
        lang={lang}
        desiredUrl={desiredUrl}
        testId="seller-consent"
      />
      {city && marketWording ? (
        <div className="sm:col-span-2">
          {/* Optional, never ticked for the visitor: a market report subscription, confirmed by its own mail (issue 27 item 5). */}
          <VisitorCheckbox
            id={id('marketReport')}
            name="marketReport"
            labelClassName="text-sm text-stone-700 dark:text-stone-300"
            data-testid="seller-market-report"
            label={consentText(i18n, marketWording, { realtor: realtorName, city })}
          />
        </div>
      ) : null}
      <VisitorSubmitButton
        sending={form.submission.kind === 'sending'}
        idle={<Trans>Ask for a personal valuation</Trans>}
        busy={<Trans>Sending…</Trans>}
        testId="seller-submit"
      />
    </VisitorForm>
  )
}
