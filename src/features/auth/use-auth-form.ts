import type { z } from 'zod'
import { useAppForm } from '~/components/form/app-form'
import { useSchemaInWords } from '~/components/form/schema-in-words'
import type { StoredUser } from './browser-storage'
import type { AuthErrorResponse } from '~/lib/auth-errors'
import { authFetchOptions, runAuth, useFinishEmailSignIn, type SignInTarget } from './use-auth-actions'
import type { FailureDisplay } from './use-failure-display'

/**
 * A sign-in form's TanStack form: its zod schema validates every change, and a submit clears
 * the last failure and hands on the parsed values.
 */
export function useAuthForm<TValues, TParsed>(options: {
  schema: z.ZodType<TParsed, TValues>
  defaultValues: TValues
  failures: FailureDisplay
  onSubmit: (values: TParsed) => Promise<void>
}) {
  const schema = useSchemaInWords(options.schema)
  return useAppForm({
    defaultValues: options.defaultValues,
    // onChange only (a submit runs it too): errors kept under onBlur or onSubmit would outlive
    // the fix until that event comes again, and TanStack Form refuses to submit meanwhile.
    validators: { onChange: schema },
    onSubmit: async ({ value }) => {
      options.failures.reset()
      await options.onSubmit(options.schema.parse(value))
    },
  })
}

/** The fetch options of an e-mail sign-in or sign-up: the page's language, and the token caught. */
type EmailAuthFetchOptions = ReturnType<typeof authFetchOptions> & { onSuccess: (context: { response: Response }) => void }

/**
 * Runs an e-mail sign-in or sign-up (`call` makes the better-auth request with the options it
 * is given) and finishes it, or shows why it failed.
 */
export function useEmailSignIn(target: SignInTarget, failures: FailureDisplay) {
  const finish = useFinishEmailSignIn(target)
  return async (call: (options: EmailAuthFetchOptions) => Promise<{ data: { user: StoredUser } | null; error: AuthErrorResponse | null }>) => {
    const received: { token: string | null } = { token: null }
    const outcome = await runAuth(() =>
      call({
        ...authFetchOptions(target.lang),
        // The bearer token for the REST API comes only in this header of this answer.
        onSuccess: (context) => {
          received.token = context.response.headers.get('set-auth-token')
        },
      }),
    )
    if (!outcome.ok) {
      failures.show(outcome.failure)
      return
    }
    await finish({ accessToken: received.token, user: outcome.data.user })
  }
}
