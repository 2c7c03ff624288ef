import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { AppServices } from '../../src/server/services'
import {
  PASSWORD,
  TEST_LIMITS,
  api,
  authRequest,
  createTestApp,
  databaseNamed,
  pinnedInWindow,
  uniqueEmail,
  uniqueIp,
  validRealtor,
  type HttpResult,
  type TestApp,
  type RealtorBody,
} from './harness'

const PROVIDER_ENV = {
  GOOGLE_CLIENT_ID: 'google-client-id.apps.example',
  GOOGLE_CLIENT_SECRET: 'google-secret',
  KAKAO_CLIENT_ID: 'kakao-rest-api-key',
  KAKAO_CLIENT_SECRET: 'kakao-secret',
}

/** better-auth's answer to a sign-up or sign-in, as far as these tests read it. */
type SignedInBody = { user: { id: string; email: string } }

async function signUpRaw(s: AppServices, email: string, password = PASSWORD, ip?: string): Promise<HttpResult<SignedInBody>> {
  return authRequest<SignedInBody>(s, 'POST', '/sign-up/email', { body: { email, password, name: 'Test User' }, ip })
}

async function signInRaw(s: AppServices, email: string, password = PASSWORD, ip?: string): Promise<HttpResult<SignedInBody>> {
  return authRequest<SignedInBody>(s, 'POST', '/sign-in/email', { body: { email, password }, ip })
}

/** A protected route: 200 with a valid bearer token, 401 without. */
async function messagesWith(s: AppServices, token: string | undefined): Promise<HttpResult> {
  return api(s, 'GET', '/realtor-contacts', { token, lang: 'en' })
}

async function socialSignIn(s: AppServices, provider: string): Promise<HttpResult<{ url: string }>> {
  return authRequest<{ url: string }>(s, 'POST', '/sign-in/social', { body: { provider, callbackURL: '/' } })
}

