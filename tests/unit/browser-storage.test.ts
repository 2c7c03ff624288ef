import { describe, expect, it } from 'vitest'
import { classifyAuthError, failureField, failurePlace } from '~/lib/auth-errors'
import {
  STORAGE_KEYS,
  clearSignIn,
  needsAccessToken,
  readLoginMethod,
  readStoredUser,
  storeSession,
  storeSignIn,
  type KeyValueStore,
} from '~/features/auth/browser-storage'
import { signInDestination, signInPageSearchSchema, signInRedirectSearchSchema } from '~/features/auth/sign-in-flow'

/** An in-memory stand-in for localStorage that also lists what it holds. */
function memoryStore(initial: Record<string, string> = {}): KeyValueStore & { snapshot: () => Record<string, string> } {
  const values = new Map(Object.entries(initial))
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, value)
    },
    removeItem: (key) => {
      values.delete(key)
    },
    snapshot: () => Object.fromEntries(values),
  }
}

const USER = { id: 'user-1', email: 'sora@example.com', name: 'Sora Park' }
const REALTOR = { id: 'realtor-1', desiredUrl: 'sora-park' }

describe('spec §3 browser storage: the four keys of the original front end', () => {
  it('uses exactly the names the original front end reads', () => {
    expect(Object.values(STORAGE_KEYS).sort()).toEqual(['accessToken', 'realtorInfo', 'realtorLoginBy', 'userInfo'])
  })

  it('writes the token, the user and the login method after an e-mail sign-in', () => {
    const store = memoryStore()
    storeSignIn(store, { accessToken: 'token.signature', user: USER, loginBy: 'email' })
    expect(store.snapshot()).toEqual({
      accessToken: 'token.signature',
      userInfo: JSON.stringify(USER),
      realtorLoginBy: 'email',
    })
  })

  it('keeps only id, email and name of the user (better-auth sends more)', () => {
    const store = memoryStore()
    const fullUser = { ...USER, emailVerified: false, image: null, createdAt: '2026-01-01T00:00:00Z' }
    storeSignIn(store, { accessToken: 't', user: fullUser, loginBy: 'email' })
    expect(JSON.parse(store.getItem('userInfo') ?? 'null')).toEqual(USER)
  })

  it('drops what an earlier account left behind when another one signs in', () => {
    const store = memoryStore({
      accessToken: 'old-token',
      userInfo: JSON.stringify({ id: 'someone-else', email: 'x@example.com', name: 'X' }),
      realtorInfo: JSON.stringify({ id: 'their-realtor', desiredUrl: 'theirs' }),
      realtorLoginBy: 'kakao',
    })
    storeSignIn(store, { accessToken: null, user: USER, loginBy: 'email' })
    expect(store.getItem('accessToken')).toBeNull()
    expect(store.getItem('realtorInfo')).toBeNull()
    expect(readStoredUser(store)).toEqual(USER)
    expect(readLoginMethod(store)).toBe('email')
  })

  it('adds the realtor on the redirect page, as JSON of id and desiredUrl', () => {
    const store = memoryStore()
    storeSignIn(store, { accessToken: 'token', user: USER, loginBy: 'email' })
    storeSession(store, { user: USER, realtor: REALTOR })
    expect(JSON.parse(store.getItem('realtorInfo') ?? 'null')).toEqual(REALTOR)
    // The token and the method of the sign-in stay.
    expect(store.getItem('accessToken')).toBe('token')
    expect(readLoginMethod(store)).toBe('email')
  })

  it('removes realtorInfo when the account has no homepage yet', () => {
    const store = memoryStore({ realtorInfo: JSON.stringify(REALTOR), userInfo: JSON.stringify(USER) })
    storeSession(store, { user: USER, realtor: null })
    expect(store.getItem('realtorInfo')).toBeNull()
  })

  it('records Kakao or Google and the token fetched after the provider sent the user back', () => {
    const store = memoryStore()
    expect(needsAccessToken(store, USER.id)).toBe(true)
    storeSession(store, { user: USER, realtor: REALTOR, accessToken: 'session-token', loginBy: 'kakao' })
    expect(store.snapshot()).toEqual({
      accessToken: 'session-token',
      userInfo: JSON.stringify(USER),
      realtorInfo: JSON.stringify(REALTOR),
      realtorLoginBy: 'kakao',
    })
    expect(needsAccessToken(store, USER.id)).toBe(false)
  })

  it('asks for a new token when the stored one belongs to another account', () => {
    const store = memoryStore()
    storeSignIn(store, { accessToken: 'token', user: USER, loginBy: 'email' })
    expect(needsAccessToken(store, USER.id)).toBe(false)
    expect(needsAccessToken(store, 'another-user')).toBe(true)
  })

  it("forgets the previous account's realtor when the session belongs to someone else", () => {
    const store = memoryStore()
    storeSignIn(store, { accessToken: 'token', user: USER, loginBy: 'google' })
    storeSession(store, { user: USER, realtor: REALTOR })
    const other = { id: 'user-2', email: 'min@example.com', name: 'Min' }
    storeSession(store, { user: other, realtor: null, accessToken: 'other-token' })
    expect(store.snapshot()).toEqual({ accessToken: 'other-token', userInfo: JSON.stringify(other) })
  })

  it('clears all four keys on sign-out and leaves other keys alone', () => {
    const store = memoryStore({ unrelated: 'keep me' })
    storeSignIn(store, { accessToken: 'token', user: USER, loginBy: 'email' })
    storeSession(store, { user: USER, realtor: REALTOR })
    clearSignIn(store)
    expect(store.snapshot()).toEqual({ unrelated: 'keep me' })
  })

  it('reads a malformed userInfo or login method as absent, never throws', () => {
    const store = memoryStore({ userInfo: '{not json', realtorLoginBy: 'facebook' })
    expect(readStoredUser(store)).toBeUndefined()
    expect(readLoginMethod(store)).toBeUndefined()
    expect(readStoredUser(memoryStore({ userInfo: JSON.stringify({ id: 1 }) }))).toBeUndefined()
  })
})

