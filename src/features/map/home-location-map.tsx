import { AttributionControl, Marker } from 'maplibre-gl'
import { useEffect, useRef, useState } from 'react'
import type { MapSetup } from '~/lib/map-setup'
import { createMap } from './maplibre-setup'
import { MapBackgroundNote } from './map-background-note'

/**
 * A still map of one home's place (loaded on demand by home-location.tsx): it neither pans nor
 * zooms, so it traps no scrolling finger and needs no keyboard; its label says what it shows.
 */
export default function HomeLocationMap({ setup, latitude, longitude, label }: { setup: MapSetup; latitude: number; longitude: number; label: string }) {
  const containerRef = useRef<HTMLDivElement>(null)
  const [backgroundFailed, setBackgroundFailed] = useState(false)

  useEffect(() => {
    const container = containerRef.current
    if (!container) return
    const map = createMap(
      {
        container,
        style: setup.styleUrl,
        center: [longitude, latitude],
        zoom: 14,
        interactive: false,
        attributionControl: false,
      },
      { onBackgroundFailed: () => setBackgroundFailed(true) },
    )
    map.addControl(new AttributionControl({ compact: true, ...(setup.attribution ? { customAttribution: setup.attribution } : {}) }), 'bottom-right')
    const marker = new Marker({ color: '#b91c1c' }).setLngLat([longitude, latitude]).addTo(map)
    marker.getElement().setAttribute('aria-hidden', 'true')
    return () => {
      marker.remove()
      map.remove()
    }
  }, [setup.styleUrl, setup.attribution, latitude, longitude])

  return (
    <div className="relative size-full">
      <div
        ref={containerRef}
        role="img"
        aria-label={label}
        className="size-full overflow-hidden rounded-2xl border border-stone-200 bg-stone-100 dark:border-stone-800 dark:bg-stone-900"
        data-testid="home-location-map"
      />
      {backgroundFailed ? <MapBackgroundNote of="home" /> : null}
    </div>
  )
}
