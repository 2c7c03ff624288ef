/**
 * Every island a public page can have (decision 051). The browser's registry
 * (`island-registry.ts`) loads each one's code by this name.
 */
export const ISLAND_NAMES = [
  'contact-form',
  'gallery',
  'video',
  'save-search',
  'listing-filters',
  'payment-estimate',
  'tour-request',
  'home-location',
  'analytics-choice',
  'market-subscription',
  'home-value',
  'home-search-map',
] as const
export type IslandName = (typeof ISLAND_NAMES)[number]

/**
 * When an island's code loads: as it nears the viewport (most), once it is about on screen
 * (`onscreen`: an island that costs much once started, such as the listing's location map,
 * which then fetches MapLibre, so a phone that never scrolls to it pays nothing), at the
 * browser's first idle moment, or only when the visitor presses or focuses something in it
 * (`interaction`: parts made of buttons, such as a gallery or a video's play button, whose press
 * the runtime holds and replays once the island is live). Every island also starts at once on a
 * press or a focus.
 */
export type IslandWhen = 'visible' | 'onscreen' | 'idle' | 'interaction'

/** The attributes the islands runtime reads (src/islands-client.ts). */
export const ISLAND_ATTRIBUTES = {
  name: 'data-island',
  when: 'data-island-when',
  prefix: 'data-island-prefix',
  props: 'data-island-props',
  page: 'data-island-page',
} as const
