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
 * A map of ours: the library set up, and tiles and labels drawn at once rather than faded in.
 * Each fade redraws the whole map at every frame for 300 ms, and as a search map's tiles arrive
 * one by one the fades chain into seconds of drawing, the largest cost of a map on a cheap
 * phone's main thread (decision 051). Labels fade by the map's `fadeDuration`; raster tiles by
 * their layers' `raster-fade-duration`, which a style sets itself, so that one is set once the
 * style has loaded, unless the style names one.
 */
export function createMap(options: MapOptions): MapLibreMap {
  setUpMapLibrary()
  const map = new MapLibreMap({ ...options, fadeDuration: 0 })
  map.on('style.load', () => {
    for (const layer of map.getStyle().layers) {
      if (layer.type === 'raster' && layer.paint?.['raster-fade-duration'] === undefined) map.setPaintProperty(layer.id, 'raster-fade-duration', 0)
    }
  })
  return map
}
