import { EMAIL_PATTERN } from './redaction'

/*
 * The check of a whole test run's server log (decision 044, scripts/check-server-log.ts): the
 * e2e suite signs up, writes messages and subscribes with e-mail addresses; none of them may
 * reach the log. Every line is scanned, JSON or not (a stray `console.log`, a library's warning),
 * for any e-mail address at all: the server log has no reason to hold one. And no request the suite
 * makes may end in a server error: a 5xx a test never looked at (a photo, a prefetch, a beacon)
 * would pass unseen otherwise. A request whose client left first is a 499 (decision 076), not one.
 */

export type LogScan = {
  lines: number
  jsonLines: number
  requestLines: number
  /** Each line holding an e-mail address: its number (from 1) and the address. */
  emails: Array<{ line: number; address: string }>
  /** Each request line with a 5xx status: its number (from 1), the status and the route's kind. */
  serverErrors: Array<{ line: number; status: number; kind: string }>
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function scanLog(text: string): LogScan {
  const scan: LogScan = { lines: 0, jsonLines: 0, requestLines: 0, emails: [], serverErrors: [] }
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return
    scan.lines += 1
    for (const match of line.matchAll(EMAIL_PATTERN)) scan.emails.push({ line: index + 1, address: match[0] })
    if (!line.startsWith('{')) return
    let parsed: unknown
    try {
      parsed = JSON.parse(line)
    } catch {
      return
    }
    if (!isRecord(parsed)) return
    scan.jsonLines += 1
    if (parsed.msg !== 'request' || typeof parsed.reqId !== 'string' || typeof parsed.status !== 'number') return
    scan.requestLines += 1
    if (parsed.status >= 500) scan.serverErrors.push({ line: index + 1, status: parsed.status, kind: String(parsed.kind) })
  })
  return scan
}

/** What is wrong with a run's log, or nothing: it holds request lines, no e-mail address and no server error. */
export function logProblems(scan: LogScan): Array<string> {
  const problems: Array<string> = []
  if (scan.requestLines === 0) problems.push(`no request line among ${scan.lines} lines (${scan.jsonLines} JSON): is the server logging?`)
  for (const { line, address } of scan.emails) problems.push(`line ${line} holds an e-mail address: ${address}`)
  for (const { line, status, kind } of scan.serverErrors) problems.push(`line ${line} answered a request (${kind}) with ${status}`)
  return problems
}
