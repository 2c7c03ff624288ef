import { lazy } from 'react'
import type { Lang } from '~/lib/lang'
import type { PublicRealtor } from '~/schemas/realtor'

/*
 * The realtor's 404 page, loaded on demand. The router loads a route's not-found component with
 * every page under it, so a static import would send the realtor page's shared code (header,
 * cards, footer: ~24.5 KB gzip) with the sign-in page on a realtor's address. In the browser it
 * loads only when a not-found renders. The server loads it before it renders (the route's
 * `beforeLoad` awaits `loadRealtorNotFoundPage`): a 404 is sent without the app's scripts, so a
 * part that suspended while streaming would never be swapped in. The loaded module is kept here,
 * in a module of its own, because the route's not-found component is split into another chunk
 * than its `beforeLoad`.
 */
const importPage = () => import('./realtor-not-found-page')
let loaded: Awaited<ReturnType<typeof importPage>> | undefined

export async function loadRealtorNotFoundPage(): Promise<void> {
  loaded ??= await importPage()
}

const LazyRealtorNotFoundPage = lazy(() => importPage().then((module) => ({ default: module.RealtorNotFoundPage })))

export function RealtorNotFoundPageOnDemand({ realtor, lang }: { realtor: PublicRealtor; lang: Lang }) {
  return loaded ? <loaded.RealtorNotFoundPage realtor={realtor} lang={lang} /> : <LazyRealtorNotFoundPage realtor={realtor} lang={lang} />
}
