import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { displayPhone, telHref } from '~/lib/contact-links'
import { langParam, type Lang } from '~/lib/lang'
import { realtorDisplayName } from '~/lib/realtor-names'
import type { PublicRealtor } from '~/schemas/realtor'
import { HomepageFooter } from './homepage-footer'
import { RealtorSiteFrame } from './realtor-site-frame'
import type { SiteNavKey } from '~/lib/site-nav'

/**
 * The frame of a realtor's pages beyond the homepage (a listing, the home search): the
 * homepage's theme, a skip link, the site's header (its pages and the language switch), and
 * the homepage's footer with license and brokerage. Georgia (GREC): the firm's name
 * and phone at least as prominent as the agent's name wherever the name stands out; the page
 * says whether that applies (`firmProminent`, from `brokerageAsProminentAsAgent`: the page's own
 * chunk carries the state rules, so the directory, which shares this frame's chunk, does not)
 * and `firmLine` gives it the same line for its own headings.
 */
export function RealtorPageShell({
  realtor,
  lang,
  firmProminent,
  back,
  current,
  children,
}: {
  realtor: PublicRealtor
  lang: Lang
  firmProminent: boolean
  /**
   * The link back up that opens the page's content: to the homepage (at `hash`) unless `to` says
   * the blog; `'home'` is the plain "← Sora Park's page".
   */
  back?: 'home' | { label: string; to?: '/{-$lang}/$desiredUrl' | '/{-$lang}/$desiredUrl/blog'; hash?: string }
  /** The header's link that is this page, if it lists it. */
  current?: SiteNavKey
  children: (parts: { firmLine: (testId: string, className: string) => ReactNode }) => ReactNode
}) {
  const { t } = useLingui()
  const name = realtorDisplayName(realtor, lang)
  const backLink = back === 'home' ? { label: t`← ${name}'s page`, to: undefined, hash: undefined } : back
  const params = { lang: langParam(lang), desiredUrl: realtor.desiredUrl }
  const brokerage = realtor.brokerageName
  const firm = brokerage && firmProminent ? { name: brokerage, phone: realtor.companyPhone } : null
  const firmLine = (testId: string, className: string) =>
    firm ? (
      <p data-testid={testId} className={className}>
        {firm.name}
        {firm.phone ? (
          <>
            {' · '}
            <a href={telHref(firm.phone, realtor.phoneCountryCode)} className="underline-offset-4 hover:underline">
              {displayPhone(firm.phone, realtor.phoneCountryCode)}
            </a>
          </>
        ) : null}
      </p>
    ) : null
  return (
    <RealtorSiteFrame
      realtor={realtor}
      lang={lang}
      name={name}
      current={current}
      headerExtra={firmLine('firm-header', 'mx-auto max-w-5xl px-4 pb-2 font-semibold sm:px-6')}
    >
      <main id="main" tabIndex={-1} className="mx-auto max-w-5xl px-4 pb-16 outline-none sm:px-6">
        {backLink ? (
          <p className="pt-6">
            <Link
              to={backLink.to ?? '/{-$lang}/$desiredUrl'}
              params={params}
              hash={backLink.hash}
              className="inline-flex min-h-11 items-center font-medium text-[var(--accent-text)] underline-offset-4 hover:underline"
            >
              {backLink.label}
            </Link>
          </p>
        ) : null}
        {children({ firmLine })}
      </main>
      <HomepageFooter realtor={realtor} name={name} />
    </RealtorSiteFrame>
  )
}
