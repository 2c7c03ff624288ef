import { addProtocol, setWorkerUrl } from 'maplibre-gl'
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
export function setUpMapLibrary() {
  if (setUp) return
  setUp = true
  setWorkerUrl(workerUrl)
  addProtocol('pmtiles', new Protocol().tile)
}

export function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches
}
