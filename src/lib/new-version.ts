/**
 * New-version detection and the chunk-failure reload guard (spec §4, §8, §9).
 * Pure helpers here; the browser wiring is in `components/new-version-watcher.tsx`.
 */
export const LATEST_BUILD_PATH = '/builds/latest.json'
export const BUILD_POLL_INTERVAL_MS = 60_000
/** Spec §9: the first check is deferred about a second after the page is idle. */
export const BUILD_FIRST_CHECK_DELAY_MS = 1_000
export const CHUNK_RELOAD_GUARD_MS = 10_000
export const CHUNK_RELOAD_MARKER = 'chunk-reload-at'

export function latestBuildUrl(now: number): string {
  return `${LATEST_BUILD_PATH}?t=${now}`
}

/** Reads the id out of a latest.json body; anything malformed counts as "no news". */
export function buildIdFrom(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && 'id' in body && typeof body.id === 'string' && body.id !== '') {
    return body.id
  }
  return undefined
}

export function isNewBuild(currentId: string, latestId: string | undefined): boolean {
  return latestId !== undefined && latestId !== currentId
}

/** Spec §9: skip the background fetch on a very slow or data-saving connection. */
export function isSlowConnection(connection: { effectiveType?: string; saveData?: boolean } | undefined): boolean {
  if (!connection) return false
  return connection.saveData === true || connection.effectiveType === 'slow-2g' || connection.effectiveType === '2g'
}

const chunkErrorPatterns = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Loading (?:CSS )?chunk [\w-]+ failed/i,
]

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  return chunkErrorPatterns.some((pattern) => pattern.test(message))
}

/** At most one reload per guard window, judged by the time stored at the last one. */
export function mayReloadAfterChunkError(now: number, lastReloadAt: string | null): boolean {
  const last = lastReloadAt === null ? Number.NaN : Number(lastReloadAt)
  return !Number.isFinite(last) || now - last >= CHUNK_RELOAD_GUARD_MS || now < last
}

/**
 * Reloads the page after a failed chunk load (a deploy removed the page's chunks), at most once
 * per 10 seconds (spec §8). The app's error handler and the islands runtime both call it.
 */
export function reloadAfterChunkError(error: unknown): boolean {
  if (typeof window === 'undefined' || !isChunkLoadError(error)) return false
  const now = Date.now()
  if (!mayReloadAfterChunkError(now, window.sessionStorage.getItem(CHUNK_RELOAD_MARKER))) return false
  window.sessionStorage.setItem(CHUNK_RELOAD_MARKER, String(now))
  window.location.reload()
  return true
}
