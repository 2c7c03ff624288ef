import { createAuthClient } from 'better-auth/react'

function createClient(origin: string) {
  return createAuthClient({
    // The page's own origin: the app answers on several hosts (ours and realtors' own
    // domains), and the session cookie belongs to the one the page was served from.
    baseURL: origin,
    basePath: '/api/auth',
    // Pages read the session through TanStack Query (getSession); better-auth's own session
    // store is not used, so it has no reason to refetch when the tab regains focus.
    sessionOptions: { refetchOnWindowFocus: false },
  })
}

export type AuthClient = ReturnType<typeof createClient>

let client: AuthClient | undefined

/**
 * better-auth's browser client (cookies, same origin). Made on first use, in the browser only:
 * it is called from event handlers and effects, never while rendering on the server.
 */
export function authClient(): AuthClient {
  client ??= createClient(window.location.origin)
  return client
}
