import { BackupError } from '~/server/backup/manifest'
import { restoreBackup, restoreTargetFromEnv } from '~/server/backup/restore-backup'

/**
 * `npm run restore -- <backup folder>`: puts a backup made by `npm run backup` back on the empty
 * DATA_DIR and database that DATABASE_URL names, and refuses any other (README "Backups").
 */
export async function main(args: Array<string>): Promise<number> {
  const [from] = args
  if (from === undefined || args.length > 1 || from.startsWith('-')) {
    console.error('usage: npm run restore -- <backup folder>')
    return 2
  }
  try {
    await restoreBackup(from, restoreTargetFromEnv(), console.log)
    return 0
  } catch (error) {
    if (!(error instanceof BackupError)) throw error
    console.error(`[restore] ${error.message}`)
    return 1
  }
}
