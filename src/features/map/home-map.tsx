import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { AttributionControl, LngLatBounds, type Map as MapLibreMap, Marker, NavigationControl, Popup } from 'maplibre-gl'
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { ListingLink } from '~/components/listing-link'
import { parseBbox, viewBboxText, type Bbox } from '~/lib/bbox'
import { formatPrice } from '~/lib/format'
import type { Lang } from '~/lib/lang'
import type { MapSetup } from '~/lib/map-setup'
import { homePointsQuery } from '~/queries/map'
import type { HomePoints } from '~/schemas/home'
import { statusLabel } from '~/lib/home-display'
import { HomeClusters, homePointsUrl, markerPrice, type MapFilters, type MapMarker } from './map-points'
import { createMap, prefersReducedMotion } from './maplibre-setup'
import { MapBackgroundNote } from './map-background-note'

/*
 * The map of the home search page (issue 29). This module is only ever imported on demand
 * (`React.lazy` in map-panel.tsx): MapLibre is about 200 KB gzip, and the list beside it is the
 * complete way to browse, so no page carries it in its first download.
 */

/** What a marker's card shows of a home of the list on screen beside the map. */
export type MapCardHome = { homeId: string; photo: string | null; address: string }

type Point = HomePoints['points'][number]

/** Marks the events of a move the URL asked for. */
const FROM_URL = 'fromUrl'

type PlacedMarker = { marker: MapMarker; element: HTMLElement; instance: Marker }

function boundsOf(map: MapLibreMap): Bbox {
  const bounds = map.getBounds()
  return { west: bounds.getWest(), south: bounds.getSouth(), east: bounds.getEast(), north: bounds.getNorth() }
}

