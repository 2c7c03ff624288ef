/**
 * The browser storage keys of the original front end (spec §3). Other programs built for it
 * (and its pages, during the move) read them, so their names and shapes are kept exactly.
 * They are a copy for compatibility only: the session itself is better-auth's httpOnly cookie,
 * and nothing here decides whether someone is signed in.
 */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  userInfo: 'userInfo',
  realtorInfo: 'realtorInfo',
  realtorLoginBy: 'realtorLoginBy',
} as const

export const LOGIN_METHODS = ['email', 'google', 'kakao'] as const
export type LoginMethod = (typeof LOGIN_METHODS)[number]

export type StoredUser = { id: string; email: string; name: string }

/*
 * A type guard rather than a zod schema: the account menu in every page's header reads this
 * storage, and zod would weigh more in the first download than everything else here.
 */
function isStoredUser(value: unknown): value is StoredUser {
  if (typeof value !== 'object' || value === null) return false
  return ['id', 'email', 'name'].every((key) => typeof Reflect.get(value, key) === 'string')
}

export type StoredRealtor = { id: string; desiredUrl: string }

/** The part of `Storage` we use; tests pass an in-memory one. */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/**
 * `localStorage`, or undefined where there is none (server rendering) or it refuses access
 * (storage disabled by the user, some private modes): sign-in must still work then.
 */
export function browserStorage(): KeyValueStore | undefined {
  if (typeof window === 'undefined') return undefined
  try {
    const storage = window.localStorage
    const probe = '__storage_probe__'
    storage.setItem(probe, probe)
    storage.removeItem(probe)
    return storage
  } catch {
    return undefined
  }
}

/** Only the three public fields: the user object of better-auth carries more than the spec's userInfo. */
function userInfoJson(user: StoredUser): string {
  return JSON.stringify({ id: user.id, email: user.email, name: user.name })
}

/** The stored user, or undefined when missing or not what we wrote (another app's leftovers). */
export function readStoredUser(store: KeyValueStore): StoredUser | undefined {
  const raw = store.getItem(STORAGE_KEYS.userInfo)
  if (!raw) return undefined
  try {
    const parsed: unknown = JSON.parse(raw)
    return isStoredUser(parsed) ? { id: parsed.id, email: parsed.email, name: parsed.name } : undefined
  } catch {
    return undefined
  }
}

export function readLoginMethod(store: KeyValueStore): LoginMethod | undefined {
  const raw = store.getItem(STORAGE_KEYS.realtorLoginBy)
  return LOGIN_METHODS.find((method) => method === raw)
}

/** Sign-out (or a sign-in that failed part-way): nothing of the previous account stays behind. */
export function clearSignIn(store: KeyValueStore): void {
  for (const key of Object.values(STORAGE_KEYS)) store.removeItem(key)
}

/**
 * Right after an e-mail sign-in or sign-up answered: the bearer token from its
 * `set-auth-token` header, the user and how they signed in. Whatever an earlier account left
 * (its realtor above all) is dropped first; the redirect page adds the realtor.
 */
export function storeSignIn(store: KeyValueStore, input: { accessToken: string | null; user: StoredUser; loginBy: LoginMethod }): void {
  clearSignIn(store)
  if (input.accessToken) store.setItem(STORAGE_KEYS.accessToken, input.accessToken)
  store.setItem(STORAGE_KEYS.userInfo, userInfoJson(input.user))
  store.setItem(STORAGE_KEYS.realtorLoginBy, input.loginBy)
}

/**
 * Does the redirect page still have to fetch a token? Yes after Kakao or Google (their
 * sign-in ends in a redirect, not a response we can read), and whenever the stored token
 * may belong to someone else.
 */
export function needsAccessToken(store: KeyValueStore, userId: string): boolean {
  return !store.getItem(STORAGE_KEYS.accessToken) || readStoredUser(store)?.id !== userId
}

/**
 * On the redirect page, with the account as the server sees it now: the user, their realtor
 * (removed when they have none yet), and, when given, the token and the way they signed in.
 * A previous account's leftovers are dropped first.
 */
export function storeSession(
  store: KeyValueStore,
  input: { user: StoredUser; realtor: StoredRealtor | null; accessToken?: string; loginBy?: LoginMethod },
): void {
  const previous = readStoredUser(store)
  if (previous && previous.id !== input.user.id) clearSignIn(store)
  if (input.accessToken) store.setItem(STORAGE_KEYS.accessToken, input.accessToken)
  store.setItem(STORAGE_KEYS.userInfo, userInfoJson(input.user))
  if (input.realtor) {
    store.setItem(STORAGE_KEYS.realtorInfo, JSON.stringify({ id: input.realtor.id, desiredUrl: input.realtor.desiredUrl }))
  } else {
    store.removeItem(STORAGE_KEYS.realtorInfo)
  }
  if (input.loginBy) store.setItem(STORAGE_KEYS.realtorLoginBy, input.loginBy)
}
