import { AsyncLocalStorage } from 'node:async_hooks'
import { hostname } from 'node:os'
import pino from 'pino'
import { env } from '~/server/config/env'
import { recordDroppedLogLine } from '~/server/metrics/registry'
import { prettyDestination } from './pretty'
import { redactPaths, scrubText, serializeError } from './redaction'

/*
 * The process's log (issue 30 item 3, decision 044): one JSON object a line on stdout, for a
 * collector, or a readable line at a terminal. One line per request (request-log.ts) and per run
 * of a scheduled job (job-log.ts); warnings and errors besides. Operator text, never translated.
 */

export type Logger = pino.Logger
export type LogLevel = pino.LevelWithSilent

type LogContext = { reqId: string }

/** The request a line is written for, so an error logged deep in a handler names its request. */
const requestContext = new AsyncLocalStorage<LogContext>()

export function runWithRequestId<T>(reqId: string, work: () => T): T {
  return requestContext.run({ reqId }, work)
}

/**
 * Runs `work` as no request's: a timer set up during a request (the scheduled jobs start at the
 * first request) would otherwise name that request in every line it ever writes.
 */
export function runOutsideRequest<T>(work: () => T): T {
  return requestContext.exit(work)
}

export type LoggerOptions = {
  level: LogLevel
  format: 'json' | 'pretty'
  /** Where the lines go; stdout, buffered, by default (`bufferedStdout`). */
  destination?: pino.DestinationStream
  /** `npm start`'s worker slot (WORKER_INDEX); absent outside the cluster. */
  worker?: number
}

/**
 * Lines wait in memory until this many bytes are pending, then go out in one write from the
 * thread pool: one write per ~12 request lines instead of a blocking write per line, which
 * was a tenth of a busy worker's time (decision 055).
 */
const BUFFERED_BYTES = 3072
/**
 * No write holds more than this: on a pipe (a container's stdout, shared by every worker of
 * `npm start`) a write up to PIPE_BUF (4096 on Linux) is atomic, so the workers' lines never
 * interleave, and each write holds whole lines.
 */
const MAX_WRITE_BYTES = 4096
/**
 * A collector that stops reading must not stall the requests nor grow the process without end:
 * past this much pending, lines are dropped and counted (`log_lines_dropped_total`).
 */
const MAX_PENDING_BYTES = 16 * 1024 * 1024
/** A quiet process's last lines are written within this long. */
const FLUSH_INTERVAL_MS = 1000

export type BufferedDestination = pino.DestinationStream & { flushSync: () => void }

/**
 * stdout, buffered (see BUFFERED_BYTES). Whatever is pending is written synchronously when the
 * process exits, for whatever reason: `process.exit()` (a worker of `npm start` after SIGTERM
 * or SIGHUP), an uncaught exception, an empty event loop (pino's own exit hook), so no line is
 * lost on a graceful stop; only SIGKILL loses the last second.
 */
export function bufferedStdout(onDrop: () => void = () => {}): BufferedDestination {
  const destination = pino.destination({ dest: 1, sync: false, minLength: BUFFERED_BYTES, maxWrite: MAX_WRITE_BYTES, maxLength: MAX_PENDING_BYTES })
  destination.on('drop', onDrop)
  const timer = setInterval(() => destination.flush(), FLUSH_INTERVAL_MS).unref()
  destination.on('close', () => clearInterval(timer))
  return destination
}

const pinoOptions = (options: LoggerOptions): pino.LoggerOptions => ({
  level: options.level,
  base: { pid: process.pid, hostname: hostname(), ...(options.worker === undefined ? {} : { worker: options.worker }) },
})

/** One buffer on stdout per process, whichever logger is made (tests make them again and again). */
let stdoutDestination: BufferedDestination | undefined

function destinationFor(options: LoggerOptions): pino.DestinationStream {
  if (options.destination) return options.destination
  if (options.format === 'pretty') return prettyDestination((text) => process.stdout.write(text))
  stdoutDestination ??= bufferedStdout(recordDroppedLogLine)
  return stdoutDestination
}

export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      ...pinoOptions(options),
      // Personal data by field name, and errors reduced to type, message, stack and code.
      redact: { paths: redactPaths(), censor: '[redacted]' },
      serializers: { err: serializeError },
      mixin: () => requestContext.getStore() ?? {},
      // The last net: an e-mail address or a bearer token that reached a line anyway (an error
      // message quoting a value) is replaced before the line is written.
      hooks: { streamWrite: scrubText },
    },
    destinationFor(options),
  )
}

/**
 * The logger of the one line per request (request-log.ts), on the same destination and base as
 * `logger`'s. Its fields are an id it made, a method Node's parser accepted, a kind and a route
 * pattern from fixed lists, a status and a duration: nothing a visitor wrote, so the redaction,
 * the request context and the text scrub, a fifth of a stored page's time together, are left
 * out of it (decision 055). Anything else goes through `logger`.
 */
function createRequestLogger(options: LoggerOptions, destination: pino.DestinationStream): Logger {
  return pino(pinoOptions(options), destination)
}

type Loggers = { root: Logger; request: Logger }

let loggers: Loggers | undefined
let rootDestination: pino.DestinationStream | undefined

function makeLoggers(options: LoggerOptions): Loggers {
  const destination = destinationFor(options)
  const withDestination = { ...options, destination }
  return { root: createLogger(withDestination), request: createRequestLogger(withDestination, destination) }
}

function processLoggers(): Loggers {
  if (loggers) return loggers
  const config = env()
  const format = config.LOG_FORMAT ?? (config.NODE_ENV !== 'production' && process.stdout.isTTY ? 'pretty' : 'json')
  loggers = makeLoggers({ level: config.LOG_LEVEL, format, destination: rootDestination, worker: config.WORKER_INDEX })
  return loggers
}

/** The process's logger, made at first use from LOG_LEVEL and LOG_FORMAT. */
export function logger(): Logger {
  return processLoggers().root
}

/** The logger of request lines (see createRequestLogger): only request-log.ts writes with it. */
export function requestLogger(): Logger {
  return processLoggers().request
}

/** A logger whose lines name the part of the app that wrote them (`component`). */
export function componentLogger(component: string): Logger {
  return logger().child({ component })
}

/**
 * Sends the process's lines to `destination` as JSON (tests read them); undefined: back to
 * the configured output. The loggers are made again at their next use.
 */
export function sendLogsTo(destination: pino.DestinationStream | undefined, level?: LogLevel): void {
  rootDestination = destination
  loggers = destination ? makeLoggers({ level: level ?? env().LOG_LEVEL, format: 'json', destination, worker: env().WORKER_INDEX }) : undefined
}
