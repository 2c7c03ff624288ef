import { describe, expect, it } from 'vitest'
import { csvCell, toCsv } from '../../src/lib/csv'
import { parseCsv } from '../csv-reader'

/*
 * How every export of ours writes CSV (lib/csv.ts): RFC 4180 quoting and the formula-injection
 * guard. The files themselves, made on the server, are tested in tests/integration/inbox-csv.test.ts
 * and tests/integration/lead-desk-today.test.ts.
 */

describe('csvCell (RFC 4180)', () => {
  it('leaves plain text alone', () => {
    expect(csvCell('Jane Kim')).toBe('Jane Kim')
    expect(csvCell('')).toBe('')
  })

  it('quotes cells with commas, quotes, CR or LF, doubling the quotes', () => {
    expect(csvCell('Kim, Jane')).toBe('"Kim, Jane"')
    expect(csvCell('She said "hi"')).toBe('"She said ""hi"""')
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"')
    expect(csvCell('line one\r\nline two')).toBe('"line one\r\nline two"')
    expect(csvCell('"')).toBe('""""')
  })

  it('keeps Korean text as it is', () => {
    expect(csvCell('오렌지 카운티의 집')).toBe('오렌지 카운티의 집')
    expect(csvCell('김민지, 박민수')).toBe('"김민지, 박민수"')
  })

  it.each([
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+1 949 555 0123', "'+1 949 555 0123"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\t=1+1', "'\t=1+1"],
  ])('guards %j against formula injection', (input, expected) => {
    expect(csvCell(input)).toBe(expected)
  })

  it('guards first, then quotes, so the apostrophe sits inside the quotes', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","click")')).toBe('"\'=HYPERLINK(""http://evil.example"",""click"")"')
    expect(csvCell('\rfoo')).toBe('"\'\rfoo"')
  })

  it('does not guard those characters after the first position', () => {
    expect(csvCell('a=b')).toBe('a=b')
    expect(csvCell('jane@example.com')).toBe('jane@example.com')
    expect(csvCell('2026-03-01')).toBe('2026-03-01')
  })
})

describe('toCsv', () => {
  it('joins cells with commas and records with CRLF, ending with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['c', 'd'],
      ]),
    ).toBe('a,b\r\nc,d\r\n')
    expect(toCsv([])).toBe('')
  })

  it('reads back cell for cell, whatever the cells hold', () => {
    const rows = [
      ['plain', 'with, comma', 'with "quotes"'],
      ['multi\nline', 'crlf\r\ninside', '한국어, 그리고 "따옴표"'],
      ['', ' spaces ', 'emoji 🏡'],
    ]
    expect(parseCsv(toCsv(rows))).toEqual(rows)
  })
})
