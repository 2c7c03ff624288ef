import { z } from 'zod'

/**
 * Where to go after sign-in: a path on this site only (never `//host` or a full URL), so a
 * crafted link cannot send someone elsewhere.
 */
export const localRedirectSchema = z
  .string()
  .max(500)
  .regex(/^\/(?!\/)[^\s\\]*$/)
  .optional()
  .catch(undefined)

export const loginSearchSchema = z.object({ redirect: localRedirectSchema })
