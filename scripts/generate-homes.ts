import { seedDemoHomes } from '~/server/listings/seed-homes'
import { getServices } from '~/server/process-services'

/**
 * `npm run listings:demo -- --count 100000 [--replace]`: generates deterministic demo
 * listings (marked as demo data), for benchmarks or a bigger demo. Without --replace it
 * does nothing when demo listings exist.
 */
export async function main(args: Array<string>): Promise<number> {
  const countArg = args[args.indexOf('--count') + 1]
  const count = args.includes('--count') ? Number(countArg) : 1000
  if (!Number.isInteger(count) || count < 1 || count > 1_000_000) {
    console.error('usage: npm run listings:demo -- [--count 1..1000000] [--replace]')
    return 2
  }
  const services = await getServices()
  const started = Date.now()
  const result = await seedDemoHomes(services, count, {
    replace: args.includes('--replace'),
    onProgress: (done) => {
      if (done % 10_000 === 0) console.log(`[listings] ${done} of ${count}`)
    },
  })
  console.log(
    result.skipped
      ? '[listings] demo listings exist: nothing generated (use --replace)'
      : `[listings] ${result.created} demo listings generated in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  )
  await services.close()
  return 0
}
