import { Trans, useLingui } from '@lingui/react/macro'
import { Fragment, type ComponentProps, type FormHTMLAttributes, type ReactNode, type Ref } from 'react'
import { consentText, consentWording, CURRENT_CONSENT } from '~/lib/consent'
import { CONTACT_ACTION } from '~/lib/contact-pages'
import type { Lang } from '~/lib/lang'
import type { ContactForm as ContactFormValues } from '~/schemas/inbox'
import { Button } from '~/components/ui'
import {
  AgreementLink,
  ConsentPageInput,
  HoneypotField,
  OptionalLabel,
  VisitorCheckbox,
  VisitorInput,
  visitorInputClass,
  VisitorTextArea,
} from '~/components/visitor-form'

export type ContactCheckboxName = 'isTerm' | 'phoneContactConsent'
export type ContactTextFieldName = Exclude<keyof ContactFormValues, ContactCheckboxName>

export type ContactFieldState<TValue> = {
  value: TValue
  errors: Array<string>
  onChange: (value: TValue) => void
  onBlur: () => void
}

/**
 * Where each field gets its value and errors from. Render functions rather than components:
 * the live form returns its `form.Field` elements from them, which keeps every input mounted
 * (and focused) while the visitor types.
 */
export type ContactFormFields = {
  text: (name: ContactTextFieldName, render: (field: ContactFieldState<string>) => ReactNode) => ReactNode
  checkbox: (name: ContactCheckboxName, render: (field: ContactFieldState<boolean>) => ReactNode) => ReactNode
  submitting: (render: (isSubmitting: boolean) => ReactNode) => ReactNode
}

/** The id of a field's input, shared by the server-rendered form and the live one. */
export function contactFieldId(formId: string, name: keyof ContactFormValues): string {
  return `${formId}-${name}`
}

/** Whom the contact form writes to, from which page: the same for the server-rendered form and the live one. */
export type ContactFormPlace = {
  realtorId: string
  /** The realtor's name in the page's language, as the calls-or-texts consent names them. */
  realtorName: string
  /** The realtor's address: the consent links to their own privacy notice, which names them. */
  desiredUrl: string
  lang: Lang
  /** The listing the visitor writes about, on a listing's page. */
  listingKey?: string
}

/**
 * The contact form's markup, without its logic: the homepage renders it with plain state
 * until the live form (TanStack Form and the zod schema) has loaded, then the live form
 * renders the very same markup, so nothing moves when one replaces the other.
 */
