import { useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import type { MapSetup } from '~/lib/map-setup'
import { MapBoundary, MapConsentGate, MapLoading } from './map-panel'

/** On demand only, and only once the map's place scrolls near the screen. */
const HomeLocationMap = lazy(() => import('./home-location-map'))

/**
 * Where a listed home is (issue 29 item 6), on a small map below its facts: unless the operator
 * turned the map off (decision 062), and only when the MLS shows the address (the page does not render this otherwise). The
 * OpenStreetMap link beside it stays, for directions and a larger view.
 */
export function HomeLocation({ setup, latitude, longitude, address }: { setup: MapSetup; latitude: number; longitude: number; address: string }) {
  const { t } = useLingui()
  const placeRef = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(false)

  useEffect(() => {
    const place = placeRef.current
    if (!place) return
    // A map costs a few hundred kilobytes; a visitor who never scrolls this far never loads it.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true)
          observer.disconnect()
        }
      },
      { rootMargin: '200px' },
    )
    observer.observe(place)
    return () => observer.disconnect()
  }, [])

  return (
    <div ref={placeRef} className="mt-4 aspect-[16/9] max-h-80 w-full" data-testid="home-location">
      {near ? (
        <MapConsentGate setup={setup}>
          <MapBoundary message={t`The map could not be loaded.`}>
            <Suspense fallback={<MapLoading />}>
              <HomeLocationMap setup={setup} latitude={latitude} longitude={longitude} label={t`Map showing where ${address} is`} />
            </Suspense>
          </MapBoundary>
        </MapConsentGate>
      ) : null}
    </div>
  )
}