describe('where a completed sign-in leads', () => {
  const base = { redirect: undefined, homepage: undefined, ownRealtor: null }

  it('goes back to the page the user came from', () => {
    expect(signInDestination({ ...base, lang: 'ko', redirect: '/sora-park/admin' })).toBe('/sora-park/admin')
    expect(signInDestination({ ...base, lang: 'en', redirect: '/en/realtors?page=2' })).toBe('/en/realtors?page=2')
  })

  it('keeps the language of the sign-in page', () => {
    expect(signInDestination({ ...base, lang: 'en', redirect: '/process' })).toBe('/en/process')
    expect(signInDestination({ ...base, lang: 'ko', redirect: '/en/process' })).toBe('/process')
  })

  it('returns to the realtor homepage of /{desiredUrl}/login', () => {
    expect(signInDestination({ ...base, lang: 'ko', homepage: 'sora-park', ownRealtor: REALTOR })).toBe('/sora-park')
    expect(signInDestination({ ...base, lang: 'en', homepage: 'sora-park' })).toBe('/en/sora-park')
  })

  it("opens the editor of the user's own homepage, else onboarding", () => {
    expect(signInDestination({ ...base, lang: 'ko', ownRealtor: REALTOR })).toBe('/sora-park/admin')
    expect(signInDestination({ ...base, lang: 'en', ownRealtor: REALTOR })).toBe('/en/sora-park/admin')
    expect(signInDestination({ ...base, lang: 'ko' })).toBe('/process')
    expect(signInDestination({ ...base, lang: 'en' })).toBe('/en/process')
  })

  it('never returns to a sign-in page', () => {
    expect(signInDestination({ ...base, lang: 'en', redirect: '/en/login/redirect', ownRealtor: REALTOR })).toBe('/en/sora-park/admin')
    expect(signInDestination({ ...base, lang: 'ko', redirect: '/sora-park/login' })).toBe('/process')
  })

  it('ignores a redirect to another site (the search schemas drop it)', () => {
    for (const redirect of ['https://evil.example', '//evil.example/path', '/\\evil.example', 'javascript:alert(1)']) {
      expect(signInPageSearchSchema.parse({ redirect }).redirect).toBeUndefined()
      expect(signInRedirectSearchSchema.parse({ redirect }).redirect).toBeUndefined()
    }
    expect(signInRedirectSearchSchema.parse({ redirect: '/sora-park', provider: 'kakao' })).toEqual({
      redirect: '/sora-park',
      provider: 'kakao',
    })
    expect(signInRedirectSearchSchema.parse({ provider: 'facebook' }).provider).toBeUndefined()
    expect(signInPageSearchSchema.parse({ mode: 'signup' }).mode).toBe('signup')
    expect(signInPageSearchSchema.parse({ mode: 'other' }).mode).toBeUndefined()
  })
})

