import { spawnSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { adminListRealtors } from '../../src/server/admin/admin-realtors'
import { runAdminCommand } from '../../src/server/auth/admin-command'
import { openDatabase } from '../../src/server/db/database'
import { isAppError } from '../../src/server/app-error'
import type { MailMessage } from '../../src/server/mail/mailer'
import type { AppServices } from '../../src/server/services'
import {
  ADMIN_EMAIL,
  SECRET,
  actorFor,
  api,
  authRequest,
  createTestApp,
  describeOnEachDatabase,
  signUp,
  uniqueEmail,
  validRealtor,
  type TestApp,
  type ErrorBody,
  type RealtorBody,
} from './harness'

/*
 * Issue 17, hardening point 6: the platform-admin role is stored on the account. ADMIN_EMAILS
 * only bootstraps it, for an address its owner has verified; `npm run admin:grant|revoke`
 * sets it; the account can never set it itself; a revoke holds from the next request on.
 * Admin is observed where it matters: PATCH of somebody else's realtor (REST, 403 unless
 * admin) and the admin list (the server functions' use case).
 */

/** The stored role, read the way better-auth reads the row. */
async function storedRole(s: AppServices, email: string): Promise<string | null> {
  const row = await (await s.auth.$context).adapter.findOne<unknown>({ model: 'user', where: [{ field: 'email', value: email }] })
  return z.object({ role: z.string().nullable() }).parse(row).role
}

/** Output of one CLI run. */
async function runCli(s: AppServices, ...args: Array<string>): Promise<{ code: number; out: string; err: string }> {
  const out: Array<string> = []
  const err: Array<string> = []
  const code = await runAdminCommand(s, args, { log: (line) => out.push(line), error: (line) => err.push(line) })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

describeOnEachDatabase('platform-admin role', (database) => {
  let app: TestApp
  let s: AppServices
  const mails: Array<MailMessage> = []
  let realtorId: string

  /** Admin as the REST face sees it: may this token edit a realtor it does not own? */
  const moderate = (token: string) => api<ErrorBody>(s, 'PATCH', `/realtor/${realtorId}`, { token, body: { aboutMeEn: 'Moderated' }, lang: 'en' })
  /** Admin as the server functions see it. */
  const listAsAdmin = async (token: string): Promise<'listed' | number> => {
    try {
      await adminListRealtors(s, await actorFor(s, token), {})
      return 'listed'
    } catch (error) {
      if (isAppError(error)) return error.status
      throw error
    }
  }
  const linkFor = (email: string): string => {
    const mail = mails.filter((message) => message.to === email).at(-1)
    if (!mail) throw new Error(`no mail to ${email}`)
    // The branded mail (account-mails.ts) carries the link on a line of its own.
    const url = new URL(/^https?:\/\/\S+$/m.exec(mail.text)?.[0] ?? '')
    expect(url.pathname).toBe('/api/auth/verify-email')
    return `${url.pathname.slice('/api/auth'.length)}${url.search}`
  }

  beforeAll(async () => {
    app = await createTestApp(database.name, { mailer: { send: (message) => Promise.resolve(void mails.push(message)) } })
    s = app.services
    const ownerToken = await signUp(s, uniqueEmail('owner'))
    const created = await api<RealtorBody>(s, 'POST', '/realtor', { token: ownerToken, body: validRealtor() })
    expect(created.status, created.text).toBe(201)
    realtorId = created.body.id
  })
  afterAll(async () => {
    await app?.close()
  })

  describe('ADMIN_EMAILS bootstraps only a verified address', () => {
    let token: string

    beforeAll(async () => {
      expect(s.config.adminEmails).toEqual([ADMIN_EMAIL])
      token = await signUp(s, ADMIN_EMAIL)
    })

    it('does not make a listed address admin before it is verified', async () => {
      const refused = await moderate(token)
      expect(refused.status, refused.text).toBe(403)
      expect(await listAsAdmin(token)).toBe(403)
      expect((await actorFor(s, token)).isAdmin).toBe(false)
      expect(await storedRole(s, ADMIN_EMAIL)).toBeNull()
    })

    it('never lets the account set its role itself', async () => {
      const update = await authRequest(s, 'POST', '/update-user', { token, body: { role: 'admin' } })
      expect(update.status, update.text).toBe(400)
      const email = uniqueEmail('self-made')
      const signUpWithRole = await authRequest(s, 'POST', '/sign-up/email', { body: { email, password: 'correct-horse-battery', name: 'x', role: 'admin' } })
      expect(signUpWithRole.status, signUpWithRole.text).toBe(400)
      expect(await storedRole(s, ADMIN_EMAIL)).toBeNull()
      expect((await moderate(token)).status).toBe(403)
    })

    it('mails the listed address its link on sign-up, and nobody else one', async () => {
      const unlisted = uniqueEmail('unlisted')
      await signUp(s, unlisted)
      expect(mails.map((mail) => mail.to)).toEqual([ADMIN_EMAIL])
      // The open endpoint sends a listed address its link again, an unlisted one nothing.
      for (const email of [ADMIN_EMAIL, unlisted]) {
        const again = await authRequest(s, 'POST', '/send-verification-email', { body: { email } })
        expect(again.status, again.text).toBe(200)
      }
      expect(mails.map((mail) => mail.to)).toEqual([ADMIN_EMAIL, ADMIN_EMAIL])
    })

    it('makes it admin, stored, from the first request after the link is opened', async () => {
      const verified = await authRequest(s, 'GET', linkFor(ADMIN_EMAIL))
      expect(verified.status, verified.text).toBeLessThan(400)
      const allowed = await moderate(token)
      expect(allowed.status, allowed.text).toBe(200)
      expect(await listAsAdmin(token)).toBe('listed')
      expect(await storedRole(s, ADMIN_EMAIL)).toBe('admin')
    })

    it('keeps a revoke, although the address is still listed and verified', async () => {
      const revoked = await runCli(s, 'revoke', ADMIN_EMAIL)
      expect(revoked.code, revoked.err).toBe(0)
      expect(revoked.out).toContain(`${ADMIN_EMAIL}: platform-admin role revoked (was admin)`)
      expect(revoked.out).toContain('still in ADMIN_EMAILS')
      expect((await moderate(token)).status).toBe(403)
      expect(await listAsAdmin(token)).toBe(403)
      expect(await storedRole(s, ADMIN_EMAIL)).toBe('user')
    })
  })

  it('does not make a verified address admin when it is not listed', async () => {
    const email = uniqueEmail('verified-unlisted')
    const token = await signUp(s, email)
    const context = await s.auth.$context
    const found = await context.internalAdapter.findUserByEmail(email)
    if (!found) throw new Error('no account')
    // The state a Google sign-in leaves (the provider vouches for the address).
    await context.internalAdapter.updateUser(found.user.id, { emailVerified: true })
    expect((await moderate(token)).status).toBe(403)
    expect(await storedRole(s, email)).toBeNull()
  })

  describe('the CLI', () => {
    it('grants the role to an account, which is admin at its next request', async () => {
      const email = uniqueEmail('granted')
      const token = await signUp(s, email)
      expect((await moderate(token)).status).toBe(403)
      const granted = await runCli(s, 'grant', email.toUpperCase())
      expect(granted).toEqual({
        code: 0,
        out: `[admin] ${email}: granted the platform-admin role (was no role)\n[admin] note: ${email} has not verified its address; granted on your word`,
        err: '',
      })
      expect((await moderate(token)).status).toBe(200)
      expect(await listAsAdmin(token)).toBe('listed')
      const again = await runCli(s, 'grant', email)
      expect(again.code).toBe(0)
      expect(again.out).toContain('already a platform admin, nothing changed')
    })

    it('revokes it, and the open session is refused at its next request', async () => {
      const email = uniqueEmail('revoked')
      const token = await signUp(s, email)
      expect((await runCli(s, 'grant', email)).code).toBe(0)
      expect((await moderate(token)).status).toBe(200)
      const revoked = await runCli(s, 'revoke', email)
      expect(revoked).toEqual({ code: 0, out: `[admin] ${email}: platform-admin role revoked (was admin)`, err: '' })
      const refused = await moderate(token)
      expect(refused.status, refused.text).toBe(403)
      expect(refused.body.code).toBe('FORBIDDEN')
      expect(await listAsAdmin(token)).toBe(403)
      expect(await storedRole(s, email)).toBe('user')
    })

    it('fails with exit code 1 and changes nothing when there is no such account', async () => {
      const email = uniqueEmail('nobody')
      for (const action of ['grant', 'revoke']) {
        const result = await runCli(s, action, email)
        expect(result).toEqual({ code: 1, out: '', err: `[admin] no account with the e-mail ${email}: it must sign up first; nothing changed` })
      }
    })

    it('fails with exit code 2 on wrong arguments', async () => {
      expect((await runCli(s, 'grant')).code).toBe(2)
      expect((await runCli(s, 'grant', 'not-an-address')).err).toContain('not an e-mail address: not-an-address')
      expect((await runCli(s, 'promote', uniqueEmail('x'))).code).toBe(2)
      expect((await runCli(s, 'grant', uniqueEmail('a'), uniqueEmail('b'))).code).toBe(2)
    })
  })
})

describe('npm run admin:grant / admin:revoke (the real command, on a SQLite file)', () => {
  let dir: string
  let app: TestApp

  /** `npm run admin:<action> -- <email>` is exactly this command line. */
  const command = (action: 'grant' | 'revoke', email: string) =>
    spawnSync(process.execPath, ['scripts/run.mjs', 'scripts/admin-role.ts', action, email], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: path.join(dir, 'app.sqlite'), DATA_DIR: dir, BETTER_AUTH_SECRET: SECRET, ADMIN_EMAILS: '', SMTP_URL: '' },
      timeout: 60_000,
    })

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'realtor-admin-cli-'))
    const file = path.join(dir, 'app.sqlite')
    app = await createTestApp('sqlite', { database: { database: openDatabase({ kind: 'sqlite', file }), cleanup: () => Promise.resolve() } })
  })
  afterAll(async () => {
    await app?.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('grants and revokes by the account e-mail, and exits 1 with a message for an unknown one', async () => {
    const email = uniqueEmail('cli')
    const token = await signUp(app.services, email)
    const granted = command('grant', email)
    expect(granted.status, granted.stderr).toBe(0)
    expect(granted.stdout).toContain(`[admin] ${email}: granted the platform-admin role (was no role)`)
    expect((await actorFor(app.services, token)).isAdmin).toBe(true)

    const revoked = command('revoke', email)
    expect(revoked.status, revoked.stderr).toBe(0)
    expect(revoked.stdout).toContain(`[admin] ${email}: platform-admin role revoked (was admin)`)
    expect((await actorFor(app.services, token)).isAdmin).toBe(false)

    const missing = command('grant', uniqueEmail('missing'))
    expect(missing.status).toBe(1)
    expect(missing.stderr).toContain('[admin] no account with the e-mail')
  }, 120_000)
})
