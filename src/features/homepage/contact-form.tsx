import { Trans, useLingui } from '@lingui/react/macro'
import { useForm, useStore } from '@tanstack/react-form'
import { Link } from '@tanstack/react-router'
import { useId, useState, type ReactNode } from 'react'
import { z } from 'zod'
import { langParam, type Lang } from '~/lib/lang'
import { contactFormDefaults, contactFormSchema, toContactRequest, type ContactForm as ContactFormValues } from '~/schemas/contact'

const serverErrorSchema = z.object({
  message: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
})

type SubmitState = { kind: 'idle' } | { kind: 'sent' } | { kind: 'failed'; message: string }

/** A field error is a zod issue whose message is a Lingui id, or a translated server message. */
function errorText(error: unknown): string | undefined {
  if (typeof error === 'string') return error
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') return error.message
  return undefined
}

const inputClass =
  'mt-1 block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 shadow-sm focus:border-[var(--accent-text)] focus:outline-2 focus:outline-[var(--accent-text)] aria-[invalid=true]:border-red-700 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100'

function FieldShell({ id, label, errors, children }: { id: string; label: ReactNode; errors: Array<string>; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800 dark:text-stone-200">
        {label}
      </label>
      {children}
      {errors.length > 0 ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300" data-testid={`${id}-error`}>
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  )
}

/**
 * The homepage's contact form (spec §3/§5): TanStack Form with the shared zod schema, errors
 * beside the fields in the page's language, posted to `POST /cozying-api/v1/realtor-contacts`
 * with the name joined and isTerm as Y/N.
 */
export function ContactForm({ realtorId, lang, listingKey, initialMessage = '' }: { realtorId: string; lang: Lang; listingKey?: string; initialMessage?: string }) {
  const { i18n, t } = useLingui()
  const formId = useId()
  const [state, setState] = useState<SubmitState>({ kind: 'idle' })
  const [serverErrors, setServerErrors] = useState<Record<string, Array<string>>>({})
  const [honeypot, setHoneypot] = useState('')

  const form = useForm({
    defaultValues: { ...contactFormDefaults(lang), message: initialMessage },
    validators: { onChange: contactFormSchema },
    onSubmit: async ({ value, formApi }) => {
      setServerErrors({})
      const request = toContactRequest(contactFormSchema.parse(value), realtorId, { listingKey, website: honeypot || undefined })
      try {
        const response = await fetch('/cozying-api/v1/realtor-contacts', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'accept-language': lang },
          body: JSON.stringify(request),
        })
        if (response.status === 201) {
          setState({ kind: 'sent' })
          formApi.reset({ ...contactFormDefaults(lang), message: initialMessage })
          return
        }
        const body = serverErrorSchema.safeParse(await response.json().catch(() => null))
        setServerErrors(body.success ? (body.data.fieldErrors ?? {}) : {})
        setState({ kind: 'failed', message: body.success ? body.data.message : t`Your message could not be sent. Please try again.` })
      } catch {
        setState({ kind: 'failed', message: t`Your message could not be sent. Check your connection and try again.` })
      }
    },
  })

  const fieldId = (name: keyof ContactFormValues) => `${formId}-${name}`
  // A field shows its first error once the visitor has left it or tried to send the form.
  const attempted = useStore(form.store, (formState) => formState.submissionAttempts > 0)
  const errorsOf = (name: keyof ContactFormValues, meta: { errors: Array<unknown>; isBlurred: boolean }) => {
    const client = meta.isBlurred || attempted ? meta.errors.map(errorText).filter((text): text is string => Boolean(text)).map((id) => i18n._(id)) : []
    return [...new Set([...client.slice(0, 1), ...(serverErrors[name] ?? [])])]
  }

  if (state.kind === 'sent') {
    return (
      <div role="status" className="rounded-2xl border border-emerald-300 bg-emerald-50 p-6 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100" data-testid="contact-success">
        <p className="text-lg font-semibold">
          <Trans>Thank you! Your message has been sent.</Trans>
        </p>
        <p className="mt-1">
          <Trans>The realtor will get back to you soon.</Trans>
        </p>
        <button type="button" onClick={() => setState({ kind: 'idle' })} className="mt-4 min-h-11 rounded-full border border-current px-5 font-medium">
          <Trans>Write another message</Trans>
        </button>
      </div>
    )
  }

  return (
    <form
      noValidate
      aria-describedby={state.kind === 'failed' ? `${formId}-failure` : undefined}
      onSubmit={(event) => {
        event.preventDefault()
        void form.handleSubmit()
      }}
      className="grid gap-4 rounded-2xl border border-stone-200 bg-white p-5 sm:grid-cols-2 sm:p-8 dark:border-stone-800 dark:bg-stone-900"
      data-testid="contact-form"
    >
      {state.kind === 'failed' ? (
        <p id={`${formId}-failure`} role="alert" className="rounded-lg bg-red-50 p-3 font-medium text-red-800 sm:col-span-2 dark:bg-red-950 dark:text-red-200" data-testid="contact-failure">
          {state.message}
        </p>
      ) : null}
      {(['lastName', 'firstName'] as const).map((name) => (
        <form.Field key={name} name={name}>
          {(field) => {
            const errors = errorsOf(name, field.state.meta)
            return (
              <FieldShell id={fieldId(name)} label={name === 'lastName' ? <Trans>Last name</Trans> : <Trans>First name</Trans>} errors={errors}>
                <input
                  id={fieldId(name)}
                  name={name}
                  autoComplete={name === 'lastName' ? 'family-name' : 'given-name'}
                  value={field.state.value}
                  onChange={(event) => field.handleChange(event.target.value)}
                  onBlur={field.handleBlur}
                  aria-invalid={errors.length > 0}
                  aria-describedby={errors.length > 0 ? `${fieldId(name)}-error` : undefined}
                  className={inputClass}
                />
              </FieldShell>
            )
          }}
        </form.Field>
      ))}
      <form.Field name="email">
        {(field) => {
          const errors = errorsOf('email', field.state.meta)
          return (
            <FieldShell id={fieldId('email')} label={<Trans>E-mail</Trans>} errors={errors}>
              <input
                id={fieldId('email')}
                name="email"
                type="email"
                autoComplete="email"
                value={field.state.value}
                onChange={(event) => field.handleChange(event.target.value)}
                onBlur={field.handleBlur}
                aria-invalid={errors.length > 0}
                aria-describedby={errors.length > 0 ? `${fieldId('email')}-error` : undefined}
                className={inputClass}
              />
            </FieldShell>
          )
        }}
      </form.Field>
      <div className="grid grid-cols-[7rem_1fr] gap-2">
        <form.Field name="phoneCountryCode">
          {(field) => (
            <div>
              <label htmlFor={fieldId('phoneCountryCode')} className="block text-sm font-medium text-stone-800 dark:text-stone-200">
                <Trans>Country</Trans>
              </label>
              <select
                id={fieldId('phoneCountryCode')}
                name="phoneCountryCode"
                value={field.state.value}
                onChange={(event) => field.handleChange(event.target.value)}
                className={inputClass}
              >
                <option value="KR">{t`Korea (+82)`}</option>
                <option value="US">{t`USA (+1)`}</option>
              </select>
            </div>
          )}
        </form.Field>
        <form.Field name="phone">
          {(field) => {
            const errors = errorsOf('phone', field.state.meta)
            return (
              <FieldShell id={fieldId('phone')} label={<Trans>Phone</Trans>} errors={errors}>
                <input
                  id={fieldId('phone')}
                  name="phone"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel-national"
                  value={field.state.value}
                  onChange={(event) => field.handleChange(event.target.value)}
                  onBlur={field.handleBlur}
                  aria-invalid={errors.length > 0}
                  aria-describedby={errors.length > 0 ? `${fieldId('phone')}-error` : undefined}
                  className={inputClass}
                />
              </FieldShell>
            )
          }}
        </form.Field>
      </div>
      <div className="sm:col-span-2">
        <form.Field name="message">
          {(field) => {
            const errors = errorsOf('message', field.state.meta)
            return (
              <FieldShell id={fieldId('message')} label={<Trans>Message</Trans>} errors={errors}>
                <textarea
                  id={fieldId('message')}
                  name="message"
                  rows={5}
                  value={field.state.value}
                  onChange={(event) => field.handleChange(event.target.value)}
                  onBlur={field.handleBlur}
                  aria-invalid={errors.length > 0}
                  aria-describedby={errors.length > 0 ? `${fieldId('message')}-error` : undefined}
                  className={inputClass}
                />
              </FieldShell>
            )
          }}
        </form.Field>
      </div>
      {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${formId}-website`}>Website</label>
        <input id={`${formId}-website`} name="website" tabIndex={-1} autoComplete="off" value={honeypot} onChange={(event) => setHoneypot(event.target.value)} />
      </div>
      <div className="sm:col-span-2">
        <form.Field name="isTerm">
          {(field) => {
            const errors = errorsOf('isTerm', field.state.meta)
            return (
              <div>
                <div className="flex items-start gap-3">
                  <input
                    id={fieldId('isTerm')}
                    name="isTerm"
                    type="checkbox"
                    checked={field.state.value}
                    onChange={(event) => field.handleChange(event.target.checked)}
                    aria-invalid={errors.length > 0}
                    aria-describedby={errors.length > 0 ? `${fieldId('isTerm')}-error` : undefined}
                    className="mt-1 size-5 accent-[var(--accent-text)]"
                  />
                  <label htmlFor={fieldId('isTerm')} className="text-stone-800 dark:text-stone-200">
                    <Trans>I agree to the terms of use and the privacy notice.</Trans>{' '}
                    <Link to="/{-$lang}/agreement" params={{ lang: langParam(lang) }} target="_blank" className="font-medium text-[var(--accent-text)] underline underline-offset-4">
                      <Trans>Read them</Trans>
                    </Link>
                  </label>
                </div>
                {errors.length > 0 ? (
                  <p id={`${fieldId('isTerm')}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
                    {errors.join(' ')}
                  </p>
                ) : null}
              </div>
            )
          }}
        </form.Field>
      </div>
      <div className="sm:col-span-2">
        <form.Subscribe selector={(formState) => formState.isSubmitting}>
          {(isSubmitting) => (
            <button
              type="submit"
              disabled={isSubmitting}
              aria-busy={isSubmitting}
              className="inline-flex min-h-12 items-center justify-center rounded-full bg-[var(--accent)] px-8 text-lg font-semibold text-[var(--on-accent)] shadow-sm transition hover:opacity-90 disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--accent-text)]"
              data-testid="contact-submit"
            >
              {isSubmitting ? <Trans>Sending…</Trans> : <Trans>Send message</Trans>}
            </button>
          )}
        </form.Subscribe>
      </div>
    </form>
  )
}
