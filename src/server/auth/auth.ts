import { randomUUID } from 'node:crypto'
import { betterAuth } from 'better-auth'
import { getMigrations } from 'better-auth/db/migration'
import { bearer } from 'better-auth/plugins/bearer'
import type { Dialect } from 'kysely'
import type { Lang } from '~/lib/lang'
import type { DbKind } from '~/server/db/database'
import { accountMailLang, languageOfSignUp, RESET_LINK_HOURS, VERIFICATION_LINK_HOURS } from './account-mails'

export type AuthSettings = {
  dialect: Dialect
  dbKind: DbKind
  secret: string
  /** Our own public origin; OAuth providers call back to it. Inferred per request when unset. */
  baseURL?: string
  google?: { clientId: string; clientSecret: string }
  kakao?: { clientId: string; clientSecret: string }
  /** Mails a password reset link, in the account's language. */
  sendResetPassword?: (input: { email: string; url: string; lang: Lang }) => Promise<void>
  /** Mails the link that marks an address verified: on sign-up, and on `POST /api/auth/send-verification-email`. */
  sendVerificationEmail?: (input: { email: string; url: string; lang: Lang }) => Promise<void>
}

/**
 * better-auth over the app's own database connection: e-mail and password always, Kakao and
 * Google when configured, bearer tokens for the REST API (the token comes back in the
 * `set-auth-token` header of sign-up and sign-in).
 */
export function createAuth(settings: AuthSettings) {
  const socialProviders = {
    ...(settings.google ? { google: { ...settings.google, prompt: 'select_account' as const } } : {}),
    ...(settings.kakao ? { kakao: settings.kakao } : {}),
  }
  const sendReset = settings.sendResetPassword
  const sendVerification = settings.sendVerificationEmail
  return betterAuth({
    database: { dialect: settings.dialect, type: settings.dbKind === 'postgres' ? 'postgres' : 'sqlite' },
    secret: settings.secret,
    baseURL: settings.baseURL,
    basePath: '/api/auth',
    // Same-origin browser requests are trusted on whatever host the app is served from. An
    // `Origin` that is no URL (`null` from a sandboxed frame or a `file:` page) trusts nothing,
    // so better-auth refuses the request with a 403 instead of this check throwing (issue 17).
    trustedOrigins: (request) => {
      const origin = request?.headers.get('origin')
      const host = request?.headers.get('host')
      if (!origin || !host || !URL.canParse(origin)) return []
      return new URL(origin).host === host ? [origin] : []
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      // The mail says how long the link works, so the figure is set here rather than left to a default.
      resetPasswordTokenExpiresIn: RESET_LINK_HOURS * 3600,
      ...(sendReset
        ? { sendResetPassword: async ({ user, url }, request) => sendReset({ email: user.email, url, lang: accountMailLang(user, request) }) }
        : {}),
    },
    // A verified address is what the ADMIN_EMAILS bootstrap asks for (platform-role.ts), so a
    // listed address is sent its link on sign-up; `sendVerificationEmail` decides who gets mail
    // (services.ts). Verifying signs nobody in: the link proves the mailbox, the account still
    // needs its password.
    ...(sendVerification
      ? {
          emailVerification: {
            sendOnSignUp: true,
            autoSignInAfterVerification: false,
            expiresIn: VERIFICATION_LINK_HOURS * 3600,
            sendVerificationEmail: async ({ user, url }, request) => sendVerification({ email: user.email, url, lang: accountMailLang(user, request) }),
          },
        }
      : {}),
    socialProviders,
    user: {
      additionalFields: {
        // The platform-admin role (migration 0005, platform-role.ts). Declared so that the session
        // carries it; `input: false` makes better-auth refuse it in sign-up and update-user bodies,
        // so only the server (the CLI, the bootstrap) ever writes it. The column is the app's
        // migration's, so migrateAuth() below does not declare it.
        role: { type: 'string', required: false, input: false },
        // The account's language, ko or en (migration 0020): its own mails are written in it.
        // Set by the hook below from the sign-up request, never from a request body.
        language: { type: 'string', required: false, input: false },
      },
    },
    databaseHooks: {
      user: {
        create: {
          // An e-mail sign-up comes from our sign-in page, which sends the page's language; an
          // account made by a Google or Kakao callback reads the visitor's language choice.
          before: (user, context) => {
            const via = context?.path.startsWith('/sign-up') ? 'email' : 'provider'
            return Promise.resolve({ data: { ...user, language: languageOfSignUp(context?.headers ?? context?.request?.headers, via) } })
          },
        },
      },
    },
    // Our own limiter (counted in the database, translated 429s) guards these routes.
    rateLimit: { enabled: false },
    advanced: {
      database: { generateId: () => randomUUID() },
      // better-auth turns its origin and CSRF checks off when it detects a test runner; the
      // tests must exercise the protection production has.
      disableOriginCheck: false,
    },
    plugins: [bearer()],
  })
}

export type Auth = ReturnType<typeof createAuth>

export async function migrateAuth(settings: AuthSettings): Promise<void> {
  const { runMigrations } = await getMigrations({
    database: { dialect: settings.dialect, type: settings.dbKind === 'postgres' ? 'postgres' : 'sqlite' },
    emailAndPassword: { enabled: true },
    plugins: [bearer()],
    advanced: { database: { generateId: () => randomUUID() } },
  })
  await runMigrations()
}

export function configuredProviders(settings: Pick<AuthSettings, 'google' | 'kakao'>): Array<'google' | 'kakao'> {
  return [...(settings.kakao ? (['kakao'] as const) : []), ...(settings.google ? (['google'] as const) : [])]
}
