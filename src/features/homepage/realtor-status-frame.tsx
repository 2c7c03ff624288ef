import { useRouteContext } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useLang } from '~/i18n/use-lang'
import { realtorDisplayName } from '~/lib/realtor-names'
import { HomepageFooter } from './homepage-footer'
import { RealtorSiteFrame } from './realtor-site-frame'

/**
 * The realtor's theme and site header around a small status page of their site (a form posted
 * without scripts, a link from an alert mail), so a visitor who lands there can go on to any of
 * the realtor's pages (issue 51 item 1), and the footer every page of the site carries: licence,
 * brokerage and the fair-housing statement, which the states' rules ask for on every page. The
 * page brings its own `<main>`; it is sent without scripts, so the footer asks no analytics choice.
 */
export function RealtorStatusFrame({ children }: { children: ReactNode }) {
  const { realtor } = useRouteContext({ from: '/{-$lang}/$desiredUrl' })
  const lang = useLang()
  const name = realtorDisplayName(realtor, lang)
  return (
    <RealtorSiteFrame realtor={realtor} lang={lang} name={name}>
      {children}
      <HomepageFooter realtor={realtor} name={name} analytics={false} />
    </RealtorSiteFrame>
  )
}