describe('auth on sqlite: e-mail, bearer tokens, rate limit', () => {
  let app: TestApp
  let s: AppServices

  beforeAll(async () => {
    app = await createTestApp('sqlite')
    s = app.services
  })
  afterEach(() => app?.clock.reset())
  afterAll(async () => {
    await app?.close()
  })

  it('sign-up answers with the bearer token in set-auth-token, and it opens a protected route', async () => {
    const email = uniqueEmail('signup')
    const result = await signUpRaw(s, email)
    expect(result.status, result.text).toBe(200)
    expect(result.body.user.email).toBe(email)
    const token = result.headers.get('set-auth-token')
    expect(token).toMatch(/^\S{20,}$/)
    expect(result.headers.get('access-control-expose-headers') ?? '').toMatch(/set-auth-token/i)

    const signedIn = await messagesWith(s, token ?? undefined)
    expect(signedIn.status, signedIn.text).toBe(200)
    expect(signedIn.body).toEqual({ messages: [], nextCursor: null, total: 0, unread: 0 })
    expect((await messagesWith(s, undefined)).status).toBe(401)
  })

  it('sign-in answers with a new bearer token that works on the API', async () => {
    const email = uniqueEmail('signin')
    const signUpToken = (await signUpRaw(s, email)).headers.get('set-auth-token')
    const result = await signInRaw(s, email)
    expect(result.status, result.text).toBe(200)
    const token = result.headers.get('set-auth-token')
    expect(token).toBeTruthy()
    expect(token).not.toBe(signUpToken)
    expect((await messagesWith(s, token ?? undefined)).status).toBe(200)
    // The token resolves to this account: a realtor created with it belongs to the signed-in user.
    const created = await api<RealtorBody>(s, 'POST', '/realtor', { token: token ?? undefined, body: validRealtor() })
    expect(created.status, created.text).toBe(201)
    expect(created.body.userId).toBe(result.body.user.id)
  })

  it('refuses a wrong password and an unknown account with 401 and no token', async () => {
    const email = uniqueEmail('wrong')
    expect((await signUpRaw(s, email)).status).toBe(200)
    const wrong = await signInRaw(s, email, 'not-the-password')
    expect(wrong.status).toBe(401)
    expect(wrong.headers.get('set-auth-token')).toBeNull()
    const unknown = await signInRaw(s, uniqueEmail('nobody'))
    expect(unknown.status).toBe(401)
    expect(unknown.headers.get('set-auth-token')).toBeNull()
  })

  it("words its refusals in the caller's language, beside the field they belong to, keeping better-auth's code", async () => {
    const email = uniqueEmail('words')
    expect((await signUpRaw(s, email)).status).toBe(200)
    const wrong = await authRequest<{ code: string; message: string; fieldErrors?: unknown }>(s, 'POST', '/sign-in/email', {
      body: { email, password: 'not-the-password' },
      lang: 'ko',
    })
    expect(wrong.status).toBe(401)
    expect(wrong.body).toEqual({ code: 'INVALID_EMAIL_OR_PASSWORD', message: '이메일 또는 비밀번호가 올바르지 않습니다.' })
    expect(wrong.headers.get('content-language')).toBe('ko')

    const taken = await authRequest(s, 'POST', '/sign-up/email', { body: { email, password: PASSWORD, name: 'Again' }, lang: 'en' })
    expect(taken.status).toBe(422)
    expect(taken.body).toEqual({
      code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
      message: 'An account with this e-mail already exists. Sign in instead.',
      fieldErrors: { email: ['An account with this e-mail already exists. Sign in instead.'] },
    })

    // A malformed body: our sentence, never its validator's detail.
    const malformed = await authRequest(s, 'POST', '/sign-in/email', { body: { email: 1, password: [] }, lang: 'ko' })
    expect(malformed.status).toBe(400)
    expect(malformed.text).not.toMatch(/Invalid input|body\.email|expected string/)
    expect(malformed.body).toEqual({ code: 'VALIDATION_ERROR', message: '입력 내용을 다시 확인해 주세요' })
  })

  it('refuses a tampered or signed-out token with 401 on the API', async () => {
    const token = (await signUpRaw(s, uniqueEmail('tamper'))).headers.get('set-auth-token') ?? ''
    const [value = '', signature = ''] = token.split('.')
    /** The same string with its first character replaced by a different one. */
    const flipFirst = (text: string) => `${text.startsWith('A') ? 'B' : 'A'}${text.slice(1)}`
    expect((await messagesWith(s, `${value}.${flipFirst(signature)}`)).status).toBe(401)
    expect((await messagesWith(s, `${flipFirst(value)}.${signature}`)).status).toBe(401)

    expect((await messagesWith(s, token)).status).toBe(200)
    const signOut = await authRequest(s, 'POST', '/sign-out', { token, body: {} })
    expect(signOut.status, signOut.text).toBe(200)
    expect((await messagesWith(s, token)).status).toBe(401)
  })

  it('refuses a duplicate sign-up', async () => {
    const email = uniqueEmail('dup')
    expect((await signUpRaw(s, email)).status).toBe(200)
    const again = await signUpRaw(s, email)
    expect(again.status).toBe(422)
    expect(again.headers.get('set-auth-token')).toBeNull()
  })

  it('refuses, with a 4xx and no token, a sign-in whose Origin is no URL or another host', async () => {
    const email = uniqueEmail('origin')
    expect((await signUpRaw(s, email)).status).toBe(200)
    // `null` is what a browser sends from a sandboxed frame or a `file:` page (issue 17).
    for (const origin of ['null', 'not a url', '://', 'https://evil.example']) {
      const result = await authRequest(s, 'POST', '/sign-in/email', { body: { email, password: PASSWORD }, headers: { origin, cookie: 'x=1' } })
      expect(result.status, `${origin}: ${result.text}`).toBeGreaterThanOrEqual(400)
      expect(result.status, origin).toBeLessThan(500)
      expect(result.headers.get('set-auth-token'), origin).toBeNull()
    }
  })

  it(`answers 429 with Retry-After after ${TEST_LIMITS.auth} sign-in attempts from one address`, async () => {
    const email = uniqueEmail('limited')
    expect((await signUpRaw(s, email)).status).toBe(200)
    const retryAfter = pinnedInWindow(app.clock, 10)
    const ip = uniqueIp()
    for (let attempt = 0; attempt < TEST_LIMITS.auth; attempt += 1) {
      expect((await signInRaw(s, email, 'guessing-wrong', ip)).status).toBe(401)
    }
    const limited = await authRequest(s, 'POST', '/sign-in/email', { body: { email, password: PASSWORD }, ip, lang: 'en' })
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe(String(retryAfter))
    expect(limited.headers.get('content-type')).toMatch(/^application\/json/)
    expect(limited.body).toEqual({ message: 'Too many requests. Please wait a moment and try again', code: 'RATE_LIMITED' })
    expect(limited.headers.get('set-auth-token')).toBeNull()
    // Sign-up from the same address shares the limit; another address does not.
    expect((await signUpRaw(s, uniqueEmail('same-ip'), PASSWORD, ip)).status).toBe(429)
    expect((await signInRaw(s, email, PASSWORD, uniqueIp())).status).toBe(200)
    // The next window lets the address in again.
    app.clock.advance(retryAfter * 1000)
    expect((await signInRaw(s, email, PASSWORD, ip)).status).toBe(200)
  })

  it('has no social providers when none is configured, and refuses social sign-in', async () => {
    expect(s.config.providers).toEqual([])
    for (const provider of ['google', 'kakao']) {
      const result = await socialSignIn(s, provider)
      expect(result.status, result.text).toBeGreaterThanOrEqual(400)
      expect(result.status).toBeLessThan(500)
      expect(result.body?.url).toBeUndefined()
    }
  })
})

