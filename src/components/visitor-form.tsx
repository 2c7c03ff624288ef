import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef, useState, useSyncExternalStore, type ChangeEvent, type ComponentProps, type FormEvent, type ReactNode } from 'react'
import { Button } from '~/components/ui'
import { isSameSitePath } from '~/lib/consent'
import type { Lang } from '~/lib/lang'
import { useVisitorPage, visitorPageHref } from './visitor-page'
import { fieldByHead, postVisitorForm, type FormFailure, type VisitorPostOutcome } from '~/lib/visitor-form-post'

/* What every form a visitor sends from a realtor's pages has (the contact form, saving a search, requesting a tour). */

/** A text field, select or text area of these forms (inside a `VisitorField`). */
export const visitorInputClass =
  'mt-1 block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 shadow-sm focus:border-[var(--accent-text)] focus:outline-2 focus:outline-[var(--accent-text)] aria-[invalid=true]:border-red-700 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100'

/**
 * A field's label, its input (`children`, whose `aria-describedby` names `errorId` while it is
 * invalid) and its errors, if any.
 */
export function VisitorField({
  id,
  label,
  errors,
  errorId = `${id}-error`,
  children,
}: {
  id: string
  label: ReactNode
  errors: ReadonlyArray<string> | undefined
  errorId?: string
  children: ReactNode
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800 dark:text-stone-200">
        {label}
      </label>
      {children}
      <FieldErrorText id={errorId} errors={errors} />
    </div>
  )
}

type LabelledControl = {
  id: string
  label: ReactNode
  errors: ReadonlyArray<string> | undefined
  /** Where the errors are, for `aria-describedby`; `{id}-error` unless the form names them otherwise. */
  errorId?: string
  /** Other descriptions of the control (a hint, the time zone), beside its errors. */
  describedBy?: string
  /** Says "(optional)" after the label. */
  optional?: boolean
}

function controlAria(id: string, errors: ReadonlyArray<string> | undefined, errorId: string | undefined, describedBy: string | undefined) {
  const invalid = (errors?.length ?? 0) > 0
  return {
    'aria-invalid': invalid,
    'aria-describedby': [invalid ? (errorId ?? `${id}-error`) : undefined, describedBy].filter(Boolean).join(' ') || undefined,
  }
}

/** A labelled input with its errors, invalid and described by them while it has any. */
export function VisitorInput({ id, label, errors, errorId, describedBy, optional, ...input }: LabelledControl & Omit<ComponentProps<'input'>, 'id'>) {
  return (
    <VisitorField id={id} label={optional ? <OptionalLabel>{label}</OptionalLabel> : label} errors={errors} errorId={errorId}>
      <input id={id} {...input} {...controlAria(id, errors, errorId, describedBy)} className={visitorInputClass} />
    </VisitorField>
  )
}

/**
 * The e-mail every visitor form asks for: required, the browser's e-mail keyboard and autofill,
 * and the longest address the schemas take.
 */
export function VisitorEmailInput(props: Omit<LabelledControl, 'label' | 'optional'> & Omit<ComponentProps<'input'>, 'id' | 'name' | 'type'>) {
  return <VisitorInput name="email" type="email" label={<Trans>E-mail</Trans>} required autoComplete="email" maxLength={254} {...props} />
}

/** The visitor's name, as the forms that ask for it take it (required or not, and how long, is each form's). */
export function VisitorNameInput({ required, ...props }: Omit<LabelledControl, 'label'> & Omit<ComponentProps<'input'>, 'id' | 'name' | 'type'>) {
  return <VisitorInput name="name" label={<Trans>Name</Trans>} required={required} autoComplete="name" {...props} />
}

/** A phone number the visitor may leave: never required, the browser's phone keyboard and autofill. */
export function VisitorPhoneInput(props: Omit<LabelledControl, 'label' | 'optional'> & Omit<ComponentProps<'input'>, 'id' | 'name' | 'type' | 'required'>) {
  return <VisitorInput name="phone" type="tel" label={<Trans>Phone</Trans>} optional autoComplete="tel" {...props} />
}

