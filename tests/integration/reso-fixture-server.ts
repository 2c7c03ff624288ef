import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

/*
 * A RESO Web API server on loopback for the import tests: an OAuth2 client-credentials token
 * endpoint and an OData v4 `Property` entity set. It really evaluates the parts of OData the
 * importer sends ($filter with eq/ne/gt/ge/lt/le, and/or, parentheses and quoted strings;
 * $select, $expand with a nested $select, $top, $skip, $orderby) and pages with
 * `@odata.nextLink`, so a wrong query gives wrong data, not a passing test. Every request is
 * recorded; `inject` makes the next matching requests fail in a chosen way. With
 * `openHouses: true` it also serves an `OpenHouse` entity set (issue 26); without, that path is
 * a 404, as on a feed that does not offer the resource.
 */

export type ResoRecord = Record<string, unknown>

export type RecordedRequest = {
  method: string
  path: string
  /** Decoded query options ($filter, $select, …). */
  query: Record<string, string>
  authorization: string | undefined
  /** The form body of a token request. */
  form: Record<string, string>
  status: number
}

export type Injection = {
  when: (request: RecordedRequest) => boolean
  /** How many matching requests it applies to (default 1). */
  times?: number
  /** `drop` closes the connection without an answer (a network error); `revoke` invalidates every issued token first. */
  action: { status: number; headers?: Record<string, string>; body?: string } | 'drop' | 'revoke'
}

export type ResoFixtureOptions = {
  clientId?: string
  clientSecret?: string
  /** Largest page the server sends, whatever $top asks. */
  maxPageSize?: number
  /** `relative` sends nextLink as a path relative to the service root, like some vendors do. */
  nextLink?: 'absolute' | 'relative'
  tokenLifetimeSeconds?: number
  /** Serve the `OpenHouse` entity set (from `openHouses`). */
  openHouses?: boolean
}

export type ResoFixtureServer = {
  origin: string
  serviceRoot: string
  tokenUrl: string
  clientId: string
  clientSecret: string
  /** The feed; tests change it between runs. */
  records: Array<ResoRecord>
  /** The OpenHouse entity set's rows, served when the server was started with `openHouses: true`. */
  openHouses: Array<ResoRecord>
  requests: Array<RecordedRequest>
  inject: (injection: Injection) => void
  /** Feed requests (not token requests). */
  feedRequests: () => Array<RecordedRequest>
  tokenRequests: () => Array<RecordedRequest>
  close: () => Promise<void>
}

// $filter ---------------------------------------------------------------------------------------

type Token = { kind: 'open' } | { kind: 'close' } | { kind: 'string'; value: string } | { kind: 'word'; value: string }

