import { getServices } from '~/server/process-services'

/** `npm run migrate`: brings the app's and better-auth's tables up to date. */
export async function main(): Promise<number> {
  const services = await getServices()
  console.log(`[migrate] ${services.dbKind} database is up to date`)
  await services.close()
  return 0
}
