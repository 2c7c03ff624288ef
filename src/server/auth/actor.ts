import type { Auth } from './auth'
import { bootstrapRole } from './platform-role'

/** Who is asking: resolved from the session cookie or the bearer token, never from input. */
export type Actor = { userId: string; email: string; isAdmin: boolean }

/**
 * The one ownership rule (issue 17): a realtor's homepage, messages and settings are managed
 * by the account that owns it, or by a platform admin. Every use case asks this, so the rule
 * cannot drift between the REST API, server functions and the pages.
 */
export function canManage(actor: Actor, realtor: { userId: string }): boolean {
  return realtor.userId === actor.userId || actor.isAdmin
}

/**
 * Admin only by the role stored on the account (platform-role.ts). `adminEmails` is the
 * bootstrap, which grants that role to a listed address once it is verified; a listed address
 * that is not verified is an ordinary account.
 */
export async function resolveActor(auth: Auth, headers: Headers, adminEmails: ReadonlyArray<string>): Promise<Actor | null> {
  // A malformed or forged token is simply "not signed in", never a server error.
  const session = await auth.api.getSession({ headers }).catch(() => null)
  if (!session) return null
  const role = await bootstrapRole(auth, session.user, adminEmails)
  return { userId: session.user.id, email: session.user.email.toLowerCase(), isAdmin: role === 'admin' }
}
