import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState, type ComponentType } from 'react'
import { ANALYTICS_TAG_PATTERN } from '~/lib/analytics-tag'
import type { PublicRealtor } from '~/schemas/realtor'
import type { ConsentBannerProps } from './analytics-consent-banner'
import { homepageTheme } from './theme'

/**
 * The footer's "Analytics choice" button of a realtor who set a tag (decision 015), and the
 * consent banner behind it. The server renders the button only, the same for every visitor
 * (the page comes from the page store); the banner's code is fetched after hydration, and
 * only on these pages, so a homepage without a tag downloads none of it.
 */
export function AnalyticsChoice({
  realtor,
}: {
  realtor: Pick<PublicRealtor, 'id' | 'tagManagerId' | 'designMainColor' | 'contentDarkMode' | 'designMainDarkMode'>
}) {
  const { t } = useLingui()
  const [Banner, setBanner] = useState<ComponentType<ConsentBannerProps> | null>(null)
  // How many times the visitor asked to see the choice again; the banner opens on each.
  const [requested, setRequested] = useState(0)
  const button = useRef<HTMLButtonElement>(null)
  const tagId = realtor.tagManagerId

  useEffect(() => {
    if (!tagId) return
    let live = true
    import('./analytics-consent-banner')
      .then((module) => {
        if (live) setBanner(() => module.ConsentBanner)
      })
      // Without the banner nothing is asked and nothing loads: the safe way to fail.
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [tagId])

  if (!tagId || !ANALYTICS_TAG_PATTERN.test(tagId)) return null
  const theme = homepageTheme(realtor)
  return (
    <>
      <button
        ref={button}
        type="button"
        data-analytics-tag={tagId}
        onClick={() => setRequested((count) => count + 1)}
        className="inline-flex min-h-11 items-center self-start underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current"
      >
        {t`Analytics choice`}
      </button>
      {Banner ? (
        <Banner realtorId={realtor.id} tagId={tagId} requested={requested} returnFocusTo={button} themeStyle={theme.style} dark={theme.contentDark} />
      ) : null}
    </>
  )
}
