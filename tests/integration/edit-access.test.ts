import { afterAll, beforeAll, expect, it } from 'vitest'
import { editAccessUrl } from '../../src/lib/edit-access'
import { answerEditAccess } from '../../src/server/http/edit-access'
import type { AppServices } from '../../src/server/services'
import { ORIGIN, api, createTestApp, describeOnEachDatabase, signUp, signUpAdmin, uniqueEmail, validRealtor, type RealtorBody, type TestApp } from './harness'

/*
 * The edit link of an islands page (decision 051): `GET /cozying-api/edit-access?realtor={id}`
 * says whether the viewer may edit that realtor (owner or admin), per viewer and never stored;
 * a visitor, another realtor or an unknown id is `false`, a missing id a translated 400.
 */
describeOnEachDatabase('Edit access of an islands page', (database) => {
  let app: TestApp
  let s: AppServices
  let ownerToken: string
  let otherToken: string
  let adminToken: string
  let realtorId: string

  beforeAll(async () => {
    app = await createTestApp(database.name)
    s = app.services
    ownerToken = await signUp(s, uniqueEmail('edit-owner'))
    otherToken = await signUp(s, uniqueEmail('edit-other'))
    adminToken = await signUpAdmin(s, uniqueEmail('edit-admin'))
    const created = await api<RealtorBody>(s, 'POST', '/realtor', { token: ownerToken, body: validRealtor() })
    expect(created.status, created.text).toBe(201)
    realtorId = created.body.id
  })

  afterAll(async () => {
    await app?.close()
  })

  const ask = async (path: string, token?: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    if (token) headers.set('authorization', `Bearer ${token}`)
    const response = await answerEditAccess(new Request(`${ORIGIN}${path}`, { ...init, headers }), s)
    const body: unknown = await response.json().catch(() => null)
    return { status: response.status, cacheControl: response.headers.get('cache-control'), body }
  }

  it('answers true to the owner and an admin, false to anyone else, never for a shared cache', async () => {
    expect(await ask(editAccessUrl(realtorId), ownerToken)).toEqual({ status: 200, cacheControl: 'private, no-store', body: { canEdit: true } })
    expect((await ask(editAccessUrl(realtorId), adminToken)).body).toEqual({ canEdit: true })
    expect((await ask(editAccessUrl(realtorId), otherToken)).body).toEqual({ canEdit: false })
    expect((await ask(editAccessUrl(realtorId))).body).toEqual({ canEdit: false })
    expect((await ask(editAccessUrl(realtorId), 'not-a-session')).body).toEqual({ canEdit: false })
    expect((await ask(editAccessUrl('no-such-realtor'), ownerToken)).body).toEqual({ canEdit: false })
  })

  it('refuses a request without an id with a translated 400, and anything but GET with a 405', async () => {
    const missing = await ask('/cozying-api/edit-access', undefined, { headers: { 'accept-language': 'en' } })
    expect(missing.status).toBe(400)
    expect(missing.body).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: { id: [expect.any(String)] } })
    const korean = await ask('/cozying-api/edit-access', undefined, { headers: { 'accept-language': 'ko' } })
    expect(korean.body).toMatchObject({ message: '입력 내용을 다시 확인해 주세요' })
    expect((await ask(editAccessUrl(realtorId), ownerToken, { method: 'POST' })).status).toBe(405)
  })
})