export default function HomeMap({
  setup,
  lang,
  desiredUrl,
  view,
  filters,
  homes,
  highlighted,
  onHighlight,
  onMoved,
}: {
  setup: MapSetup
  lang: Lang
  desiredUrl: string
  /** The area to show (`west,south,east,north`): the URL's, or one around the list's homes. */
  view: string
  filters: MapFilters
  /** The homes of the list on screen, for the cards of their markers. */
  homes: ReadonlyArray<MapCardHome>
  highlighted: string | null
  onHighlight: (homeId: string | null) => void
  /** The visitor moved the map; the area now in view. */
  onMoved: (bbox: string) => void
}) {
  const { t } = useLingui()
  const descriptionId = useId()
  const containerRef = useRef<HTMLDivElement>(null)
  const mapRef = useRef<MapLibreMap | null>(null)
  const placedRef = useRef(new Map<string, PlacedMarker>())
  const clustersRef = useRef<HomeClusters | null>(null)
  const lastViewRef = useRef(view)
  const reportMove = useEffectEvent((bbox: string) => onMoved(bbox))
  const [visible, setVisible] = useState<string>(view)
  const [placed, setPlaced] = useState<Array<PlacedMarker>>([])
  const [selected, setSelected] = useState<{ point: Point; element: HTMLElement } | null>(null)
  const [backgroundFailed, setBackgroundFailed] = useState(false)

  const pointsUrl = homePointsUrl(visible, filters)
  const points = useQuery(homePointsQuery(pointsUrl))

  /** Places the markers for the area in view: adds the new ones, removes those gone. */
  const placeMarkers = useEffectEvent(() => {
    const map = mapRef.current
    const clusters = clustersRef.current
    if (!map || !clusters) return
    const markers = clusters.markers(boundsOf(map), map.getZoom())
    const next = new Map<string, PlacedMarker>()
    for (const marker of markers) {
      const existing = placedRef.current.get(marker.id)
      if (existing) {
        next.set(marker.id, { ...existing, marker })
        continue
      }
      const element = document.createElement('div')
      const instance = new Marker({ element, anchor: 'bottom' }).setLngLat([marker.longitude, marker.latitude]).addTo(map)
      next.set(marker.id, { marker, element, instance })
    }
    for (const [id, old] of placedRef.current) if (!next.has(id)) old.instance.remove()
    placedRef.current = next
    setPlaced([...next.values()])
  })

  useEffect(() => {
    const container = containerRef.current
    const initial = parseBbox(lastViewRef.current)
    if (!container || !initial.ok) return
    const { west, south, east, north } = initial.bbox
    const map = createMap(
      {
        container,
        style: setup.styleUrl,
        bounds: new LngLatBounds([west, south], [east, north]),
        attributionControl: false,
        // A search map turns north-up only: rotation and tilt help nobody read prices.
        dragRotate: false,
        pitchWithRotate: false,
        touchPitch: false,
        locale: {
          'Map.Title': t`Map of homes`,
          'NavigationControl.ZoomIn': t`Zoom in`,
          'NavigationControl.ZoomOut': t`Zoom out`,
          'Popup.Close': t`Close`,
          'AttributionControl.ToggleAttribution': t`Show who made this map`,
        },
      },
      { onBackgroundFailed: () => setBackgroundFailed(true) },
    )
    // MapLibre's canvas is the map's landmark (named by 'Map.Title'); it also says how to use it.
    map.getCanvas().setAttribute('aria-describedby', descriptionId)
    map.touchZoomRotate.disableRotation()
    map.keyboard.disableRotation()
    map.addControl(new NavigationControl({ showCompass: false }), 'top-right')
    map.addControl(new AttributionControl({ compact: true, ...(setup.attribution ? { customAttribution: setup.attribution } : {}) }), 'bottom-right')
    // The map's box changing size while the map is at rest (a list swapped in beside it, a phone
    // turned) moves its edges: MapLibre fires `resize` and then a `moveend` of its own.
    let resizedAtRest = false
    map.on('resize', () => {
      resizedAtRest = !map.isMoving()
    })
    map.on('moveend', (event) => {
      placeMarkers()
      const fromLayout = resizedAtRest
      resizedAtRest = false
      const text = viewBboxText(boundsOf(map))
      if (!text) return
      setVisible(text)
      // A move the URL asked for (Back, a shared link) is not the visitor's: it writes no new entry.
      // Nor is a new size of the map's box: after Back it pushed a wider area, and Forward was lost.
      if (FROM_URL in event || fromLayout) return
      lastViewRef.current = text
      reportMove(text)
    })
    mapRef.current = map
    const placedMarkers = placedRef.current
    return () => {
      for (const { instance } of placedMarkers.values()) instance.remove()
      placedRef.current = new Map()
      map.remove()
      mapRef.current = null
    }
    // The map is made once per style; what changes later (view, points) is applied by the effects
    // below, and the language of its controls changes only with a new page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [setup.styleUrl, setup.attribution])

  // A new area from the URL (the back button, a shared link): the map goes there.
  useEffect(() => {
    const map = mapRef.current
    const parsed = parseBbox(view)
    if (!map || !parsed.ok || view === lastViewRef.current) return
    lastViewRef.current = view
    const { west, south, east, north } = parsed.bbox
    // The event data rides on the move's events, so its moveend is told apart from the visitor's.
    map.fitBounds(new LngLatBounds([west, south], [east, north]), { animate: !prefersReducedMotion() }, { [FROM_URL]: true })
  }, [view])

  // New points (a new area or new filters): new clusters, new markers.
  useEffect(() => {
    if (!points.data) return
    clustersRef.current = new HomeClusters(points.data.points)
    placeMarkers()
  }, [points.data])

  const zoomInto = (clusterId: number, longitude: number, latitude: number) => {
    const map = mapRef.current
    const clusters = clustersRef.current
    if (!map || !clusters) return
    map.easeTo({ center: [longitude, latitude], zoom: clusters.expansionZoom(clusterId), animate: !prefersReducedMotion() })
  }

  // The card of the marker pressed, in a MapLibre popup (which moves focus into it and closes on Escape).
  useEffect(() => {
    const map = mapRef.current
    if (!map || !selected) return
    const popup = new Popup({ offset: 36, maxWidth: '260px', focusAfterOpen: true, closeButton: true, closeOnClick: false })
      .setLngLat([selected.point.longitude, selected.point.latitude])
      .setDOMContent(selected.element)
      .addTo(map)
    const onClose = () => setSelected((current) => (current?.element === selected.element ? null : current))
    popup.on('close', onClose)
    // Escape closes the card and returns focus to its marker, as a dialog would.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      popup.remove()
      containerRef.current?.querySelector<HTMLElement>(`button[data-home-id="${CSS.escape(selected.point.homeId)}"]`)?.focus()
    }
    const popupElement = popup.getElement()
    popupElement.addEventListener('keydown', onKeyDown)
    return () => {
      popupElement.removeEventListener('keydown', onKeyDown)
      popup.off('close', onClose)
      popup.remove()
    }
  }, [selected])

  const shown = points.data?.points.length ?? 0
  const homeById = new Map(homes.map((home) => [home.homeId, home]))

  return (
    <div className="relative size-full">
      <div
        ref={containerRef}
        className="size-full overflow-hidden rounded-2xl border border-stone-200 bg-stone-100 dark:border-stone-800 dark:bg-stone-900"
        data-testid="home-map"
        data-view-bbox={visible}
      />
      <p id={descriptionId} className="sr-only">
        <Trans>The list holds every home; the map marks them by price. Arrow keys move the map, plus and minus zoom, and Tab reaches each marker.</Trans>
      </p>
      <p
        aria-live="polite"
        className="pointer-events-none absolute top-3 left-3 rounded-full bg-white/95 px-3 py-1 text-sm font-medium text-stone-900 shadow-sm"
      >
        {points.isError ? (
          t`The homes could not be marked on the map.`
        ) : points.data?.truncated ? (
          <Trans>The newest {shown} homes are marked. Zoom in to see them all.</Trans>
        ) : (
          <Plural value={shown} one="# home on the map" other="# homes on the map" />
        )}
      </p>
      {backgroundFailed ? <MapBackgroundNote of="homes" /> : null}

      {placed.map(({ marker, element }) =>
        createPortal(
          marker.kind === 'cluster' ? (
            <button
              type="button"
              className="grid min-h-11 min-w-11 place-items-center rounded-full border-2 border-white bg-[var(--accent,#1c1917)] px-2 text-sm font-bold text-[var(--accent-contrast,#fff)] shadow-md focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-stone-900"
              onClick={() => zoomInto(marker.clusterId, marker.longitude, marker.latitude)}
            >
              {/* The visible count starts the button's name, so a voice user can say what they see. */}
              <Trans>
                {marker.count}
                <span className="sr-only"> homes here. Zoom in</span>
              </Trans>
            </button>
          ) : (
            <MarkerButton
              point={marker.point}
              active={highlighted === marker.point.homeId || selected?.point.homeId === marker.point.homeId}
              onHighlight={onHighlight}
              onOpen={() => setSelected({ point: marker.point, element: document.createElement('div') })}
            />
          ),
          element,
          marker.id,
        ),
      )}
      {selected
        ? createPortal(
            <MarkerCard point={selected.point} home={homeById.get(selected.point.homeId)} type={filters.type} lang={lang} desiredUrl={desiredUrl} />,
            selected.element,
          )
        : null}
    </div>
  )
}

function MarkerButton({
  point,
  active,
  onHighlight,
  onOpen,
}: {
  point: Point
  active: boolean
  onHighlight: (homeId: string | null) => void
  onOpen: () => void
}) {
  const { t } = useLingui()
  const price = formatPrice(point.price)
  return (
    <button
      type="button"
      aria-pressed={active}
      data-home-id={point.homeId}
      onMouseEnter={() => onHighlight(point.homeId)}
      onMouseLeave={() => onHighlight(null)}
      onFocus={() => onHighlight(point.homeId)}
      onBlur={() => onHighlight(null)}
      onClick={onOpen}
      className={`min-h-8 rounded-full border px-2.5 text-sm font-bold whitespace-nowrap shadow-md transition-transform focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-stone-900 motion-reduce:transition-none ${
        active ? 'z-10 scale-110 border-white bg-stone-900 text-white' : 'border-stone-300 bg-white text-stone-900'
      }`}
    >
      {markerPrice(point.price)}
      <span className="sr-only">{t`: ${price}, show this home's card`}</span>
    </button>
  )
}

function MarkerCard({
  point,
  home,
  type,
  lang,
  desiredUrl,
}: {
  point: Point
  home: MapCardHome | undefined
  type: 'sale' | 'rent'
  lang: Lang
  desiredUrl: string
}) {
  const { i18n } = useLingui()
  const status = statusLabel({ homeStatus: point.homeStatus, type })
  const price = formatPrice(point.price)
  return (
    <div className="grid gap-1 text-sm text-stone-900" data-testid="map-card">
      {home?.photo ? <img src={home.photo} alt="" width={240} height={160} className="aspect-[3/2] w-full rounded-md object-cover" /> : null}
      <p className="text-base font-bold">{type === 'rent' ? <Trans>{price} / month</Trans> : price}</p>
      {status ? <p>{i18n._(status)}</p> : null}
      {home ? <p>{home.address}</p> : null}
      <ListingLink
        lang={lang}
        desiredUrl={desiredUrl}
        listingKey={point.homeId}
        className="font-semibold text-[var(--accent-text)] underline underline-offset-4"
      >
        <Trans>View this home</Trans>
      </ListingLink>
    </div>
  )
}
