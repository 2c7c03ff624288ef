import { env } from '~/server/config/env'
import { seedDemo } from '~/server/seed/seed-demo'
import { getServices } from '~/server/services'

/**
 * `npm run seed`: on an empty database, creates the demo account and the demo realtor with
 * generated photos, so a first start shows a real homepage. Does nothing when realtors exist.
 * `--force` seeds even when SEED_DEMO=false.
 */
export async function main(args: Array<string>): Promise<number> {
  if (env().SEED_DEMO === 'false' && !args.includes('--force')) {
    console.log('[seed] SEED_DEMO=false: skipped')
    return 0
  }
  const services = await getServices()
  const result = await seedDemo(services)
  console.log(
    result.created
      ? `[seed] demo realtor /${result.desiredUrl} created; sign in as ${result.email} / ${result.password}`
      : '[seed] the database already has realtors: nothing to do',
  )
  await services.close()
  return 0
}