/** A labelled text area with its errors, as `VisitorInput`. */
export function VisitorTextArea({ id, label, errors, errorId, describedBy, optional, ...area }: LabelledControl & Omit<ComponentProps<'textarea'>, 'id'>) {
  return (
    <VisitorField id={id} label={optional ? <OptionalLabel>{label}</OptionalLabel> : label} errors={errors} errorId={errorId}>
      <textarea id={id} {...area} {...controlAria(id, errors, errorId, describedBy)} className={visitorInputClass} />
    </VisitorField>
  )
}

/**
 * A checkbox with its words beside it (a consent, as the server stores it), and its errors
 * below, named by `aria-describedby` while there are any. Never ticked unless the visitor ticks it.
 */
export function VisitorCheckbox({
  id,
  label,
  errors,
  labelClassName,
  ...input
}: { id: string; label: ReactNode; errors?: ReadonlyArray<string>; labelClassName: string } & Omit<ComponentProps<'input'>, 'id' | 'type'>) {
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          {...input}
          {...controlAria(id, errors, undefined, undefined)}
          className="mt-1 size-5 shrink-0 accent-[var(--accent-text)]"
        />
        <label htmlFor={id} className={labelClassName}>
          {label}
        </label>
      </div>
      <FieldErrorText id={`${id}-error`} errors={errors} />
    </div>
  )
}

/** A field's label with "(optional)" after it, quieter. */
export function OptionalLabel({ children }: { children: ReactNode }) {
  return (
    <>
      {children}{' '}
      <span className="font-normal text-stone-500 dark:text-stone-400">
        <Trans>(optional)</Trans>
      </span>
    </>
  )
}

const neverChanges = () => () => undefined
const inBrowser = () => true
const onServer = () => false

/**
 * Whether this render runs in the browser after hydration: until then the browser's own checks
 * guard a form (it posts without scripts); from then the form checks and shows its own words.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(neverChanges, inBrowser, onServer)
}

/** The form's send button, across both columns; busy and disabled while sending, with the words for either state. */
export function VisitorSubmitButton({
  sending,
  idle,
  busy,
  describedBy,
  testId,
}: {
  sending: boolean
  idle: ReactNode
  busy: ReactNode
  describedBy?: string
  testId: string
}) {
  return (
    <div className="sm:col-span-2">
      <Button
        variant="accent"
        size="md"
        type="submit"
        className="w-full sm:w-auto"
        disabled={sending}
        aria-busy={sending}
        aria-describedby={describedBy}
        data-testid={testId}
      >
        {sending ? busy : idle}
      </Button>
    </div>
  )
}

/** A field's or group's errors, if any, under the id its input's `aria-describedby` names. */
export function FieldErrorText({ id, errors }: { id: string; errors: ReadonlyArray<string> | undefined }) {
  if (!errors || errors.length === 0) return null
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300" data-testid={id}>
      {errors.join(' ')}
    </p>
  )
}

/** A field hidden from people and assistive technology, named so bots fill it in; the server drops what fills it. */
export function HoneypotField({ id, value, onChange }: { id: string; value?: string; onChange?: (value: string) => void }) {
  // Controlled where the form keeps its own state, else read from the form's data when it is sent.
  const controlled = onChange ? { value, onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value) } : {}
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Website</label>
      <input id={id} name="website" tabIndex={-1} autoComplete="off" {...controlled} />
    </div>
  )
}

/**
 * A consent a visitor must tick: the very words the server stores with what they send
 * (src/lib/consent.ts), then the realtor's privacy notice. Spans the form's two columns.
 */
