import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'

/*
 * A quiet, useful start (issue 32, item 7): `npm run setup` on an empty data folder, exactly as
 * package.json runs it and as a new user does (no NODE_ENV, no PUBLIC_URL), says what it did
 * (migrations applied, the demo realtor and its listings) and where the app will be (the URL,
 * the demo homepage and sign-in), and prints none of the warnings meant for developers:
 * Lingui's "Messages for locale … not loaded" (an instance activated before its catalog) and
 * better-auth's "Base URL is not set" (no origin given).
 *
 * Issue 48 item 7: a command prints its own sentences, not the server's log lines (the page
 * store's `{"level":30,…"msg":"changed; purge surrogate keys"}`, a job's run), unless LOG_LEVEL
 * asks for them; the server's default (`info`) is not the commands'.
 */

const root = path.resolve(import.meta.dirname, '../..')

/** The environment of a new user's shell: none of the test runner's or the developer's settings. */
function newUserEnv(dataDir: string): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(
    ([name]) => !/^(NODE_ENV|VITEST|TEST|PUBLIC_URL|DATABASE_URL|SMTP_URL|BETTER_AUTH_SECRET|ADMIN_EMAILS|PORT|SEED_DEMO|DEMO_)/.test(name),
  )
  return {
    ...Object.fromEntries(kept),
    // The project's own Node 24 first, as `npm run` puts it (DESIGN §10).
    PATH: [path.join(root, 'node_modules', '.bin'), process.env.PATH ?? ''].join(path.delimiter),
    DATA_DIR: dataDir,
    // Fewer demo listings than the default 1,000, so the test is quick; the output is the same.
    DEMO_HOMES: '12',
  }
}

const scripts = z.object({ scripts: z.record(z.string(), z.string()) }).parse(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))).scripts

/** Runs a package.json script as `npm run` would, in a new user's shell; stdout and stderr together. */
function runScript(name: string, env: NodeJS.ProcessEnv): { status: number | null; output: string } {
  const command = scripts[name]
  if (command === undefined) throw new Error(`no script ${name} in package.json`)
  const run = spawnSync('sh', ['-c', command], { cwd: root, encoding: 'utf8', env, timeout: 120_000 })
  return { status: run.status, output: `${run.stdout}\n${run.stderr}` }
}

/** The lines that are one of the server's JSON log records rather than a sentence of the command's. */
function logRecords(output: string): Array<string> {
  return output.split('\n').filter((line) => /^\s*\{.*"level":\d+.*\}\s*$/.test(line))
}

describe('npm run setup on an empty data folder', () => {
  let dir: string
  let output: string
  let status: number | null

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'realtor-setup-'))
    ;({ status, output } = runScript('setup', newUserEnv(dir)))
  }, 130_000)

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it("prints its own lines, none of the server's log records", () => {
    expect(logRecords(output), output).toEqual([])
    expect(output).not.toContain('purge surrogate keys')
  })

  it('other commands print their own line, not the log record of the job they ran', () => {
    const cleanup = runScript('uploads:cleanup', newUserEnv(dir))
    expect(cleanup.status, cleanup.output).toBe(0)
    expect(cleanup.output).toMatch(/^\[uploads\] cleanup: \d+ files looked at, 0 removed \(older than 24 h and shown by no realtor\)$/m)
    expect(logRecords(cleanup.output), cleanup.output).toEqual([])
  }, 60_000)

  it('listings:import says what it did, and that a file imported again is unchanged (issue 48 item 8)', () => {
    const importFile = (name: string) => {
      const run = spawnSync('sh', ['-c', `${scripts['listings:import']} --file tests/fixtures/reso-sample.json`], {
        cwd: root,
        encoding: 'utf8',
        env: newUserEnv(dir),
        timeout: 120_000,
      })
      const output = `${run.stdout}\n${run.stderr}`
      expect(run.status, `${name}: ${output}`).toBe(0)
      expect(logRecords(output), output).toEqual([])
      return output
    }
    expect(importFile('first')).toMatch(/^\[listings\] file:reso-sample\.json: ok, 5 in the file, 5 new, 0 updated, 0 unchanged, 0 skipped, 0 retired; /m)
    expect(importFile('again')).toMatch(/^\[listings\] file:reso-sample\.json: ok, 5 in the file, 0 new, 0 updated, 5 unchanged, 0 skipped, 0 retired; /m)
  }, 120_000)

  it('succeeds', () => {
    expect(status, output).toBe(0)
  })

  it('prints no warning meant for developers', () => {
    expect(output).not.toMatch(/Messages for locale "\w+" not loaded/)
    expect(output).not.toMatch(/Base URL is not set/)
    expect(output).not.toMatch(/\bWARN\b/)
    expect(output).not.toMatch(/I18nProvider rendered/)
  })

  it('says what it did and where the app is', () => {
    expect(output).toMatch(new RegExp(`\\[migrate\\] SQLite at ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/app\\.sqlite: \\d+ migrations applied`))
    expect(output).toContain('[seed] demo realtor /sora-park created')
    expect(output).toContain('[seed] 12 demo listings generated')
    expect(output).toContain('[setup] done. Start the app with `npm start`; it answers at http://localhost:3000')
    expect(output).toContain('[setup] demo homepage: http://localhost:3000/sora-park')
    expect(output).toContain('[setup] demo sign-in: http://localhost:3000/login as demo@example.com / demo-password-2026')
  })
})

describe('npm run setup with LOG_LEVEL=info', () => {
  let dir: string

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'realtor-setup-info-'))
  })

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it("prints the server's info records as well, when asked", () => {
    const run = runScript('setup', { ...newUserEnv(dir), LOG_LEVEL: 'info' })
    expect(run.status, run.output).toBe(0)
    expect(run.output).toContain('[setup] done.')
    const records = logRecords(run.output).map((line) => z.looseObject({ level: z.number(), msg: z.string() }).parse(JSON.parse(line)))
    expect(records).toContainEqual(expect.objectContaining({ level: 30, msg: 'changed; purge surrogate keys' }))
  }, 130_000)
})
