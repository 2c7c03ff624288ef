import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import {
  BUILD_FIRST_CHECK_DELAY_MS,
  BUILD_POLL_INTERVAL_MS,
  buildIdFrom,
  isNewBuild,
  isSlowConnection,
  latestBuildUrl,
  reloadAfterChunkError,
} from '~/lib/new-version'

type NetworkInformation = { effectiveType?: string; saveData?: boolean }

function connectionOf(nav: Navigator): NetworkInformation | undefined {
  return 'connection' in nav && typeof nav.connection === 'object' && nav.connection !== null ? (nav.connection satisfies NetworkInformation) : undefined
}

/**
 * Polls builds/latest.json and, once a newer build is out, turns the next in-app
 * navigation into a full page load so the visitor gets the new code (spec §4).
 */
export function NewVersionWatcher() {
  const router = useRouter()
  useEffect(() => {
    let stale = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const check = async () => {
      if (stale || isSlowConnection(connectionOf(navigator))) return
      try {
        const response = await fetch(latestBuildUrl(Date.now()), { cache: 'no-store' })
        if (!response.ok) return
        if (isNewBuild(__BUILD_ID__, buildIdFrom(await response.json()))) {
          stale = true
          document.documentElement.dataset.newVersion = 'available'
        }
      } catch {
        // Offline or mid-deploy: try again on the next tick.
      }
    }
    const schedule = (delay: number) => {
      timer = setTimeout(() => {
        void check().finally(() => {
          if (!stale) schedule(BUILD_POLL_INTERVAL_MS)
        })
      }, delay)
    }
    const startWhenIdle = () => schedule(BUILD_FIRST_CHECK_DELAY_MS)
    if ('requestIdleCallback' in window) window.requestIdleCallback(startWhenIdle)
    else startWhenIdle()

    const unsubscribe = router.subscribe('onBeforeNavigate', (event) => {
      if (stale && event.pathChanged) window.location.assign(event.toLocation.href)
    })
    const onPreloadError = (event: Event) => {
      if ('payload' in event && reloadAfterChunkError(event.payload)) event.preventDefault()
    }
    window.addEventListener('vite:preloadError', onPreloadError)
    return () => {
      clearTimeout(timer)
      unsubscribe()
      window.removeEventListener('vite:preloadError', onPreloadError)
    }
  }, [router])
  return null
}
