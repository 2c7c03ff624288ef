import { useLingui } from '@lingui/react/macro'
import { useForm } from '@tanstack/react-form'
import { useCallback, useState } from 'react'
import { parseInWords } from '~/schemas/issue-messages'
import { realtorInputSchema } from '~/schemas/realtor'
import type { RealtorFormValues } from './form-values'

export type FieldErrors = Record<string, Array<string>>

/** The realtor form's state: TanStack Form for values; errors from the shared zod schema. */
export function useRealtorForm(initial: RealtorFormValues, onSubmit: (values: RealtorFormValues, reset: (values: RealtorFormValues) => void) => Promise<void>) {
  const form = useForm({
    defaultValues: initial,
    // `reset` so the handler need not reach for the form it is being passed to.
    onSubmit: async ({ value, formApi }) => onSubmit(value, (next) => formApi.reset(next)),
  })
  return form
}

export type RealtorForm = ReturnType<typeof useRealtorForm>

/**
 * Validation with `realtorInputSchema`, the same schema the server applies, its issues in
 * the page's words (`parseInWords`); `only` limits them to some fields (a wizard step).
 */
export function useRealtorValidation() {
  const { i18n } = useLingui()
  const [errors, setErrors] = useState<FieldErrors>({})

  const validate = useCallback(
    (values: RealtorFormValues, only?: ReadonlyArray<string>): FieldErrors => {
      const result = parseInWords(realtorInputSchema, values, (id, messageValues) => i18n._(id, messageValues))
      const next: FieldErrors = {}
      if (!result.success) {
        for (const issue of result.issues) {
          const key = issue.path.map(String).join('.')
          const root = String(issue.path[0] ?? '')
          if (only && !only.includes(root)) continue
          ;(next[key] ??= []).push(issue.message)
        }
      }
      setErrors(next)
      return next
    },
    [i18n],
  )

  return { errors, setErrors, validate }
}

/** Errors for a field and, for lists, for anything inside it. */
export function errorsFor(errors: FieldErrors, key: string): Array<string> {
  return errors[key] ?? []
}
