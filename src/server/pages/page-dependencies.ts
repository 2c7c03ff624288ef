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
  /** Epoch ms from which the response is out of date with no write at all (an open house ends); undefined: never. */
  validUntil: number | undefined
}

const current = new AsyncLocalStorage<PageDependencies>()

export function emptyDependencies(): PageDependencies {
  return { realtors: new Map(), scopes: new Set(), validUntil: undefined }
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

/**
 * This response shows something that goes out of date at `iso` by time alone (an open house
 * that ends then leaves the page): the store makes it again from then on, no write needed.
 */
export function dependsUntil(iso: string): void {
  const dependencies = current.getStore()
  const at = Date.parse(iso)
  if (!dependencies || !Number.isFinite(at)) return
  dependencies.validUntil = dependencies.validUntil === undefined ? at : Math.min(dependencies.validUntil, at)
}
