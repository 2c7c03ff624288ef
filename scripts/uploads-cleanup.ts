import { getServices } from '~/server/process-services'
import { runUploadCleanup } from '~/server/uploads/cleanup'
import { runListingPhotoCleanup } from '~/server/listings/listing-photo-cleanup'

/**
 * `npm run uploads:cleanup`: one pass of the cleanup the server runs hourly: removes uploaded
 * files no realtor shows, and the copies of MLS photos no listing on the market has, older than
 * UPLOAD_CLEANUP_GRACE_HOURS.
 */
export async function main(): Promise<number> {
  const services = await getServices()
  try {
    // The job's own log line is an info line, which a command does not print by default (run.mjs).
    const result = await runUploadCleanup(services)
    console.log(
      `[uploads] cleanup: ${result.scanned} files looked at, ${result.deleted} removed (older than ${services.config.uploadCleanupGraceHours} h and shown by no realtor)`,
    )
    const copies = await runListingPhotoCleanup(services)
    console.log(
      `[uploads] MLS photo copies: ${copies.scanned} files looked at, ${copies.deleted} removed (older than ${services.config.uploadCleanupGraceHours} h and of no listing on the market)`,
    )
  } finally {
    await services.close()
  }
  return 0
}