export function VisitorConsentCheckbox({
  id,
  errors,
  words,
  lang,
  desiredUrl,
  testId,
}: {
  id: string
  errors: ReadonlyArray<string> | undefined
  words: ReactNode
  lang: Lang
  desiredUrl: string
  testId: string
}) {
  return (
    <div className="sm:col-span-2">
      <VisitorCheckbox
        id={id}
        name="consent"
        required
        errors={errors}
        labelClassName="text-sm text-stone-700 dark:text-stone-300"
        data-testid={testId}
        label={
          <>
            {words}{' '}
            <AgreementLink lang={lang} desiredUrl={desiredUrl}>
              <Trans>Privacy notice</Trans>
            </AgreementLink>
          </>
        }
      />
    </div>
  )
}

/** The realtor's terms and privacy notice, in a new tab so what the visitor typed stays. */
export function AgreementLink({ lang, desiredUrl, children }: { lang: Lang; desiredUrl: string; children: ReactNode }) {
  // A plain link: it opens a new tab, where the router has nothing to add, and it works in an island.
  const href = visitorPageHref(useVisitorPage(), lang, `/${desiredUrl}/agreement`)
  return (
    <a href={href} target="_blank" className="font-medium text-[var(--accent-text)] underline underline-offset-4">
      {children}
    </a>
  )
}

/** The path of this page as the visitor's address bar shows it (own domains drop `/{desiredUrl}`): the page a consent was given on. */
export function usePublicPath(): string {
  return percentEncodedPath(useVisitorPage().path)
}

/**
 * A path as a browser's `location.pathname` holds it, percent-encoded: what the forms sent with
 * scripts store, and what the consent's page must be (`isSameSitePath`), where the router's path
 * may be decoded (a listing key or slug outside ASCII).
 */
function percentEncodedPath(path: string): string {
  try {
    return encodeURI(decodeURI(path))
  } catch {
    return encodeURI(path)
  }
}

/** The page this form is on as the address bar shows it, sent with the consent (without scripts too). */
export function ConsentPageInput() {
  return <input type="hidden" name="consentPage" value={usePublicPath()} />
}

/** `sent` keeps the server's receipt (its JSON answer), for a form that shows it back. */
export type VisitorSubmission = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; receipt: unknown } | { kind: 'failed'; message: string }

/**
 * A visitor form's sending state and the server's errors beside its fields. `send` runs one
 * post (`postVisitorForm`) and files its answer: the refusal's field errors by field, its
 * general message (or `words.refused`) with the hidden fields' errors, or `words.unreachable`
 * when the server could not be reached. Error ids are `{errorPrefix}-{field}-error`.
 */
export function useVisitorSubmission<Field extends string>(errorPrefix: string) {
  const [submission, setSubmission] = useState<VisitorSubmission>({ kind: 'idle' })
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, Array<string>>>>({})
  const errorId = (field: Field) => `${errorPrefix}-${field}-error`
  const invalid = (field: Field) => (fieldErrors[field]?.length ?? 0) > 0
  return {
    submission,
    fieldErrors,
    errorId,
    invalid,
    /** An input's `aria-describedby`: its error while invalid, and any other descriptions. */
    describedBy: (field: Field, ...others: Array<string>) => [invalid(field) ? errorId(field) : undefined, ...others].filter(Boolean).join(' ') || undefined,
    /** Errors the form finds itself, before anything is sent. */
    refuseLocally: (errors: Partial<Record<Field, Array<string>>>) => {
      setFieldErrors(errors)
      setSubmission({ kind: 'idle' })
    },
    reset: () => {
      setFieldErrors({})
      setSubmission({ kind: 'idle' })
    },
    send: async (post: () => Promise<VisitorPostOutcome<Field>>, words: { refused: string; unreachable: string }): Promise<FormFailure<Field> | undefined> => {
      setSubmission({ kind: 'sending' })
      setFieldErrors({})
      const outcome = await post()
      if (outcome.kind === 'sent') setSubmission({ kind: 'sent', receipt: outcome.receipt })
      if (outcome.kind === 'unreachable') setSubmission({ kind: 'failed', message: words.unreachable })
      if (outcome.kind !== 'refused') return undefined
      setFieldErrors(outcome.failure.fields)
      setSubmission({ kind: 'failed', message: [outcome.failure.message ?? words.refused, ...outcome.failure.others].join(' ') })
      return outcome.failure
    },
  }
}

