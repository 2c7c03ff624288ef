import { islandsEntry } from 'virtual:islands-entry'
import { afterPaintLoader } from '~/server/web/defer-scripts'
import { withoutPageScripts, withPrefetchRules } from '~/server/web/page-scripts'

/*
 * The server's half of the islands (issue 31, decision 051). A build made by `npm run build`
 * has an islands runtime (build/islands-build.ts); `vite dev` and the unit tests have none, and
 * there every page keeps the app's scripts: nothing is rendered for a runtime that is not there.
 */

/** Whether islands pages are sent with the runtime (false in `vite dev`). */
export function hasIslandsRuntime(): boolean {
  return islandsEntry !== undefined
}

/**
 * An islands page as the browser gets it: the app's scripts out (entry, router state, module
 * preloads), the islands runtime in, started after the first paint as the app's scripts were
 * (decision 008), and the prefetch rules that stand in for client navigation.
 */
export function withIslandsRuntime(html: string): string {
  const page = withPrefetchRules(withoutPageScripts(html))
  if (!islandsEntry) return page
  const loader = afterPaintLoader(islandsEntry, [])
  return page.replace('</body>', () => `${loader}</body>`)
}
