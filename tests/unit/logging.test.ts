import { afterEach, describe, expect, it } from 'vitest'
import { countsOf, loggedJob } from '~/server/logging/job-log'
import { logProblems, scanLog } from '~/server/logging/log-scan'
import { componentLogger, createLogger } from '~/server/logging/logger'
import { prettyLine } from '~/server/logging/pretty'
import { scrubText, serializeError } from '~/server/logging/redaction'
import { measureRequest, metricsRegistry, routeKindOf } from '~/server/metrics/registry'
import { answerWithRequestLog, REQUEST_ID_HEADER, withRequestId } from '~/server/web/request-log'
import { captureLogs, type LogCapture } from '../log-capture'

/*
 * Structured logs (issue 30 item 3, decision 044): what a line says, what it never says, the
 * request id on the way out, and the check that fails a test run whose server log holds an
 * e-mail address.
 */

let logs: LogCapture | undefined
afterEach(() => {
  logs?.stop()
  logs = undefined
})

function written(): { lines: Array<string>; logger: ReturnType<typeof createLogger> } {
  const lines: Array<string> = []
  return { lines, logger: createLogger({ level: 'debug', format: 'json', destination: { write: (line) => lines.push(line) } }) }
}

describe('redaction', () => {
  it('replaces e-mail addresses and bearer tokens in free text', () => {
    expect(scrubText('no account for jane.kim+test@example.co.kr, ask Kim@Realty.Example')).toBe('no account for [email], ask [email]')
    expect(scrubText('sent Authorization: Bearer abc.DEF-123_x=')).toBe('sent Authorization: Bearer [token]')
    expect(scrubText('node_modules/@tanstack/react-start/dist/x.js:10')).toBe('node_modules/@tanstack/react-start/dist/x.js:10')
  })

  it("keeps an error's type, message, stack, code and cause, and nothing else of it", () => {
    const cause = new Error('connect ECONNREFUSED')
    const error = Object.assign(new Error('duplicate key for lee@example.com', { cause }), {
      code: '23505',
      detail: 'Key (email)=(lee@example.com) already exists.',
      parameters: ['lee@example.com', 'Lee'],
    })
    const serialized = serializeError(error)
    expect(serialized).toEqual({
      type: 'Error',
      message: 'duplicate key for [email]',
      stack: expect.any(String) as unknown,
      code: '23505',
      cause: expect.objectContaining({ message: 'connect ECONNREFUSED' }) as unknown,
    })
    expect(JSON.stringify(serialized)).not.toContain('lee@example.com')
    expect(serializeError('plain text from a@b.io')).toEqual({ type: 'string', message: 'plain text from [email]' })
  })

  it('writes no personal field, whatever the code passes, and no e-mail address anywhere in a line', () => {
    const { lines, logger } = written()
    logger.info(
      { email: 'a@example.com', phone: '010-1234-5678', name: 'Jane Kim', contact: { email: 'b@example.com', body: 'Call me' }, realtorId: 'r-1' },
      'lead stored',
    )
    logger.warn({ note: 'from c@example.com' }, 'mail to d@example.com bounced')
    logger.error({ err: new Error('no user e@example.com') }, 'failed')
    const text = lines.join('')
    for (const secret of ['a@', 'b@', 'c@', 'd@', 'e@', '010-1234-5678', 'Jane Kim', 'Call me']) expect(text).not.toContain(secret)
    const [first] = lines.map((line): unknown => JSON.parse(line))
    expect(first).toMatchObject({
      level: 30,
      msg: 'lead stored',
      realtorId: 'r-1',
      email: '[redacted]',
      phone: '[redacted]',
      contact: { email: '[redacted]', body: '[redacted]' },
    })
  })

  it('writes one JSON object a line, with pid, time and level', () => {
    const { lines, logger } = written()
    logger.info({ n: 1 }, 'one')
    expect(lines).toHaveLength(1)
    expect(lines[0]?.endsWith('\n')).toBe(true)
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ level: 30, pid: process.pid, msg: 'one', n: 1, time: expect.any(Number) as unknown })
  })

  it('reads as one short line at a terminal, an error with its stack below', () => {
    const line = JSON.stringify({
      level: 30,
      time: Date.UTC(2026, 0, 2, 3, 4, 5),
      pid: 1,
      worker: 0,
      msg: 'request',
      method: 'GET',
      kind: 'page',
      status: 200,
      ms: 3.5,
    })
    expect(prettyLine(line)).toBe('03:04:05 w0 INFO  request method=GET kind=page status=200 ms=3.5\n')
    const failed = JSON.stringify({
      level: 50,
      time: 0,
      component: 'api',
      msg: 'unexpected error',
      err: { message: 'boom', stack: 'Error: boom\n    at x (y.ts:1:1)' },
    })
    expect(prettyLine(failed)).toBe('00:00:00 ERROR [api] unexpected error err="boom"\n    at x (y.ts:1:1)\n')
    expect(prettyLine('not json')).toBe('not json\n')
  })
})

