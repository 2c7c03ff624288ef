import type { ReactNode } from 'react'

/*
 * A labelled field with its hint and its error beside it, and the rules for which error it
 * shows: the frame every field component of `app-form.ts` draws.
 */

/** A field error is a zod issue whose message is in words already (`schemaInWords`), or text. */
export function errorText(error: unknown): string | undefined {
  if (typeof error === 'string') return error
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') return error.message
  return undefined
}

/**
 * The one error to show beside a field. Schema errors appear once the field was
 * left or the form submitted, so typing an address does not greet the user with "invalid" at
 * the first letter; a server error (e-mail already in use) shows until the field changes, and
 * takes precedence while it does.
 */
export function visibleError(
  meta: { errors: Array<unknown>; isBlurred: boolean },
  submitted: boolean,
  serverError: string | undefined,
): { kind: 'server' | 'schema'; text: string } | undefined {
  if (serverError) return { kind: 'server', text: serverError }
  // One message at a time: an empty address fails both "enter one" and "valid one".
  const first = meta.isBlurred || submitted ? meta.errors.map(errorText).find((text) => Boolean(text)) : undefined
  return first ? { kind: 'schema', text: first } : undefined
}

/** The errors to show beside a field (see `visibleError`), in words: the form's validator words them. */
export function useFieldErrors() {
  return (meta: { errors: Array<unknown>; isBlurred: boolean }, submitted: boolean, serverError: string | undefined): Array<string> => {
    const error = visibleError(meta, submitted, serverError)
    return error ? [error.text] : []
  }
}

/** Ids of the elements that describe an input: its hint, then its error. */
export function describedBy(id: string, options: { hint?: boolean; errors: Array<string> }): string | undefined {
  const ids = [options.hint ? `${id}-hint` : undefined, options.errors.length > 0 ? `${id}-error` : undefined].filter(Boolean)
  return ids.length > 0 ? ids.join(' ') : undefined
}

/** The TanStack Form field a plain text input or textarea is bound to. */
type TextFieldApi = { name: string; state: { value: string }; handleChange: (value: string) => void; handleBlur: () => void }

/**
 * A text input's or textarea's props bound to its field, with its errors described: for forms
 * that draw their own inputs (a textarea, a template with placeholders) instead of the shared
 * field components. `onEdit` runs before each change (the form drops a server error there).
 */
export function textControlProps(field: TextFieldApi, id: string, errors: Array<string>, options: { hint?: boolean; onEdit?: (value: string) => void } = {}) {
  return {
    id,
    name: field.name,
    value: field.state.value,
    onChange: (event: { target: { value: string } }) => {
      options.onEdit?.(event.target.value)
      field.handleChange(event.target.value)
    },
    onBlur: field.handleBlur,
    'aria-invalid': errors.length > 0,
    'aria-describedby': describedBy(id, { hint: options.hint, errors }),
  }
}

/**
 * A label above its control, then the hint and the error the control names by `describedBy`.
 * A field that has no error to word (its `aria-invalid` says enough) leaves `errors` out.
 * `announce` makes the error an alert: for an error that comes while focus is elsewhere (a
 * panel's button, an upload), which `aria-describedby` alone would leave unread.
 */
export function FieldRow({
  errors = [],
  announce = false,
  ...props
}: {
  id: string
  label: ReactNode
  hint?: ReactNode
  errors?: Array<string>
  announce?: boolean
  children: ReactNode
}) {
  return (
    <div>
      <label htmlFor={props.id} className="block text-sm font-medium text-stone-800 dark:text-stone-200">
        {props.label}
      </label>
      <div className="mt-1">{props.children}</div>
      {props.hint ? (
        <p id={`${props.id}-hint`} className="mt-1 text-sm text-stone-600 dark:text-stone-400">
          {props.hint}
        </p>
      ) : null}
      {errors.length > 0 ? (
        <p
          id={`${props.id}-error`}
          role={announce ? 'alert' : undefined}
          className="mt-1 flex gap-1.5 text-sm font-medium text-red-700 dark:text-red-300"
          data-testid={`${props.id}-error`}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0" fill="currentColor">
            <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-.75 4.5a.75.75 0 0 1 1.5 0v4a.75.75 0 0 1-1.5 0v-4ZM10 14.5a1 1 0 1 1 0-2 1 1 0 0 1 0 2Z" />
          </svg>
          <span>{errors.join(' ')}</span>
        </p>
      ) : null}
    </div>
  )
}