/**
 * The form element of a visitor form: without scripts a plain urlencoded POST to the API action
 * (answered with a 303 to a status page), checked by the browser; once the page is hydrated the
 * form checks its own fields and `onSubmit` sends them as JSON instead. It names the failure
 * alert while one is shown.
 */
export function VisitorPostForm({
  action,
  onSubmit,
  submission,
  failureId,
  testId,
  children,
}: {
  action: string
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>
  submission: VisitorSubmission
  failureId: string
  testId: string
  children: ReactNode
}) {
  const hydrated = useHydrated()
  return (
    <form
      method="post"
      action={action}
      noValidate={hydrated}
      onSubmit={(event) => void onSubmit(event)}
      aria-describedby={submission.kind === 'failed' ? failureId : undefined}
      className="grid gap-4 sm:grid-cols-2"
      data-testid={testId}
    >
      {children}
    </form>
  )
}

/**
 * A visitor form closed in a <details> until the visitor opens it (it opens without scripts
 * too), with the answer announced above the form: "sent" in a polite live region, which then
 * replaces the form, and a failure as an alert the form names. Test ids are `{testId}`,
 * `{testId}-toggle`, `-sent` and `-failure`. `contentId` names what the disclosure holds: a link
 * to it (`#{contentId}`) opens the closed disclosure, as browsers reveal a fragment's target.
 */
export function VisitorFormDisclosure({
  testId,
  summary,
  intro,
  sentMessage,
  submission,
  failureId,
  contentId,
  children,
}: {
  testId: string
  summary: ReactNode
  intro?: ReactNode
  sentMessage: ReactNode
  submission: VisitorSubmission
  failureId: string
  contentId?: string
  children: ReactNode
}) {
  // The form the visitor was in gives way to the answer: the focus (and the screen) goes to it.
  const sent = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (submission.kind === 'sent') sent.current?.focus()
  }, [submission.kind])
  return (
    <details className="group rounded-2xl border border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900" data-testid={testId}>
      <summary
        className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 rounded-2xl px-4 py-3 font-semibold text-[var(--accent-text)] focus-visible:outline-2 focus-visible:outline-[var(--accent-text)] [&::-webkit-details-marker]:hidden"
        data-testid={`${testId}-toggle`}
      >
        <span>{summary}</span>
        <span aria-hidden="true" className="transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div id={contentId} className="grid scroll-mt-32 gap-4 border-t border-stone-200 p-4 sm:p-5 dark:border-stone-800">
        {intro}
        <div role="status" aria-live="polite">
          {submission.kind === 'sent' ? (
            <div
              ref={sent}
              tabIndex={-1}
              className="grid scroll-mt-32 gap-2 rounded-lg bg-emerald-50 p-3 font-medium text-emerald-900 outline-none dark:bg-emerald-950 dark:text-emerald-100"
              data-testid={`${testId}-sent`}
            >
              {sentMessage}
            </div>
          ) : null}
        </div>
        {submission.kind === 'failed' ? (
          <p
            id={failureId}
            role="alert"
            className="rounded-lg bg-red-50 p-3 font-medium text-red-800 dark:bg-red-950 dark:text-red-200"
            data-testid={`${testId}-failure`}
          >
            {submission.message}
          </p>
        ) : null}
        {submission.kind !== 'sent' ? children : null}
      </div>
    </details>
  )
}

/** The realtor a visitor form writes to, in the page's language. */
export type VisitorFormRealtor = {
  realtorId: string
  /** The realtor's name in `lang`, as the consent names them. */
  realtorName: string
  /** For the link to the realtor's privacy notice. */
  desiredUrl: string
  lang: Lang
}

/** A visitor form's entries as they are read when it is sent. */
export type VisitorFormEntries = {
  /** The field's text, trimmed; '' when absent. */
  value: (name: string) => string
  /** Whether the checkbox is ticked. */
  checked: (name: string) => boolean
  /** `{ [name]: text }` when the visitor filled it in, else nothing: the schemas take an empty optional field for a wrong one. */
  optional: (name: string) => Record<string, string>
}

