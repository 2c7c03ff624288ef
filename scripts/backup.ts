import path from 'node:path'
import { backupSourceFromEnv, createBackup } from '~/server/backup/create-backup'
import { BackupError } from '~/server/backup/manifest'
import { env } from '~/server/config/env'

/**
 * `npm run backup [-- <folder>]`: a consistent copy of the database (SQLite's online backup
 * API, or pg_dump) and the local uploads, while the app keeps serving, into a new folder under
 * <folder> or BACKUP_DIR (README "Backups", decision 045).
 */
export async function main(args: Array<string>): Promise<number> {
  if (args.length > 1 || args[0]?.startsWith('-')) {
    console.error('usage: npm run backup [-- <destination folder>]   (default: BACKUP_DIR)')
    return 2
  }
  const destination = path.resolve(args[0] ?? env().BACKUP_DIR)
  try {
    await createBackup(backupSourceFromEnv(), destination, console.log)
    return 0
  } catch (error) {
    if (!(error instanceof BackupError)) throw error
    console.error(`[backup] failed: ${error.message}`)
    return 1
  }
}
