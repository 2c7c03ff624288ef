import { AsyncLocalStorage } from 'node:async_hooks'
import { hostname } from 'node:os'
import pino from 'pino'
import { env } from '~/server/config/env'
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
  /** Where the lines go; stdout by default. */
  destination?: pino.DestinationStream
  /** `npm start`'s worker slot (WORKER_INDEX); absent outside the cluster. */
  worker?: number
}

export function createLogger(options: LoggerOptions): Logger {
  const destination =
    options.destination ?? (options.format === 'pretty' ? prettyDestination((text) => process.stdout.write(text)) : pino.destination({ dest: 1, sync: true }))
  return pino(
    {
      level: options.level,
      base: { pid: process.pid, hostname: hostname(), ...(options.worker === undefined ? {} : { worker: options.worker }) },
      // Personal data by field name, and errors reduced to type, message, stack and code.
      redact: { paths: redactPaths(), censor: '[redacted]' },
      serializers: { err: serializeError },
      mixin: () => requestContext.getStore() ?? {},
      // The last net: an e-mail address or a bearer token that reached a line anyway (an error
      // message quoting a value) is replaced before the line is written.
      hooks: { streamWrite: scrubText },
    },
    destination,
  )
}

let root: Logger | undefined
let rootDestination: pino.DestinationStream | undefined

/** The process's logger, made at first use from LOG_LEVEL and LOG_FORMAT. */
export function logger(): Logger {
  if (root) return root
  const config = env()
  const format = config.LOG_FORMAT ?? (config.NODE_ENV !== 'production' && process.stdout.isTTY ? 'pretty' : 'json')
  root = createLogger({ level: config.LOG_LEVEL, format, destination: rootDestination, worker: config.WORKER_INDEX })
  return root
}

/** A logger whose lines name the part of the app that wrote them (`component`). */
export function componentLogger(component: string): Logger {
  return logger().child({ component })
}

/**
 * Sends the process's lines to `destination` as JSON (tests read them); undefined: back to
 * the configured output. The logger is made again at its next use.
 */
export function sendLogsTo(destination: pino.DestinationStream | undefined, level?: LogLevel): void {
  rootDestination = destination
  root = destination ? createLogger({ level: level ?? env().LOG_LEVEL, format: 'json', destination, worker: env().WORKER_INDEX }) : undefined
}
