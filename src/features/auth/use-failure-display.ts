import { useRef, useState } from 'react'
import { focusFirstInvalid, focusSoon } from '~/components/form/focus'
import { failurePlace, type AuthFailure } from '~/lib/auth-errors'
import { useFailureMessage } from './use-auth-actions'

/** Server errors that belong beside a field rather than above the form. */
type ServerFieldErrors = { email?: string; password?: string }

/**
 * What the sign-in forms share: the form-level alert, the server's errors beside the `fields`
 * the form has, and where the focus goes when something is wrong.
 */
export function useFailureDisplay(fields: ReadonlyArray<keyof ServerFieldErrors>) {
  const failureMessage = useFailureMessage()
  const formRef = useRef<HTMLFormElement>(null)
  const alertRef = useRef<HTMLDivElement>(null)
  const [formError, setFormError] = useState<string | undefined>()
  const [serverErrors, setServerErrors] = useState<ServerFieldErrors>({})
  const clearField = (field: keyof ServerFieldErrors) => {
    setServerErrors((errors) => (errors[field] ? { ...errors, [field]: undefined } : errors))
  }
  return {
    formRef,
    alertRef,
    formError,
    reset() {
      setFormError(undefined)
      setServerErrors({})
    },
    /** A field component's server error, cleared as soon as the user edits the field. */
    fieldProps(field: keyof ServerFieldErrors) {
      return { serverError: serverErrors[field], onEdit: () => clearField(field) }
    },
    show(failure: AuthFailure) {
      const text = failureMessage(failure)
      const field = failurePlace(failure, fields)
      if (field === 'form') {
        setServerErrors({})
        setFormError(text)
        focusSoon(() => alertRef.current)
      } else {
        setFormError(undefined)
        setServerErrors(field === 'email' ? { email: text } : { password: text })
        focusFirstInvalid(formRef.current)
      }
    },
  }
}

export type FailureDisplay = ReturnType<typeof useFailureDisplay>