export function ContactFormView({
  formId,
  place,
  failure,
  fields,
  honeypot,
  onHoneypotChange,
  onSubmit,
  formProps,
  formRef,
}: {
  formId: string
  place: ContactFormPlace
  failure: string | undefined
  fields: ContactFormFields
  honeypot: string
  onHoneypotChange: (value: string) => void
  onSubmit: () => void
  formProps?: FormHTMLAttributes<HTMLFormElement>
  formRef?: Ref<HTMLFormElement>
}) {
  const { t, i18n } = useLingui()
  const { realtorId, listingKey, lang, realtorName, desiredUrl } = place
  const fieldId = (name: keyof ContactFormValues) => contactFieldId(formId, name)
  // The very words the server stores with the message (src/lib/consent.ts), from the same messages.
  const consentValues = { realtor: realtorName }
  const termsWording = consentWording(CURRENT_CONSENT.contact, 'contact')
  const phoneWording = consentWording(CURRENT_CONSENT.phoneContact, 'phoneContact')
  /** A text input bound to its field's value and errors; `input` is what sets it apart (its type, its autofill). */
  const textInput = (name: ContactTextFieldName, label: ReactNode, input: Pick<ComponentProps<'input'>, 'type' | 'inputMode' | 'autoComplete'>) =>
    fields.text(name, (field) => (
      <VisitorInput
        id={fieldId(name)}
        label={label}
        errors={field.errors}
        name={name}
        {...input}
        value={field.value}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
      />
    ))
  /** A checkbox bound to its field's value; `props` is the rest of it, from its field (its errors, its blur). */
  const checkboxInput = (
    name: ContactCheckboxName,
    props: (field: ContactFieldState<boolean>) => Omit<ComponentProps<typeof VisitorCheckbox>, 'id' | 'name' | 'checked' | 'onChange'>,
  ) =>
    fields.checkbox(name, (field) => (
      <VisitorCheckbox id={fieldId(name)} name={name} checked={field.value} onChange={(event) => field.onChange(event.target.checked)} {...props(field)} />
    ))
  return (
    <form
      {...formProps}
      ref={formRef}
      // Without scripts (or before they run) the browser posts the fields themselves, and the
      // API answers with the contact status page (src/server/http/contact-forms.ts).
      method="post"
      action={CONTACT_ACTION}
      noValidate
      aria-describedby={failure !== undefined ? `${formId}-failure` : undefined}
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
      className="grid gap-4 rounded-2xl border border-stone-200 bg-white p-5 sm:grid-cols-2 sm:p-8 dark:border-stone-800 dark:bg-stone-900"
      data-testid="contact-form"
    >
      {failure !== undefined ? (
        <p
          id={`${formId}-failure`}
          role="alert"
          className="rounded-lg bg-red-50 p-3 font-medium text-red-800 sm:col-span-2 dark:bg-red-950 dark:text-red-200"
          data-testid="contact-failure"
        >
          {failure}
        </p>
      ) : null}
      {(['lastName', 'firstName'] as const).map((name) => (
        <Fragment key={name}>
          {textInput(name, name === 'lastName' ? <Trans>Last name</Trans> : <Trans>First name</Trans>, {
            autoComplete: name === 'lastName' ? 'family-name' : 'given-name',
          })}
        </Fragment>
      ))}
      {textInput('email', <Trans>E-mail</Trans>, { type: 'email', autoComplete: 'email' })}
      <div>
        <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-2">
          {fields.text('phoneCountryCode', (field) => (
            <div>
              <label htmlFor={fieldId('phoneCountryCode')} className="block text-sm font-medium text-stone-800 dark:text-stone-200">
                <Trans>Country</Trans>
              </label>
              <select
                id={fieldId('phoneCountryCode')}
                name="phoneCountryCode"
                value={field.value}
                onChange={(event) => field.onChange(event.target.value)}
                className={visitorInputClass}
              >
                <option value="KR">{t`Korea (+82)`}</option>
                <option value="US">{t`USA (+1)`}</option>
              </select>
            </div>
          ))}
          {textInput('phone', <Trans>Phone</Trans>, { type: 'tel', inputMode: 'tel', autoComplete: 'tel-national' })}
        </div>
        {/* Next to the phone number it is about; never ticked unless the visitor ticks it. */}
        <div className="mt-3">
          {checkboxInput('phoneContactConsent', (field) => ({
            onBlur: field.onBlur,
            'data-testid': 'contact-phone-consent',
            labelClassName: 'text-sm text-stone-700 dark:text-stone-300',
            label: <OptionalLabel>{phoneWording ? consentText(i18n, phoneWording, consentValues) : null}</OptionalLabel>,
          }))}
        </div>
      </div>
      <div className="sm:col-span-2">
        {fields.text('message', (field) => (
          <VisitorTextArea
            id={fieldId('message')}
            label={<Trans>Message</Trans>}
            errors={field.errors}
            name="message"
            rows={5}
            value={field.value}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
          />
        ))}
      </div>
      <HoneypotField id={`${formId}-website`} value={honeypot} onChange={onHoneypotChange} />
      {/* What the live form adds to its request by itself (toContactRequest), for the form posted as it is. */}
      <input type="hidden" name="realtorId" value={realtorId} />
      <input type="hidden" name="lang" value={lang} />
      {listingKey !== undefined ? <input type="hidden" name="listingKey" value={listingKey} /> : null}
      <input type="hidden" name="consentVersion" value={CURRENT_CONSENT.contact} />
      <input type="hidden" name="phoneContactConsentVersion" value={CURRENT_CONSENT.phoneContact} />
      <ConsentPageInput />
      <div className="sm:col-span-2">
        {checkboxInput('isTerm', (field) => ({
          errors: field.errors,
          labelClassName: 'text-stone-800 dark:text-stone-200',
          label: (
            <>
              {termsWording ? consentText(i18n, termsWording, consentValues) : null}{' '}
              <AgreementLink lang={lang} desiredUrl={desiredUrl}>
                <Trans>Read them</Trans>
              </AgreementLink>
            </>
          ),
        }))}
      </div>
      <div className="sm:col-span-2">
        {fields.submitting((isSubmitting) => (
          <Button variant="accent" size="lg" type="submit" disabled={isSubmitting} aria-busy={isSubmitting} data-testid="contact-submit">
            {isSubmitting ? <Trans>Sending…</Trans> : <Trans>Send message</Trans>}
          </Button>
        ))}
      </div>
    </form>
  )
}
