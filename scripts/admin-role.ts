import { runAdminCommand } from '~/server/auth/admin-command'
import { getServices } from '~/server/process-services'

/**
 * `npm run admin:grant -- someone@example.com` and `npm run admin:revoke -- someone@example.com`:
 * the platform-admin role of an existing account, stored in the database (issue 17).
 */
export async function main(args: Array<string>): Promise<number> {
  const services = await getServices()
  try {
    return await runAdminCommand(services, args, { log: console.log, error: console.error })
  } finally {
    await services.close()
  }
}
