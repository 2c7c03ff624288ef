import { randomUUID } from 'node:crypto'
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { AppServices } from '../../src/server/services'
import {
  api,
  createTestApp,
  marketSnapshotRow,
  PASSWORD,
  pinnedInWindow,
  signUp,
  signUpAdmin,
  TEST_LIMITS,
  uniqueEmail,
  uniqueIp,
  uploadPhoto,
  validContact,
  validRealtor,
  type HttpResult,
  type TestApp,
  type RealtorBody,
  type ContactCreatedBody,
  type MessagesBody,
} from './harness'
import { upsertHomes } from '../../src/server/listings/home-store'
import { parseResoProperties } from '../../src/server/listings/reso-property'
import { seedDemoHomes } from '../../src/server/listings/seed-homes'
import { signSavedSearchToken } from '../../src/server/saved-searches/links'
import { confirmSavedSearch } from '../../src/server/saved-searches/subscriptions'

/**
 * Real responses of every route, success and error, validated against the served OpenAPI
 * document. Every documented (path, method, status) must be produced by some request here,
 * and every response produced must be documented: the document may neither lie nor omit.
 */

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'
type OpenApiDocument = {
  openapi: string
  paths: Record<
    string,
    Partial<Record<Method, { responses: Record<string, { content?: Record<string, { schema: unknown }>; headers?: Record<string, unknown> }> }>>
  >
  components?: { schemas?: Record<string, unknown> }
}

const UPLOAD_LIMIT = 2

/** RFC 6901 escaping, then URI-fragment encoding (the template braces `{key}` are not fragment-safe). */
function fragment(segments: Array<string>): string {
  return `#/${segments.map((segment) => encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/')}`
}

