import { z } from 'zod'

/** What the pages know about the signed-in account (never secrets); null for a visitor. */
export const sessionInfoSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  isAdmin: z.boolean(),
  /** The account's own homepage, if it has made one. */
  realtor: z.object({ id: z.string(), desiredUrl: z.string() }).nullable(),
})
export type SessionInfo = z.infer<typeof sessionInfoSchema>

/** The guard of /{desiredUrl}/admin and /{desiredUrl}/process: may the viewer edit this homepage? */
export const editAccessByUrlRequestSchema = z.object({ desiredUrl: z.string().min(1).max(100) })

export const EDIT_ACCESS = ['allowed', 'forbidden', 'missing', 'anonymous'] as const
export const editAccessByUrlSchema = z.enum(EDIT_ACCESS)
export type EditAccessByUrl = z.infer<typeof editAccessByUrlSchema>

/**
 * `GET /cozying-api/account-menu` (src/lib/account-menu.ts): what the header of an islands page
 * shows (decision 051): "Sign in", or "My homepage" (the account's homepage's address, null
 * before it has one) and "Sign out". Nothing else of the account leaves the server here.
 */
export const accountMenuSchema = z.object({ signedIn: z.boolean(), desiredUrl: z.string().nullable() })
export type AccountMenu = z.infer<typeof accountMenuSchema>
