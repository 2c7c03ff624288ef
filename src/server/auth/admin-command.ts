import { z } from 'zod'
import type { AppServices } from '~/server/services'
import { accountEmailSchema, setPlatformRole, type PlatformRole, type RoleChange } from './platform-role'

const USAGE = 'usage: npm run admin:grant -- someone@example.com | npm run admin:revoke -- someone@example.com'

/** `scripts/admin-role.ts grant|revoke <email>`, the arguments as npm passes them on. */
const argsSchema = z.tuple([z.enum(['grant', 'revoke']), accountEmailSchema])

export type CommandOutput = { log: (line: string) => void; error: (line: string) => void }

function describe(change: Exclude<RoleChange, { kind: 'missing' }>, listed: boolean): Array<string> {
  const lines = [
    change.kind === 'changed'
      ? `[admin] ${change.email}: ${change.role === 'admin' ? 'granted the platform-admin role' : 'platform-admin role revoked'} (was ${change.previous ?? 'no role'})`
      : `[admin] ${change.email}: already ${change.role === 'admin' ? 'a platform admin' : 'revoked'}, nothing changed`,
  ]
  if (change.role === 'admin' && !change.emailVerified) lines.push(`[admin] note: ${change.email} has not verified its address; granted on your word`)
  // The bootstrap only grants to accounts with no role, so a revoke holds even while listed.
  if (change.role === 'user' && listed) lines.push(`[admin] note: ${change.email} is still in ADMIN_EMAILS; it stays revoked until admin:grant`)
  return lines
}

/**
 * Grants or revokes the stored platform-admin role of an existing account (issue 17). Returns
 * the exit code: 0 when the account has the asked role afterwards, 1 when there is no such
 * account, 2 for wrong arguments.
 */
export async function runAdminCommand(services: AppServices, args: ReadonlyArray<string>, output: CommandOutput): Promise<number> {
  const parsed = argsSchema.safeParse(args)
  if (!parsed.success) {
    output.error(`[admin] ${args.length === 2 ? `not an e-mail address: ${args[1]}` : 'give exactly one e-mail address'}`)
    output.error(USAGE)
    return 2
  }
  const [action, email] = parsed.data
  const role: PlatformRole = action === 'grant' ? 'admin' : 'user'
  const change = await setPlatformRole(services.auth, email, role)
  if (change.kind === 'missing') {
    output.error(`[admin] no account with the e-mail ${change.email}: it must sign up first; nothing changed`)
    return 1
  }
  for (const line of describe(change, services.config.adminEmails.includes(change.email))) output.log(line)
  return 0
}
