import type { Auth } from './auth'

/** Who is asking: resolved from the session cookie or the bearer token, never from input. */
export type Actor = { userId: string; email: string; isAdmin: boolean }

export async function resolveActor(auth: Auth, headers: Headers, adminEmails: ReadonlyArray<string>): Promise<Actor | null> {
  // A malformed or forged token is simply "not signed in", never a server error.
  const session = await auth.api.getSession({ headers }).catch(() => null)
  if (!session) return null
  const email = session.user.email.toLowerCase()
  return { userId: session.user.id, email, isAdmin: adminEmails.includes(email) }
}