function tokenize(input: string): Array<Token> {
  const tokens: Array<Token> = []
  let index = 0
  while (index < input.length) {
    const char = input.charAt(index)
    if (char === ' ') {
      index += 1
    } else if (char === '(') {
      tokens.push({ kind: 'open' })
      index += 1
    } else if (char === ')') {
      tokens.push({ kind: 'close' })
      index += 1
    } else if (char === "'") {
      let value = ''
      index += 1
      for (;;) {
        if (index >= input.length) throw new ODataError(`unterminated string in $filter: ${input}`)
        const next = input.charAt(index)
        if (next === "'") {
          if (input.charAt(index + 1) === "'") {
            value += "'"
            index += 2
            continue
          }
          index += 1
          break
        }
        value += next
        index += 1
      }
      tokens.push({ kind: 'string', value })
    } else {
      const match = /^[^\s()']+/.exec(input.slice(index))
      if (!match) throw new ODataError(`unexpected character ${char} in $filter`)
      tokens.push({ kind: 'word', value: match[0] })
      index += match[0].length
    }
  }
  return tokens
}

class ODataError extends Error {}

type Literal =
  | { kind: 'string'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'datetime'; value: number }
  | { kind: 'null' }
  | { kind: 'boolean'; value: boolean }
type Expr = { op: 'and'; left: Expr; right: Expr } | { op: 'or'; left: Expr; right: Expr } | { op: 'cmp'; field: string; cmp: string; literal: Literal }

const COMPARISONS = new Set(['eq', 'ne', 'gt', 'ge', 'lt', 'le'])
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/

export function parseFilter(input: string): Expr {
  const tokens = tokenize(input)
  let position = 0
  const peek = () => tokens[position]
  const isWord = (token: Token | undefined, word: string) => token?.kind === 'word' && token.value === word

  function literal(): Literal {
    const token = tokens[position++]
    if (!token) throw new ODataError('a comparison lacks its value')
    if (token.kind === 'string') return { kind: 'string', value: token.value }
    if (token.kind !== 'word') throw new ODataError('a comparison lacks its value')
    if (token.value === 'null') return { kind: 'null' }
    if (token.value === 'true' || token.value === 'false') return { kind: 'boolean', value: token.value === 'true' }
    if (DATETIME.test(token.value)) return { kind: 'datetime', value: Date.parse(token.value) }
    if (/^-?\d+(\.\d+)?$/.test(token.value)) return { kind: 'number', value: Number(token.value) }
    // Unquoted text is how a client forgets the quotes: a real server answers 400 too.
    throw new ODataError(`not a literal: ${token.value}`)
  }

  function primary(): Expr {
    const token = peek()
    if (token?.kind === 'open') {
      position += 1
      const inner = or()
      if (peek()?.kind !== 'close') throw new ODataError('missing )')
      position += 1
      return inner
    }
    if (token?.kind !== 'word') throw new ODataError('expected a field name')
    position += 1
    const cmp = peek()
    if (cmp?.kind !== 'word' || !COMPARISONS.has(cmp.value)) throw new ODataError(`expected a comparison after ${token.value}`)
    position += 1
    return { op: 'cmp', field: token.value, cmp: cmp.value, literal: literal() }
  }

  function and(): Expr {
    let left = primary()
    while (isWord(peek(), 'and')) {
      position += 1
      left = { op: 'and', left, right: primary() }
    }
    return left
  }

  function or(): Expr {
    let left = and()
    while (isWord(peek(), 'or')) {
      position += 1
      left = { op: 'or', left, right: and() }
    }
    return left
  }

  const expr = or()
  if (position !== tokens.length) throw new ODataError(`unexpected text in $filter at token ${position}`)
  return expr
}

function compare(a: number | string, b: number | string, cmp: string): boolean {
  switch (cmp) {
    case 'eq':
      return a === b
    case 'ne':
      return a !== b
    case 'gt':
      return a > b
    case 'ge':
      return a >= b
    case 'lt':
      return a < b
    default:
      return a <= b
  }
}

export function matches(expr: Expr, record: ResoRecord): boolean {
  if (expr.op === 'and') return matches(expr.left, record) && matches(expr.right, record)
  if (expr.op === 'or') return matches(expr.left, record) || matches(expr.right, record)
  const value = record[expr.field]
  const { literal } = expr
  if (literal.kind === 'null') return expr.cmp === 'eq' ? value === null || value === undefined : value !== null && value !== undefined
  if (literal.kind === 'datetime') return typeof value === 'string' && compare(Date.parse(value), literal.value, expr.cmp)
  if (literal.kind === 'boolean') return typeof value === 'boolean' && compare(String(value), String(literal.value), expr.cmp)
  if (literal.kind === 'number') return typeof value === 'number' && compare(value, literal.value, expr.cmp)
  return typeof value === 'string' && compare(value, literal.value, expr.cmp)
}

// $select, $expand, $orderby --------------------------------------------------------------------

function selectFields(select: string | undefined): Array<string> | undefined {
  return select === undefined
    ? undefined
    : select
        .split(',')
        .map((field) => field.trim())
        .filter((field) => field !== '')
}

/** `Media` or `Media($select=A,B)`. */
function parseExpand(expand: string | undefined): { field: string; select: Array<string> | undefined } | undefined {
  if (expand === undefined) return undefined
  const match = /^(\w+)(?:\(\$select=([\w,]+)\))?$/.exec(expand.trim())
  if (!match?.[1]) throw new ODataError(`unsupported $expand: ${expand}`)
  return { field: match[1], select: selectFields(match[2]) }
}

function pick(record: ResoRecord, fields: ReadonlyArray<string> | undefined): ResoRecord {
  if (fields === undefined) return { ...record }
  return Object.fromEntries(fields.filter((field) => field in record).map((field) => [field, record[field]]))
}

function shape(record: ResoRecord, select: Array<string> | undefined, expand: ReturnType<typeof parseExpand>): ResoRecord {
  // Navigation properties come only through $expand, as in OData.
  const result = pick(record, select?.filter((field) => field !== 'Media') ?? Object.keys(record).filter((field) => field !== 'Media'))
  if (expand) {
    const related = record[expand.field]
    result[expand.field] = Array.isArray(related)
      ? related.map((item: unknown) => (typeof item === 'object' && item !== null ? pick(Object.fromEntries(Object.entries(item)), expand.select) : item))
      : []
  }
  return result
}

function orderBy(records: Array<ResoRecord>, spec: string | undefined): Array<ResoRecord> {
  if (spec === undefined) return records
  const [field = '', direction = 'asc'] = spec.trim().split(/\s+/)
  const sign = direction === 'desc' ? -1 : 1
  const key = (record: ResoRecord): number | string => {
    const value = record[field]
    if (typeof value === 'string' && DATETIME.test(value)) return Date.parse(value)
    return typeof value === 'number' || typeof value === 'string' ? value : ''
  }
  return [...records].sort((a, b) => {
    const left = key(a)
    const right = key(b)
    if (left === right) return String(a.ListingKey).localeCompare(String(b.ListingKey))
    return left < right ? -sign : sign
  })
}

// The server ------------------------------------------------------------------------------------

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Array<Buffer> = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers })
  response.end(JSON.stringify(body))
}

