/*
 * A strict RFC 4180 reader, to prove that what our exports write reads back cell for cell
 * (tests/unit/csv.test.ts, tests/integration/inbox-csv.test.ts).
 */

/** The records of a CSV without its BOM, each a list of cells; throws on anything RFC 4180 forbids. */
export function parseCsv(text: string): Array<Array<string>> {
  const rows: Array<Array<string>> = []
  let row: Array<string> = []
  let cell = ''
  let quoted = false
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"'
        index += 1
      } else if (char === '"') {
        quoted = false
      } else {
        cell += char
      }
    } else if (char === '"') {
      if (cell !== '') throw new Error(`a quote inside an unquoted cell at ${index}`)
      quoted = true
    } else if (char === ',') {
      row.push(cell)
      cell = ''
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      index += 1
    } else if (char === '\r' || char === '\n') {
      throw new Error(`a bare line break outside quotes at ${index}`)
    } else {
      cell += char
    }
  }
  if (quoted) throw new Error('an unterminated quoted cell')
  if (cell !== '' || row.length > 0) rows.push([...row, cell])
  return rows
}
