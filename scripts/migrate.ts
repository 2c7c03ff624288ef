import { sql } from 'kysely'
import { dbConfigFromEnv } from '~/server/db/database'
import { getServices } from '~/server/process-services'

/**
 * `npm run migrate` (the first half of `npm run setup`): brings the app's and better-auth's
 * tables up to date, and says what it did and where the database is.
 */
export async function main(): Promise<number> {
  const startedAt = new Date().toISOString()
  const services = await getServices()
  const { rows } = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration order by name`.execute(services.db)
  // Kysely stamps each migration with the time it ran: the ones from this run are the new ones.
  const applied = rows.filter((row) => row.timestamp >= startedAt).length
  const latest = rows.at(-1)?.name ?? 'none'
  const config = dbConfigFromEnv()
  const where = config.kind === 'sqlite' ? `SQLite at ${config.file}` : 'PostgreSQL (DATABASE_URL)'
  console.log(
    applied > 0
      ? `[migrate] ${where}: ${applied} migration${applied === 1 ? '' : 's'} applied (now at ${latest})`
      : `[migrate] ${where}: already up to date (at ${latest})`,
  )
  await services.close()
  return 0
}
