/**
 * Runs `task` at the browser's next idle moment, or after `timeout` ms at the latest (a busy
 * page still gets it done); a browser without `requestIdleCallback` waits a moment instead.
 * For work a visitor does not wait for: a view count, an island that starts by itself.
 */
export function whenIdle(task: () => void, timeout = 2000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout })
  else setTimeout(task, 200)
}