export async function startResoFixtureServer(options: ResoFixtureOptions = {}): Promise<ResoFixtureServer> {
  const clientId = options.clientId ?? 'test-client'
  const clientSecret = options.clientSecret ?? 'test-secret'
  const maxPageSize = options.maxPageSize ?? 1000
  const issued = new Set<string>()
  let tokenCounter = 0
  const injections: Array<Injection & { remaining: number }> = []
  const requests: Array<RecordedRequest> = []
  const records: Array<ResoRecord> = []
  const openHouses: Array<ResoRecord> = []
  let origin = ''

  function credentialsOf(request: IncomingMessage, form: Record<string, string>): { id: string; secret: string } | undefined {
    const header = request.headers.authorization
    if (header?.startsWith('Basic ')) {
      const [id = '', secret = ''] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')
      return { id: decodeURIComponent(id), secret: decodeURIComponent(secret) }
    }
    if (form.client_id !== undefined) return { id: form.client_id, secret: form.client_secret ?? '' }
    return undefined
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', origin)
    const body = request.method === 'POST' ? await readBody(request) : ''
    const recorded: RecordedRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: request.headers.authorization,
      form: Object.fromEntries(new URLSearchParams(body)),
      status: 0,
    }
    requests.push(recorded)

    const injection = injections.find((candidate) => candidate.remaining > 0 && candidate.when(recorded))
    if (injection) {
      injection.remaining -= 1
      if (injection.action === 'drop') {
        recorded.status = -1
        request.socket.destroy()
        return
      }
      if (injection.action === 'revoke') {
        issued.clear()
      } else {
        recorded.status = injection.action.status
        response.writeHead(injection.action.status, { 'content-type': 'application/json', ...injection.action.headers })
        response.end(injection.action.body ?? JSON.stringify({ error: { code: String(injection.action.status), message: 'injected failure' } }))
        return
      }
    }

    if (url.pathname === '/oauth/token') {
      const credentials = credentialsOf(request, recorded.form)
      if (request.method !== 'POST' || recorded.form.grant_type !== 'client_credentials') {
        recorded.status = 400
        return sendJson(response, 400, { error: 'unsupported_grant_type' })
      }
      if (!credentials || credentials.id !== clientId || credentials.secret !== clientSecret) {
        recorded.status = 401
        return sendJson(response, 401, { error: 'invalid_client' })
      }
      tokenCounter += 1
      const token = `token-${tokenCounter}`
      issued.add(token)
      recorded.status = 200
      return sendJson(response, 200, { access_token: token, token_type: 'Bearer', expires_in: options.tokenLifetimeSeconds ?? 3600 })
    }

    const entitySet = url.pathname === '/odata/Property' ? 'Property' : url.pathname === '/odata/OpenHouse' && options.openHouses ? 'OpenHouse' : undefined
    if (entitySet === undefined) {
      recorded.status = 404
      return sendJson(response, 404, { error: { code: '404', message: 'no such resource' } })
    }
    const bearer = recorded.authorization?.startsWith('Bearer ') ? recorded.authorization.slice(7) : undefined
    if (bearer === undefined || !issued.has(bearer)) {
      recorded.status = 401
      return sendJson(response, 401, { error: { code: '401', message: 'invalid or expired token' } })
    }
    try {
      const query = recorded.query
      const filter = query.$filter === undefined ? undefined : parseFilter(query.$filter)
      const expand = parseExpand(query.$expand)
      const select = selectFields(query.$select)
      const top = Math.min(query.$top === undefined ? maxPageSize : Number(query.$top), maxPageSize)
      const skip = query.$skip === undefined ? 0 : Number(query.$skip)
      if (!Number.isInteger(top) || top < 1 || !Number.isInteger(skip) || skip < 0) throw new ODataError('bad $top or $skip')
      const rows = entitySet === 'OpenHouse' ? openHouses : records
      const matching = orderBy(
        rows.filter((record) => filter === undefined || matches(filter, record)),
        query.$orderby,
      )
      const page = matching.slice(skip, skip + top).map((record) => shape(record, select, expand))
      const result: Record<string, unknown> = { '@odata.context': `${origin}/odata/$metadata#${entitySet}`, value: page }
      if (skip + top < matching.length) {
        const next = new URLSearchParams(url.searchParams)
        next.set('$skip', String(skip + top))
        next.set('$top', String(top))
        const nextQuery = next.toString().replaceAll('+', '%20')
        result['@odata.nextLink'] = options.nextLink === 'relative' ? `${entitySet}?${nextQuery}` : `${origin}/odata/${entitySet}?${nextQuery}`
      }
      recorded.status = 200
      return sendJson(response, 200, result)
    } catch (error) {
      recorded.status = 400
      return sendJson(response, 400, { error: { code: '400', message: error instanceof Error ? error.message : String(error) } })
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500)
      response.end(String(error))
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const address = server.address()
  if (typeof address !== 'object' || address === null) throw new Error('the fixture server has no port')
  origin = `http://127.0.0.1:${address.port}`

  return {
    origin,
    serviceRoot: `${origin}/odata`,
    tokenUrl: `${origin}/oauth/token`,
    clientId,
    clientSecret,
    records,
    openHouses,
    requests,
    inject: (injection) => injections.push({ ...injection, remaining: injection.times ?? 1 }),
    feedRequests: () => requests.filter((request) => request.path === '/odata/Property'),
    tokenRequests: () => requests.filter((request) => request.path === '/oauth/token'),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
