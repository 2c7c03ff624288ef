import { createFormHook } from '@tanstack/react-form'
import type { FormEvent } from 'react'
import { EmailField, PasswordField, PhoneField, SelectField, TextField } from './fields'
import { FormSubmitButton } from './form-components'
import { fieldContext, formContext } from './form-context'

/**
 * The app's form hook: `useForm` with the shared field components pre-bound, so a form lists
 * its fields instead of wiring label, input, hint and error by hand each time.
 * `withFieldGroup` binds a piece of several fields (a phone and its country) to any form.
 */
export const { useAppForm, withFieldGroup } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, EmailField, PasswordField, PhoneField, SelectField },
  formComponents: { SubmitButton: FormSubmitButton },
})

/**
 * A `<form>`'s submit handler that leaves the sending to TanStack Form (`handleSubmit` validates,
 * then calls the form's `onSubmit`) instead of the browser's navigation.
 */
export function submitWith(form: { handleSubmit: () => Promise<void> }): (event: FormEvent) => void {
  return (event) => {
    event.preventDefault()
    void form.handleSubmit()
  }
}
