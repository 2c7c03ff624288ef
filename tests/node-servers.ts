import http, { type IncomingMessage, type ServerResponse } from 'node:http'

/*
 * Real Node servers on loopback for the tests that compare two ways of answering the same
 * request (the stored answers and photos sent from Node's own request, decisions 059 and 077,
 * against the full path): start one, ask it, and compare what a visitor could tell apart.
 */

export type Listening = { server: http.Server; base: string }

/** A server on a free loopback port, answering with `handler`. */
export function listen(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<Listening> {
  const server = http.createServer(handler)
  return new Promise((resolve, reject) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      if (address === null || typeof address === 'string') reject(new Error('the server listens on no TCP port'))
      else resolve({ server, base: `http://127.0.0.1:${address.port}` })
    }),
  )
}

/** Closes each server that was started (a `beforeAll` that failed may have started none). */
export async function closeAll(listening: ReadonlyArray<Listening | undefined>): Promise<void> {
  const started = listening.filter((each) => each !== undefined)
  await Promise.all(started.map(({ server }) => new Promise((resolve) => server.close(resolve))))
}

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer }

/** One request on a new connection, asked for one site (`realtor.test`) unless `headers` name another Host. */
export function get(base: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, { method, agent: false, headers: { host: 'realtor.test', ...headers } }, (response) => {
      const chunks: Array<Buffer> = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }))
    })
    request.on('error', reject)
    request.end()
  })
}

/** The headers a visitor could tell apart, without the per-request and per-connection ones. */
export function comparable(headers: http.IncomingHttpHeaders): Record<string, unknown> {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, 'x-request-id': _id, ...rest } = headers
  return rest
}
