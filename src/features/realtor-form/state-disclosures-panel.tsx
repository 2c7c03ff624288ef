import { Trans, useLingui } from '@lingui/react/macro'
import { disclosureStates, requiredDisclosureFields, type DisclosureField } from '~/schemas/state-disclosures'
import type { RealtorForm } from './use-realtor-form'

/**
 * The licensing rules of the realtor's states, beside the fields they require (issue 15): the
 * realtor sees what their states ask for and what is still missing before the form refuses
 * to publish. Follows the areas and fields as they are typed.
 */
export function StateDisclosuresPanel({ form }: { form: RealtorForm }) {
  const { t, i18n } = useLingui()
  const labels: Record<DisclosureField, string> = {
    licenseNumber: t`License number`,
    brokerageName: t`Brokerage`,
    companyPhone: t`Office phone`,
  }
  return (
    <form.Subscribe
      selector={(state) => ({
        regions: state.values.activityRegion,
        filled: { licenseNumber: state.values.licenseNumber, brokerageName: state.values.brokerageName, companyPhone: state.values.companyPhone },
      })}
    >
      {({ regions, filled }) => {
        const missing = requiredDisclosureFields(regions).filter((field) => filled[field].trim() === '')
        return (
          <div
            data-testid="state-disclosures"
            className="mt-4 rounded-xl border border-stone-200 bg-stone-50 p-4 text-sm dark:border-stone-700 dark:bg-stone-950"
          >
            <h3 className="font-semibold text-stone-900 dark:text-stone-100">
              <Trans>What your state requires on your homepage</Trans>
            </h3>
            <ul className="mt-2 list-disc space-y-1 ps-5 text-stone-700 dark:text-stone-300">
              {disclosureStates(regions).map((state) => (
                <li key={state.state}>{i18n._(state.rule)}</li>
              ))}
            </ul>
            <p
              role="status"
              className={`mt-3 font-medium ${missing.length > 0 ? 'text-amber-800 dark:text-amber-300' : 'text-emerald-800 dark:text-emerald-300'}`}
            >
              {missing.length > 0
                ? t`Needed before your homepage can be published: ${missing.map((field) => labels[field]).join(', ')}`
                : t`Everything your states require is filled in.`}
            </p>
          </div>
        )
      }}
    </form.Subscribe>
  )
}
