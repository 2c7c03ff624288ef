import { msg } from '@lingui/core/macro'
import { z } from 'zod'
import { messageId } from '~/schemas/messages'
import { emailSchema } from '~/schemas/realtor-fields'

/*
 * The sign-in forms. Messages are Lingui ids, translated where they are shown. The password
 * limits repeat better-auth's settings in src/server/auth/auth.ts (a server-only module the
 * browser may not import); the server checks them again and its answer is mapped to the
 * same messages.
 */
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128

const passwordTooShort = messageId(msg`Use at least 8 characters`)
const passwordTooLong = messageId(msg`Use at most 128 characters`)

/** A new password (sign-up, reset). */
const newPasswordSchema = z
  .string({ error: passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, { error: passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: passwordTooLong })

export const signInFormSchema = z.object({
  email: emailSchema,
  // No length rule at sign-in: an old password must still be accepted as typed.
  password: z
    .string({ error: messageId(msg`Enter your password`) })
    .min(1, { error: messageId(msg`Enter your password`) })
    .max(PASSWORD_MAX_LENGTH, { error: passwordTooLong }),
})

export const signUpFormSchema = z.object({
  name: z
    .string({ error: messageId(msg`Enter your name`) })
    .trim()
    .min(1, { error: messageId(msg`Enter your name`) })
    .max(100, { error: messageId(msg`Use at most 100 characters`) }),
  email: emailSchema,
  password: newPasswordSchema,
})

export const forgotPasswordFormSchema = z.object({ email: emailSchema })

export const resetPasswordFormSchema = z.object({ password: newPasswordSchema, confirm: z.string() }).refine((value) => value.password === value.confirm, {
  path: ['confirm'],
  error: messageId(msg`The two passwords are not the same`),
})
