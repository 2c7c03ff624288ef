import { afterAll, beforeAll, expect, it } from 'vitest'
import { accountMenuFromJson } from '../../src/features/auth/account-menu-runtime'
import { ACCOUNT_MENU_PATH } from '../../src/lib/account-menu'
import { answerAccountMenu } from '../../src/server/http/account-menu'
import type { AppServices } from '../../src/server/services'
import { ORIGIN, api, createTestApp, describeOnEachDatabase, signUp, uniqueEmail, validRealtor, type RealtorBody, type TestApp } from './harness'

/*
 * The account menu of a platform page sent as an islands page (decision 051):
 * `GET /cozying-api/account-menu` says whether the viewer is signed in and where their homepage
 * is, per viewer and never stored; nothing else of the account. The runtime reads it by hand
 * (`accountMenuFromJson`), so the reading is checked against the real answers too.
 */
describeOnEachDatabase('Account menu of an islands page', (database) => {
  let app: TestApp
  let s: AppServices
  let ownerToken: string
  let newcomerToken: string
  let desiredUrl: string

  beforeAll(async () => {
    app = await createTestApp(database.name)
    s = app.services
    ownerToken = await signUp(s, uniqueEmail('menu-owner'))
    newcomerToken = await signUp(s, uniqueEmail('menu-newcomer'))
    const created = await api<RealtorBody>(s, 'POST', '/realtor', { token: ownerToken, body: validRealtor() })
    expect(created.status, created.text).toBe(201)
    desiredUrl = created.body.desiredUrl
  })

  afterAll(async () => {
    await app?.close()
  })

  const ask = async (token?: string, method = 'GET') => {
    const headers = new Headers()
    if (token) headers.set('authorization', `Bearer ${token}`)
    const response = await answerAccountMenu(new Request(`${ORIGIN}${ACCOUNT_MENU_PATH}`, { method, headers }), s)
    const body: unknown = await response.json().catch(() => null)
    return { status: response.status, cacheControl: response.headers.get('cache-control'), body }
  }

  it('names the homepage of a signed-in realtor, none before onboarding, and nothing for a visitor, never for a shared cache', async () => {
    const owner = await ask(ownerToken)
    expect(owner).toEqual({ status: 200, cacheControl: 'private, no-store', body: { signedIn: true, desiredUrl } })
    expect(accountMenuFromJson(owner.body)).toEqual({ signedIn: true, desiredUrl })
    expect((await ask(newcomerToken)).body).toEqual({ signedIn: true, desiredUrl: null })
    expect((await ask()).body).toEqual({ signedIn: false, desiredUrl: null })
    expect((await ask('not-a-session')).body).toEqual({ signedIn: false, desiredUrl: null })
  })

  it('answers anything but GET with a 405', async () => {
    expect((await ask(ownerToken, 'POST')).status).toBe(405)
  })

  it('reads nothing that is not an answer', () => {
    for (const json of [null, 'signedIn', {}, { signedIn: 'yes' }, [true]]) expect(accountMenuFromJson(json), JSON.stringify(json)).toBeUndefined()
    expect(accountMenuFromJson({ signedIn: false, desiredUrl: 7 })).toEqual({ signedIn: false, desiredUrl: null })
  })
})
