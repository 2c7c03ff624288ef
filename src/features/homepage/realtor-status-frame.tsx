import { useRouteContext } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useLang } from '~/i18n/use-lang'
import { realtorDisplayName } from '~/lib/realtor-names'
import { RealtorSiteFrame } from './realtor-site-frame'

/**
 * The realtor's theme and site header around a small status page of their site (a form posted
 * without scripts, a link from an alert mail), so a visitor who lands there can go on to any of
 * the realtor's pages (issue 51 item 1). The page brings its own `<main>`.
 */
export function RealtorStatusFrame({ children }: { children: ReactNode }) {
  const { realtor } = useRouteContext({ from: '/{-$lang}/$desiredUrl' })
  const lang = useLang()
  return (
    <RealtorSiteFrame realtor={realtor} lang={lang} name={realtorDisplayName(realtor, lang)}>
      {children}
    </RealtorSiteFrame>
  )
}
