import { getServices } from '~/server/process-services'
import { runUploadCleanup } from '~/server/uploads/cleanup'

/**
 * `npm run uploads:cleanup`: one pass of the cleanup the server runs hourly: removes uploaded
 * files no realtor shows that are older than UPLOAD_CLEANUP_GRACE_HOURS.
 */
export async function main(): Promise<number> {
  const services = await getServices()
  try {
    await runUploadCleanup(services)
  } finally {
    await services.close()
  }
  return 0
}
