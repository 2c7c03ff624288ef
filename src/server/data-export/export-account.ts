import { sql } from 'kysely'
import { z } from 'zod'
import type { AppServices } from '~/server/services'

/*
 * The sign-in account the homepage belongs to, as the workspace shows it (name, e-mail, the
 * language of its mails). better-auth keeps it in its own `user` table, outside the typed
 * schema, so it is read by its column names; nothing of sign-in itself (password hash,
 * sessions, provider tokens) is exported (decision 069).
 */

/** SQLite keeps better-auth's booleans as 0/1 and its dates as text or epoch numbers; PostgreSQL as boolean and timestamp. */
const accountRowSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  emailVerified: z.union([z.boolean(), z.number()]).transform(Boolean),
  language: z.string().nullable(),
  role: z.string().nullish(),
  createdAt: z.union([z.string(), z.number(), z.date()]).transform((value) => new Date(value).toISOString()),
})

export type ExportedAccount = z.infer<typeof accountRowSchema>

export async function readAccount(services: AppServices, userId: string): Promise<ExportedAccount | null> {
  // Quoted names as better-auth created them: the CamelCasePlugin leaves raw SQL text alone.
  const result = await sql<
    Record<string, unknown>
  >`select "id", "name", "email", "emailVerified", "language", "role", "createdAt" from "user" where "id" = ${userId}`.execute(services.db)
  const row = result.rows[0]
  return row ? accountRowSchema.parse(row) : null
}
