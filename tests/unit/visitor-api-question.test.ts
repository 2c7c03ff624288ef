import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { askVisitorApi, fieldByHead } from '~/lib/visitor-form-post'

/*
 * `askVisitorApi`, as the home-value island asks `POST /valuations` (decision 051), against a
 * real HTTP server on loopback: the answer read by the caller's reader, a refusal sorted by
 * field, and "unreachable" both for a closed port and for a 2xx that is not an answer (a
 * proxy's page), where the form falls back to posting the old way.
 */

let server: Server
let origin = ''
const seen: Array<{ language: string | undefined; body: string }> = []

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      seen.push({ language: request.headers['accept-language'], body })
      if (request.url === '/answer') return response.writeHead(200, { 'content-type': 'application/json' }).end('{"value":42}')
      if (request.url === '/refuse')
        return response
          .writeHead(400, { 'content-type': 'application/json' })
          .end(
            JSON.stringify({ message: '입력을 확인해 주세요.', code: 'VALIDATION_FAILED', fieldErrors: { postalCode: ['우편번호 5자리'], realtorId: ['?'] } }),
          )
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html>a proxy</html>')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  origin = `http://127.0.0.1:${(address satisfies AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const readValue = (json: unknown) => (typeof json === 'object' && json !== null && 'value' in json && typeof json.value === 'number' ? json.value : undefined)
const fieldOf = fieldByHead(['postalCode', 'street'])

describe('askVisitorApi', () => {
  it('gives the answer its reader accepts, sending JSON in the visitor’s language', async () => {
    expect(await askVisitorApi(`${origin}/answer`, { street: '1 Main' }, { lang: 'ko', fieldOf, readAnswer: readValue })).toEqual({
      kind: 'answered',
      answer: 42,
    })
    expect(seen.at(-1)).toEqual({ language: 'ko', body: '{"street":"1 Main"}' })
  })

  it('sorts a refusal: typed fields by field, hidden ones with the message', async () => {
    expect(await askVisitorApi(`${origin}/refuse`, {}, { lang: 'ko', fieldOf, readAnswer: readValue })).toEqual({
      kind: 'refused',
      failure: { message: '입력을 확인해 주세요.', fields: { postalCode: ['우편번호 5자리'] }, others: ['?'] },
    })
  })

  it('is unreachable for a 2xx that is not an answer and for a server that is not there', async () => {
    expect(await askVisitorApi(`${origin}/proxy`, {}, { lang: 'en', fieldOf, readAnswer: readValue })).toEqual({ kind: 'unreachable' })
    expect(await askVisitorApi('http://127.0.0.1:9/closed', {}, { lang: 'en', fieldOf, readAnswer: readValue })).toEqual({ kind: 'unreachable' })
  })
})
