import { sendLogsTo, type LogLevel } from '~/server/logging/logger'

/*
 * The process's log lines, read by a test instead of written to stdout (decision 044). Each line
 * is kept as written (`raw`) and as parsed.
 */

export type LogLine = Record<string, unknown>

export type LogCapture = {
  lines: Array<LogLine>
  raw: Array<string>
  /** Lines with `msg` equal to `message`. */
  withMessage: (message: string) => Array<LogLine>
  stop: () => void
}

function isRecord(value: unknown): value is LogLine {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function captureLogs(level: LogLevel = 'debug'): LogCapture {
  const lines: Array<LogLine> = []
  const raw: Array<string> = []
  sendLogsTo(
    {
      write: (line) => {
        raw.push(line)
        const parsed: unknown = JSON.parse(line)
        if (isRecord(parsed)) lines.push(parsed)
      },
    },
    level,
  )
  return { lines, raw, withMessage: (message) => lines.filter((line) => line.msg === message), stop: () => sendLogsTo(undefined) }
}
