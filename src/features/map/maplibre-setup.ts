import { addProtocol, Map as MapLibreMap, setWorkerUrl, type MapOptions } from 'maplibre-gl'
import 'maplibre-gl/dist/maplibre-gl.css'
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url'
import { Protocol } from 'pmtiles'

/*
 * What every map of ours needs from MapLibre before its first map. Imported only by the modules
 * loaded on demand (home-map.tsx, home-location-map.tsx), never by a page's first download.
 */

let setUp = false

/**
 * MapLibre's worker from our own origin (the page's CSP allows scripts from no other, and a
 * bundled copy would look for the worker beside a file that is not there), and PMTiles archives
 * read by byte ranges as the `pmtiles://` protocol a self-hosted style names.
 */
function setUpMapLibrary() {
  if (setUp) return
  setUp = true
  setWorkerUrl(workerUrl)
  addProtocol('pmtiles', new Protocol().tile)
}

export function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches
}

/**
 * How long a map waits for its style before drawing on a plain background instead: a host
 * that drops packets (a firewall, a captive portal) never answers, and a blank box with no word
 * would look broken. Long enough for a slow phone network to fetch a style of some 20 KB.
 */
const STYLE_TIMEOUT_MS = 10_000

/** The ground of a map whose style could not be had: the page's own colours, light or dark. */
function plainBackground(container: HTMLElement): string {
  return container.closest('.dark') ? '#292524' : '#e7e5e4'
}

export type MapCallbacks = {
  /**
   * The map's background did not arrive (its style or its tiles' host could not be reached):
   * the page says so in a word. Called at most once per map.
   */
  onBackgroundFailed: () => void
}

/**
 * A map of ours: the library set up, and tiles and labels drawn at once rather than faded in.
 * Each fade redraws the whole map at every frame for 300 ms, and as a search map's tiles arrive
 * one by one the fades chain into seconds of drawing, the largest cost of a map on a cheap
 * phone's main thread (decision 051). Labels fade by the map's `fadeDuration`; raster tiles by
 * their layers' `raster-fade-duration`, which a style sets itself, so that one is set once the
 * style has loaded, unless the style names one.
 *
 * A style that fails or does not come in time (a public host down or blocked, decision 062) is
 * replaced by a plain one, so the markers still draw; a source whose tile index cannot be read
 * leaves the style's own background. Either way the page is told once.
 */
export function createMap(options: MapOptions & { container: HTMLElement }, { onBackgroundFailed }: MapCallbacks): MapLibreMap {
  setUpMapLibrary()
  const map = new MapLibreMap({ ...options, fadeDuration: 0 })
  let styleLoaded = false
  let told = false
  const tell = () => {
    if (told) return
    told = true
    onBackgroundFailed()
  }
  const fallBack = () => {
    if (styleLoaded) return
    clearTimeout(timer)
    // Marked loaded first: the plain style's own 'style.load' must not count as the real one's.
    styleLoaded = true
    // One plain layer: the markers are DOM elements placed by the map's camera, so they still
    // stand where the homes are.
    map.setStyle(
      { version: 8, sources: {}, layers: [{ id: 'background', type: 'background', paint: { 'background-color': plainBackground(options.container) } }] },
      { diff: false },
    )
    tell()
  }
  const timer = setTimeout(fallBack, STYLE_TIMEOUT_MS)
  map.on('style.load', () => {
    styleLoaded = true
    clearTimeout(timer)
    for (const layer of map.getStyle().layers) {
      if (layer.type === 'raster' && layer.paint?.['raster-fade-duration'] === undefined) map.setPaintProperty(layer.id, 'raster-fade-duration', 0)
    }
  })
  map.on('error', (event) => {
    if (!styleLoaded) return fallBack()
    // A source's tile index (TileJSON, a PMTiles header) that cannot be read: none of its tiles
    // will come. One missing tile (it carries `tile`) is not worth a word.
    if ('sourceId' in event && !('tile' in event)) tell()
  })
  map.on('remove', () => clearTimeout(timer))
  return map
}
