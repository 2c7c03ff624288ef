/*
 * The islands runtime (issue 31, decision 051): the one script a public page sent without the
 * app starts with, after its first paint. It does in plain code what needs no React (the
 * language choice's cookie, the view count, the owner's edit link, a platform page's account
 * menu), and hydrates each island (`[data-island]`) on its own once the page has loaded: when it
 * nears the viewport, or at the browser's first idle moment (`data-island-when="idle"`), or only
 * when the visitor touches or focuses it (`interaction`), which also starts any island at once,
 * loaded or not. React, the island's code and the visitor's messages load then, not before.
 */
import { startAccountMenu } from './features/auth/account-menu-runtime'
import { ISLAND_ATTRIBUTES } from './features/islands/island-names'
import { EDIT_LINK_ATTRIBUTE, editAccessUrl } from './lib/edit-access'
import { langCookieString, LANGUAGE_SWITCH_ATTRIBUTE } from './lib/lang'
import { reloadAfterChunkError } from './lib/new-version'
import { closeSiteMenuOnLeave } from './lib/site-nav'
import { sendVisitBeacon, VISIT_META, visitFromJson } from './lib/visit-beacon'
import { whenIdle } from './lib/when-idle'

const ISLAND = ISLAND_ATTRIBUTES.name
/** Within this distance of the viewport an island starts loading, so it is live when reached. */
const NEAR_VIEWPORT = '600px 0px'
/** An `onscreen` island starts this close: about to be seen (its own code may fetch much more). */
const ABOUT_ON_SCREEN = '200px 0px'

const hydrating = new WeakMap<Element, Promise<void>>()
const live = new WeakSet<Element>()

function hydrate(island: HTMLElement): Promise<void> {
  let hydrated = hydrating.get(island)
  if (!hydrated) {
    hydrated = import('./features/islands/hydrate-island')
      .then((module) => module.hydrateIsland(island))
      .then(() => {
        live.add(island)
      })
    // After a deploy the page's chunks may be gone: its forms still post without scripts, and the
    // page reloads once (at most every 10 s) to get the new build's.
    hydrated.catch(reloadAfterChunkError)
    hydrating.set(island, hydrated)
  }
  return hydrated
}

/**
 * Once the page's own load is done (its photos above all): an island that starts by itself
 * never competes with what the visitor came to see, nor counts against the page's load.
 */
function afterLoad(task: () => void): void {
  if (document.readyState === 'complete') task()
  else addEventListener('load', task, { once: true })
}

function startIslands(): void {
  const islands = [...document.querySelectorAll<HTMLElement>(`[${ISLAND}]`)]
  if (islands.length === 0) return
  afterLoad(() => {
    const observerWithin = (rootMargin: string) =>
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver(
            (entries) => {
              for (const entry of entries) {
                if (!entry.isIntersecting) continue
                const island = entry.target.closest<HTMLElement>(`[${ISLAND}]`)
                if (island) void hydrate(island)
              }
            },
            { rootMargin },
          )
        : undefined
    const near = observerWithin(NEAR_VIEWPORT)
    const onScreen = observerWithin(ABOUT_ON_SCREEN)
    for (const island of islands) {
      if (island.dataset.islandWhen === 'interaction') continue
      const observer = island.dataset.islandWhen === 'onscreen' ? onScreen : near
      if (island.dataset.islandWhen === 'idle' || !observer) {
        whenIdle(() => void hydrate(island), 3000)
        continue
      }
      // The island's element is `display: contents` and has no box of its own: its children do.
      for (const child of island.children) observer.observe(child)
    }
  })
  // A touch or a focus inside an island that is not live yet starts it at once.
  const now = (event: Event) => {
    const island = event.target instanceof Element ? event.target.closest<HTMLElement>(`[${ISLAND}]`) : null
    if (island) void hydrate(island)
  }
  document.addEventListener('pointerdown', now, { capture: true, passive: true })
  document.addEventListener('focusin', now, { capture: true })
  // A press of a button of an island that is not live yet (its code still on the way) is held and
  // made again once it is: a thumbnail opens its photo, play plays. Submit buttons and links are
  // left alone: a form posts and a link opens without scripts as it is.
  document.addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('button[type="button"]') : null
      const island = button?.closest<HTMLElement>(`[${ISLAND}]`)
      if (!(button instanceof HTMLButtonElement) || !island || live.has(island)) return
      event.preventDefault()
      event.stopImmediatePropagation()
      hydrate(island).then(
        () => setTimeout(() => button.isConnected && button.click()),
        () => undefined,
      )
    },
    { capture: true },
  )
  // A form without an action (the home value's, which posts to its own page without scripts),
  // sent before its island is live, waits for the island and is sent by it: the answer then
  // comes in place. A form with an action posts as it is, as it would without scripts.
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target instanceof HTMLFormElement ? event.target : null
      const island = form?.closest<HTMLElement>(`[${ISLAND}]`)
      if (!form || !island || live.has(island) || form.hasAttribute('action')) return
      event.preventDefault()
      event.stopImmediatePropagation()
      hydrate(island).then(
        () => setTimeout(() => form.isConnected && form.requestSubmit()),
        () => undefined,
      )
    },
    { capture: true },
  )
}

// The language switch is a plain link here: the choice goes in the cookie the platform's `/` reads.
document.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest(`[${LANGUAGE_SWITCH_ATTRIBUTE}]`) : null
  const lang = link?.getAttribute(LANGUAGE_SWITCH_ATTRIBUTE)
  if (lang === 'ko' || lang === 'en') document.cookie = langCookieString(lang, location.protocol === 'https:')
})

closeSiteMenuOnLeave(document)

// One view per page shown (decision 016).
const visit = document.querySelector(`meta[name="${VISIT_META}"]`)?.getAttribute('content')
const visitBeacon = visit ? visitFromJson(visit) : undefined
if (visitBeacon) sendVisitBeacon(visitBeacon)

// The owner's (or an admin's) way into the editor, asked for once the page is shown.
for (const template of document.querySelectorAll<HTMLTemplateElement>(`template[${EDIT_LINK_ATTRIBUTE}]`)) {
  const realtorId = template.getAttribute(EDIT_LINK_ATTRIBUTE)
  if (!realtorId) continue
  whenIdle(() => {
    fetch(editAccessUrl(realtorId), { credentials: 'same-origin', headers: { accept: 'application/json' } })
      .then((response) => (response.ok ? response.json() : undefined))
      .then((answer: unknown) => {
        if (typeof answer === 'object' && answer !== null && 'canEdit' in answer && answer.canEdit === true) template.replaceWith(template.content)
      })
      .catch(() => undefined)
  })
}

startAccountMenu()
startIslands()
// Says the runtime is running (the end-to-end tests wait for it as they wait for the app's hydration).
document.documentElement.dataset.islandsRuntime = 'started'
