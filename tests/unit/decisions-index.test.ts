import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * docs/decisions/README.md indexes every decision record (issue 50): one row per record with its
 * number, its title linked, its status and one line. A record says its status on a `Status:`
 * line under its title; the row repeats it. A record added later passes once it has its row.
 */

const folder = path.resolve(import.meta.dirname, '../../docs/decisions')

const STATUS = /^(accepted|superseded by \d{3}|amended by \d{3}(?:, \d{3})*)$/

interface Row {
  number: string
  title: string
  file: string
  status: string
}

/**
 * The index's rows: `| 001 | [Title](001-name.md) | status | one line |`, padded or not (a
 * formatter may align the columns).
 */
export function indexRows(index: string): Row[] {
  return index.split('\n').flatMap((line) => {
    const [number = '', decision = '', status = ''] = line
      .split('|')
      .slice(1)
      .map((cell) => cell.trim())
    const [, title, file] = /^\[(.+)\]\(([^)]+)\)$/.exec(decision) ?? []
    return /^\d{3}$/.test(number) && title !== undefined && file !== undefined ? [{ number, title, file, status }] : []
  })
}

/** A record's title (after its number) and the status its `Status:` line gives. */
export function recordHead(text: string): { number?: string; title?: string; status?: string } {
  const lines = text.split('\n')
  const heading = /^# (\d{3})(?: —|:) (.+)$/.exec(lines[0] ?? '')
  // Near the top, so a quoted "Status:" further down is never read as the record's own.
  const status = lines
    .slice(1, 6)
    .map((line) => /^Status: (.+)$/.exec(line))
    .find((match) => match !== null)
  return { number: heading?.[1], title: heading?.[2], status: status?.[1]?.trim() }
}

/** Every way the index and the records disagree; empty when they match. */
export function decisionsProblems(index: string, records: Map<string, string>): string[] {
  const problems: string[] = []
  const rows = indexRows(index)
  for (const file of records.keys()) {
    const found = rows.filter((row) => row.file === file).length
    if (found !== 1) problems.push(`${file} has ${found} rows in docs/decisions/README.md, not one`)
  }
  for (const row of rows) {
    const text = records.get(row.file)
    if (text === undefined) {
      problems.push(`the index names ${row.file}, which does not exist`)
      continue
    }
    const head = recordHead(text)
    if (!row.file.startsWith(`${row.number}-`) || head.number !== row.number)
      problems.push(`${row.file}: its number differs from the index's ${row.number} or from its title`)
    if (head.title !== row.title) problems.push(`${row.file}: its title "${head.title}" differs from the index's "${row.title}"`)
    if (head.status === undefined) problems.push(`${row.file} has no "Status:" line under its title`)
    else if (head.status !== row.status) problems.push(`${row.file}: its status "${head.status}" differs from the index's "${row.status}"`)
    if (!STATUS.test(row.status)) problems.push(`${row.file}: "${row.status}" is not accepted, "superseded by NNN" or "amended by NNN"`)
    for (const named of row.status.match(/\d{3}/g) ?? []) {
      if (![...records.keys()].some((file) => file.startsWith(`${named}-`)))
        problems.push(`${row.file}: its status names decision ${named}, which does not exist`)
    }
  }
  return problems
}

function readRecords(): Map<string, string> {
  return new Map(
    fs
      .readdirSync(folder)
      .filter((file) => file.endsWith('.md') && file !== 'README.md')
      .map((file) => [file, fs.readFileSync(path.join(folder, file), 'utf8')]),
  )
}

describe('docs/decisions/README.md', () => {
  it('indexes every record once, with its title and the status of its Status line', () => {
    const records = readRecords()
    expect(records.size).toBeGreaterThan(40)
    expect(decisionsProblems(fs.readFileSync(path.join(folder, 'README.md'), 'utf8'), records)).toEqual([])
  })

  it('names every record file NNN-name.md', () => {
    expect([...readRecords().keys()].filter((file) => !/^\d{3}-[a-z0-9-]+\.md$/.test(file))).toEqual([])
  })
})

describe('decisionsProblems', () => {
  const record = (number: string, title: string, status: string) => `# ${number} — ${title}\n\nStatus: ${status}\n\nText.\n`
  const records = new Map([
    ['001-one.md', record('001', 'One', 'superseded by 002')],
    ['002-two.md', record('002', 'Two', 'accepted')],
  ])
  const index = (rows: string[]) => ['# Decisions', '', '| No. | Decision | Status | In one line |', '| --- | --- | --- | --- |', ...rows].join('\n')
  const one = '| 001 | [One](001-one.md) | superseded by 002 | The first. |'
  const two = '| 002 | [Two](002-two.md) | accepted | The second. |'

  it('finds nothing when every record has its row, its columns padded or not', () => {
    expect(decisionsProblems(index([one, two]), records)).toEqual([])
    expect(decisionsProblems(index([one, '| 002 | [Two](002-two.md)   | accepted          | The second. |']), records)).toEqual([])
  })

  it('names a record without a row (a record added later) and a row without a record', () => {
    expect(decisionsProblems(index([one, '| 003 | [Three](003-three.md) | accepted | Gone. |']), records)).toEqual([
      '002-two.md has 0 rows in docs/decisions/README.md, not one',
      'the index names 003-three.md, which does not exist',
    ])
  })

  it("names a status or title that differs from the record's, and a record without a Status line", () => {
    const withoutStatus = new Map([...records, ['002-two.md', '# 002: Two\n\nText.\n']])
    expect(decisionsProblems(index(['| 001 | [Uno](001-one.md) | accepted | The first. |', two]), withoutStatus)).toEqual([
      '001-one.md: its title "One" differs from the index\'s "Uno"',
      '001-one.md: its status "superseded by 002" differs from the index\'s "accepted"',
      '002-two.md has no "Status:" line under its title',
    ])
  })

  it('refuses a status outside the three kinds, or one naming a record that does not exist', () => {
    const odd = new Map([...records, ['002-two.md', record('002', 'Two', 'amended by 009')]])
    expect(decisionsProblems(index([one, '| 002 | [Two](002-two.md) | amended by 009 | The second. |']), odd)).toEqual([
      '002-two.md: its status names decision 009, which does not exist',
    ])
    const draft = new Map([...records, ['002-two.md', record('002', 'Two', 'draft')]])
    expect(decisionsProblems(index([one, '| 002 | [Two](002-two.md) | draft | The second. |']), draft)).toEqual([
      '002-two.md: "draft" is not accepted, "superseded by NNN" or "amended by NNN"',
    ])
  })
})
