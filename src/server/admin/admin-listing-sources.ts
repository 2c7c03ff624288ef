import type { AdminListingSource, AdminListingSources } from '~/schemas/admin'
import type { Actor } from '~/server/auth/actor'
import { displayProfileFor, isStale } from '~/server/listings/display-profile'
import { recentImportRuns } from '~/server/listings/import-runs'
import type { AppServices } from '~/server/services'
import { requireAdmin } from './admin-realtors'

/**
 * Issue 15 item 2: every listing source with its last successful import run, and whether it
 * has gone longer than its display profile allows without one. A source counts when it has a
 * recorded run, stored listings, or its own entry in the profile file (a feed configured but
 * never imported is the first thing to warn about), or a recorded run, a failed one included
 * (issue 32: a feed that never once succeeded is exactly what the admin must see), with its
 * newest runs and their errors. Stale sources come first.
 */
export async function adminListingSources(services: AppServices, actor: Actor | null): Promise<AdminListingSources> {
  requireAdmin(actor)
  const now = services.now()
  const [runs, homes, recorded] = await Promise.all([
    services.db.selectFrom('listingImportState').select(['source', 'lastRunAt']).execute(),
    services.db
      .selectFrom('home')
      .select((eb) => ['source', eb.fn.sum<number | string | null>('isListed').as('listed')])
      .groupBy('source')
      .execute(),
    services.db.selectFrom('listingImportRun').select('source').distinct().execute(),
  ])
  const lastRun = new Map(runs.map((row) => [row.source, row.lastRunAt]))
  const listed = new Map(homes.map((row) => [row.source, Number(row.listed ?? 0)]))
  const configured = Object.keys(services.config.displayProfiles).filter((key) => !key.endsWith('*'))
  const names = [...new Set([...lastRun.keys(), ...listed.keys(), ...configured, ...recorded.map((row) => row.source)])]
  const recentRuns = await recentImportRuns(services.db, names)
  const sources = names.map((source): AdminListingSource => {
    const profile = displayProfileFor(services.config.displayProfiles, source)
    const lastRunAt = lastRun.get(source) ?? null
    return {
      source,
      mlsName: profile.mlsName,
      isDemo: profile.isDemo,
      lastRunAt,
      maxAgeHours: profile.maxAgeHours,
      stale: isStale(profile, lastRunAt, now),
      listedHomes: listed.get(source) ?? 0,
      recentRuns: recentRuns.get(source) ?? [],
    }
  })
  sources.sort((a, b) => Number(b.stale) - Number(a.stale) || a.source.localeCompare(b.source))
  return { sources, checkedAt: now.toISOString() }
}
