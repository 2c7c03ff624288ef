import type { Migration, MigrationProvider } from 'kysely/migration'
import * as initial from './0001-initial'

/** Migrations are listed in code, not read from a folder, so the server bundle carries them. */
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
}

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
}
