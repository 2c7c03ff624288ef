import { env } from '~/server/config/env'
import { seedDemoHomes } from '~/server/listings/seed-homes'
import { seedDemoOpenHouses } from '~/server/listings/demo-open-houses'
import { seedDemo } from '~/server/seed/seed-demo'
import { writeMarketSnapshotsIfMissing } from '~/server/market/snapshots'
import { getServices } from '~/server/process-services'

/**
 * `npm run seed`: on an empty database, creates the demo account and the demo realtor with
 * generated photos, and DEMO_HOMES demo listings (1,000 by default) when there are no demo
 * listings yet, so a first start shows a real homepage. `--force` seeds even when
 * SEED_DEMO=false.
 */
export async function main(args: Array<string>): Promise<number> {
  const config = env()
  if (config.SEED_DEMO === 'false' && !args.includes('--force')) {
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
  const homes = await seedDemoHomes(services, config.DEMO_HOMES)
  console.log(homes.skipped ? '[seed] demo listings exist (or DEMO_HOMES=0): none generated' : `[seed] ${homes.created} demo listings generated`)
  // Open houses are relative to today: a re-run moves them to the coming weekend.
  if (homes.skipped) {
    const openHouses = await seedDemoOpenHouses(services)
    if (openHouses.stored > 0) console.log(`[seed] ${openHouses.stored} demo open houses for the coming weekend`)
  }
  // Listings stored before market reports existed, or a month no import has reached yet (issue 27).
  if ((await writeMarketSnapshotsIfMissing(services)) !== undefined) console.log('[seed] market figures of this month written')
  await services.close()
  // Where the app will be once started: what a new user needs next.
  const origin = (config.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? '3000'}`).replace(/\/$/, '')
  console.log(`[setup] done. Start the app with \`npm start\`; it answers at ${origin}`)
  if (result.created) {
    console.log(`[setup] demo homepage: ${origin}/${result.desiredUrl} (English: ${origin}/en/${result.desiredUrl})`)
    console.log(`[setup] demo sign-in: ${origin}/login as ${result.email} / ${result.password}`)
  }
  return 0
}
