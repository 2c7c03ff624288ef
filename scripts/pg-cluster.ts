import { findPostgresBin, startCluster } from './postgres-cluster'

/**
 * `node scripts/run.mjs scripts/pg-cluster.ts`: starts a throwaway PostgreSQL cluster (as the
 * integration tests do), prints `POSTGRES_URL=<url>` and keeps it running until SIGTERM or
 * SIGINT, then removes it. The benchmarks use it to measure on PostgreSQL.
 */
export async function main(): Promise<number> {
  const bin = findPostgresBin()
  if (!bin) {
    console.error("No PostgreSQL binaries under /usr/lib/postgresql/*/bin (install Debian's postgresql package)")
    return 2
  }
  const cluster = await startCluster(bin)
  console.log(`POSTGRES_URL=${cluster.url}`)
  await new Promise<void>((resolve) => {
    process.once('SIGTERM', resolve)
    process.once('SIGINT', resolve)
  })
  await cluster.stop()
  return 0
}
