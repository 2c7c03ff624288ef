/**
 * Every island a public page can have (decision 051). The browser's registry
 * (`island-registry.ts`) loads each one's code by this name.
 */
export const ISLAND_NAMES = ['contact-form', 'gallery', 'video', 'save-search', 'listing-filters'] as const
export type IslandName = (typeof ISLAND_NAMES)[number]

/** When an island's code loads: as it nears the viewport (most), or at the browser's first idle moment. */
export type IslandWhen = 'visible' | 'idle'

/** The attributes the islands runtime reads (src/islands-client.ts). */
export const ISLAND_ATTRIBUTES = {
  name: 'data-island',
  when: 'data-island-when',
  prefix: 'data-island-prefix',
  props: 'data-island-props',
  page: 'data-island-page',
} as const
