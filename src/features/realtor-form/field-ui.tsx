import { Trans } from '@lingui/react/macro'
import type { DeepKeysOfType } from '@tanstack/react-form'
import { useId, type ReactNode } from 'react'
import { Button } from '~/components/ui'
import type { Lang } from '~/lib/lang'
import type { RealtorFormValues } from './form-values'
import type { FieldErrors, RealtorForm } from './use-realtor-form'

/** What every group of the realtor form is given. */
export type GroupProps = { form: RealtorForm; errors: FieldErrors; lang: Lang }

export const inputClass =
  'mt-1 block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 shadow-sm focus:border-blue-700 focus:outline-2 focus:outline-blue-700 aria-[invalid=true]:border-red-700 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100'

/** Label, control, hint and errors for one field; the control gets the ids it needs. */
export function FieldShell({
  label,
  hint,
  errors,
  children,
}: {
  label: ReactNode
  hint?: ReactNode
  errors: Array<string>
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode
}) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : undefined, errors.length > 0 ? errorId : undefined].filter(Boolean).join(' ') || undefined
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800 dark:text-stone-200">
        {label}
      </label>
      {children({ id, describedBy, invalid: errors.length > 0 })}
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-stone-600 dark:text-stone-400">
          {hint}
        </p>
      ) : null}
      {errors.length > 0 ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300" data-field-error="">
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  )
}

/** A text field of the realtor form by its path: top-level (`aboutMeKr`) or in a list (`testimonials[0].textKo`). */
export type TextFieldName = DeepKeysOfType<RealtorFormValues, string>

/** A field's path as the schema's issues name it (`testimonials.0.textKo`): its errors' key and its input's name. */
function issuePath(name: TextFieldName): string {
  return name.replace(/\[(\d+)\]/g, '.$1')
}

type TextBoxProps = {
  label: ReactNode
  hint?: ReactNode
  errors: Array<string>
  value: string
  onChange: (value: string) => void
  onBlur?: () => void
  name?: string
  type?: 'text' | 'email' | 'tel' | 'url' | 'date'
  rows?: number
  autoComplete?: string
  inputMode?: 'text' | 'numeric' | 'tel' | 'email' | 'url'
  lang?: string
}

/** A text box (a text area when given `rows`) with its label, hint and errors; the caller binds it to a field. */
export function TextBox({ label, hint, errors, value, onChange, onBlur, name, type, rows, autoComplete, inputMode, lang }: TextBoxProps) {
  return (
    <FieldShell label={label} hint={hint} errors={errors}>
      {({ id, describedBy, invalid }) => {
        const shared = { id, name, lang, value, onBlur, 'aria-invalid': invalid, 'aria-describedby': describedBy, className: inputClass }
        return rows === undefined ? (
          <input {...shared} type={type} autoComplete={autoComplete} inputMode={inputMode} onChange={(event) => onChange(event.target.value)} />
        ) : (
          <textarea {...shared} rows={rows} onChange={(event) => onChange(event.target.value)} />
        )
      }}
    </FieldShell>
  )
}

/** A text field of the realtor form, bound by its path. */
export function TextField({
  form,
  name,
  errors,
  type = 'text',
  ...rest
}: Omit<TextBoxProps, 'errors' | 'value' | 'onChange' | 'onBlur' | 'name'> & {
  form: RealtorForm
  name: TextFieldName
  errors: FieldErrors
}) {
  return (
    <form.Field name={name}>
      {(field) => (
        <TextBox
          {...rest}
          name={issuePath(name)}
          errors={errors[issuePath(name)] ?? []}
          type={type}
          value={field.state.value}
          onChange={field.handleChange}
          onBlur={field.handleBlur}
        />
      )}
    </form.Field>
  )
}

export function YesNoField({
  form,
  name,
  label,
  hint,
}: {
  form: RealtorForm
  name: 'designMainDarkMode' | 'contentDarkMode' | 'isMakeHomepage'
  label: ReactNode
  hint?: ReactNode
}) {
  const id = useId()
  return (
    <form.Field name={name}>
      {(field) => (
        <div className="flex items-start gap-3">
          <input
            id={id}
            type="checkbox"
            checked={field.state.value === 'Y'}
            onChange={(event) => field.handleChange(event.target.checked ? 'Y' : 'N')}
            aria-describedby={hint ? `${id}-hint` : undefined}
            className="mt-1 size-5 accent-blue-700"
          />
          <div>
            <label htmlFor={id} className="font-medium text-stone-800 dark:text-stone-200">
              {label}
            </label>
            {hint ? (
              <p id={`${id}-hint`} className="text-sm text-stone-600 dark:text-stone-400">
                {hint}
              </p>
            ) : null}
          </div>
        </div>
      )}
    </form.Field>
  )
}

export function GroupCard({ id, title, description, children }: { id: string; title: ReactNode; description?: ReactNode; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-24 rounded-2xl border border-stone-200 bg-white p-5 sm:p-6 dark:border-stone-800 dark:bg-stone-900"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-stone-900 dark:text-stone-50">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{description}</p> : null}
      <div className="mt-5 grid gap-4">{children}</div>
    </section>
  )
}

/**
 * Move up, Move down and Remove for one item of a list the form edits (sections, reviews):
 * buttons rather than dragging, so a keyboard does it all, each naming its item for screen
 * readers. `data-move` lets the list put the focus back on the button after a move.
 */
export function ListItemButtons({
  index,
  count,
  itemName,
  onMove,
  onRemove,
}: {
  index: number
  count: number
  itemName: string
  onMove: (to: number, direction: 'up' | 'down') => void
  onRemove: () => void
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" disabled={index === 0} onClick={() => onMove(index - 1, 'up')} data-move={`${index}-up`}>
        <Trans>Move up</Trans>
        <span className="sr-only"> {itemName}</span>
      </Button>
      <Button variant="outline" disabled={index === count - 1} onClick={() => onMove(index + 1, 'down')} data-move={`${index}-down`}>
        <Trans>Move down</Trans>
        <span className="sr-only"> {itemName}</span>
      </Button>
      <Button variant="outline" onClick={onRemove}>
        <Trans>Remove</Trans>
        <span className="sr-only"> {itemName}</span>
      </Button>
    </div>
  )
}
