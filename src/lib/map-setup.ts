/**
 * The map a deployment offers (issue 29, decision 049), as every page learns it from the site
 * context: read from the environment at runtime, never at build time.
 */
export type MapSetup = {
  /** The MapLibre style JSON, absolute. */
  styleUrl: string
  /** Who made the tiles and data; shown on the map. */
  attribution: string | null
  /**
   * The host serving the map when it is not ours (not this site, not our photo storage): the
   * visitor is told who it is and the map loads only when they ask. Null: our own tiles.
   */
  thirdPartyHost: string | null
}
