import { useLingui } from '@lingui/react/macro'
import { useCallback, useEffect, useId, useRef, useState, type CSSProperties, type RefObject } from 'react'
import { createPortal } from 'react-dom'
import {
  acceptedChoice,
  consentStorageKey,
  effectiveChoice,
  isGoogleTagCookie,
  parseStoredChoice,
  tagKind,
  tagScriptUrl,
  type EffectiveChoice,
  type StoredChoice,
} from '~/lib/analytics-tag'
import { buttonClass } from '~/components/ui'

/*
 * The consent banner of a homepage with an analytics tag (decision 015), loaded on demand by
 * `AnalyticsChoice`. Everything here runs in the browser after hydration: the choice lives in
 * localStorage, so the page's HTML stays the same for every visitor.
 */

declare global {
  interface Window {
    dataLayer?: Array<unknown>
  }
}

export type ConsentBannerProps = {
  realtorId: string
  tagId: string
  /** Bumped each time the visitor asks for the choice again (the footer's button). */
  requested: number
  /** Where the focus goes back to after a choice made on request. */
  returnFocusTo: RefObject<HTMLElement | null>
  /** The homepage's theme: the banner sits outside the page's tree, at the start of the body. */
  themeStyle: CSSProperties
  dark: boolean
}

function readChoice(key: string): StoredChoice | undefined {
  try {
    return parseStoredChoice(window.localStorage.getItem(key))
  } catch {
    // Storage refused (a private window, a policy): ask again next time, never assume.
    return undefined
  }
}

function storeChoice(key: string, choice: StoredChoice): void {
  try {
    window.localStorage.setItem(key, choice)
  } catch {
    // The choice then holds for this page only.
  }
}

function sendsGlobalPrivacyControl(): boolean {
  return 'globalPrivacyControl' in navigator && navigator.globalPrivacyControl === true
}

/** The vendor's snippet, written out: the data layer first, then its script from Google's host. */
function loadTag(tagId: string): void {
  const src = tagScriptUrl(tagId)
  if ([...document.scripts].some((script) => script.src === src)) return
  const dataLayer = (window.dataLayer ??= [])
  if (tagKind(tagId) === 'gtm') {
    dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' })
  } else {
    const gtag: (...command: Array<unknown>) => void = function () {
      // eslint-disable-next-line prefer-rest-params -- gtag.js tells its commands from other data layer entries by their being Arguments objects
      dataLayer.push(arguments)
    }
    gtag('js', new Date())
    gtag('config', tagId)
  }
  const script = document.createElement('script')
  script.async = true
  script.src = src
  document.head.append(script)
}

/** Google's first-party cookies, on this host and every domain above it (where the tags set them). */
function removeGoogleTagCookies(): void {
  const labels = window.location.hostname.split('.')
  const domains = ['', ...labels.slice(0, -1).map((_, index) => labels.slice(index).join('.'))]
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim() ?? ''
    if (!isGoogleTagCookie(name)) continue
    for (const domain of domains) {
      document.cookie = `${name}=; Max-Age=0; Path=/${domain ? `; Domain=${domain}` : ''}`
    }
  }
}

export function ConsentBanner({ realtorId, tagId, requested, returnFocusTo, themeStyle, dark }: ConsentBannerProps) {
  const { t } = useLingui()
  const key = consentStorageKey(realtorId, tagId)
  const titleId = useId()
  // Read while rendering: this component is only ever rendered in the browser (see AnalyticsChoice).
  const [initial] = useState(() => {
    const gpc = sendsGlobalPrivacyControl()
    return { gpc, choice: effectiveChoice(readChoice(key), gpc) }
  })
  const gpc = initial.gpc
  const [choice, setChoice] = useState<EffectiveChoice>(initial.choice)
  // Opened from the footer (perhaps before this code arrived): the focus moves in, and back out after the choice.
  const [onRequest, setOnRequest] = useState(requested > 0)
  const [open, setOpen] = useState(initial.choice === 'ask' || requested > 0)
  const [seenRequest, setSeenRequest] = useState(requested)
  if (requested !== seenRequest) {
    setSeenRequest(requested)
    setOnRequest(true)
    setOpen(true)
  }
  const [container] = useState(() => {
    const element = document.createElement('div')
    element.setAttribute('data-analytics-consent', '')
    return element
  })
  const section = useRef<HTMLElement>(null)
  const title = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    if (initial.choice === 'accepted') loadTag(tagId)
  }, [initial, tagId])

  useEffect(() => {
    // First in the body, so a keyboard reaches the choice before the page, not after it.
    document.body.prepend(container)
    return () => container.remove()
  }, [container])

  useEffect(() => {
    if (open && onRequest) title.current?.focus()
  }, [open, onRequest])

  const close = useCallback(() => {
    setOpen(false)
    setOnRequest(false)
    if (onRequest) returnFocusTo.current?.focus()
  }, [onRequest, returnFocusTo])

  useEffect(() => {
    if (!open) return
    // Escape puts the question off (asked again on the next page while no choice is stored).
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && section.current?.contains(document.activeElement)) close()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [open, close])

  const choose = (accept: boolean) => {
    storeChoice(key, accept ? acceptedChoice(gpc) : 'declined')
    if (!accept && choice === 'accepted') {
      // A loaded tag cannot be unloaded: drop its cookies and start the page again without it.
      removeGoogleTagCookies()
      window.location.reload()
      return
    }
    setChoice(accept ? 'accepted' : 'declined')
    if (accept) loadTag(tagId)
    close()
  }

  if (!open) return null
  const button = buttonClass('outline', 'md', 'w-full min-w-28')
  return createPortal(
    <div style={themeStyle} className={dark ? 'dark' : undefined}>
      <section
        ref={section}
        aria-labelledby={titleId}
        data-testid="analytics-consent"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-stone-300 bg-white text-stone-800 shadow-[0_-4px_16px_rgb(0_0_0/0.12)] dark:border-stone-700 dark:bg-stone-900 dark:text-stone-200"
      >
        <div className="mx-auto flex max-w-5xl flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:gap-6 sm:px-6">
          <div className="grid max-w-2xl gap-1 text-sm">
            <h2 id={titleId} ref={title} tabIndex={-1} className="text-base font-semibold text-stone-900 outline-none dark:text-stone-50">
              {t`Analytics cookies`}
            </h2>
            <p>
              {t`May this site measure visits with Google's analytics cookies? Google then receives information about your visit. Nothing loads unless you accept.`}
            </p>
            {gpc ? <p>{t`Your browser sends Global Privacy Control, so analytics stay off unless you accept here.`}</p> : null}
            {choice === 'accepted' ? <p>{t`You have accepted analytics on this site.`}</p> : null}
            {choice === 'declined' && !gpc ? <p>{t`You have declined analytics on this site.`}</p> : null}
          </div>
          {/* The same look and size for both answers: declining is as easy as accepting. */}
          <div className="grid shrink-0 grid-cols-2 gap-3">
            <button type="button" className={button} onClick={() => choose(true)}>
              {t`Accept`}
            </button>
            <button type="button" className={button} onClick={() => choose(false)}>
              {t`Decline`}
            </button>
          </div>
        </div>
      </section>
    </div>,
    container,
  )
}
