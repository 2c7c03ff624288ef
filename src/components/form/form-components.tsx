import { useStore } from '@tanstack/react-form'
import type { ReactNode } from 'react'
import { SubmitButton } from './buttons'
import { useFormContext } from './form-context'

/*
 * The form components of `useAppForm`, drawn inside `<form.AppForm>`: `<form.SubmitButton>`.
 */

/** The submit button, busy while the form's `onSubmit` runs. */
export function FormSubmitButton(props: { children: ReactNode; busyLabel: ReactNode; testId: string }) {
  const form = useFormContext()
  const busy = useStore(form.store, (state) => state.isSubmitting)
  return (
    <SubmitButton busy={busy} busyLabel={props.busyLabel} testId={props.testId}>
      {props.children}
    </SubmitButton>
  )
}
