import { describe, expect, it } from 'vitest'
import { rowsToCsv } from '../../src/server/data-export/export-realtor'

describe("the data export's CSV", () => {
  it('has the JSON field names as its header, every row under the union of them, and the inbox CSV rules', () => {
    const csv = rowsToCsv([
      { id: 'a', name: '=HYPERLINK("x")', consentedAt: '2026-10-28T16:00:00.000Z' },
      { id: 'b', note: 'line one\nline two', count: 3, agreed: null },
    ])
    expect(csv.startsWith('\uFEFF')).toBe(true)
    const lines = csv.slice(1).split('\r\n')
    expect(lines[0]).toBe('id,name,consentedAt,note,count,agreed')
    // A formula a spreadsheet would run gets a leading quote, and is quoted for its own quotes.
    expect(lines[1]).toBe(`a,"'=HYPERLINK(""x"")",2026-10-28T16:00:00.000Z,,,`)
    expect(csv).toContain('b,,,"line one\nline two",3,')
  })

  it('is only the BOM for no rows', () => {
    expect(rowsToCsv([])).toBe('\uFEFF\r\n')
  })
})
