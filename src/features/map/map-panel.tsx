import { Trans, useLingui } from '@lingui/react/macro'
import { Component, lazy, Suspense, useState, type ComponentProps, type ReactNode } from 'react'
import { Button } from '~/components/ui'
import type { MapSetup } from '~/lib/map-setup'

/** On demand only: MapLibre and the markers' code are about 200 KB gzip, and most visitors read the list. */
const HomeMap = lazy(() => import('./home-map'))

/**
 * The tab's answer to "Show map" for a third-party host, for this tab only: a visitor who agreed
 * once is not asked on every page, and nobody is asked forever after by a choice they forgot.
 * Not the tag banner's consent (decision 015): that one is about analytics, this one about a map.
 */
const CONSENT_KEY = 'map-host-allowed'

function allowedHost(): string | null {
  try {
    return window.sessionStorage.getItem(CONSENT_KEY)
  } catch {
    // Storage refused (a privacy mode): ask each time.
    return null
  }
}

function allowHost(host: string) {
  try {
    window.sessionStorage.setItem(CONSENT_KEY, host)
  } catch {
    // Storage refused: the choice holds for this page only.
  }
}

/**
 * A map's place on a page (issue 29): the map itself, or, when its tiles come from a host other
 * than ours, a sentence naming that host and a button to load it; until the visitor presses it,
 * nothing is asked of that host.
 */
export function MapConsentGate({ setup, children }: { setup: MapSetup; children: ReactNode }) {
  const host = setup.thirdPartyHost
  const [allowed, setAllowed] = useState(() => host === null || allowedHost() === host)
  if (allowed || host === null) return children
  return (
    <div className="grid size-full place-items-center rounded-2xl border border-stone-200 bg-stone-50 p-6 text-center dark:border-stone-800 dark:bg-stone-900">
      <div className="max-w-sm">
        <p className="text-sm text-stone-800 dark:text-stone-200">
          <Trans>The map is served by {host}. Showing it sends them your IP address and the area you look at. The list shows every home without it.</Trans>
        </p>
        <Button
          variant="accent"
          size="md"
          className="mt-4"
          onClick={() => {
            allowHost(host)
            setAllowed(true)
          }}
        >
          <Trans>Show map</Trans>
        </Button>
      </div>
    </div>
  )
}

export function MapLoading() {
  const { t } = useLingui()
  return (
    <p
      role="status"
      className="grid size-full place-items-center rounded-2xl border border-stone-200 bg-stone-50 text-sm dark:border-stone-800 dark:bg-stone-900"
    >
      {t`Loading the map…`}
    </p>
  )
}

function MapUnavailable({ message }: { message: string }) {
  const { t } = useLingui()
  return (
    <div
      role="alert"
      className="grid size-full place-items-center rounded-2xl border border-stone-200 bg-stone-50 p-6 text-center text-sm dark:border-stone-800 dark:bg-stone-900"
    >
      <div className="max-w-sm">
        <p className="text-stone-800 dark:text-stone-200">{message}</p>
        {/* A new document: the browser may keep a module whose download failed, so the same
            `import()` would fail again in this one. */}
        <Button variant="accentOutline" size="md" className="mt-4" onClick={() => window.location.reload()}>
          {t`Try again`}
        </Button>
      </div>
    </div>
  )
}

/**
 * A map whose code did not arrive (a phone losing its network between the page and the map)
 * takes its own place only. Without this boundary the failed `import()` would end the whole
 * island's React root, and the home search's list beside the map would vanish with it.
 */
export class MapBoundary extends Component<{ message: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override render() {
    return this.state.failed ? <MapUnavailable message={this.props.message} /> : this.props.children
  }
}

/** The home search page's map, behind the gate, loaded on demand. */
export function MapPanel({ setup, ...mapProps }: { setup: MapSetup } & Omit<ComponentProps<typeof HomeMap>, 'setup'>) {
  const { t } = useLingui()
  return (
    <MapConsentGate setup={setup}>
      <MapBoundary message={t`The map could not be loaded. The list still shows every home.`}>
        <Suspense fallback={<MapLoading />}>
          <HomeMap setup={setup} {...mapProps} />
        </Suspense>
      </MapBoundary>
    </MapConsentGate>
  )
}
