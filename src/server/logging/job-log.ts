import { recordJobRun } from '~/server/metrics/registry'
import { logger, runOutsideRequest } from './logger'

/*
 * One line per run of a scheduled job (decision 044): its name, how long it took, what it counted,
 * and whether it failed; its duration also goes to the metrics (`job_run_duration_seconds`). Only
 * numbers are taken from a job's result, so a result that one day carries an address or a name
 * still cannot bring it into the log.
 */

export type JobCounts = Record<string, number>

/** The numbers of a job's result: its numeric fields, an array's length, or the number itself. */
export function countsOf(result: unknown): JobCounts {
  if (typeof result === 'number') return Number.isFinite(result) ? { count: result } : {}
  if (Array.isArray(result)) return { count: result.length }
  if (typeof result !== 'object' || result === null) return {}
  const counts: JobCounts = {}
  for (const [key, value] of Object.entries(result)) if (typeof value === 'number' && Number.isFinite(value)) counts[key] = value
  return counts
}

/**
 * Runs a job and writes its line (with `settings`, numbers that explain the counts, such as a
 * grace period); rethrows its failure after writing it. A run that did nothing
 * (every count 0) is written at `debug`: jobs that look every 30 s would otherwise fill the log
 * with empty runs; the metrics show that they run.
 */
export function loggedJob<T>(job: string, run: () => Promise<T>, settings: JobCounts = {}): Promise<T> {
  return runOutsideRequest(() => runAndLog(job, run, settings))
}

async function runAndLog<T>(job: string, run: () => Promise<T>, settings: JobCounts): Promise<T> {
  const started = performance.now()
  let result: T
  try {
    result = await run()
  } catch (error) {
    recordJobRun(job, 'failed', elapsedMs(started) / 1000)
    logger().error({ job, outcome: 'failed', ms: elapsedMs(started), ...settings, err: error }, 'job')
    throw error
  }
  recordJobRun(job, 'ok', elapsedMs(started) / 1000)
  const counts = countsOf(result)
  const level = Object.values(counts).some((value) => value !== 0) ? 'info' : 'debug'
  logger()[level]({ job, outcome: 'ok', ms: elapsedMs(started), ...settings, counts }, 'job')
  return result
}

/** For a schedule: runs the job, writes its line, and never rejects (the next tick tries again). */
export function scheduledJob(job: string, run: () => Promise<unknown>): Promise<void> {
  return loggedJob(job, run).then(
    () => undefined,
    () => undefined,
  )
}

/**
 * Calls `tick` after `firstAfterMs`, then every `everyMs`, in this process, and returns what stops
 * it. Never what keeps a process alive: a CLI command or a stopping worker exits regardless.
 */
export function repeatEvery(everyMs: number, firstAfterMs: number, tick: () => void): () => void {
  const first = setTimeout(tick, firstAfterMs)
  const repeat = setInterval(tick, everyMs)
  first.unref()
  repeat.unref()
  return () => {
    clearTimeout(first)
    clearInterval(repeat)
  }
}

function elapsedMs(started: number): number {
  return Math.round(performance.now() - started)
}
