import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { copiable, SEEDED_FOLDERS_VARIABLE, seededFolder, type SeedSettings } from '../e2e/seeded-folders'

/*
 * The e2e servers' seeded data folders (tests/e2e/seeded-folders.ts, decision 058): seeded once
 * per combination of the seed's settings, never seen half-made, and a second worker that loses
 * the race to rename drops its own copy and takes the winner's.
 */

let runFolder: string
let before: string | undefined

beforeEach(() => {
  before = process.env[SEEDED_FOLDERS_VARIABLE]
  runFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'seeded-folders-test-'))
  process.env[SEEDED_FOLDERS_VARIABLE] = runFolder
})

afterEach(() => {
  if (before === undefined) delete process.env[SEEDED_FOLDERS_VARIABLE]
  else process.env[SEEDED_FOLDERS_VARIABLE] = before
  fs.rmSync(runFolder, { recursive: true, force: true })
})

function writeMarker(folder: string, text: string): void {
  fs.writeFileSync(path.join(folder, 'seeded-by'), text)
}

describe('seededFolder', () => {
  it('seeds once per combination of the seed’s settings, under its final name only when whole', () => {
    const seeds: Array<SeedSettings> = []
    const seed = (folder: string, settings: SeedSettings) => {
      // While it is being seeded, the folder is not under the name later callers look for.
      expect(path.basename(folder)).toMatch(/-draft-/)
      seeds.push(settings)
      writeMarker(folder, JSON.stringify(settings))
    }
    const first = seededFolder({ DEMO_HOMES: '300', SEED_DEMO: 'true' }, seed)
    const again = seededFolder({ DEMO_HOMES: '300', SEED_DEMO: 'true', WEB_CONCURRENCY: '1' }, seed)
    const other = seededFolder({ DEMO_HOMES: '1000', SEED_DEMO: 'true' }, seed)

    expect(again).toBe(first)
    expect(other).not.toBe(first)
    expect(seeds).toEqual([
      { DEMO_HOMES: '300', SEED_DEMO: 'true', DEMO_PASSWORD: undefined },
      { DEMO_HOMES: '1000', SEED_DEMO: 'true', DEMO_PASSWORD: undefined },
    ])
    expect(fs.readFileSync(path.join(first, 'seeded-by'), 'utf8')).toContain('"300"')
    expect(fs.readdirSync(runFolder).filter((name) => name.includes('-draft-'))).toEqual([])
  })

  it('takes the folder of a worker that renamed first, and drops its own copy', () => {
    let winner = ''
    const folder = seededFolder({ SEED_DEMO: 'true' }, (draft) => {
      writeMarker(draft, 'this worker')
      // Another worker finishes first: its whole folder appears under the final name.
      winner = draft.replace(/-draft-\w+$/, '')
      fs.mkdirSync(winner)
      writeMarker(winner, 'the other worker')
    })
    expect(folder).toBe(winner)
    expect(fs.readFileSync(path.join(folder, 'seeded-by'), 'utf8')).toBe('the other worker')
    expect(fs.readdirSync(runFolder)).toEqual([path.basename(winner)])
  })

  it('passes on a failure to seed, and leaves no folder under the final name', () => {
    expect(() =>
      seededFolder({ SEED_DEMO: 'true' }, () => {
        throw new Error('the seed failed')
      }),
    ).toThrow('the seed failed')
    expect(fs.readdirSync(runFolder).filter((name) => !name.includes('-draft-'))).toEqual([])
  })
})

describe('copiable', () => {
  it('copies for the seed’s own settings and the listed runtime ones, and seeds afresh for any other', () => {
    expect(copiable({})).toBe(true)
    expect(copiable({ DEMO_HOMES: '300', WEB_CONCURRENCY: '1', RATE_LIMIT_TOUR: '1000', SMTP_URL: 'smtp://127.0.0.1:2525' })).toBe(true)
    expect(copiable({ WEB_CONCURRENCY: '1', DATABASE_URL: 'postgres://x' })).toBe(false)
    expect(copiable({ SOME_NEW_SETTING: 'x' })).toBe(false)
  })
})
