import { Trans, useLingui } from '@lingui/react/macro'
import { useForm, useStore } from '@tanstack/react-form'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { z } from 'zod'
import { contactFormDefaults } from '~/schemas/contact-defaults'
import { CONTACT_ACTION } from '~/lib/contact-pages'
import { contactFormSchema, toContactRequest, type ContactForm as ContactFormValues } from '~/schemas/inbox'
import { CONTACT_FIELD_NAMES } from '~/schemas/contact-defaults'
import { contactFieldId, ContactFormView, type ContactFormFields, type ContactFormPlace } from './contact-form-view'
import { Button } from '~/components/ui'
import { useSchemaInWords } from '~/components/form/schema-in-words'

const serverErrorSchema = z.object({
  message: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
})

type SubmitState = { kind: 'idle' } | { kind: 'sent' } | { kind: 'failed'; message: string }

/** A field error is a zod issue whose message is in words (`useSchemaInWords`), or a translated server message. */
function errorText(error: unknown): string | undefined {
  if (typeof error === 'string') return error
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') return error.message
  return undefined
}

/** What the visitor did in the server-rendered form before this one loaded. */
export type ContactFormHandover = {
  values: ContactFormValues
  /** Fields the visitor has left: they show their errors, as here after a blur. */
  blurred: ReadonlyArray<keyof ContactFormValues>
  honeypot: string
  /** The field that had the focus, with its selection, so typing goes on where it was. */
  focus: { name: keyof ContactFormValues; selectionStart: number | null; selectionEnd: number | null } | undefined
  /** The visitor already pressed "Send message". */
  submit: boolean
}

/**
 * The homepage's contact form (spec §3/§5): TanStack Form with the shared zod schema, errors
 * beside the fields in the page's language, posted to `POST /cozying-api/v1/realtor-contacts`
 * with the name joined and isTerm as Y/N. Loaded on demand (`./contact-form`), it takes over
 * from the server-rendered form with whatever the visitor already did there.
 */
export function LiveContactForm({
  place,
  initialMessage,
  formId,
  handover,
}: {
  place: ContactFormPlace
  /** The message the form starts with (and returns to after sending), e.g. about one home. */
  initialMessage: string
  formId: string
  handover: ContactFormHandover
}) {
  const { t } = useLingui()
  const { realtorId, lang, listingKey } = place
  const [state, setState] = useState<SubmitState>({ kind: 'idle' })
  const [serverErrors, setServerErrors] = useState<Record<string, Array<string>>>({})
  const [honeypot, setHoneypot] = useState(handover.honeypot)

  const defaults = (): ContactFormValues => ({ ...contactFormDefaults(lang), message: initialMessage })
  const schema = useSchemaInWords(contactFormSchema)
  const form = useForm({
    defaultValues: defaults(),
    validators: { onChange: schema },
    onSubmit: async ({ value, formApi }) => {
      setServerErrors({})
      // The page is named by its path alone: a query may hold what a visitor searched for.
      const request = toContactRequest(contactFormSchema.parse(value), realtorId, {
        lang,
        page: window.location.pathname,
        listingKey,
        website: honeypot || undefined,
      })
      try {
        const response = await fetch(CONTACT_ACTION, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'accept-language': lang },
          body: JSON.stringify(request),
        })
        if (response.status === 201) {
          setState({ kind: 'sent' })
          formApi.reset(defaults())
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

  // Replayed as the visitor's own changes (validated, touched) before the first paint of
  // this form, so no value, error or focus visibly differs from the form it replaces.
  const handedOver = useRef(false)
  useLayoutEffect(() => {
    if (handedOver.current) return
    handedOver.current = true
    const initial: ContactFormValues = { ...contactFormDefaults(lang), message: initialMessage }
    for (const name of CONTACT_FIELD_NAMES) {
      if (handover.values[name] !== initial[name]) form.setFieldValue(name, handover.values[name])
    }
    for (const name of handover.blurred) form.setFieldMeta(name, (meta) => ({ ...meta, isTouched: true, isBlurred: true }))
    const focus = handover.focus
    if (!focus) return
    const element = document.getElementById(contactFieldId(formId, focus.name))
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement)) return
    element.focus()
    if (!(element instanceof HTMLSelectElement) && focus.selectionStart !== null && focus.selectionEnd !== null) {
      try {
        element.setSelectionRange(focus.selectionStart, focus.selectionEnd)
      } catch {
        // Checkboxes and e-mail inputs have no selection to restore.
      }
    }
  }, [form, formId, handover, initialMessage, lang])

  const submitted = useRef(false)
  useEffect(() => {
    if (submitted.current || !handover.submit) return
    submitted.current = true
    // The values were entered before the schema arrived: they are checked now, so a field
    // the visitor left shows its error as it would have.
    void form.handleSubmit()
  }, [form, handover.submit])

  // A field shows its first error once the visitor has left it or tried to send the form.
  const attempted = useStore(form.store, (formState) => formState.submissionAttempts > 0)
  const errorsOf = (name: keyof ContactFormValues, meta: { errors: Array<unknown>; isBlurred: boolean }) => {
    const client = meta.isBlurred || attempted ? meta.errors.map(errorText).filter((text): text is string => Boolean(text)) : []
    return [...new Set([...client.slice(0, 1), ...(serverErrors[name] ?? [])])]
  }

  if (state.kind === 'sent') {
    return (
      <div
        role="status"
        className="rounded-2xl border border-emerald-300 bg-emerald-50 p-6 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
        data-testid="contact-success"
      >
        <p className="text-lg font-semibold">
          <Trans>Thank you! Your message has been sent.</Trans>
        </p>
        <p className="mt-1">
          <Trans>The realtor will get back to you soon.</Trans>
        </p>
        <Button variant="inherit" size="md" className="mt-4" onClick={() => setState({ kind: 'idle' })}>
          <Trans>Write another message</Trans>
        </Button>
      </div>
    )
  }

  const fields: ContactFormFields = {
    text: (name, render) => (
      <form.Field name={name}>
        {(field) => render({ value: field.state.value, errors: errorsOf(name, field.state.meta), onChange: field.handleChange, onBlur: field.handleBlur })}
      </form.Field>
    ),
    checkbox: (name, render) => (
      <form.Field name={name}>
        {(field) => render({ value: field.state.value, errors: errorsOf(name, field.state.meta), onChange: field.handleChange, onBlur: field.handleBlur })}
      </form.Field>
    ),
    submitting: (render) => <form.Subscribe selector={(formState) => formState.isSubmitting}>{(isSubmitting) => render(isSubmitting)}</form.Subscribe>,
  }

  return (
    <ContactFormView
      formId={formId}
      place={place}
      failure={state.kind === 'failed' ? state.message : undefined}
      fields={fields}
      honeypot={honeypot}
      onHoneypotChange={setHoneypot}
      onSubmit={() => void form.handleSubmit()}
    />
  )
}
