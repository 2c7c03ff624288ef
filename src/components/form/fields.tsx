import { useStore } from '@tanstack/react-form'
import { useId, type ChangeEvent, type ReactNode } from 'react'
import { describedBy, FieldRow, useFieldErrors } from './field-row'
import { useFieldContext } from './form-context'
import { EmailInput, inputClass, PasswordInput } from './inputs'

/*
 * The field components of `useAppForm`: `<form.AppField name="email">{(field) =>
 * <field.EmailField label={…} />}</form.AppField>`. Each draws a labelled input bound to its
 * field, with the hint and the error beside it (`aria-describedby`, `aria-invalid`).
 */

/** What every field component may be given besides its label. */
type CommonProps = {
  label: ReactNode
  hint?: ReactNode
  testId?: string
  /** A translated error from the server (e-mail already in use); shown until the field changes. */
  serverError?: string
  /** Called before each change: the form drops its server error for this field. */
  onEdit?: () => void
}

/** The id, the errors and the bound props of a field's input. */
function useBoundInput({ hint, testId, serverError, onEdit }: Omit<CommonProps, 'label'>) {
  const field = useFieldContext<string>()
  const id = `${useId()}-${field.name}`
  const fieldErrors = useFieldErrors()
  const submitted = useStore(field.form.store, (state) => state.submissionAttempts > 0)
  const errors = fieldErrors(field.state.meta, submitted, serverError)
  return {
    id,
    errors,
    input: {
      id,
      name: field.name,
      value: field.state.value,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
        onEdit?.()
        field.handleChange(event.target.value)
      },
      onBlur: field.handleBlur,
      'aria-invalid': errors.length > 0,
      'aria-describedby': describedBy(id, { hint: Boolean(hint), errors }),
      'data-testid': testId,
    },
  }
}

export function TextField(props: CommonProps & { autoComplete?: string }) {
  const { id, errors, input } = useBoundInput(props)
  return (
    <FieldRow id={id} label={props.label} hint={props.hint} errors={errors}>
      <input {...input} autoComplete={props.autoComplete} className={inputClass} />
    </FieldRow>
  )
}

export function EmailField(props: CommonProps) {
  const { id, errors, input } = useBoundInput(props)
  return (
    <FieldRow id={id} label={props.label} hint={props.hint} errors={errors}>
      <EmailInput {...input} />
    </FieldRow>
  )
}

export function PasswordField(props: CommonProps & { autoComplete: 'current-password' | 'new-password' }) {
  const { id, errors, input } = useBoundInput(props)
  return (
    <FieldRow id={id} label={props.label} hint={props.hint} errors={errors}>
      <PasswordInput {...input} autoComplete={props.autoComplete} />
    </FieldRow>
  )
}

/** A phone number without its country code (see `PhoneWithCountryFields` for the pair). */
export function PhoneField(props: CommonProps & { autoComplete?: string }) {
  const { id, errors, input } = useBoundInput(props)
  return (
    <FieldRow id={id} label={props.label} hint={props.hint} errors={errors}>
      <input {...input} type="tel" inputMode="tel" autoComplete={props.autoComplete ?? 'tel-national'} className={inputClass} />
    </FieldRow>
  )
}

export type SelectOption = { value: string; label: string }

export function SelectField(props: CommonProps & { options: ReadonlyArray<SelectOption> }) {
  const { id, errors, input } = useBoundInput(props)
  return (
    <FieldRow id={id} label={props.label} hint={props.hint} errors={errors}>
      <select {...input} className={inputClass}>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldRow>
  )
}