describe('OpenAPI document (SQLite)', () => {
  let app: TestApp
  let s: AppServices
  let doc: OpenApiDocument
  let ajv: Ajv2020
  const validators = new Map<string, ValidateFunction>()
  const seen = new Set<string>()

  let ownerToken: string
  let otherToken: string
  let adminToken: string
  let realtorId: string
  let messageId: string

  function validatorFor(pointer: string): ValidateFunction {
    let validate = validators.get(pointer)
    if (!validate) {
      validate = ajv.compile({ $ref: `openapi${pointer}` })
      validators.set(pointer, validate)
    }
    return validate
  }

  /** The response must be documented for this operation and status, and match its schema. */
  function check(method: Method, template: string, result: HttpResult, expectedStatus: number): void {
    expect(result.status, `${method.toUpperCase()} ${template}: ${result.text.slice(0, 300)}`).toBe(expectedStatus)
    const operation = doc.paths[template]?.[method]
    expect(operation, `${method.toUpperCase()} ${template} is documented`).toBeDefined()
    const status = String(result.status)
    const response = operation?.responses[status]
    expect(response, `${method.toUpperCase()} ${template} documents ${status}`).toBeDefined()
    expect(response?.content?.['application/json'], `${method.toUpperCase()} ${template} ${status} is JSON`).toBeDefined()
    expect(result.headers.get('content-type')).toMatch(/^application\/json/)
    const validate = validatorFor(fragment(['paths', template, method, 'responses', status, 'content', 'application/json', 'schema']))
    const valid = validate(result.body)
    expect(valid, `${method.toUpperCase()} ${template} ${status}: ${ajv.errorsText(validate.errors)}\n${result.text.slice(0, 500)}`).toBe(true)
    seen.add(`${method} ${template} ${status}`)
  }

  /** Answers outside any operation (unknown path, wrong method) still use the Error schema. */
  function checkError(result: HttpResult, expectedStatus: number): void {
    expect(result.status).toBe(expectedStatus)
    const validate = validatorFor(fragment(['components', 'schemas', 'Error']))
    expect(validate(result.body), ajv.errorsText(validate.errors)).toBe(true)
  }

  beforeAll(async () => {
    app = await createTestApp('sqlite', { env: { RATE_LIMIT_UPLOAD: String(UPLOAD_LIMIT), RATE_LIMIT_SAVED_SEARCH: '3', RATE_LIMIT_EXPORT: '1' } })
    s = app.services
    const result = await api<OpenApiDocument>(s, 'GET', '/openapi.json')
    expect(result.status).toBe(200)
    doc = result.body
    ajv = new Ajv2020({ strict: false, allErrors: true })
    ajv.addSchema(doc, 'openapi')

    ownerToken = await signUp(s, uniqueEmail('owner'))
    otherToken = await signUp(s, uniqueEmail('other'))
    adminToken = await signUpAdmin(s)
  })

  afterEach(() => app?.clock.reset())
  afterAll(async () => {
    await app?.close()
  })

  it('is OpenAPI 3.1 with the API paths, served as JSON', async () => {
    const result = await api(s, 'GET', '/openapi.json')
    expect(result.headers.get('content-type')).toMatch(/^application\/json/)
    expect(doc.openapi).toMatch(/^3\.1\./)
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        '/auth/token',
        '/home/list',
        '/home/points',
        '/home/{listingKey}',
        '/open-houses',
        '/open-houses/{id}',
        '/open-houses/{id}.ics',
        '/realtor',
        '/realtor/{key}',
        '/realtor/presigned-multi-file-upload',
        '/realtor-contacts',
        '/realtor-contacts/export.csv',
        '/realtor-contacts/{id}',
        '/realtors/{id}/statistics',
        '/realtors/{id}/reply-settings',
        '/realtors/{id}/export',
        '/account',
        '/saved-searches',
        '/saved-searches/export.csv',
        '/saved-searches/unsubscribe',
        '/saved-searches/{id}',
        '/leads',
        '/leads/export.csv',
        '/leads/{id}',
        '/leads/{id}/notes',
        '/leads/{id}/notes/{noteId}',
        '/leads/{id}/timeline',
        '/leads/{id}/mails/{mailId}/html',
        '/leads/{id}/mails/{mailId}/attachments/{index}',
        '/tour-requests',
        '/tour-requests/{id}.ics',
        '/tour-requests/{id}/confirm',
        '/tour-requests/{id}/cancel',
        '/valuations',
        '/seller-leads',
        '/market',
        '/posts',
        '/posts/{id}',
        '/cmas',
        '/cmas/{id}',
        '/cmas/{id}.pdf',
        '/cmas/{id}/share',
        '/cmas/{id}/send',
        '/market-subscriptions',
        '/market-subscriptions/confirm',
        '/market-subscriptions/unsubscribe',
      ].sort(),
    )
    expect(doc.components?.schemas).toHaveProperty('Error')
    expect(JSON.stringify(result.body)).toContain('/cozying-api/v1')
  })

  it('POST /auth/token: 200, 400, 401, 413, 415, 429', async () => {
    pinnedInWindow(app.clock)
    const email = uniqueEmail('program')
    await signUp(s, email)
    const ip = uniqueIp()
    const signedIn = await api<{ token: string }>(s, 'POST', '/auth/token', { body: { email, password: PASSWORD }, ip })
    check('post', '/auth/token', signedIn, 200)
    expect((await api(s, 'GET', '/realtor-contacts', { token: signedIn.body.token })).status).toBe(200)
    check('post', '/auth/token', await api(s, 'POST', '/auth/token', { body: { email: 'not-an-address', password: PASSWORD }, ip }), 400)
    check('post', '/auth/token', await api(s, 'POST', '/auth/token', { body: { email, password: 'wrong-password' }, ip }), 401)
    check('post', '/auth/token', await api(s, 'POST', '/auth/token', { rawBody: JSON.stringify({ pad: 'x'.repeat(1_100_000) }) }), 413)
    check('post', '/auth/token', await api(s, 'POST', '/auth/token', { rawBody: '{}', headers: { 'content-type': 'text/plain' } }), 415)
    for (let attempt = 3; attempt < TEST_LIMITS.auth; attempt++) await api(s, 'POST', '/auth/token', { body: { email, password: 'wrong-password' }, ip })
    check('post', '/auth/token', await api(s, 'POST', '/auth/token', { body: { email, password: PASSWORD }, ip }), 429)
  })

  it('rejects a body that breaks the documented schema (the validator is not vacuous)', () => {
    const realtor = validatorFor(fragment(['paths', '/realtor/{key}', 'get', 'responses', '200', 'content', 'application/json', 'schema']))
    expect(realtor({ id: 1 })).toBe(false)
    const error = validatorFor(fragment(['components', 'schemas', 'Error']))
    expect(error({ message: 'x', code: 'NOT_A_CODE' })).toBe(false)
    expect(error({ message: 'x', code: 'NOT_FOUND' })).toBe(true)
  })

  it('POST /realtor: 201, 400, 401, 409, 413, 415', async () => {
    const created = await api<RealtorBody>(s, 'POST', '/realtor', {
      token: ownerToken,
      body: validRealtor({
        desiredUrl: 'Jane-Kim',
        hompageUrl: 'janekim-realty.com',
        additionalSections: [{ titleEn: 'Awards', bodyEn: 'Top 1%' }],
        // A shown and a hidden review: the owner's answer (Realtor) and the public one (PublicRealtor) both carry reviews.
        testimonials: [
          {
            clientName: 'The Lee family',
            textEn: 'Patient and clear.',
            rating: 5,
            date: '2025-03-01',
            source: 'zillow',
            sourceUrl: 'https://www.zillow.com/x',
          },
          { clientName: 'Kept back', textKo: '비공개', hidden: true },
        ],
      }),
    })
    check('post', '/realtor', created, 201)
    realtorId = created.body.id
    check('post', '/realtor', await api(s, 'POST', '/realtor', { token: otherToken, body: { desiredUrl: 'admin' } }), 400)
    check('post', '/realtor', await api(s, 'POST', '/realtor', { token: otherToken, rawBody: '{nope' }), 400)
    check('post', '/realtor', await api(s, 'POST', '/realtor', { body: validRealtor() }), 401)
    check('post', '/realtor', await api(s, 'POST', '/realtor', { token: otherToken, body: validRealtor({ desiredUrl: 'JANE-KIM' }) }), 409)
    check('post', '/realtor', await api(s, 'POST', '/realtor', { token: ownerToken, body: validRealtor() }), 409)
    check('post', '/realtor', await api(s, 'POST', '/realtor', { token: otherToken, rawBody: JSON.stringify({ pad: 'x'.repeat(1_100_000) }) }), 413)
    check('post', '/realtor', await api(s, 'POST', '/realtor', { token: otherToken, rawBody: '{}', headers: { 'content-type': 'text/plain' } }), 415)
  })

  it('GET /home/list, /home/points, /home/{listingKey} and /market: 200, 400, 404', async () => {
    await seedDemoHomes(s, 60)
    const page = await api<{ homes: Array<{ homeId?: unknown }> }>(s, 'GET', '/home/list?realtor=jane-kim&lang=en')
    check('get', '/home/list', page, 200)
    check('get', '/home/list', await api(s, 'GET', '/home/list?state=GA&city=Duluth&minBeds=2&sort=price_asc'), 200)
    check('get', '/home/list', await api(s, 'GET', '/home/list?type=buy'), 400)
    // Issue 51 item 3: every kind, living area, ZIP code, keyword and size order.
    const anyKind = await api<{ homes: Array<unknown> }>(
      s,
      'GET',
      '/home/list?propertyType=any&minSize=500&maxSize=9000&postalCode=92620&q=irvine&sort=size_desc',
    )
    check('get', '/home/list', anyKind, 200)
    check('get', '/home/list', await api(s, 'GET', '/home/list?minSize=2000&maxSize=1000'), 400)
    // Decision 065: a market report's new listings and price reductions as searches, on the list and the map.
    check('get', '/home/list', await api(s, 'GET', '/home/list?propertyType=any&propertyStatus=any&listedWithinDays=30'), 200)
    check('get', '/home/list', await api(s, 'GET', '/home/list?propertyType=any&propertyStatus=active,pending,under_contract&priceReduced=true'), 200)
    check('get', '/home/list', await api(s, 'GET', '/home/list?listedWithinDays=400'), 400)
    check('get', '/home/points', await api(s, 'GET', '/home/points?bbox=-118,33.5,-117.6,33.9&propertyStatus=any&listedWithinDays=30&priceReduced=true'), 200)
    check('get', '/home/points', await api(s, 'GET', '/home/points?bbox=-118,33.5,-117.6,33.9&priceReduced=maybe'), 400)
    for (const path of ['/home/list', '/home/points']) {
      const parameters = z
        .array(z.object({ name: z.string(), in: z.string(), description: z.string().optional() }))
        .parse(
          z.object({ paths: z.record(z.string(), z.object({ get: z.object({ parameters: z.unknown() }) }).partial()) }).parse(doc).paths[path]?.get?.parameters,
        )
      for (const name of ['listedWithinDays', 'priceReduced', 'propertyStatus']) {
        expect(parameters.find((parameter) => parameter.name === name && parameter.in === 'query')?.description, `${path} documents ${name}`).toMatch(/\w/)
      }
    }
    check('get', '/home/points', await api(s, 'GET', '/home/points?bbox=-118,33.5,-117.6,33.9&propertyType=any&q=irvine&minSize=500'), 200)
    check('get', '/home/points', await api(s, 'GET', '/home/points?bbox=-118,33.5,-117.6,33.9&postalCode=1'), 400)
    check('get', '/home/list', await api(s, 'GET', '/home/list?bbox=-118,33.5,-117.6,33.9&lang=en'), 200)
    const points = await api<{ points: Array<unknown> }>(s, 'GET', '/home/points?bbox=-118,33.5,-117.6,33.9')
    check('get', '/home/points', points, 200)
    expect(points.body.points.length, 'the demo homes of Irvine are in its box').toBeGreaterThan(0)
    check('get', '/home/points', await api(s, 'GET', '/home/points?bbox=10,0,5,1'), 400)
    const key: unknown = page.body.homes[0]?.homeId
    expect(typeof key, 'the demo homes include Irvine single-family homes for sale').toBe('string')
    check('get', '/home/{listingKey}', await api(s, 'GET', `/home/${String(key)}?realtor=jane-kim`), 200)
    check('get', '/home/{listingKey}', await api(s, 'GET', '/home/NO-SUCH-HOME'), 404)
    // The demo seed wrote the demo cities' market figures (issue 27).
    check('get', '/market', await api(s, 'GET', '/market?state=CA&city=Irvine'), 200)
    check('get', '/market', await api(s, 'GET', '/market?state=California&city=Irvine'), 400)
    check('get', '/market', await api(s, 'GET', '/market?state=CA&city=Nowhere'), 404)
  })

  it('open houses: GET 200/400/401/404, POST 201/400/401/404/413/415, DELETE 200/401/404, the .ics 200/404', async () => {
    const realtor = await api<RealtorBody>(s, 'POST', '/realtor', { token: ownerToken, body: validRealtor() })
    // The owner's homepage may exist already (POST /realtor's test made it): either way they have one.
    expect([201, 409]).toContain(realtor.status)
    await seedDemoHomes(s, 60)
    const page = await api<{ homes: Array<{ homeId: string; openHouses: Array<{ calendarUrl: string }> }> }>(
      s,
      'GET',
      '/home/list?homesPerPage=50&totalHomesPerGroup=50',
    )
    const listingKey = page.body.homes[0]?.homeId ?? ''
    const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)
    const body = { listingKey, date, startTime: '10:00', endTime: '12:00', kind: 'in_person' }
    const created = await api<{ id: string; calendarUrl: string }>(s, 'POST', '/open-houses', { token: ownerToken, body })
    check('post', '/open-houses', created, 201)
    check('post', '/open-houses', await api(s, 'POST', '/open-houses', { token: ownerToken, body: { ...body, date: '2020-01-04' } }), 400)
    check('post', '/open-houses', await api(s, 'POST', '/open-houses', { body }), 401)
    check('post', '/open-houses', await api(s, 'POST', '/open-houses', { token: ownerToken, body: { ...body, realtorId: randomUUID() } }), 404)
    check('post', '/open-houses', await api(s, 'POST', '/open-houses', { token: ownerToken, rawBody: JSON.stringify({ pad: 'x'.repeat(1_100_000) }) }), 413)
    check('post', '/open-houses', await api(s, 'POST', '/open-houses', { token: ownerToken, rawBody: '{}', headers: { 'content-type': 'text/plain' } }), 415)
    check('get', '/open-houses', await api(s, 'GET', '/open-houses', { token: ownerToken }), 200)
    check('get', '/open-houses', await api(s, 'GET', `/open-houses?realtorId=${'x'.repeat(80)}`, { token: ownerToken }), 400)
    check('get', '/open-houses', await api(s, 'GET', '/open-houses'), 401)
    check('get', '/open-houses', await api(s, 'GET', `/open-houses?realtorId=${randomUUID()}`, { token: ownerToken }), 404)

    const calendar = await api(s, 'GET', `${created.body.calendarUrl}?lang=en`)
    expect(calendar.status).toBe(200)
    expect(calendar.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(doc.paths['/open-houses/{id}.ics']?.get?.responses['200']?.content?.['text/calendar']).toBeDefined()
    seen.add('get /open-houses/{id}.ics 200')
    check('get', '/open-houses/{id}.ics', await api(s, 'GET', `/open-houses/${randomUUID()}.ics`), 404)

    check('delete', '/open-houses/{id}', await api(s, 'DELETE', `/open-houses/${created.body.id}`, { token: otherToken }), 404)
    check('delete', '/open-houses/{id}', await api(s, 'DELETE', `/open-houses/${created.body.id}`), 401)
    check('delete', '/open-houses/{id}', await api(s, 'DELETE', `/open-houses/${created.body.id}`, { token: ownerToken }), 200)
  })

  it('GET /realtor: 200 (directory, with and without filters), 400', async () => {
    check('get', '/realtor', await api(s, 'GET', '/realtor'), 200)
    check('get', '/realtor', await api(s, 'GET', '/realtor?state=CA&city=Irvine&page=1&pageSize=5'), 200)
    check('get', '/realtor', await api(s, 'GET', '/realtor?state=NY'), 400)
  })

  it('GET /realtor/{key}: 200 by id, desiredUrl and domain; 404', async () => {
    for (const key of [realtorId, 'jane-kim', 'janekim-realty.com', 'https%3A%2F%2Fjanekim-realty.com']) {
      check('get', '/realtor/{key}', await api(s, 'GET', `/realtor/${key}`), 200)
    }
    check('get', '/realtor/{key}', await api(s, 'GET', `/realtor/${randomUUID()}`), 404)
  })

  it('PATCH /realtor/{key}: 200 (with photos), 400, 401, 403, 404, 409, 413', async () => {
    const photo = await uploadPhoto(s, ownerToken, 'gallery')
    check(
      'patch',
      '/realtor/{key}',
      await api(s, 'PATCH', `/realtor/${realtorId}`, {
        token: ownerToken,
        body: { photos: [{ path: 'gallery', url: photo.url }], salesCount: '12', seoMeta: { en: { description: 'Irvine homes' } } },
      }),
      200,
    )
    check('patch', '/realtor/{key}', await api(s, 'PATCH', `/realtor/${realtorId}`, { token: ownerToken, body: { email: 'nope' } }), 400)
    check('patch', '/realtor/{key}', await api(s, 'PATCH', `/realtor/${realtorId}`, { body: {} }), 401)
    check('patch', '/realtor/{key}', await api(s, 'PATCH', `/realtor/${realtorId}`, { token: otherToken, body: {} }), 403)
    check('patch', '/realtor/{key}', await api(s, 'PATCH', `/realtor/${randomUUID()}`, { token: adminToken, body: {} }), 404)
    const other = await api<RealtorBody>(s, 'POST', '/realtor', { token: otherToken, body: validRealtor() })
    expect(other.status).toBe(201)
    check('patch', '/realtor/{key}', await api(s, 'PATCH', `/realtor/${other.body.id}`, { token: otherToken, body: { desiredUrl: 'jane-KIM' } }), 409)
    check(
      'patch',
      '/realtor/{key}',
      await api(s, 'PATCH', `/realtor/${realtorId}`, { token: ownerToken, rawBody: JSON.stringify({ aboutMeEn: 'x'.repeat(1_100_000) }) }),
      413,
    )
    check(
      'patch',
      '/realtor/{key}',
      await api(s, 'PATCH', `/realtor/${realtorId}`, { token: ownerToken, rawBody: '{}', headers: { 'content-type': 'text/plain' } }),
      415,
    )
  })

  it('POST /realtor/presigned-multi-file-upload: 200, 400, 401, 413, 415, 429', async () => {
    const path = '/realtor/presigned-multi-file-upload'
    pinnedInWindow(app.clock)
    const uploader = await signUp(s, uniqueEmail('uploader'))
    const file = { path: 'logo', contentType: 'image/png' }
    check('post', path, await api(s, 'POST', path, { token: uploader, body: [file] }), 200)
    check('post', path, await api(s, 'POST', path, { token: uploader, body: { files: [] } }), 400)
    check('post', path, await api(s, 'POST', path, { body: [file] }), 401)
    // 400, 413 and 415 below are counted too: the limit is per account, so a fresh one hits 429.
    const limited = await signUp(s, uniqueEmail('limited'))
    check('post', path, await api(s, 'POST', path, { token: limited, body: [{ ...file, size: TEST_LIMITS.uploadMaxBytes + 1 }] }), 413)
    check('post', path, await api(s, 'POST', path, { token: limited, body: [{ ...file, contentType: 'image/svg+xml' }] }), 415)
    expect(UPLOAD_LIMIT).toBe(2)
    const over = await api(s, 'POST', path, { token: limited, body: [file] })
    check('post', path, over, 429)
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('POST /realtor-contacts: 201, 400, 404, 413, 415, 429', async () => {
    pinnedInWindow(app.clock)
    const ip = uniqueIp()
    const sent = await api<ContactCreatedBody>(s, 'POST', '/realtor-contacts', { body: validContact(realtorId, { listingKey: 'CRMLS-123' }), ip })
    check('post', '/realtor-contacts', sent, 201)
    messageId = sent.body.id
    check('post', '/realtor-contacts', await api(s, 'POST', '/realtor-contacts', { body: validContact(realtorId, { email: 'x' }), ip }), 400)
    check('post', '/realtor-contacts', await api(s, 'POST', '/realtor-contacts', { body: validContact(randomUUID()), ip }), 404)
    check('post', '/realtor-contacts', await api(s, 'POST', '/realtor-contacts', { body: validContact(realtorId), ip }), 429)
    check('post', '/realtor-contacts', await api(s, 'POST', '/realtor-contacts', { rawBody: JSON.stringify({ pad: 'x'.repeat(1_100_000) }) }), 413)
    check(
      'post',
      '/realtor-contacts',
      await api(s, 'POST', '/realtor-contacts', {
        rawBody: JSON.stringify(validContact(realtorId)),
        // A plain HTML form is taken (the form without scripts, answered with a 303); text is not.
        headers: { 'content-type': 'text/plain' },
      }),
      415,
    )
    expect(TEST_LIMITS.contact).toBe(3)
  })

  it('posts: GET 200/400/404, POST 201/400/401/409/413/415, GET one 200/404, PATCH 200/400/404, DELETE 200/401/404', async () => {
    const realtor = await api<RealtorBody>(s, 'POST', '/realtor', { token: ownerToken, body: validRealtor() })
    expect([201, 409]).toContain(realtor.status)
    const post = { slug: 'contract-post', kind: 'article', status: 'published', titleEn: 'Contract', bodyEn: '<p>checked</p>' }
    const created = await api<{ id: string; realtorId: string }>(s, 'POST', '/posts', { token: ownerToken, body: post })
    check('post', '/posts', created, 201)
    check('post', '/posts', await api(s, 'POST', '/posts', { token: ownerToken, body: { ...post, slug: 'Bad Slug' } }), 400)
    check('post', '/posts', await api(s, 'POST', '/posts', { body: post }), 401)
    check('post', '/posts', await api(s, 'POST', '/posts', { token: ownerToken, body: post }), 409)
    check('post', '/posts', await api(s, 'POST', '/posts', { token: ownerToken, body: { ...post, realtorId: randomUUID() } }), 404)
    check('post', '/posts', await api(s, 'POST', '/posts', { token: ownerToken, rawBody: JSON.stringify({ pad: 'x'.repeat(1_100_000) }) }), 413)
    check(
      'post',
      '/posts',
      await api(s, 'POST', '/posts', { token: ownerToken, rawBody: JSON.stringify(post), headers: { 'content-type': 'text/plain' } }),
      415,
    )
    check('get', '/posts', await api(s, 'GET', `/posts?realtorId=${created.body.realtorId}`), 200)
    check('get', '/posts', await api(s, 'GET', '/posts'), 400)
    check('get', '/posts', await api(s, 'GET', `/posts?realtorId=${randomUUID()}`), 404)
    check('get', '/posts/{id}', await api(s, 'GET', `/posts/${created.body.id}`), 200)
    check('get', '/posts/{id}', await api(s, 'GET', `/posts/${randomUUID()}`), 404)
    check('patch', '/posts/{id}', await api(s, 'PATCH', `/posts/${created.body.id}`, { token: ownerToken, body: { summaryEn: 'Short' } }), 200)
    check('patch', '/posts/{id}', await api(s, 'PATCH', `/posts/${created.body.id}`, { token: ownerToken, body: { kind: 'guide' } }), 400)
    check('patch', '/posts/{id}', await api(s, 'PATCH', `/posts/${randomUUID()}`, { token: ownerToken, body: {} }), 404)
    check('patch', '/posts/{id}', await api(s, 'PATCH', `/posts/${created.body.id}`, { body: {} }), 401)
    const other = await api<{ id: string }>(s, 'POST', '/posts', { token: ownerToken, body: { ...post, slug: 'contract-other' } })
    check('patch', '/posts/{id}', await api(s, 'PATCH', `/posts/${other.body.id}`, { token: ownerToken, body: { slug: 'contract-post' } }), 409)
    check(
      'patch',
      '/posts/{id}',
      await api(s, 'PATCH', `/posts/${created.body.id}`, { token: ownerToken, rawBody: JSON.stringify({ pad: 'x'.repeat(1_100_000) }) }),
      413,
    )
    check(
      'patch',
      '/posts/{id}',
      await api(s, 'PATCH', `/posts/${created.body.id}`, { token: ownerToken, rawBody: '{}', headers: { 'content-type': 'text/plain' } }),
      415,
    )
    check('delete', '/posts/{id}', await api(s, 'DELETE', `/posts/${created.body.id}`), 401)
    check('delete', '/posts/{id}', await api(s, 'DELETE', `/posts/${created.body.id}`, { token: ownerToken }), 200)
    check('delete', '/posts/{id}', await api(s, 'DELETE', `/posts/${created.body.id}`, { token: ownerToken }), 404)
  })

  it('POST /valuations: 200 (an estimate and too few), 400, 404, 413, 415', async () => {
    const parsed = parseResoProperties(
      [1_000_000, 1_040_000, 980_000, 1_100_000].map((price, index) => ({
        ListingKey: `OAS-VAL-${index}`,
        ListPrice: price,
        StandardStatus: 'Active',
        PropertyType: 'Residential',
        PropertySubType: 'Townhouse',
        BedroomsTotal: 3,
        BathroomsTotalInteger: 2,
        LivingArea: 1800 + index * 50,
        City: 'Valuationville',
        StateOrProvince: 'CA',
        PostalCode: '90999',
        UnparsedAddress: `${index} Contract Court`,
        OnMarketDate: '2026-10-01',
        ModificationTimestamp: '2026-10-01T10:00:00Z',
        InternetEntireListingDisplayYN: true,
        InternetAddressDisplayYN: index !== 0,
      })),
    )
    await upsertHomes(s.db, parsed.records, { source: 'demo', isDemo: true, now: new Date('2026-10-02T00:00:00Z') })
    const home = {
      realtorId,
      street: '1 Any Street',
      city: 'Valuationville',
      state: 'CA',
      postalCode: '90999',
      propertyType: 'townhouse',
      beds: 3,
      baths: 2,
      livingArea: 1850,
    }
    const estimate = await api<{ status: string; comparables: Array<Record<string, unknown>> }>(s, 'POST', '/valuations', { body: home })
    check('post', '/valuations', estimate, 200)
    expect(estimate.body.status).toBe('estimate')
    // The home whose address the MLS withholds says nothing of where it is; the others say which ZIP they share.
    expect(estimate.body.comparables.find((comparable) => comparable.listingKey === 'OAS-VAL-0')).not.toHaveProperty('sameZip')
    expect(estimate.body.comparables.find((comparable) => comparable.listingKey === 'OAS-VAL-1')).toHaveProperty('sameZip', true)
    const tooFew = await api<{ status: string }>(s, 'POST', '/valuations', { body: { ...home, propertyType: 'land' } })
    check('post', '/valuations', tooFew, 200)
    expect(tooFew.body.status).toBe('too_few')
    check('post', '/valuations', await api(s, 'POST', '/valuations', { body: { ...home, postalCode: 'x' } }), 400)
    // A ZIP whose homes are all in another city (issue 48 item 4).
    check('post', '/valuations', await api(s, 'POST', '/valuations', { body: { ...home, city: 'Elsewhere' } }), 400)
    check('post', '/valuations', await api(s, 'POST', '/valuations', { body: { ...home, realtorId: randomUUID() } }), 404)
    check('post', '/valuations', await api(s, 'POST', '/valuations', { rawBody: JSON.stringify({ pad: 'x'.repeat(1_100_000) }) }), 413)
    check('post', '/valuations', await api(s, 'POST', '/valuations', { rawBody: JSON.stringify(home), headers: { 'content-type': 'text/plain' } }), 415)
  })

  it('POST /seller-leads: 201, 400, 404, 413, 415, 429', async () => {
    const home = {
      realtorId,
      street: '2 Any Street',
      city: 'Valuationville',
      state: 'CA',
      postalCode: '90999',
      propertyType: 'townhouse',
      beds: 3,
      baths: 2,
      livingArea: 1850,
    }
    const lead = { ...home, name: 'Contract Owner', email: 'contract-owner@example.org', lang: 'en', timeframe: '6-12', consent: true }
    check('post', '/seller-leads', await api(s, 'POST', '/seller-leads', { body: lead }), 201)
    check('post', '/seller-leads', await api(s, 'POST', '/seller-leads', { body: { ...lead, consent: false } }), 400)
    check('post', '/seller-leads', await api(s, 'POST', '/seller-leads', { body: { ...lead, realtorId: randomUUID() } }), 404)
    check('post', '/seller-leads', await api(s, 'POST', '/seller-leads', { rawBody: JSON.stringify({ pad: 'x'.repeat(1_100_000) }) }), 413)
    check('post', '/seller-leads', await api(s, 'POST', '/seller-leads', { rawBody: JSON.stringify(lead), headers: { 'content-type': 'text/plain' } }), 415)
    // All in one rate-limit window, so a window turning over cannot start the count again.
    pinnedInWindow(app.clock)
    const ip = uniqueIp()
    for (let attempt = 0; attempt < 5; attempt++) await api(s, 'POST', '/seller-leads', { body: { ...lead, consent: false }, ip })
    check('post', '/seller-leads', await api(s, 'POST', '/seller-leads', { body: lead, ip }), 429)
  })

  it('CMAs: every operation and its documented answers', async () => {
    const lead = await s.db.selectFrom('lead').select('id').where('realtorId', '=', realtorId).where('kind', '=', 'seller').executeTakeFirstOrThrow()
    const subject = {
      street: '2 Any Street',
      city: 'Valuationville',
      state: 'CA',
      postalCode: '90999',
      propertyType: 'townhouse',
      beds: 3,
      baths: 2,
      livingArea: 1850,
    }
    const body = { realtorId, subject, leadId: lead.id }
    const big = JSON.stringify({ pad: 'x'.repeat(1_100_000) })
    const created = await api<{ id: string }>(s, 'POST', '/cmas', { token: ownerToken, body })
    check('post', '/cmas', created, 201)
    check('post', '/cmas', await api(s, 'POST', '/cmas', { token: ownerToken, body: { ...body, subject: { ...subject, beds: -1 } } }), 400)
    check('post', '/cmas', await api(s, 'POST', '/cmas', { body }), 401)
    check('post', '/cmas', await api(s, 'POST', '/cmas', { token: otherToken, body }), 404)
    check('post', '/cmas', await api(s, 'POST', '/cmas', { token: ownerToken, rawBody: big }), 413)
    check('post', '/cmas', await api(s, 'POST', '/cmas', { token: ownerToken, rawBody: JSON.stringify(body), headers: { 'content-type': 'text/plain' } }), 415)
    check('get', '/cmas', await api(s, 'GET', `/cmas?realtorId=${realtorId}`, { token: ownerToken }), 200)
    check('get', '/cmas', await api(s, 'GET', '/cmas', { token: ownerToken }), 400)
    check('get', '/cmas', await api(s, 'GET', `/cmas?realtorId=${realtorId}`), 401)
    check('get', '/cmas', await api(s, 'GET', `/cmas?realtorId=${realtorId}`, { token: otherToken }), 404)
    const one = `/cmas/${created.body.id}`
    check('get', '/cmas/{id}', await api(s, 'GET', one, { token: ownerToken }), 200)
    check('get', '/cmas/{id}', await api(s, 'GET', one), 401)
    check('get', '/cmas/{id}', await api(s, 'GET', one, { token: otherToken }), 404)
    check(
      'patch',
      '/cmas/{id}',
      await api(s, 'PATCH', one, { token: ownerToken, body: { note: 'Contract', recommendedLow: 700_000, recommendedHigh: 760_000 } }),
      200,
    )
    check('patch', '/cmas/{id}', await api(s, 'PATCH', one, { token: ownerToken, body: { recommendedLow: 'cheap' } }), 400)
    check('patch', '/cmas/{id}', await api(s, 'PATCH', one, { body: {} }), 401)
    check('patch', '/cmas/{id}', await api(s, 'PATCH', one, { token: otherToken, body: {} }), 404)
    check('patch', '/cmas/{id}', await api(s, 'PATCH', one, { token: ownerToken, rawBody: big }), 413)
    check('patch', '/cmas/{id}', await api(s, 'PATCH', one, { token: ownerToken, rawBody: '{}', headers: { 'content-type': 'text/plain' } }), 415)
    const pdf = await api(s, 'GET', `${one}.pdf?lang=en&paper=a4`, { token: ownerToken })
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(doc.paths['/cmas/{id}.pdf']?.get?.responses['200']?.content?.['application/pdf']).toBeDefined()
    seen.add('get /cmas/{id}.pdf 200')
    check('get', '/cmas/{id}.pdf', await api(s, 'GET', `${one}.pdf?paper=legal`, { token: ownerToken }), 400)
    check('get', '/cmas/{id}.pdf', await api(s, 'GET', `${one}.pdf`), 401)
    check('get', '/cmas/{id}.pdf', await api(s, 'GET', `${one}.pdf`, { token: otherToken }), 404)
    check('post', '/cmas/{id}/share', await api(s, 'POST', `${one}/share`, { token: ownerToken, body: {} }), 201)
    check('post', '/cmas/{id}/share', await api(s, 'POST', `${one}/share`, { token: ownerToken, body: { expiresAt: 'soon' } }), 400)
    check('post', '/cmas/{id}/share', await api(s, 'POST', `${one}/share`, { body: {} }), 401)
    check('post', '/cmas/{id}/share', await api(s, 'POST', `${one}/share`, { token: otherToken, body: {} }), 404)
    check('post', '/cmas/{id}/share', await api(s, 'POST', `${one}/share`, { token: ownerToken, rawBody: big }), 413)
    check(
      'post',
      '/cmas/{id}/share',
      await api(s, 'POST', `${one}/share`, { token: ownerToken, rawBody: '{}', headers: { 'content-type': 'text/plain' } }),
      415,
    )
    check('delete', '/cmas/{id}/share', await api(s, 'DELETE', `${one}/share`, { token: ownerToken }), 200)
    check('delete', '/cmas/{id}/share', await api(s, 'DELETE', `${one}/share`), 401)
    check('delete', '/cmas/{id}/share', await api(s, 'DELETE', `${one}/share`, { token: otherToken }), 404)
    check('post', '/cmas/{id}/send', await api(s, 'POST', `${one}/send`, { token: ownerToken, body: {} }), 200)
    check('post', '/cmas/{id}/send', await api(s, 'POST', `${one}/send`, { token: ownerToken, body: { lang: 'fr' } }), 400)
    check('post', '/cmas/{id}/send', await api(s, 'POST', `${one}/send`, { body: {} }), 401)
    check('post', '/cmas/{id}/send', await api(s, 'POST', `${one}/send`, { token: otherToken, body: {} }), 404)
    check('post', '/cmas/{id}/send', await api(s, 'POST', `${one}/send`, { token: ownerToken, rawBody: big }), 413)
    check('post', '/cmas/{id}/send', await api(s, 'POST', `${one}/send`, { token: ownerToken, rawBody: '{}', headers: { 'content-type': 'text/plain' } }), 415)
    const withoutLead = await api<{ id: string }>(s, 'POST', '/cmas', { token: ownerToken, body: { realtorId, subject } })
    check('post', '/cmas/{id}/send', await api(s, 'POST', `/cmas/${withoutLead.body.id}/send`, { token: ownerToken, body: {} }), 409)
    check('delete', '/cmas/{id}', await api(s, 'DELETE', one), 401)
    check('delete', '/cmas/{id}', await api(s, 'DELETE', one, { token: otherToken }), 404)
    check('delete', '/cmas/{id}', await api(s, 'DELETE', one, { token: ownerToken }), 200)
  })

  it('GET /realtor-contacts: 200, 400, 401, 403, 404', async () => {
    const list = await api<MessagesBody>(s, 'GET', '/realtor-contacts', { token: ownerToken })
    check('get', '/realtor-contacts', list, 200)
    expect(list.body.messages.length).toBeGreaterThan(0)
    check('get', '/realtor-contacts', await api(s, 'GET', `/realtor-contacts?realtorId=${realtorId}`, { token: adminToken }), 200)
    check('get', '/realtor-contacts', await api(s, 'GET', `/realtor-contacts?realtorId=${'x'.repeat(65)}`, { token: ownerToken }), 400)
    check('get', '/realtor-contacts', await api(s, 'GET', '/realtor-contacts'), 401)
    check('get', '/realtor-contacts', await api(s, 'GET', `/realtor-contacts?realtorId=${realtorId}`, { token: otherToken }), 403)
    check('get', '/realtor-contacts', await api(s, 'GET', `/realtor-contacts?realtorId=${randomUUID()}`, { token: ownerToken }), 404)
  })

  // The inbox's two CSVs (decision 079): declared before their `{id}` paths, so `export.csv` is no id.
  it.each(['/realtor-contacts/export.csv', '/saved-searches/export.csv'])('GET %s: 200 (a CSV), 400, 401, 403, 404', async (template) => {
    const csv = await api(s, 'GET', `${template}?realtorId=${realtorId}&viewerLang=en`, { token: ownerToken })
    expect(csv.status, csv.text).toBe(200)
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(doc.paths[template]?.get?.responses['200']?.content?.['text/csv']).toBeDefined()
    seen.add(`get ${template} 200`)
    check('get', template, await api(s, 'GET', `${template}?status=everything`, { token: ownerToken }), 400)
    check('get', template, await api(s, 'GET', template), 401)
    check('get', template, await api(s, 'GET', `${template}?realtorId=${realtorId}`, { token: otherToken }), 403)
    check('get', template, await api(s, 'GET', `${template}?realtorId=${randomUUID()}`, { token: ownerToken }), 404)
  })

  it('PATCH /realtor-contacts/{id}: 200, 400, 401, 404, 413, 415', async () => {
    const template = '/realtor-contacts/{id}'
    check('patch', template, await api(s, 'PATCH', `/realtor-contacts/${messageId}`, { token: ownerToken, body: { status: 'read' } }), 200)
    check('patch', template, await api(s, 'PATCH', `/realtor-contacts/${messageId}`, { token: ownerToken, body: { status: 'gone' } }), 400)
    check('patch', template, await api(s, 'PATCH', `/realtor-contacts/${messageId}`, { body: { status: 'read' } }), 401)
    // Another realtor's message does not exist for them (issue 32 item 6).
    check('patch', template, await api(s, 'PATCH', `/realtor-contacts/${messageId}`, { token: otherToken, body: { status: 'read' } }), 404)
    check('patch', template, await api(s, 'PATCH', `/realtor-contacts/${randomUUID()}`, { token: ownerToken, body: { status: 'read' } }), 404)
    check(
      'patch',
      template,
      await api(s, 'PATCH', `/realtor-contacts/${messageId}`, { token: ownerToken, rawBody: JSON.stringify({ status: 'x'.repeat(1_100_000) }) }),
      413,
    )
    check(
      'patch',
      template,
      await api(s, 'PATCH', `/realtor-contacts/${messageId}`, { token: ownerToken, rawBody: '{"status":"read"}', headers: { 'content-type': 'text/plain' } }),
      415,
    )
  })

  it('GET /realtors/{id}/statistics: 200, 400, 401, 403, 404', async () => {
    const template = '/realtors/{id}/statistics'
    check('get', template, await api(s, 'GET', `/realtors/${realtorId}/statistics?days=90`, { token: ownerToken }), 200)
    check('get', template, await api(s, 'GET', `/realtors/${realtorId}/statistics`, { token: adminToken }), 200)
    check('get', template, await api(s, 'GET', `/realtors/${realtorId}/statistics?days=7`, { token: ownerToken }), 400)
    check('get', template, await api(s, 'GET', `/realtors/${realtorId}/statistics`), 401)
    check('get', template, await api(s, 'GET', `/realtors/${realtorId}/statistics`, { token: otherToken }), 403)
    check('get', template, await api(s, 'GET', `/realtors/${randomUUID()}/statistics`, { token: ownerToken }), 404)
  })

  it('GET /realtors/{id}/export: 200 (a ZIP), 401, 404, 429; DELETE /account: 200, 400, 401, 413, 415', async () => {
    const template = '/realtors/{id}/export'
    const exported = await api(s, 'GET', `/realtors/${realtorId}/export`, { token: ownerToken })
    expect(exported.status).toBe(200)
    expect(exported.headers.get('content-type')).toBe('application/zip')
    expect(doc.paths[template]?.get?.responses['200']?.content?.['application/zip']).toBeDefined()
    seen.add(`get ${template} 200`)
    check('get', template, await api(s, 'GET', `/realtors/${realtorId}/export`), 401)
    check('get', template, await api(s, 'GET', `/realtors/${realtorId}/export`, { token: otherToken }), 404)
    check('get', template, await api(s, 'GET', `/realtors/${randomUUID()}/export`, { token: adminToken }), 404)
    // RATE_LIMIT_EXPORT is 1 here: the owner's second export this hour (decision 043).
    const limited = await api(s, 'GET', `/realtors/${realtorId}/export`, { token: ownerToken })
    check('get', template, limited, 429)
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(doc.paths[template]?.get?.responses['429']?.headers?.['Retry-After']).toBeDefined()

    const email = uniqueEmail('leaving')
    const token = await signUp(s, email)
    check('delete', '/account', await api(s, 'DELETE', '/account', { body: { confirmEmail: email } }), 401)
    check('delete', '/account', await api(s, 'DELETE', '/account', { token, body: { confirmEmail: 'not-me@example.org' } }), 400)
    check('delete', '/account', await api(s, 'DELETE', '/account', { token, rawBody: JSON.stringify({ pad: 'x'.repeat(1_100_000) }) }), 413)
    check('delete', '/account', await api(s, 'DELETE', '/account', { token, rawBody: '{}', headers: { 'content-type': 'text/plain' } }), 415)
    check('delete', '/account', await api(s, 'DELETE', '/account', { token, body: { confirmEmail: email } }), 200)
  })

  it('GET and PUT /realtors/{id}/reply-settings: 200, 400, 401, 404, 413, 415', async () => {
    const template = '/realtors/{id}/reply-settings'
    const path = `/realtors/${realtorId}/reply-settings`
    const read = await api<Record<string, unknown>>(s, 'GET', path, { token: ownerToken })
    check('get', template, read, 200)
    check('get', template, await api(s, 'GET', path, { token: adminToken }), 200)
    check('get', template, await api(s, 'GET', path), 401)
    check('get', template, await api(s, 'GET', path, { token: otherToken }), 404)
    const { realtorId: _realtor, usesDefaultKo: _ko, usesDefaultEn: _en, updatedAt: _at, ...settings } = read.body
    check('put', template, await api(s, 'PUT', path, { token: ownerToken, body: { ...settings, subjectEn: 'Hi {visitorName}', digestHour: 7 } }), 200)
    check('put', template, await api(s, 'PUT', path, { token: ownerToken, body: { ...settings, bodyEn: 'Hi {name}' } }), 400)
    check('put', template, await api(s, 'PUT', path, { body: settings }), 401)
    check('put', template, await api(s, 'PUT', path, { token: otherToken, body: settings }), 404)
    check('put', template, await api(s, 'PUT', path, { token: ownerToken, rawBody: JSON.stringify({ ...settings, bodyEn: 'x'.repeat(1_100_000) }) }), 413)
    check('put', template, await api(s, 'PUT', path, { token: ownerToken, rawBody: '{}', headers: { 'content-type': 'text/plain' } }), 415)
  })

  it('leads: GET, PATCH and notes, with every documented answer (issue 26)', async () => {
    check('get', '/leads', await api(s, 'GET', '/leads?kind=message', { token: ownerToken }), 200)
    check('get', '/leads', await api(s, 'GET', `/leads?realtorId=${realtorId}&stage=new&q=lee`, { token: adminToken }), 200)
    check('get', '/leads', await api(s, 'GET', '/leads?stage=won', { token: ownerToken }), 400)
    check('get', '/leads', await api(s, 'GET', '/leads'), 401)
    check('get', '/leads', await api(s, 'GET', `/leads?realtorId=${realtorId}`, { token: otherToken }), 403)
    check('get', '/leads', await api(s, 'GET', `/leads?realtorId=${randomUUID()}`, { token: ownerToken }), 404)
    // Issue 52: the follow-up filter and order.
    check('get', '/leads', await api(s, 'GET', '/leads?nextFollowUp=due&sort=nextFollowUp', { token: ownerToken }), 200)
    check('get', '/leads', await api(s, 'GET', '/leads?nextFollowUp=today', { token: ownerToken }), 400)

    // The CSV: declared before /leads/{id}, so `export.csv` is no lead's id.
    const csvTemplate = '/leads/export.csv'
    const csv = await api(s, 'GET', `/leads/export.csv?realtorId=${realtorId}&kind=message&viewerLang=en`, { token: ownerToken })
    expect(csv.status, csv.text).toBe(200)
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(csv.text.split('\r\n')[0]).toMatch(/^Received,Kind,Stage,Name,E-mail,Phone,/)
    expect(doc.paths[csvTemplate]?.get?.responses['200']?.content?.['text/csv']).toBeDefined()
    seen.add(`get ${csvTemplate} 200`)
    check('get', csvTemplate, await api(s, 'GET', '/leads/export.csv?sort=oldest', { token: ownerToken }), 400)
    check('get', csvTemplate, await api(s, 'GET', '/leads/export.csv'), 401)
    check('get', csvTemplate, await api(s, 'GET', `/leads/export.csv?realtorId=${realtorId}`, { token: otherToken }), 403)
    check('get', csvTemplate, await api(s, 'GET', `/leads/export.csv?realtorId=${randomUUID()}`, { token: ownerToken }), 404)

    const lead = `/leads/${messageId}`
    const template = '/leads/{id}'
    check('patch', template, await api(s, 'PATCH', lead, { token: ownerToken, body: { stage: 'contacted', nextFollowUp: '2026-12-01' } }), 200)
    check('patch', template, await api(s, 'PATCH', lead, { token: ownerToken, body: { nextFollowUp: '2026-02-30' } }), 400)
    check('patch', template, await api(s, 'PATCH', lead, { body: { stage: 'client' } }), 401)
    check('patch', template, await api(s, 'PATCH', lead, { token: otherToken, body: { stage: 'client' } }), 404)
    check('patch', template, await api(s, 'PATCH', lead, { token: ownerToken, rawBody: JSON.stringify({ stage: 'x'.repeat(1_100_000) }) }), 413)
    check('patch', template, await api(s, 'PATCH', lead, { token: ownerToken, rawBody: '{}', headers: { 'content-type': 'text/plain' } }), 415)

    const notes = `${lead}/notes`
    const notesTemplate = '/leads/{id}/notes'
    const added = await api<{ id: string }>(s, 'POST', notes, { token: ownerToken, body: { body: 'Called, wants a tour on Saturday' } })
    check('post', notesTemplate, added, 201)
    check('post', notesTemplate, await api(s, 'POST', notes, { token: ownerToken, body: { body: '  ' } }), 400)
    check('post', notesTemplate, await api(s, 'POST', notes, { body: { body: 'x' } }), 401)
    check('post', notesTemplate, await api(s, 'POST', notes, { token: otherToken, body: { body: 'x' } }), 404)
    check('post', notesTemplate, await api(s, 'POST', notes, { token: ownerToken, rawBody: JSON.stringify({ body: 'x'.repeat(1_100_000) }) }), 413)
    check('post', notesTemplate, await api(s, 'POST', notes, { token: ownerToken, rawBody: '{}', headers: { 'content-type': 'text/plain' } }), 415)
    check('get', notesTemplate, await api(s, 'GET', notes, { token: ownerToken }), 200)
    check('get', notesTemplate, await api(s, 'GET', notes), 401)
    check('get', notesTemplate, await api(s, 'GET', notes, { token: otherToken }), 404)

    const note = `${notes}/${added.body.id}`
    const noteTemplate = '/leads/{id}/notes/{noteId}'
    check('delete', noteTemplate, await api(s, 'DELETE', note), 401)
    check('delete', noteTemplate, await api(s, 'DELETE', note, { token: otherToken }), 404)
    check('delete', noteTemplate, await api(s, 'DELETE', note, { token: ownerToken }), 200)
  })

  it('saved searches: POST 202/400/404/413/415/429, GET, PATCH, DELETE and one-click unsubscribe', async () => {
    const ip = uniqueIp()
    const body = (overrides: Record<string, unknown> = {}) => ({
      realtorId,
      email: `${randomUUID().slice(0, 8)}@example.org`,
      state: 'CA',
      city: 'Irvine',
      consentVersion: 'saved-search-v1',
      ...overrides,
    })
    const created = await api<{ id: string }>(s, 'POST', '/saved-searches', { ip, body: body() })
    check('post', '/saved-searches', created, 202)
    check('post', '/saved-searches', await api(s, 'POST', '/saved-searches', { ip, body: body({ email: 'x' }) }), 400)
    check('post', '/saved-searches', await api(s, 'POST', '/saved-searches', { ip, body: body({ realtorId: randomUUID() }) }), 404)
    check('post', '/saved-searches', await api(s, 'POST', '/saved-searches', { body: body({ name: 'x'.repeat(1_100_000) }) }), 413)
    check('post', '/saved-searches', await api(s, 'POST', '/saved-searches', { rawBody: '{}', headers: { 'content-type': 'text/plain' } }), 415)
    check('post', '/saved-searches', await api(s, 'POST', '/saved-searches', { ip, body: body() }), 429)

    const row = await s.db.selectFrom('savedSearch').selectAll().where('id', '=', created.body.id).executeTakeFirstOrThrow()
    await confirmSavedSearch(s, { token: signSavedSearchToken(s.config.signingSecret, row, 'confirm', null) })
    check('get', '/saved-searches', await api(s, 'GET', '/saved-searches', { token: ownerToken }), 200)
    check('get', '/saved-searches', await api(s, 'GET', '/saved-searches?limit=0', { token: ownerToken }), 400)
    check('get', '/saved-searches', await api(s, 'GET', '/saved-searches'), 401)
    check('get', '/saved-searches', await api(s, 'GET', `/saved-searches?realtorId=${realtorId}`, { token: otherToken }), 403)
    check('get', '/saved-searches', await api(s, 'GET', `/saved-searches?realtorId=${randomUUID()}`, { token: ownerToken }), 404)

    const item = `/saved-searches/${created.body.id}`
    const template = '/saved-searches/{id}'
    check('patch', template, await api(s, 'PATCH', item, { token: ownerToken, body: { paused: true } }), 200)
    check('patch', template, await api(s, 'PATCH', item, { token: ownerToken, body: { paused: 'yes' } }), 400)
    check('patch', template, await api(s, 'PATCH', item, { body: { paused: true } }), 401)
    check('patch', template, await api(s, 'PATCH', item, { token: otherToken, body: { paused: true } }), 404)
    check('patch', template, await api(s, 'PATCH', item, { token: ownerToken, rawBody: JSON.stringify({ paused: 'x'.repeat(1_100_000) }) }), 413)
    check('patch', template, await api(s, 'PATCH', item, { token: ownerToken, rawBody: '{}', headers: { 'content-type': 'text/plain' } }), 415)

    const unsubscribe = `/saved-searches/unsubscribe?token=${encodeURIComponent(signSavedSearchToken(s.config.signingSecret, row, 'unsubscribe', null))}`
    const form = { rawBody: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } }
    check('post', '/saved-searches/unsubscribe', await api(s, 'POST', unsubscribe, form), 200)
    check('post', '/saved-searches/unsubscribe', await api(s, 'POST', '/saved-searches/unsubscribe?token=bad', form), 400)
    check('patch', template, await api(s, 'PATCH', item, { token: ownerToken, body: { paused: false } }), 409)

    check('delete', template, await api(s, 'DELETE', item), 401)
    check('delete', template, await api(s, 'DELETE', item, { token: otherToken }), 404)
    check('delete', template, await api(s, 'DELETE', item, { token: ownerToken }), 200)
  })

  it('market report subscriptions: POST 202/400/404/413/415/429, confirm 200/400/413/415, one-click unsubscribe 200/400', async () => {
    pinnedInWindow(app.clock)
    await s.db
      .insertInto('marketSnapshot')
      .values(
        marketSnapshotRow('2026-11', {
          activeCount: 8,
          newListings: 2,
          priceReductions: 1,
          medianPricePerSquareFoot: null,
          medianDaysOnMarket: 12,
          asOf: '2026-11-20T12:00:00.000Z',
        }),
      )
      .onConflict((conflict) => conflict.columns(['stateOrProvince', 'cityKey', 'month']).doNothing())
      .execute()
    const ip = uniqueIp()
    const body = (overrides: Record<string, unknown> = {}) => ({
      realtorId,
      email: `${randomUUID().slice(0, 8)}@example.org`,
      state: 'CA',
      city: 'Irvine',
      consent: true,
      ...overrides,
    })
    const path = '/market-subscriptions'
    const created = await api<{ id: string }>(s, 'POST', path, { ip, body: body() })
    check('post', path, created, 202)
    check('post', path, await api(s, 'POST', path, { ip, body: body({ consent: false }) }), 400)
    check('post', path, await api(s, 'POST', path, { ip, body: body({ realtorId: randomUUID() }) }), 404)
    check('post', path, await api(s, 'POST', path, { body: body({ name: 'x'.repeat(1_100_000) }) }), 413)
    check('post', path, await api(s, 'POST', path, { rawBody: '{}', headers: { 'content-type': 'text/plain' } }), 415)
    check('post', path, await api(s, 'POST', path, { ip, body: body() }), 429)

    const row = await s.db.selectFrom('marketSubscription').selectAll().where('id', '=', created.body.id).executeTakeFirstOrThrow()
    const confirm = '/market-subscriptions/confirm'
    check('post', confirm, await api(s, 'POST', confirm, { body: { token: signSavedSearchToken(s.config.signingSecret, row, 'confirm', null) } }), 200)
    check('post', confirm, await api(s, 'POST', confirm, { body: { token: 'bad' } }), 400)
    check('post', confirm, await api(s, 'POST', confirm, { rawBody: JSON.stringify({ token: 'x'.repeat(1_100_000) }) }), 413)
    check('post', confirm, await api(s, 'POST', confirm, { rawBody: '{}', headers: { 'content-type': 'text/plain' } }), 415)

    const unsubscribe = '/market-subscriptions/unsubscribe'
    const form = { rawBody: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } }
    const token = encodeURIComponent(signSavedSearchToken(s.config.signingSecret, row, 'unsubscribe', null))
    check('post', unsubscribe, await api(s, 'POST', `${unsubscribe}?token=${token}`, form), 200)
    check('post', unsubscribe, await api(s, 'POST', `${unsubscribe}?token=bad`, form), 400)
  })

  it('DELETE /realtor-contacts/{id}: 200, 401, 404', async () => {
    const template = '/realtor-contacts/{id}'
    check('delete', template, await api(s, 'DELETE', `/realtor-contacts/${messageId}`), 401)
    check('delete', template, await api(s, 'DELETE', `/realtor-contacts/${messageId}`, { token: otherToken }), 404)
    check('delete', template, await api(s, 'DELETE', `/realtor-contacts/${messageId}`, { token: ownerToken }), 200)
    check('delete', template, await api(s, 'DELETE', `/realtor-contacts/${messageId}`, { token: ownerToken }), 404)
  })

  it('DELETE /realtor/{key}: 200, 401, 403, 404', async () => {
    check('delete', '/realtor/{key}', await api(s, 'DELETE', `/realtor/${realtorId}`), 401)
    check('delete', '/realtor/{key}', await api(s, 'DELETE', `/realtor/${realtorId}`, { token: otherToken }), 403)
    check('delete', '/realtor/{key}', await api(s, 'DELETE', `/realtor/${realtorId}`, { token: ownerToken }), 200)
    check('delete', '/realtor/{key}', await api(s, 'DELETE', `/realtor/${realtorId}`, { token: ownerToken }), 404)
  })

  it('answers outside the operations (unknown path, wrong method) with the Error schema', async () => {
    checkError(await api(s, 'GET', '/nothing-here'), 404)
    checkError(await api(s, 'PUT', '/realtor'), 405)
    checkError(await api(s, 'DELETE', '/realtor-contacts'), 405)
  })

  it('POST/GET /tour-requests, POST /tour-requests/{id}/confirm and /cancel: every documented status', async () => {
    app.clock.set(new Date('2026-10-28T16:00:00Z'))
    const tourOwner = await signUp(s, uniqueEmail('tour-owner'))
    const tourRealtor = await api<RealtorBody>(s, 'POST', '/realtor', { token: tourOwner, body: validRealtor() })
    expect(tourRealtor.status, tourRealtor.text).toBe(201)
    const tourRealtorId = tourRealtor.body.id
    const list = await api<{ homes: Array<{ homeId: string }> }>(s, 'GET', '/home/list?state=CA&city=Irvine')
    const listingKey = list.body.homes[0]?.homeId ?? ''
    const body = {
      realtorId: tourRealtorId,
      listingKey,
      mode: 'in_person',
      slots: [
        { date: '2026-10-31', time: '10:00' },
        { date: '2026-11-02', time: '10:00' },
      ],
      name: 'Minji Kim',
      email: 'minji@example.org',
      consent: true,
    }
    const created = await api<{ id: string }>(s, 'POST', '/tour-requests', { body })
    check('post', '/tour-requests', created, 201)
    check('post', '/tour-requests', await api(s, 'POST', '/tour-requests', { body: { ...body, slots: [] } }), 400)
    check('post', '/tour-requests', await api(s, 'POST', '/tour-requests', { body: { ...body, listingKey: 'NO-SUCH-HOME' } }), 404)
    check('post', '/tour-requests', await api(s, 'POST', '/tour-requests', { rawBody: JSON.stringify({ pad: 'x'.repeat(1_100_000) }) }), 413)
    check('post', '/tour-requests', await api(s, 'POST', '/tour-requests', { rawBody: '{}', headers: { 'content-type': 'text/plain' } }), 415)
    pinnedInWindow(app.clock)
    const ip = uniqueIp()
    for (let attempt = 0; attempt < 5; attempt++) await api(s, 'POST', '/tour-requests', { body: { ...body, slots: [] }, ip })
    check('post', '/tour-requests', await api(s, 'POST', '/tour-requests', { body, ip }), 429)

    check('get', '/tour-requests', await api(s, 'GET', `/tour-requests?realtorId=${tourRealtorId}`, { token: tourOwner }), 200)
    check('get', '/tour-requests', await api(s, 'GET', '/tour-requests?limit=0', { token: tourOwner }), 400)
    check('get', '/tour-requests', await api(s, 'GET', '/tour-requests'), 401)
    check('get', '/tour-requests', await api(s, 'GET', `/tour-requests?realtorId=${tourRealtorId}`, { token: otherToken }), 404)

    const confirm = '/tour-requests/{id}/confirm'
    const confirmPath = `/tour-requests/${created.body.id}/confirm`
    check('post', confirm, await api(s, 'POST', confirmPath, { token: tourOwner, body: { slot: 0 } }), 200)
    check('post', confirm, await api(s, 'POST', confirmPath, { token: tourOwner, body: { slot: 7 } }), 400)
    check('post', confirm, await api(s, 'POST', confirmPath, { body: { slot: 0 } }), 401)
    check('post', confirm, await api(s, 'POST', confirmPath, { token: otherToken, body: { slot: 0 } }), 404)
    check('post', confirm, await api(s, 'POST', confirmPath, { token: tourOwner, rawBody: JSON.stringify({ pad: 'x'.repeat(1_100_000) }) }), 413)
    check('post', confirm, await api(s, 'POST', confirmPath, { token: tourOwner, rawBody: '{}', headers: { 'content-type': 'text/plain' } }), 415)

    // The sender's calendar file: text, not JSON, so its 200 is checked by hand.
    const calendar = await api(s, 'GET', `/tour-requests/${created.body.id}.ics`)
    expect(calendar.status).toBe(200)
    expect(calendar.headers.get('content-type')).toMatch(/^text\/calendar/)
    expect(doc.paths['/tour-requests/{id}.ics']?.get?.responses['200']?.content?.['text/calendar']).toBeDefined()
    seen.add('get /tour-requests/{id}.ics 200')

    const cancel = '/tour-requests/{id}/cancel'
    const cancelPath = `/tour-requests/${created.body.id}/cancel`
    check('post', cancel, await api(s, 'POST', cancelPath), 401)
    check('post', cancel, await api(s, 'POST', cancelPath, { token: otherToken }), 404)
    check('post', cancel, await api(s, 'POST', cancelPath, { token: tourOwner }), 200)
    // A cancelled tour cannot be confirmed again, and has no calendar file.
    check('post', confirm, await api(s, 'POST', confirmPath, { token: tourOwner, body: { slot: 1 } }), 409)
    check('get', '/tour-requests/{id}.ics', await api(s, 'GET', `/tour-requests/${created.body.id}.ics`), 404)
  })

  it("a lead's timeline and its mails as sent: every documented answer (issue 52)", async () => {
    // The tour confirmed above: its invitation is on its lead's timeline, with its .ics.
    const mail = await s.db.selectFrom('mailOutbox').select(['id', 'leadId']).where('kind', '=', 'tour-confirmed').executeTakeFirstOrThrow()
    const lead = `/leads/${mail.leadId}`
    const timeline = '/leads/{id}/timeline'
    check('get', timeline, await api(s, 'GET', `${lead}/timeline`, { token: adminToken }), 200)
    check('get', timeline, await api(s, 'GET', `${lead}/timeline`), 401)
    check('get', timeline, await api(s, 'GET', `${lead}/timeline`, { token: otherToken }), 404)

    // The mail's HTML and its file are not JSON: their 200s are checked by hand.
    const html = await api(s, 'GET', `${lead}/mails/${mail.id}/html`, { token: adminToken })
    expect(html.status).toBe(200)
    expect(html.headers.get('content-security-policy')).toMatch(/^sandbox;/)
    expect(doc.paths['/leads/{id}/mails/{mailId}/html']?.get?.responses['200']?.content?.['text/html']).toBeDefined()
    seen.add('get /leads/{id}/mails/{mailId}/html 200')
    const htmlTemplate = '/leads/{id}/mails/{mailId}/html'
    check('get', htmlTemplate, await api(s, 'GET', `${lead}/mails/${mail.id}/html`), 401)
    check('get', htmlTemplate, await api(s, 'GET', `${lead}/mails/${mail.id}/html`, { token: otherToken }), 404)

    const file = `${lead}/mails/${mail.id}/attachments`
    const fileTemplate = '/leads/{id}/mails/{mailId}/attachments/{index}'
    const ics = await api(s, 'GET', `${file}/0`, { token: adminToken })
    expect(ics.status).toBe(200)
    expect(ics.headers.get('content-type')).toMatch(/^text\/calendar/)
    expect(doc.paths[fileTemplate]?.get?.responses['200']?.content?.['text/calendar']).toBeDefined()
    seen.add(`get ${fileTemplate} 200`)
    check('get', fileTemplate, await api(s, 'GET', `${file}/first`, { token: adminToken }), 400)
    check('get', fileTemplate, await api(s, 'GET', `${file}/0`), 401)
    check('get', fileTemplate, await api(s, 'GET', `${file}/0`, { token: otherToken }), 404)
  })

  it('every documented response was produced and validated above', () => {
    const documented: Array<string> = []
    for (const [template, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const status of Object.keys(operation?.responses ?? {})) documented.push(`${method} ${template} ${status}`)
      }
    }
    expect(documented.filter((entry) => !seen.has(entry)).sort()).toEqual([])
  })
})