describe('auth on sqlite: Kakao and Google when configured', () => {
  let app: TestApp
  let s: AppServices

  beforeAll(async () => {
    app = await createTestApp('sqlite', { env: PROVIDER_ENV })
    s = app.services
  })
  afterAll(async () => {
    await app?.close()
  })

  it('lists both providers', () => {
    expect([...s.config.providers].sort()).toEqual(['google', 'kakao'])
  })

  it('answers Google sign-in with its authorize URL at accounts.google.com', async () => {
    const result = await socialSignIn(s, 'google')
    expect(result.status, result.text).toBe(200)
    const url = new URL(result.body.url)
    expect(url.origin).toBe('https://accounts.google.com')
    expect(url.searchParams.get('client_id')).toBe(PROVIDER_ENV.GOOGLE_CLIENT_ID)
    expect(url.searchParams.get('redirect_uri')).toBe('http://test.local/api/auth/callback/google')
    expect(url.searchParams.get('response_type')).toBe('code')
    expect(url.searchParams.get('state')).toBeTruthy()
  })

  it('answers Kakao sign-in with its authorize URL at kauth.kakao.com', async () => {
    const result = await socialSignIn(s, 'kakao')
    expect(result.status, result.text).toBe(200)
    const url = new URL(result.body.url)
    expect(url.origin).toBe('https://kauth.kakao.com')
    expect(url.pathname).toBe('/oauth/authorize')
    expect(url.searchParams.get('client_id')).toBe(PROVIDER_ENV.KAKAO_CLIENT_ID)
    expect(url.searchParams.get('redirect_uri')).toBe('http://test.local/api/auth/callback/kakao')
  })

  it('switches on only the providers whose id and secret are both set', async () => {
    const partial = await createTestApp('sqlite', {
      env: { GOOGLE_CLIENT_ID: 'only-google', GOOGLE_CLIENT_SECRET: 'secret', KAKAO_CLIENT_ID: 'kakao-without-secret' },
    })
    try {
      expect(partial.services.config.providers).toEqual(['google'])
      expect((await socialSignIn(partial.services, 'google')).status).toBe(200)
      const kakao = await socialSignIn(partial.services, 'kakao')
      expect(kakao.status).toBeGreaterThanOrEqual(400)
      expect(kakao.body?.url).toBeUndefined()
    } finally {
      await partial.close()
    }
  })
})

const postgres = databaseNamed('postgres')

describe.skipIf(!postgres.available)(
  postgres.available ? 'auth on postgres (smoke)' : 'auth on postgres (skipped: no PostgreSQL binaries and no DATABASE_TEST_URL)',
  () => {
    let app: TestApp

    beforeAll(async () => {
      app = await createTestApp('postgres', { env: PROVIDER_ENV })
    })
    afterAll(async () => {
      await app?.close()
    })

    it('signs up and in with bearer tokens, refuses a wrong password, builds an authorize URL', async () => {
      const s = app.services
      const email = uniqueEmail('pg')
      const signUp = await signUpRaw(s, email)
      expect(signUp.status, signUp.text).toBe(200)
      expect((await messagesWith(s, signUp.headers.get('set-auth-token') ?? undefined)).status).toBe(200)
      const signIn = await signInRaw(s, email.toUpperCase())
      expect(signIn.status, signIn.text).toBe(200)
      expect((await messagesWith(s, signIn.headers.get('set-auth-token') ?? undefined)).status).toBe(200)
      expect((await signInRaw(s, email, 'not-the-password')).status).toBe(401)
      expect(new URL((await socialSignIn(s, 'google')).body.url).host).toBe('accounts.google.com')
    })
  },
)
