/*
 * The readable form of the log for a person at a terminal (`vite dev`, `npm start` by hand):
 * `12:03:04 INFO  request GET page 200 12 ms`. Written here rather than with pino-pretty, which
 * pino runs as a transport in a worker thread: one dependency and one thread fewer, and
 * production, which writes JSON, never loads it.
 */

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO ', 40: 'WARN ', 50: 'ERROR', 60: 'FATAL' }

/** Fields every line has, shown in the line's head or not at all. */
const HEAD_FIELDS = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'worker', 'component'])

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** One JSON line of pino as one readable line (and an error's stack below it). */
export function prettyLine(line: string): string {
  let parsed: unknown
  try {
    parsed = JSON.parse(line)
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`
  }
  if (!isRecord(parsed)) return `${line.trimEnd()}\n`
  const time = typeof parsed.time === 'number' ? new Date(parsed.time).toISOString().slice(11, 19) : ''
  const level = typeof parsed.level === 'number' ? (LEVELS[parsed.level] ?? String(parsed.level)) : ''
  const component = typeof parsed.component === 'string' ? `[${parsed.component}] ` : ''
  const worker = typeof parsed.worker === 'number' ? ` w${parsed.worker}` : ''
  const message = typeof parsed.msg === 'string' ? parsed.msg : ''
  let stack = ''
  const fields: Array<string> = []
  for (const [key, value] of Object.entries(parsed)) {
    if (HEAD_FIELDS.has(key)) continue
    if (key === 'err' && isRecord(value)) {
      fields.push(`err=${JSON.stringify(value.message)}`)
      if (typeof value.stack === 'string') stack = `\n    ${value.stack.split('\n').slice(1).join('\n    ').trim()}`
      continue
    }
    fields.push(`${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
  }
  return `${time}${worker} ${level} ${component}${message}${fields.length > 0 ? ` ${fields.join(' ')}` : ''}${stack}\n`
}

/** A pino destination that writes each line in its readable form. */
export function prettyDestination(write: (text: string) => void): { write: (line: string) => void } {
  return { write: (line) => write(prettyLine(line)) }
}
