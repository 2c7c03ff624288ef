import { AsyncLocalStorage } from 'node:async_hooks'
import type { RevisionScope } from './revisions'

/**
 * What a stored response was made from (decision 009): the realtors it read, each at the
 * revision of the row it read, and the scopes of lists it showed (every published realtor,
 * the listings). The code that reads the data says so while a response is being made for
 * the store; outside of that (a write, an editor page) noting is a no-op.
 */
export type PageDependencies = {
  realtors: Map<string, number>
  scopes: Set<Exclude<RevisionScope, 'site'>>
}

const current = new AsyncLocalStorage<PageDependencies>()

export function emptyDependencies(): PageDependencies {
  return { realtors: new Map(), scopes: new Set() }
}

/** Runs `make` and collects what it read. */
export async function collectDependencies<T>(make: () => Promise<T>): Promise<{ value: T; dependencies: PageDependencies }> {
  const dependencies = emptyDependencies()
  const value = await current.run(dependencies, make)
  return { value, dependencies }
}

/** This response shows a realtor's row as of `revision`. */
export function dependsOnRealtor(id: string, revision: number): void {
  const dependencies = current.getStore()
  if (!dependencies) return
  // The oldest revision read wins: if a save landed between two reads, the entry is already stale.
  const known = dependencies.realtors.get(id)
  dependencies.realtors.set(id, known === undefined ? revision : Math.min(known, revision))
}

/** This response shows a list that any realtor's write or any import may change. */
export function dependsOn(scope: Exclude<RevisionScope, 'site'>): void {
  current.getStore()?.scopes.add(scope)
}