describe('better-auth errors mapped to our messages and fields', () => {
  it('maps wrong credentials to the form, a taken or invalid e-mail to the e-mail field', () => {
    const wrong = classifyAuthError({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' })
    expect(wrong).toEqual({ kind: 'wrong-credentials' })
    expect(failureField(wrong)).toBe('form')
    for (const code of ['USER_ALREADY_EXISTS', 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL']) {
      const taken = classifyAuthError({ status: 422, code })
      expect(taken).toEqual({ kind: 'email-taken' })
      expect(failureField(taken)).toBe('email')
    }
    expect(failureField(classifyAuthError({ status: 400, code: 'INVALID_EMAIL' }))).toBe('email')
  })

  it('maps password length errors to the password field', () => {
    const short = classifyAuthError({ status: 400, code: 'PASSWORD_TOO_SHORT' })
    expect(short).toEqual({ kind: 'password-too-short' })
    expect(failureField(short)).toBe('password')
    expect(failureField(classifyAuthError({ status: 400, code: 'PASSWORD_TOO_LONG' }))).toBe('password')
  })

  it('shows a field failure above the form when the form has no such field', () => {
    const short = classifyAuthError({ status: 400, code: 'PASSWORD_TOO_SHORT' })
    const taken = classifyAuthError({ status: 422, code: 'USER_ALREADY_EXISTS' })
    expect(failurePlace(short, ['email', 'password'])).toBe('password')
    expect(failurePlace(short, ['password'])).toBe('password')
    expect(failurePlace(short, ['email'])).toBe('form')
    expect(failurePlace(taken, ['password'])).toBe('form')
    expect(failurePlace({ kind: 'network' }, ['email', 'password'])).toBe('form')
  })

  it("keeps our limiter's translated 429 message, whatever its code", () => {
    const limited = classifyAuthError({ status: 429, code: 'RATE_LIMITED', message: '요청이 너무 많습니다.' })
    expect(limited).toEqual({ kind: 'rate-limited', message: '요청이 너무 많습니다.' })
    expect(failureField(limited)).toBe('form')
    expect(classifyAuthError({ status: 429, message: '  ' })).toEqual({ kind: 'rate-limited', message: undefined })
  })

  it('maps a dead reset link, and anything else to a generic failure', () => {
    expect(classifyAuthError({ status: 400, code: 'INVALID_TOKEN' })).toEqual({ kind: 'invalid-token' })
    expect(classifyAuthError({ status: 500 })).toEqual({ kind: 'unknown' })
    // better-auth's English message is never shown.
    expect(classifyAuthError({ status: 403, code: 'INVALID_ORIGIN', message: 'Invalid origin' })).toEqual({ kind: 'unknown' })
  })
})
