import { env } from '~/server/config/env'
import { DisplayProfileError } from '~/server/listings/display-profile'
import { lastRunsOf } from '~/server/listings/home-store'
import { recentImportRuns } from '~/server/listings/import-runs'
import { fileSourceOf, importFromResoFile, ResoFileError, type ImportSummary } from '~/server/listings/import-file'
import { ResoConfigError, resoConfigFromEnv, resoSourceOf, type ResoConfig } from '~/server/listings/reso-config'
import { ResoImportError } from '~/server/listings/reso-http'
import type { OpenHouseImportSummary } from '~/server/listings/reso-open-houses'
import { importFromResoWebApi } from '~/server/listings/reso-web-api'
import { getServices } from '~/server/process-services'
import type { AppServices } from '~/server/services'

const USAGE = `usage: npm run listings:import -- [--full]
       npm run listings:import -- --file <path> [--retire-missing] [--source <name>]

Without --file, imports from the RESO Web API configured by RESO_API_URL and the other RESO_*
variables (docs/listings-import.md); --full ignores the stored timestamp and asks for every listing.
With --file, imports a RESO JSON file ({ "value": [...] } or an array of Property objects).`

type Args = { file?: string; retireMissing: boolean; source?: string; full: boolean }

function parseArgs(args: ReadonlyArray<string>): Args | string {
  const result: Args = { retireMissing: false, full: false }
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]
    if (arg === '--retire-missing') result.retireMissing = true
    else if (arg === '--full') result.full = true
    else if (arg === '--file' || arg === '--source') {
      const value = args[index + 1]
      if (value === undefined || value.startsWith('--')) return `${arg} needs a value`
      if (arg === '--file') result.file = value
      else result.source = value
      index += 1
    } else if (arg === '--help' || arg === '-h') return ''
    else return `unknown argument ${arg}`
  }
  if (result.file === undefined && (result.retireMissing || result.source !== undefined)) return '--retire-missing and --source go with --file'
  if (result.file !== undefined && result.full) return '--full is for the RESO Web API import, not --file'
  return result
}

function printRejected(rejected: ReadonlyArray<{ key: string; reason: string }>): void {
  for (const item of rejected) console.log(`[listings]   skipped ${item.key}: ${item.reason}`)
}

/** What the saved-search alerts run after the import did (issue 13). */
function printAlerts(summary: ImportSummary): void {
  if (summary.alerts) console.log(`[listings] ${summary.source}: alerts: ${summary.alerts.matches} matches, ${summary.alerts.mails} mails queued`)
  else console.warn(`[listings] ${summary.source}: alerts: the run failed (see above); the next import or the server's schedule catches up`)
}

/** A success after failed runs says so (issue 32): cron mail then shows the end of the trouble. */
async function printRecovery(services: AppServices, source: string): Promise<void> {
  const last = (await recentImportRuns(services.db, [source], 1)).get(source)?.[0]
  if (last && last.outcome === 'succeeded' && last.recoveredFromFailures > 0)
    console.log(`[listings] ${source}: recovered after ${last.recoveredFromFailures} failed run(s)`)
}

/** What the open houses' part of the run did (issue 26), when the feed or file had them. */
function printOpenHouses(summary: { source: string; openHouses?: OpenHouseImportSummary }): void {
  const result = summary.openHouses
  if (!result) return
  if (result.unavailable) console.log(`[listings] ${summary.source}: open houses: ${result.unavailable}`)
  else
    console.log(
      `[listings] ${summary.source}: open houses: ${result.received} received, ${result.stored} stored, ${result.removed} removed, ${result.skipped} skipped`,
    )
}

/**
 * After a failure, how old the source's data now is: cron mail then says both what broke and
 * what visitors see meanwhile (pages keep the last successful run's time).
 */
async function printLastSuccess(services: AppServices, source: string): Promise<void> {
  const lastRunAt = (await lastRunsOf(services.db, [source]).catch(() => undefined))?.get(source)
  console.error(
    `[listings] ${source}: the last successful run stays ${lastRunAt ?? '(none recorded)'}; pages keep showing that time and the listings stored before this run`,
  )
}

/**
 * `npm run listings:import`: one import run, for cron. Exit 0 on success (skipped invalid
 * listings included), 1 when the run failed, 2 for wrong arguments or missing or wrong
 * settings (the display profile file included). Every outcome starts its line with the source.
 */
export async function main(args: Array<string>): Promise<number> {
  const parsed = parseArgs(args)
  if (typeof parsed === 'string') {
    if (parsed !== '') console.error(`[listings] ${parsed}`)
    console.error(USAGE)
    return parsed === '' ? 0 : 2
  }

  let config: ResoConfig | undefined
  if (parsed.file === undefined) {
    try {
      config = resoConfigFromEnv(env())
    } catch (error) {
      if (error instanceof ResoConfigError) {
        console.error(`[listings] ${error.message}`)
        return 2
      }
      throw error
    }
    if (config === undefined) {
      console.error('[listings] RESO_API_URL is not set: configure the RESO Web API (docs/listings-import.md) or import a file with --file <path>')
      return 2
    }
  }

  let services: AppServices
  try {
    services = await getServices()
  } catch (error) {
    if (!(error instanceof DisplayProfileError)) throw error
    console.error(`[listings] ${error.message}`)
    return 2
  }
  const source = parsed.file !== undefined ? (parsed.source ?? fileSourceOf(parsed.file)) : config ? resoSourceOf(config) : 'reso'
  try {
    if (parsed.file !== undefined) {
      const summary = await importFromResoFile(services, parsed.file, { source: parsed.source, retireMissing: parsed.retireMissing })
      console.log(
        `[listings] ${summary.source}: ok, ${summary.fetched} in the file, ${summary.inserted} new, ${summary.updated} updated, ${summary.unchanged} unchanged, ` +
          `${summary.rejected.length} skipped, ${summary.retired} retired; last successful run ${summary.lastRunAt}`,
      )
      printRejected(summary.rejected)
      printOpenHouses(summary)
      printAlerts(summary)
      await printRecovery(services, summary.source)
      return 0
    }
    if (config === undefined) return 2
    const summary = await importFromResoWebApi(services, config, { full: parsed.full, log: (line) => console.log(line) })
    console.log(
      `[listings] ${summary.source}: ok, ${summary.incremental ? 'changes since the last run' : 'full run'}, ${summary.pages} page(s), ` +
        `${summary.fetched} received, ${summary.inserted} new, ${summary.updated} updated, ${summary.unchanged} unchanged, ${summary.repaired} repaired by key, ` +
        `${summary.rejected.length} skipped, ${summary.retired} retired; last successful run ${summary.lastRunAt}; ` +
        `next run asks for changes after ${summary.lastModificationTimestamp ?? '(nothing yet)'}`,
    )
    printRejected(summary.rejected)
    for (const warning of summary.warnings) console.warn(`[listings] warning: ${warning}`)
    printOpenHouses(summary)
    printAlerts(summary)
    await printRecovery(services, summary.source)
    return 0
  } catch (error) {
    if (error instanceof ResoFileError || error instanceof ResoImportError || error instanceof ResoConfigError) {
      console.error(`[listings] ${source}: import FAILED: ${error.message}`)
    } else {
      // A database or programming error: the same clear first line for cron mail, then the details.
      console.error(`[listings] ${source}: import FAILED with an unexpected error: ${error instanceof Error ? error.message : String(error)}`)
      console.error(error)
    }
    await printLastSuccess(services, source)
    return 1
  } finally {
    await services.close()
  }
}
