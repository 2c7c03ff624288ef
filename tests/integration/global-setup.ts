import type { TestProject } from 'vitest/node'
import { findPostgresBin, startCluster } from '../../scripts/postgres-cluster'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL URL the integration suites may create databases on; undefined skips them. */
    postgresUrl: string | undefined
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.DATABASE_TEST_URL?.trim()
  if (external) {
    project.provide('postgresUrl', external)
    return async () => {}
  }
  const bin = findPostgresBin()
  if (!bin) {
    const message = "No PostgreSQL binaries under /usr/lib/postgresql/*/bin (install Debian's `postgresql` package) and DATABASE_TEST_URL is not set"
    if (process.env.CI) throw new Error(`${message}: CI must run the integration tests against PostgreSQL too.`)
    console.warn(`[integration] ${message}; the PostgreSQL suites are skipped.`)
    project.provide('postgresUrl', undefined)
    return async () => {}
  }
  const cluster = await startCluster(bin)
  project.provide('postgresUrl', cluster.url)
  return cluster.stop
}
