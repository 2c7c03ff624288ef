import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/*
 * Seeding a data folder takes about 6 s (Vite's module runner, every migration, the demo homes
 * and their photos); starting a server takes about 1 s. The specs start two dozen servers of
 * their own, so a seeded SQLite folder is made once per run and combination of SEED_SETTINGS, and
 * each server starts on a copy of it (issue 50). Only a server whose other settings are all named
 * in RUNTIME_SETTINGS gets a copy; any other is seeded from scratch, so a setting the seed comes
 * to read can never be served a copy made without it.
 */

/** Where this run keeps its seeded folders; playwright.config.ts makes it and removes it after. */
export const SEEDED_FOLDERS_VARIABLE = 'PLAYWRIGHT_E2E_SEEDED_DIR'

/** The settings the seed reads. */
const SEED_SETTINGS = ['DEMO_HOMES', 'SEED_DEMO', 'DEMO_PASSWORD'] as const

/** Settings the seed does not read (the server does, at start or per request). */
const RUNTIME_SETTINGS =
  /^(WEB_CONCURRENCY|RATE_LIMIT_\w+|SMTP_URL|NODE_OPTIONS|LOG_LEVEL|METRICS_TOKEN|MAP_STYLE_URL|MAP_ATTRIBUTION|LISTING_PHOTO_HOSTS|LISTING_PHOTO_ALLOW_PRIVATE|TRANSLATION_PROVIDER|DEEPL_API_KEY|DEEPL_API_URL|HOST_LOOKUP_CACHE_ENTRIES)$/

/** Whether a server given these settings may start on a copy of a seeded folder. */
export function copiable(settings: Record<string, string>): boolean {
  return Object.keys(settings).every((name) => SEED_SETTINGS.some((seedSetting) => seedSetting === name) || RUNTIME_SETTINGS.test(name))
}

/** A server's values of SEED_SETTINGS (undefined where it has none). */
export type SeedSettings = Record<(typeof SEED_SETTINGS)[number], string | undefined>

/**
 * The seeded folder for a server's environment: made by `seed` (given the folder and the seed's
 * settings) on first use in this run, by whichever worker process asks first, then found by
 * every process of the run.
 */
export function seededFolder(env: NodeJS.ProcessEnv, seed: (folder: string, settings: SeedSettings) => void): string {
  const settings: SeedSettings = { DEMO_HOMES: env.DEMO_HOMES, SEED_DEMO: env.SEED_DEMO, DEMO_PASSWORD: env.DEMO_PASSWORD }
  const name = createHash('sha256').update(JSON.stringify(settings)).digest('hex').slice(0, 16)
  const parent = process.env[SEEDED_FOLDERS_VARIABLE] ?? ownFolder()
  const folder = path.join(parent, name)
  if (fs.existsSync(folder)) return folder
  // Seeded aside and renamed into place: a folder under its final name is always whole, and
  // when two workers seed at once the first rename wins and the second copy is dropped.
  const draft = fs.mkdtempSync(path.join(parent, `${name}-draft-`))
  seed(draft, settings)
  try {
    fs.renameSync(draft, folder)
  } catch (error) {
    if (!fs.existsSync(folder)) throw error
    fs.rmSync(draft, { recursive: true, force: true })
  }
  return folder
}

let processFolder: string | undefined

/** Outside the runner's config (no run folder), the seeded folders live as long as this process. */
function ownFolder(): string {
  if (!processFolder) {
    const created = fs.mkdtempSync(path.join(os.tmpdir(), 'realtor-e2e-seeded-'))
    process.on('exit', () => fs.rmSync(created, { recursive: true, force: true }))
    processFolder = created
  }
  return processFolder
}
