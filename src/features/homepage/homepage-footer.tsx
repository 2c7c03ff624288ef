import { Trans, useLingui } from '@lingui/react/macro'
import type { PublicRealtor } from '~/schemas/realtor'
import { Island } from '~/features/islands/island'
import { analyticsChoiceIsland } from './analytics-choice-island'

/**
 * The Equal Housing Opportunity logo: a house with an equals sign, the mark HUD's advertising
 * guidelines (24 CFR 109) ask fair-housing advertisers to show. Named for screen readers.
 */
function EqualHousingLogo({ label }: { label: string }) {
  return (
    <svg role="img" aria-label={label} viewBox="0 0 48 48" className="size-10 shrink-0" fill="none">
      <path d="M24 5 44 21h-5v22H9V21H4L24 5Z" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
      <path d="M16 26h16M16 34h16" stroke="currentColor" strokeWidth="4" />
    </svg>
  )
}

/**
 * The legally required disclosures (license number, brokerage and its license) on every
 * page of a realtor's site, in the page's body text size, never smaller.
 */
export function HomepageFooter({
  realtor,
  name,
  as: Footer = 'footer',
  analytics = true,
}: {
  realtor: PublicRealtor
  name: string
  as?: 'footer' | 'div'
  /** False on a page sent without scripts (a status page), where the analytics choice could not work. */
  analytics?: boolean
}) {
  const { t } = useLingui()
  const { licenseNumber, brokerageName: brokerage, brokerageLicenseNumber: brokerageLicense } = realtor
  return (
    <Footer className="border-t border-stone-200 bg-white text-sm text-stone-700 dark:border-stone-800 dark:bg-stone-900 dark:text-stone-300">
      <div className="mx-auto grid max-w-5xl gap-2 px-4 py-8 sm:px-6">
        <p className="font-semibold text-stone-900 dark:text-stone-100">{name}</p>
        {licenseNumber ? <p>{t`License number: ${licenseNumber}`}</p> : null}
        {brokerage ? <p>{brokerageLicense ? t`Brokerage: ${brokerage} (license ${brokerageLicense})` : t`Brokerage: ${brokerage}`}</p> : null}
        {realtor.brokerageAddress ? <p>{realtor.brokerageAddress}</p> : null}
        {/* A homepage not published shows no address (decision 078). */}
        {realtor.email ? (
          <p>
            <a href={`mailto:${realtor.email}`} className="inline-flex min-h-11 items-center underline underline-offset-4">
              {realtor.email}
            </a>
          </p>
        ) : null}
        {/* A realtor's analytics tag asks each visitor first (decision 015); never in the editor's preview (a div). */}
        {Footer === 'footer' && analytics && realtor.tagManagerId ? (
          <Island
            of={analyticsChoiceIsland}
            when="idle"
            props={{
              realtor: {
                id: realtor.id,
                tagManagerId: realtor.tagManagerId,
                designMainColor: realtor.designMainColor,
                contentDarkMode: realtor.contentDarkMode,
                designMainDarkMode: realtor.designMainDarkMode,
              },
            }}
          />
        ) : null}
        {/* Fair housing (issue 15): the logo and the statement on every page of a realtor's site. */}
        <div className="mt-4 flex items-start gap-3 border-t border-stone-200 pt-4 dark:border-stone-800" data-testid="fair-housing">
          <EqualHousingLogo label={t`Equal Housing Opportunity logo`} />
          <p>
            <strong className="font-semibold text-stone-900 dark:text-stone-100">
              <Trans>Equal Housing Opportunity.</Trans>
            </strong>{' '}
            {t`${name} follows the federal Fair Housing Act and state fair-housing laws, and does not discriminate on the basis of race, color, religion, sex (including sexual orientation and gender identity), disability, familial status, national origin, or any other class the law protects.`}
          </p>
        </div>
      </div>
    </Footer>
  )
}
