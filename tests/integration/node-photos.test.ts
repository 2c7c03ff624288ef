import { serve } from 'srvx/node'
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest'
import { withStoredAnswers, type NodeHandler } from '../../src/server/http/node-front'
import { applySecurityHeaders } from '../../src/server/http/security-headers'
import { handleUploadRequest } from '../../src/server/http/upload-handler'
import { measureRequest } from '../../src/server/metrics/registry'
import type { StorageDriver } from '../../src/server/uploads/storage-driver'
import { answerWithRequestLog } from '../../src/server/web/request-log'
import { captureLogs, type LogCapture } from '../log-capture'
import { closeAll, comparable, get, listen, type Listening } from '../node-servers'
import { createTestApp, makeJpeg, type TestApp } from './harness'

/*
 * The local disk's photos sent from Node's own request (decision 077), on real Node servers over
 * one real storage folder: one with the Node front before the full path, one with the full path
 * alone (srvx's adapter, the request log, the metrics and the upload handler with the security
 * headers, as src/server.ts chains them). The front must send what the full path sends, and leave
 * everything else to it.
 */

let app: TestApp
let storage: StorageDriver | undefined
let fullPathCalls = 0
let logs: LogCapture

const srvx = serve({
  manual: true,
  silent: true,
  fetch: (request: Request) => {
    fullPathCalls++
    return answerWithRequestLog(request, (logged, { kind }) =>
      measureRequest(
        logged,
        async (measured) => {
          const response = await handleUploadRequest(measured, app.services)
          applySecurityHeaders(measured, response.headers)
          return response
        },
        kind,
      ),
    )
  },
})
const srvxHandler = srvx.node?.handler
const fullPath: NodeHandler = (request, response) => void srvxHandler?.(request, response)
let ids = 0
const withFront = withStoredAnswers(fullPath, { store: () => undefined, storage: () => storage, routeOf: () => undefined, newId: () => `id-${++ids}` })

let front: Listening
let full: Listening
const KEY = 'realtors/node-photos/top/photo.jpg'
let jpeg: Uint8Array

beforeAll(async () => {
  app = await createTestApp('sqlite')
  storage = app.services.storage
  jpeg = await makeJpeg()
  await app.services.storage.put(KEY, jpeg, 'image/jpeg')
  front = await listen(withFront)
  full = await listen(fullPath)
})

afterAll(async () => {
  await closeAll([front, full])
  await app?.close()
})

beforeEach(() => {
  logs = captureLogs('info')
  fullPathCalls = 0
})

afterEach(() => logs.stop())

describe("the local disk's photos from Node", () => {
  it('sends a photo itself, with the bytes and headers the full path gives, its own id, log line and count', async () => {
    const asked: Array<Record<string, string>> = [{}, { 'x-forwarded-proto': 'https' }]
    for (const headers of asked) {
      const fromFront = await get(front.base, `/uploads/${KEY}`, headers)
      expect(fullPathCalls).toBe(0)
      const fromFull = await get(full.base, `/uploads/${KEY}`, headers)
      expect(fullPathCalls).toBe(1)
      fullPathCalls = 0
      expect(fromFront.status).toBe(200)
      expect(comparable(fromFront.headers)).toEqual(comparable(fromFull.headers))
      expect(fromFront.body.equals(Buffer.from(jpeg))).toBe(true)
      expect(fromFull.body.equals(Buffer.from(jpeg))).toBe(true)
      expect(fromFront.headers['x-request-id']).toMatch(/^id-\d+$/)
    }
    // Behind a TLS proxy, HSTS; the sandbox policy of a stored file, not a page's.
    const secure = await get(front.base, `/uploads/${KEY}`, { 'x-forwarded-proto': 'https' })
    expect(secure.headers).toMatchObject({
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'public, max-age=31536000, immutable',
      'content-type': 'image/jpeg',
    })
    const head = await get(front.base, `/uploads/${KEY}`, {}, 'HEAD')
    const headFull = await get(full.base, `/uploads/${KEY}`, {}, 'HEAD')
    expect(head.body.byteLength).toBe(0)
    expect(comparable(head.headers)).toEqual(comparable(headFull.headers))
    expect(fullPathCalls).toBe(1)

    const line = logs.withMessage('request').find((entry) => entry.reqId === secure.headers['x-request-id'])
    expect(line).toMatchObject({ method: 'GET', kind: 'upload', status: 200 })
  })

  it('leaves to the full path what is not a stored photo: its 404 and 405 are answered there, in the caller’s language', async () => {
    const cases: Array<[string, string]> = [
      [`/uploads/realtors/node-photos/top/missing.jpg`, 'GET'],
      [`/uploads/realtors/../top/photo.jpg`, 'GET'],
      [`/uploads/realtors/node-photos/top/photo%2Ejpg`, 'GET'],
      [`/uploads/${KEY}`, 'DELETE'],
      [`/uploads/${KEY}`, 'PUT'],
    ]
    for (const [path, method] of cases) {
      const calls = fullPathCalls
      const fromFront = await get(front.base, path, { 'accept-language': 'en' }, method)
      const fromFull = await get(full.base, path, { 'accept-language': 'en' }, method)
      expect(fullPathCalls, `${method} ${path}`).toBe(calls + 2)
      expect(fromFront.status, `${method} ${path}`).toBe(fromFull.status)
      expect(comparable(fromFront.headers)).toEqual(comparable(fromFull.headers))
    }
  })

  it('leaves every photo to the full path while the storage is not up, or is not the local disk', async () => {
    storage = undefined
    try {
      const answer = await get(front.base, `/uploads/${KEY}`)
      expect(answer.status).toBe(200)
      expect(fullPathCalls).toBe(1)
    } finally {
      storage = app.services.storage
    }
  })
})
