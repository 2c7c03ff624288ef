/*
 * CSV files as every export writes them (the lead desk's and the inbox's, the data export's):
 * RFC 4180, UTF-8 with a BOM, and the formula-injection guard. Pure: no Lingui; callers pass
 * the translated headers.
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
