import { scheduledJob } from './logging/job-log'

/*
 * Work a request starts and does not wait for (the instant reply to a new lead). Left loose, it
 * outlived `services.close()`: a test's teardown or a stopping script destroyed the database
 * under it, and it failed half way with "driver has already been destroyed". Tracked here,
 * closing waits for what has started, and what is asked for afterwards is not started: the
 * scheduled run of the next process picks it up from the database, as it does any missed work.
 */
export class BackgroundWork {
  private readonly running = new Set<Promise<void>>()
  private closing = false

  /** Runs `job` as a scheduled job (one log line, never rejects), unless the services are closing. */
  run(name: string, job: () => Promise<unknown>): void {
    if (this.closing) return
    const done: Promise<void> = scheduledJob(name, job).finally(() => this.running.delete(done))
    this.running.add(done)
  }

  /** Starts nothing more; resolves once what was running has finished. */
  async close(): Promise<void> {
    this.closing = true
    await Promise.all(this.running)
  }
}
