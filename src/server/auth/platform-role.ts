import { z } from 'zod'
import type { Auth } from './auth'

/**
 * The platform-admin role, stored on the account (issue 17, hardening point 6; migration 0005).
 * 'admin' moderates every realtor; 'user' is an explicit "not an admin" (a revoked admin).
 * No role (null) means nobody has decided yet, which is the only state the ADMIN_EMAILS
 * bootstrap acts on, so a revoke is never undone by the bootstrap.
 */
export const platformRoleSchema = z.enum(['admin', 'user'])
export type PlatformRole = z.infer<typeof platformRoleSchema>

/** Anything but a known role (another program's value, a typo typed into the database) is no role: closed, not open. */
export function storedRole(value: unknown): PlatformRole | null {
  const parsed = platformRoleSchema.safeParse(value)
  return parsed.success ? parsed.data : null
}

/** The account as the session brings it. */
export type RoleSubject = { id: string; email: string; emailVerified: boolean; role?: string | null }

/** better-auth's `user` row, read through its adapter (which knows the column names); checked, since the adapter's type is only a promise. */
const accountRowSchema = z.object({ id: z.string(), email: z.string(), emailVerified: z.boolean(), role: z.string().nullish() })

type AuthContext = Awaited<Auth['$context']>

async function findAccount(context: AuthContext, field: 'id' | 'email', value: string): Promise<z.infer<typeof accountRowSchema> | null> {
  const row = await context.adapter.findOne<unknown>({ model: 'user', where: [{ field, value }] })
  return row === null ? null : accountRowSchema.parse(row)
}

/**
 * ADMIN_EMAILS is a bootstrap, not a rule: a listed address becomes admin once, and only when
 * its owner has proved the mailbox (better-auth's verification link, or a provider such as
 * Google that vouches for it). Anyone may sign up with any address, so an unverified listed
 * address is nobody's proof.
 *
 * It runs as the session is resolved, not when verification completes: an address can become
 * verified by several better-auth flows (the link, an OAuth sign-in that links the account), an
 * account may be verified before its address is added to the list, and a database from before
 * migration 0005 has listed, verified admins with no role yet. Checking where every request
 * passes catches all of them; it costs a comparison, and writes once.
 */
export async function bootstrapRole(auth: Auth, user: RoleSubject, adminEmails: ReadonlyArray<string>): Promise<PlatformRole | null> {
  const role = storedRole(user.role)
  if (role !== null || !user.emailVerified || !adminEmails.includes(user.email.toLowerCase())) return role
  const context = await auth.$context
  // Only a role nobody has set: a revoke that lands between the read and this write wins.
  const granted = await context.adapter.update({
    model: 'user',
    where: [
      { field: 'id', value: user.id },
      { field: 'role', value: null },
    ],
    update: { role: 'admin' satisfies PlatformRole },
  })
  if (granted) return 'admin'
  return storedRole((await findAccount(context, 'id', user.id))?.role)
}

/** An address as an operator types it on the command line. */
export const accountEmailSchema = z.string().trim().toLowerCase().pipe(z.email())

export type RoleChange =
  | { kind: 'missing'; email: string }
  | { kind: 'changed' | 'unchanged'; email: string; userId: string; previous: PlatformRole | null; role: PlatformRole; emailVerified: boolean }

/**
 * Grants or revokes the role (`npm run admin:grant` / `admin:revoke`). Takes effect at the
 * account's next request: the session reads the role from the database every time (no
 * session cookie cache is configured), so a revoked admin's open sessions lose it at once.
 */
export async function setPlatformRole(auth: Auth, email: string, role: PlatformRole): Promise<RoleChange> {
  const address = accountEmailSchema.parse(email)
  const context = await auth.$context
  // better-auth keeps addresses in lower case (it lowers them at sign-up and sign-in).
  const user = await findAccount(context, 'email', address)
  if (!user) return { kind: 'missing', email: address }
  const previous = storedRole(user.role)
  const base = { email: user.email, userId: user.id, previous, role, emailVerified: user.emailVerified }
  if (previous === role) return { kind: 'unchanged', ...base }
  await context.internalAdapter.updateUser(user.id, { role })
  return { kind: 'changed', ...base }
}
