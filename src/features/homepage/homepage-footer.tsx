import { useLingui } from '@lingui/react/macro'
import type { Realtor } from '~/schemas/realtor'

/**
 * The legally required disclosures (licence number, brokerage and its licence) on every
 * page of a realtor's site, in the page's body text size, never smaller.
 */
export function HomepageFooter({ realtor, name, as: Footer = 'footer' }: { realtor: Realtor; name: string; as?: 'footer' | 'div' }) {
  const { t } = useLingui()
  const { licenseNumber, brokerageName: brokerage, brokerageLicenseNumber: brokerageLicense } = realtor
  return (
    <Footer className="border-t border-stone-200 bg-white text-sm text-stone-700 dark:border-stone-800 dark:bg-stone-900 dark:text-stone-300">
      <div className="mx-auto grid max-w-5xl gap-2 px-4 py-8 sm:px-6">
        <p className="font-semibold text-stone-900 dark:text-stone-100">{name}</p>
        {licenseNumber ? (
          <p>
            {t`Licence number: ${licenseNumber}`}
          </p>
        ) : null}
        {brokerage ? (
          <p>
            {brokerageLicense ? (
              t`Brokerage: ${brokerage} (licence ${brokerageLicense})`
            ) : (
              t`Brokerage: ${brokerage}`
            )}
          </p>
        ) : null}
        {realtor.brokerageAddress ? <p>{realtor.brokerageAddress}</p> : null}
        <p>
          <a href={`mailto:${realtor.email}`} className="underline underline-offset-4">
            {realtor.email}
          </a>
        </p>
      </div>
    </Footer>
  )
}
