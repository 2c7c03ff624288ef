import { afterAll, beforeAll, expect, it } from 'vitest'
import { isAppError } from '../../src/server/app-error'
import { checkExportAllowed } from '../../src/server/data-export/export-realtor'
import { EXPORT_WINDOW_SECONDS } from '../../src/server/services'
import {
  actorFor,
  api,
  createTestApp,
  describeOnEachDatabase,
  expectError,
  pinnedInWindow,
  signUp,
  signUpAdmin,
  uniqueEmail,
  uniqueIp,
  validRealtor,
  type ErrorBody,
  type HttpResult,
  type RealtorBody,
  type TestApp,
} from './harness'

/*
 * Decision 043: a data export reads everything a realtor owns, so each account gets
 * RATE_LIMIT_EXPORT of them an hour. The count is the caller's account, not the client address
 * (every request here comes from one address) and not the realtor exported.
 */

const LIMIT = 2
const MESSAGE = {
  en: 'Your data can be downloaded only a few times an hour. Please try again later',
  ko: '데이터는 한 시간에 몇 번만 다운로드할 수 있습니다. 나중에 다시 시도해 주세요',
}

describeOnEachDatabase('data export rate limit', (database) => {
  let app: TestApp
  let ownerToken: string
  let otherToken: string
  let adminToken: string
  let realtor: RealtorBody
  let otherRealtor: RealtorBody
  /** One client address for every request: the limit must not be the address's. */
  const ip = uniqueIp()

  const exportOf = (realtorId: string, token: string, lang = 'en'): Promise<HttpResult<ErrorBody>> =>
    api<ErrorBody>(app.services, 'GET', `/realtors/${realtorId}/export`, { token, ip, lang })

  beforeAll(async () => {
    app = await createTestApp(database.name, { env: { RATE_LIMIT_EXPORT: String(LIMIT) } })
    ownerToken = await signUp(app.services, uniqueEmail('export-owner'))
    otherToken = await signUp(app.services, uniqueEmail('export-other'))
    adminToken = await signUpAdmin(app.services)
    const created = await api<RealtorBody>(app.services, 'POST', '/realtor', { token: ownerToken, body: validRealtor() })
    expect(created.status, created.text).toBe(201)
    realtor = created.body
    const otherCreated = await api<RealtorBody>(app.services, 'POST', '/realtor', { token: otherToken, body: validRealtor() })
    expect(otherCreated.status, otherCreated.text).toBe(201)
    otherRealtor = otherCreated.body
  })

  afterAll(async () => {
    await app?.close()
  })

  it('the setting is read from the environment, per hour', () => {
    expect(app.services.config.rateLimits.export).toEqual({ limit: LIMIT, windowSeconds: EXPORT_WINDOW_SECONDS })
  })

  it(`export number ${LIMIT + 1} of an hour is a 429 with Retry-After and its own words; another account, the admin and the next hour are not affected`, async () => {
    const retryAfter = pinnedInWindow(app.clock, 10, EXPORT_WINDOW_SECONDS)

    // Refused requests cost nothing: another realtor's id (404), no sign-in (401) and a HEAD (405:
    // it would make the whole file to send none of it) are not exports.
    for (let index = 0; index <= LIMIT; index += 1) {
      expect((await exportOf(realtor.id, otherToken)).status).toBe(404)
      expect((await api(app.services, 'GET', `/realtors/${realtor.id}/export`, { ip })).status).toBe(401)
      expect((await api(app.services, 'HEAD', `/realtors/${realtor.id}/export`, { token: ownerToken, ip })).status).toBe(405)
    }

    // The workspace asks before downloading; asking counts nothing either.
    const ownerActor = await actorFor(app.services, ownerToken)
    for (let index = 0; index <= LIMIT; index += 1) await expect(checkExportAllowed(app.services, ownerActor, realtor.id)).resolves.toEqual({ allowed: true })

    for (let index = 0; index < LIMIT; index += 1) {
      const allowed = await exportOf(realtor.id, ownerToken)
      expect(allowed.status, allowed.text).toBe(200)
      expect(allowed.headers.get('content-type')).toBe('application/zip')
    }

    const limited = await exportOf(realtor.id, ownerToken)
    expectError(limited, 429, 'RATE_LIMITED', MESSAGE.en)
    expect(limited.headers.get('retry-after')).toBe(String(retryAfter))
    const limitedKo = await exportOf(realtor.id, ownerToken, 'ko')
    expectError(limitedKo, 429, 'RATE_LIMITED')
    expect(limitedKo.body.message).toBe(MESSAGE.ko)
    expect(limitedKo.headers.get('retry-after')).toBe(String(retryAfter))

    // The workspace's question now says no, with the same message and wait.
    const refusal: unknown = await checkExportAllowed(app.services, ownerActor, realtor.id).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(
      isAppError(refusal) && { code: refusal.code, status: refusal.status, message: refusal.descriptor.message, retryAfter: refusal.retryAfterSeconds },
    ).toEqual({
      code: 'RATE_LIMITED',
      status: 429,
      message: MESSAGE.en,
      retryAfter,
    })

    // Another account, from the same address: its own count.
    const others = await exportOf(otherRealtor.id, otherToken)
    expect(others.status, others.text).toBe(200)
    await expect(checkExportAllowed(app.services, await actorFor(app.services, otherToken), otherRealtor.id)).resolves.toEqual({ allowed: true })
    // The count is the caller's, not the realtor's: an admin may still export this realtor.
    const byAdmin = await exportOf(realtor.id, adminToken)
    expect(byAdmin.status, byAdmin.text).toBe(200)

    // The next hour starts a new count.
    app.clock.advance(retryAfter * 1000)
    const nextHour = await exportOf(realtor.id, ownerToken)
    expect(nextHour.status, nextHour.text).toBe(200)
  })
})
