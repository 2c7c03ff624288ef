/*
 * CSV files as every export writes them (the inbox's and the leads' in the browser, the data
 * export on the server): RFC 4180, UTF-8 with a BOM, and the formula-injection guard. Pure:
 * no DOM, no Lingui; callers pass the translated headers.
 */

/** Excel only reads a CSV as UTF-8 (Korean names intact) when the file starts with a BOM. */
export const UTF8_BOM = '\uFEFF'

/** RFC 4180 record separator. */
const CRLF = '\r\n'

/**
 * Cells that a spreadsheet would evaluate as a formula (CSV/formula injection, OWASP): `=`,
 * `+`, `-`, `@`, and tab or carriage return, which some programs strip before evaluating.
 */
const FORMULA_START = /^[=+\-@\t\r]/

/** One cell: formula-guarded with a leading `'`, then quoted when it holds `"`, `,`, CR or LF. */
export function csvCell(value: string): string {
  const guarded = FORMULA_START.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded
}

/** Records joined by CRLF (with a final CRLF), cells by commas; no BOM. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string>>): string {
  return rows.map((row) => row.map(csvCell).join(',')).join(CRLF) + (rows.length > 0 ? CRLF : '')
}

/** A column of an export: its header in the viewer's language beside how each row fills it, so the two cannot drift apart. */
export type CsvColumn<Row> = readonly [header: string, cell: (row: Row) => string]

/** The whole file: BOM, the header row, one record per row in the given order. */
export function csvFile<Row>(rows: ReadonlyArray<Row>, columns: ReadonlyArray<CsvColumn<Row>>): string {
  return UTF8_BOM + toCsv([columns.map(([header]) => header), ...rows.map((row) => columns.map(([, cell]) => cell(row)))])
}

/** `{name}-YYYY-MM-DD.csv`, dated in the viewer's time zone (the day they exported it). */
export function datedCsvFileName(name: string, now: Date): string {
  return `${name}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`
}

/**
 * `YYYY-MM-DD HH:mm` in the viewer's time zone: sortable, and a date every spreadsheet
 * recognises, whichever language the header row is in.
 */
export function csvDate(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`
}

function pad(value: number): string {
  return String(value).padStart(2, '0')
}
