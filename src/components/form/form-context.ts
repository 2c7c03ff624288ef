import { createFormHookContexts } from '@tanstack/react-form'

/*
 * The contexts through which `useAppForm` hands a form and each of its fields to the shared
 * components (`fields.tsx`, `form-components.tsx`). Kept apart from `app-form.ts` so those
 * components can read them without importing the hook that lists them.
 */
export const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts()