/** The front door's two outer layers, as src/server.ts stacks them: the log outside the metrics. */
function measuredAndLogged(request: Request, handle: () => Promise<Response>): Promise<Response> {
  return answerWithRequestLog(request, (logged, { kind }) => measureRequest(logged, handle, kind))
}

/** `http_requests_total` of one label set, as a scrape reads it. */
async function requestCount(kind: string, method: string, status: number): Promise<number> {
  const values = (await metricsRegistry.getSingleMetric('http_requests_total')?.get())?.values ?? []
  return values.find((value) => value.labels.kind === kind && value.labels.method === method && value.labels.status === String(status))?.value ?? 0
}

describe('request log', () => {
  it('writes one line per request with its id, method, kind, route, status, time; the id goes back as X-Request-Id', async () => {
    logs = captureLogs('info')
    const response = await answerWithRequestLog(
      new Request('https://site.test/cozying-api/v1/realtor/jane-kim?email=x@example.com'),
      () => Promise.resolve(new Response('{}', { status: 201 })),
      {
        routeOf: () => '/cozying-api/v1/realtor/{key}',
      },
    )
    const lines = logs.withMessage('request')
    expect(lines).toHaveLength(1)
    const [line] = lines
    expect(line).toMatchObject({
      level: 30,
      method: 'GET',
      kind: 'api',
      route: '/cozying-api/v1/realtor/{key}',
      status: 201,
      ms: expect.any(Number) as unknown,
      pid: process.pid,
    })
    expect(line?.reqId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(response.headers.get(REQUEST_ID_HEADER)).toBe(line?.reqId)
    // Neither the path (a realtor's address) nor the query is written.
    expect(logs.raw.join('')).not.toMatch(/jane-kim|example\.com/)
  })

  it('takes no id from the client', async () => {
    logs = captureLogs('info')
    const response = await answerWithRequestLog(new Request('https://site.test/', { headers: { 'x-request-id': 'forged' } }), () =>
      Promise.resolve(new Response('ok')),
    )
    expect(response.headers.get(REQUEST_ID_HEADER)).not.toBe('forged')
    expect(logs.raw.join('')).not.toContain('forged')
  })

  it('names the request in every line written while it is answered', async () => {
    logs = captureLogs('info')
    const response = await answerWithRequestLog(new Request('https://site.test/x'), async () => {
      await Promise.resolve()
      componentLogger('api').warn('inside')
      return new Response('ok')
    })
    const inside = logs.withMessage('inside')
    expect(inside).toEqual([expect.objectContaining({ component: 'api', reqId: response.headers.get(REQUEST_ID_HEADER) })])
  })

  it('writes a request that throws as a 500 with its error, and rethrows', async () => {
    logs = captureLogs('info')
    await expect(
      answerWithRequestLog(new Request('https://site.test/x'), () => Promise.reject(new Error('render failed for kim@example.com'))),
    ).rejects.toThrow('render failed')
    expect(logs.withMessage('request')).toEqual([
      expect.objectContaining({ level: 50, status: 500, err: expect.objectContaining({ message: 'render failed for [email]' }) as unknown }),
    ])
  })

  it('writes a 5xx whose client had gone as a 499 at info, and counts it as one (decision 076)', async () => {
    logs = captureLogs('info')
    const before = await requestCount('upload', 'GET', 499)
    // What Start does when a visitor closes the tab mid-request: the signal aborts, a 500 comes back.
    const left = new AbortController()
    await measuredAndLogged(new Request('https://site.test/uploads/a.webp', { signal: left.signal }), () => {
      left.abort(new Error('aborted'))
      return Promise.resolve(new Response(null, { status: 500 }))
    })
    // A request that throws after its client left: no error line, since nothing failed on our side.
    const leftWhileThrowing = new AbortController()
    await expect(
      measuredAndLogged(new Request('https://site.test/uploads/b.webp', { signal: leftWhileThrowing.signal }), () => {
        leftWhileThrowing.abort(new Error('aborted'))
        return Promise.reject(new Error('aborted'))
      }),
    ).rejects.toThrow('aborted')
    // A real 500, the client still there, stays one; a finished answer to a client who left keeps its status.
    await measuredAndLogged(new Request('https://site.test/uploads/c.webp'), () => Promise.resolve(new Response(null, { status: 500 })))
    const answered = new AbortController()
    await measuredAndLogged(new Request('https://site.test/uploads/d.webp', { signal: answered.signal }), () => {
      answered.abort()
      return Promise.resolve(new Response('ok'))
    })
    expect(logs.withMessage('request').map((line) => [line.level, line.status, 'err' in line])).toEqual([
      [30, 499, false],
      [30, 499, false],
      [30, 500, false],
      [30, 200, false],
    ])
    expect(await requestCount('upload', 'GET', 499)).toBe(before + 2)
  })

  it('writes health and metrics probes only at debug', async () => {
    logs = captureLogs('info')
    for (const path of ['/healthz', '/readyz', '/metrics'])
      await answerWithRequestLog(new Request(`https://site.test${path}`), () => Promise.resolve(new Response('ok')))
    expect(logs.withMessage('request')).toEqual([])
    logs.stop()
    logs = captureLogs('debug')
    await answerWithRequestLog(new Request('https://site.test/healthz'), () => Promise.resolve(new Response('ok')))
    expect(logs.withMessage('request')).toEqual([expect.objectContaining({ level: 20, kind: 'health' })])
  })

  it('sets the id on a response whose headers are immutable (Response.redirect)', () => {
    const redirect = Response.redirect('https://site.test/en', 307)
    const answered = withRequestId(redirect, 'id-1')
    expect(answered.status).toBe(307)
    expect(answered.headers.get('location')).toBe('https://site.test/en')
    expect(answered.headers.get(REQUEST_ID_HEADER)).toBe('id-1')
  })
})

describe('route kinds', () => {
  it('labels every file answered before Start as an asset, whatever its ending', () => {
    // A map tile or the map style is no page view: counted as one, it would skew the page latency.
    expect(routeKindOf('/map-data/tiles/14/2813/6559.pbf')).toBe('asset')
    expect(routeKindOf('/map-data/style.json')).toBe('asset')
    expect(routeKindOf('/listing-photos/ab/cd/photo-w640')).toBe('asset')
    expect(routeKindOf('/uploads/realtor/photo.w640.webp')).toBe('upload')
  })

  it('keeps pages, the API and its beacon apart', () => {
    expect(routeKindOf('/sora-park')).toBe('page')
    expect(routeKindOf('/en/sora-park/homes/123')).toBe('page')
    expect(routeKindOf('/cozying-api/v1/realtors')).toBe('api')
    expect(routeKindOf('/cozying-api/visit')).toBe('beacon')
    expect(routeKindOf('/_serverFn/abc')).toBe('serverfn')
  })
})

describe('job log', () => {
  it('takes only numbers from a result', () => {
    expect(countsOf({ sent: 2, kept: 0, to: 'a@example.com', ids: ['x'] })).toEqual({ sent: 2, kept: 0 })
    expect(countsOf(3)).toEqual({ count: 3 })
    expect(countsOf(['a', 'b'])).toEqual({ count: 2 })
    expect(countsOf(undefined)).toEqual({})
  })

  it('writes one line per run: info when it did something, debug when not, error when it failed', async () => {
    logs = captureLogs('debug')
    await loggedJob('mail.outbox', () => Promise.resolve({ sent: 2, kept: 1 }))
    await loggedJob('mail.outbox', () => Promise.resolve({ sent: 0, kept: 0 }))
    await expect(loggedJob('alerts', () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone')
    expect(logs.withMessage('job')).toEqual([
      expect.objectContaining({ level: 30, job: 'mail.outbox', outcome: 'ok', ms: expect.any(Number) as unknown, counts: { sent: 2, kept: 1 } }),
      expect.objectContaining({ level: 20, job: 'mail.outbox', outcome: 'ok', counts: { sent: 0, kept: 0 } }),
      expect.objectContaining({ level: 50, job: 'alerts', outcome: 'failed', err: expect.objectContaining({ message: 'database gone' }) as unknown }),
    ])
  })

  it('times every run in job_run_duration_seconds, by job and outcome', async () => {
    logs = captureLogs('debug')
    // The count of a histogram is the number of runs, in the text a scrape reads.
    const runs = async (job: string, outcome: string) => {
      const text = await metricsRegistry.getSingleMetricAsString('job_run_duration_seconds')
      const line = text.split('\n').find((row) => row.startsWith(`job_run_duration_seconds_count{job="${job}",outcome="${outcome}"}`))
      return line ? Number(line.split(' ').at(-1)) : 0
    }
    const before = { ok: await runs('lead-replies.digests', 'ok'), failed: await runs('lead-replies.digests', 'failed') }
    await loggedJob('lead-replies.digests', () => Promise.resolve({ digests: 1 }))
    await expect(loggedJob('lead-replies.digests', () => Promise.reject(new Error('smtp down')))).rejects.toThrow('smtp down')
    expect(await runs('lead-replies.digests', 'ok')).toBe(before.ok + 1)
    expect(await runs('lead-replies.digests', 'failed')).toBe(before.failed + 1)
  })
  it('names no request in the lines of a job started while one was answered (the schedules start at the first request)', async () => {
    logs = captureLogs('debug')
    let job: Promise<unknown> = Promise.resolve()
    await answerWithRequestLog(new Request('https://site.test/readyz'), () => {
      job = loggedJob('alerts', () => Promise.resolve({ mails: 1 }))
      return Promise.resolve(new Response('ok'))
    })
    await job
    const [line] = logs.withMessage('job')
    expect(line).toMatchObject({ job: 'alerts' })
    expect(line).not.toHaveProperty('reqId')
  })
})

describe("the check of a test run's server log", () => {
  const request = JSON.stringify({ level: 30, msg: 'request', reqId: 'a', method: 'GET', kind: 'page', status: 200, ms: 1 })

  it('passes a log of request lines without e-mail addresses', () => {
    const scan = scanLog(`[serve] 2 workers on port 3210\n${request}\n${request}\n`)
    expect(scan).toMatchObject({ lines: 3, jsonLines: 2, requestLines: 2, emails: [], serverErrors: [] })
    expect(logProblems(scan)).toEqual([])
  })

  it('fails a line that holds an e-mail address, JSON or not', () => {
    const leaked = JSON.stringify({ level: 30, msg: 'lead stored', from: 'e2e-visitor@example.com' })
    const scan = scanLog(`${request}\n${leaked}\nWarning: mail to kim@b.co failed\n`)
    expect(scan.emails).toEqual([
      { line: 2, address: 'e2e-visitor@example.com' },
      { line: 3, address: 'kim@b.co' },
    ])
    expect(logProblems(scan)).toEqual(['line 2 holds an e-mail address: e2e-visitor@example.com', 'line 3 holds an e-mail address: kim@b.co'])
  })

  it('fails a request answered with a 5xx; a client that left first (499) is none', () => {
    const line = (status: number, kind: string) => JSON.stringify({ level: 30, msg: 'request', reqId: 'a', method: 'GET', kind, status, ms: 1 })
    const scan = scanLog([request, line(499, 'upload'), line(500, 'serverfn'), line(503, 'page')].join('\n'))
    expect(scan.serverErrors).toEqual([
      { line: 3, status: 500, kind: 'serverfn' },
      { line: 4, status: 503, kind: 'page' },
    ])
    expect(logProblems(scan)).toEqual(['line 3 answered a request (serverfn) with 500', 'line 4 answered a request (page) with 503'])
  })

  it('fails an empty log, or one without a request line', () => {
    expect(logProblems(scanLog(''))).toHaveLength(1)
    expect(logProblems(scanLog('[serve] 2 workers on port 3210\n'))).toHaveLength(1)
  })
})
