import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/**
 * What went wrong with a better-auth call, in our terms. better-auth words `{ message, code }`
 * in English (and a malformed body as its validator's detail); the sign-in forms show, and the
 * server answers a program (`/api/auth`, src/server/http/auth-handler.ts), our own translated
 * text for its code. The exception is the rate limit: our own limiter answers the 429 with a
 * message already translated into the language the request asked for.
 */
export type AuthFailure =
  | { kind: 'wrong-credentials' }
  | { kind: 'email-taken' }
  | { kind: 'invalid-email' }
  | { kind: 'password-too-short' }
  | { kind: 'password-too-long' }
  | { kind: 'invalid-token' }
  | { kind: 'rate-limited'; message: string | undefined }
  | { kind: 'network' }
  | { kind: 'unknown' }

/** The error part of a better-auth client answer (better-fetch adds status and statusText). */
export type AuthErrorResponse = { status: number; code?: string | undefined; message?: string | undefined }

export function classifyAuthError(error: AuthErrorResponse): AuthFailure {
  if (error.status === 429) {
    const message = error.message?.trim()
    return { kind: 'rate-limited', message: message ? message : undefined }
  }
  switch (error.code) {
    case 'INVALID_EMAIL_OR_PASSWORD':
      return { kind: 'wrong-credentials' }
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
      return { kind: 'email-taken' }
    case 'INVALID_EMAIL':
      return { kind: 'invalid-email' }
    case 'PASSWORD_TOO_SHORT':
      return { kind: 'password-too-short' }
    case 'PASSWORD_TOO_LONG':
      return { kind: 'password-too-long' }
    case 'INVALID_TOKEN':
    case 'TOKEN_EXPIRED':
      return { kind: 'invalid-token' }
    default:
      return { kind: 'unknown' }
  }
}

/** Which field a failure belongs beside; `form` means the alert above the fields. */
export function failureField(failure: AuthFailure): 'email' | 'password' | 'form' {
  switch (failure.kind) {
    case 'email-taken':
    case 'invalid-email':
      return 'email'
    case 'password-too-short':
    case 'password-too-long':
      return 'password'
    default:
      return 'form'
  }
}

/**
 * Where a failure is shown in a form that has only `fields`: beside its field if the form has
 * it, otherwise in the alert above (a form without that field could not show it at all).
 */
export function failurePlace(failure: AuthFailure, fields: ReadonlyArray<'email' | 'password'>): 'email' | 'password' | 'form' {
  const field = failureField(failure)
  return field !== 'form' && fields.includes(field) ? field : 'form'
}

/** Each failure's sentence, translated where it is shown: the sign-in forms, and `/api/auth`'s own answers. */
export const AUTH_FAILURE_MESSAGES = {
  'wrong-credentials': msg`The e-mail or password is not correct.`,
  'email-taken': msg`An account with this e-mail already exists. Sign in instead.`,
  'invalid-email': msg`Enter a valid e-mail address`,
  'password-too-short': msg`Use at least 8 characters`,
  'password-too-long': msg`Use at most 128 characters`,
  'invalid-token': msg`This link has expired or was already used. Ask for a new one.`,
  'rate-limited': msg`Too many attempts. Please wait a moment and try again.`,
  network: msg`The server could not be reached. Check your connection and try again.`,
  unknown: msg`Something went wrong. Please try again.`,
} satisfies Record<AuthFailure['kind'], MessageDescriptor>