/**
 * A visitor form sent as JSON once the page runs: `useVisitorSubmission`'s state, `id(field)`
 * (unique on the page; `failure` names the failure alert) and `onSubmit`. That reads the form,
 * posts `body(entries)` to the API's `action` with what every visitor form sends (the honeypot,
 * the page the consent was given on), and moves the focus to the first of `fields` at fault
 * (`focusOf` names its control when that is not `id(field)`).
 */
export function useVisitorForm<Field extends string>(
  errorPrefix: string,
  action: string,
  post: {
    lang: Lang
    /** The status that means the server took it. */
    accepted: number
    fields: ReadonlyArray<Field>
    /** The field an error's path names; the path's first segment unless said. */
    fieldOf?: (path: string) => Field | undefined
    /** What a refusal and an unreachable server say; a request's words unless said. */
    words?: { refused: string; unreachable: string }
    body: (entries: VisitorFormEntries) => object
    focusOf?: (field: Field, id: (field: string) => string) => string
  },
) {
  const { t } = useLingui()
  const formId = useId()
  const state = useVisitorSubmission<Field>(errorPrefix)
  const words = post.words ?? {
    refused: t`Your request could not be sent. Please try again.`,
    unreachable: t`Your request could not be sent. Check your connection and try again.`,
  }
  const id = (field: string) => `${formId}-${field}`
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (state.submission.kind === 'sending') return
    const form = new FormData(event.currentTarget)
    const value = (name: string) => {
      const entry = form.get(name)
      return typeof entry === 'string' ? entry.trim() : ''
    }
    const entries: VisitorFormEntries = {
      value,
      checked: (name) => form.get(name) === 'on',
      optional: (name) => (value(name) ? { [name]: value(name) } : {}),
    }
    const body = {
      ...post.body(entries),
      ...entries.optional('website'),
      // The page is named by its path alone, as the browser shows it now.
      ...(isSameSitePath(window.location.pathname) ? { consentPage: window.location.pathname } : {}),
    }
    const fieldOf = post.fieldOf ?? fieldByHead(post.fields)
    const failure = await state.send(() => postVisitorForm(action, body, { lang: post.lang, accepted: post.accepted, fieldOf }), words)
    const first = post.fields.find((field) => failure?.fields[field])
    if (first) document.getElementById(post.focusOf ? post.focusOf(first, id) : id(first))?.focus()
  }
  return { ...state, id, onSubmit }
}

/**
 * A visitor form in its disclosure (`VisitorFormDisclosure`), posted as `VisitorPostForm` and sent
 * by `form` (`useVisitorForm`): first the `hidden` fields (what the page knows, in this order) and
 * the page the consent is given on, then the visitor's own fields (`children`). Test ids are the
 * disclosure's from `testId`, and `formTestId` for the form element.
 */
export function VisitorForm({
  testId,
  formTestId,
  summary,
  intro,
  sentMessage,
  action,
  hidden,
  form,
  contentId,
  children,
}: {
  testId: string
  formTestId: string
  summary: ReactNode
  intro?: ReactNode
  sentMessage: ReactNode
  contentId?: string
  action: string
  hidden: Readonly<Record<string, string>>
  form: { submission: VisitorSubmission; id: (field: string) => string; onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void> }
  children: ReactNode
}) {
  const failureId = form.id('failure')
  return (
    <VisitorFormDisclosure
      testId={testId}
      summary={summary}
      intro={intro}
      sentMessage={sentMessage}
      submission={form.submission}
      failureId={failureId}
      contentId={contentId}
    >
      <VisitorPostForm action={action} onSubmit={form.onSubmit} submission={form.submission} failureId={failureId} testId={formTestId}>
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <ConsentPageInput />
        {children}
      </VisitorPostForm>
    </VisitorFormDisclosure>
  )
}
