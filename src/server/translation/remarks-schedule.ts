import { repeatEvery } from '~/server/logging/job-log'
import { componentLogger } from '~/server/logging/logger'
import type { AppServices } from '~/server/services'
import { budgetDay } from './budget'
import type { TranslationFailureKind } from './provider'
import { translationProviderFor } from './providers/provider-for'
import { latestImportRunAt, translatePendingRemarks, type PassStop, type RemarksJobOptions, type RemarksPassSummary } from './remarks-job'

/*
 * When the remarks job runs (decision 071), on worker 0 with the other scheduled jobs: once soon
 * after start (listings stored before), then after each import (any process's, a cron run of
 * `npm run listings:import` included: its run time is in the database), and again when a pass
 * left work waiting, once its reason has passed (a new budget day, the provider's wait).
 */

/** How often worker 0 looks for a new import run: one indexed read. */
export const TRANSLATION_CHECK_INTERVAL_MS = 60_000
/** After start: the demo seeding and the first requests come first. */
const FIRST_CHECK_DELAY_MS = 20_000

const HOUR_MS = 60 * 60_000

/** How long a pass stopped by a provider failure waits before the next: a key or quota problem is not fixed in minutes. */
export function providerPauseMs(kind: TranslationFailureKind, retryAfterMs: number | undefined): number {
  switch (kind) {
    case 'auth':
    case 'rejected':
    case 'bad_response':
      return HOUR_MS
    case 'quota':
      return 6 * HOUR_MS
    case 'rate_limited':
    case 'server':
    case 'network':
      return Math.min(HOUR_MS, Math.max(retryAfterMs ?? 0, 5 * 60_000))
  }
}

/** When a pass that stopped for `stop` may try again. */
export function retryTimeAfter(stop: PassStop, now: Date): number {
  if (stop.reason === 'budget') return Date.parse(`${budgetDay(new Date(now.getTime() + 86_400_000))}T00:01:00.000Z`)
  return now.getTime() + providerPauseMs(stop.error.kind, stop.error.retryAfterMs)
}

/** What decides whether the next check runs a pass; kept by the schedule between checks. */
export type ScheduleState = { lastImportSeen: string | null | undefined; retryAt: number | undefined }

/** Whether a check at `now` runs a pass: first check, a new import, or a waiting pass's time has come. */
export function passIsDue(state: ScheduleState, latestImport: string | null, now: Date): boolean {
  if (state.lastImportSeen === undefined || latestImport !== state.lastImportSeen) return true
  return state.retryAt !== undefined && now.getTime() >= state.retryAt
}

/**
 * One check: a pass if one is due. Returns the pass's summary, or undefined when none ran.
 * Exported for the tests, which call it with a loopback provider and their own clock.
 */
export async function checkRemarksTranslation(
  services: AppServices,
  state: ScheduleState,
  options: RemarksJobOptions,
): Promise<RemarksPassSummary | undefined> {
  const latestImport = await latestImportRunAt(services.db)
  if (!passIsDue(state, latestImport, services.now())) return undefined
  state.lastImportSeen = latestImport
  const summary = await translatePendingRemarks(services, options)
  state.retryAt = summary.stop ? retryTimeAfter(summary.stop, services.now()) : undefined
  if (summary.stop?.reason === 'provider')
    // The provider's own words (no key is in them), for the operator; a visitor never sees them.
    componentLogger('translation').warn(
      { kind: summary.stop.error.kind, error: summary.stop.error.message, retryAt: new Date(state.retryAt ?? 0).toISOString() },
      'the translation provider failed; the listings wait for the next pass',
    )
  return summary
}

/** Starts the checks on this process (worker 0); none with `TRANSLATION_PROVIDER=off`. Returns what stops them. */
export function startRemarksTranslation(services: AppServices): (() => void) | undefined {
  const provider = translationProviderFor(services.config.translation, services.now)
  if (!provider) return undefined
  const state: ScheduleState = { lastImportSeen: undefined, retryAt: undefined }
  let running = false
  return repeatEvery(TRANSLATION_CHECK_INTERVAL_MS, FIRST_CHECK_DELAY_MS, () => {
    if (running) return
    running = true
    // One job line per pass (a check that ran none is at debug); a failed one is tried at the next check.
    services.background.run('translation.remarks', () =>
      checkRemarksTranslation(services, state, { provider }).finally(() => {
        running = false
      }),
    )
  })
}
