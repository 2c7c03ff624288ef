import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'
import { E2E_BROWSER_ARGS, E2E_BROWSER_PATH } from './tests/e2e/browser.ts'
import { SEEDED_FOLDERS_VARIABLE } from './tests/e2e/seeded-folders.ts'

/*
 * End-to-end tests run against the PRODUCTION build (DESIGN §8), never the dev server.
 * The test command builds first (`npm run build`); this config only starts the result.
 */

const root = path.dirname(fileURLToPath(import.meta.url))
const serverEntry = path.join(root, '.output', 'server', 'worker.mjs')

if (!fs.existsSync(serverEntry)) {
  throw new Error(
    `Production build not found at ${path.relative(root, serverEntry)}. ` +
      'Run `npm run build` before the end-to-end tests (they test the production output, not the dev server).',
  )
}

const port = Number(process.env.E2E_PORT ?? 3210)
if (!Number.isInteger(port) || port <= 0 || port > 65_535) {
  throw new Error(`E2E_PORT must be a TCP port number, got ${JSON.stringify(process.env.E2E_PORT)}`)
}
const baseURL = `http://127.0.0.1:${port}`

// Folders of this run, removed when it ends. The runner loads this file again in every worker
// process; the workers inherit the variables and reuse the folders instead of each making strays.
function runFolder(variable: string, prefix: string): string {
  const known = process.env[variable]
  if (known) return known
  const created = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  process.env[variable] = created
  process.on('exit', () => fs.rmSync(created, { recursive: true, force: true }))
  return created
}
// A fresh, empty data folder per run, so no test sees a previous run's database or uploads.
const dataDir = runFolder('PLAYWRIGHT_E2E_DATA_DIR', 'realtor-e2e-')
// The seeded data folders that the specs' own servers copy (tests/e2e/own-server.ts).
runFolder(SEEDED_FOLDERS_VARIABLE, 'realtor-e2e-seeded-')

// The server's whole output (every worker's JSON log lines) goes to this file, read after the run
// by scripts/check-server-log.ts: request lines, and no e-mail address of the tests' data
// (decision 044). Not under test-results/, which the runner empties after the server started.
const serverLog = path.resolve(root, process.env.E2E_SERVER_LOG ?? path.join('test-logs', 'e2e-server.log'))
fs.mkdirSync(path.dirname(serverLog), { recursive: true })

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  // Two spec files at a time, one a core (decision 058): 12.5–13.8 min here against 22.0 for one.
  // No spec changes what another reads on the suite's server: a test that changes the demo
  // realtor does so on a server of its own (`demoServer`). E2E_WORKERS=1 runs one at a time.
  workers: e2eWorkers(),
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    // Recording a trace (DOM snapshots and a screencast of every step) costs the browser's CPU on
    // every test; only a failed test's retry records one (CI retries once; locally, add
    // `--trace retain-on-failure` to keep a failure's), decision 058.
    trace: 'on-first-retry',
    launchOptions: { executablePath: E2E_BROWSER_PATH, args: E2E_BROWSER_ARGS },
  },
  // Every test runs on the desktop; the phone runs only the tests tagged `@phone`, those whose
  // outcome the phone's screen, touch or mobile behaviour can change (decision 056). What the
  // server answers is the same whatever asks, and is checked once. A test that is about the phone
  // alone is tagged `@phone-only` and runs on the phone only.
  projects: [
    {
      name: 'desktop',
      grepInvert: /@phone-only\b/,
      use: { viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      grep: /@phone\b/,
      use: { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
    },
  ],
  webServer: {
    // The demo realtor is seeded first, as the README's start command does. The seed's output
    // (it names the demo account) stays on the console; the server's goes to its log file. A
    // server that does not start says why there.
    // `exec`: the shell's place goes to the server's primary, so the runner waits for it to end.
    command: 'node scripts/run.mjs scripts/seed.ts && exec node scripts/serve.mjs > "$E2E_SERVER_LOG" 2>&1',
    // Without it the runner ends the server with SIGKILL, and the workers' buffered log lines
    // (decision 055) would never reach the file scripts/check-server-log.ts reads next. SIGTERM
    // stops `npm start` as in production: the workers finish, write their lines and exit.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    cwd: root,
    url: `${baseURL}/builds/latest.json`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      ...stringEnv(process.env),
      // The server needs Node 24 (DESIGN §10); the repo's own node comes first.
      PATH: [path.join(root, 'node_modules', '.bin'), process.env.PATH ?? ''].join(path.delimiter),
      PORT: String(port),
      DATA_DIR: dataDir,
      E2E_SERVER_LOG: serverLog,
      // Every line the server can write, the probes' and the empty job runs' too, is checked.
      LOG_LEVEL: 'debug',
      LOG_FORMAT: 'json',
      NODE_ENV: 'production',
      // Two workers, as `npm start` runs on this machine: every test also checks that what
      // one process stored never hides what another saw changed (issue 12).
      WEB_CONCURRENCY: '2',
      PUBLIC_URL: baseURL,
      SEED_DEMO: 'true',
      // Generous limits: the suites post many messages from one address.
      RATE_LIMIT_CONTACT: '1000',
      RATE_LIMIT_AUTH: '1000',
      // Visitor statistics reach the database within a second (30 s by default; decision 016).
      STATS_FLUSH_MS: '1000',
      RATE_LIMIT_SAVED_SEARCH: '1000',
      // input-before-hydration.spec.ts sends tour requests on both projects within a minute.
      RATE_LIMIT_TOUR: '1000',
    },
  },
})

function e2eWorkers(): number {
  const workers = Number(process.env.E2E_WORKERS ?? 2)
  if (!Number.isInteger(workers) || workers < 1) throw new Error(`E2E_WORKERS must be a whole number ≥ 1, got ${JSON.stringify(process.env.E2E_WORKERS)}`)
  return workers
}

function stringEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined))
}
