import { Trans } from '@lingui/react/macro'
import { GroupCard, TextField, type GroupProps } from '../field-ui'
import { StateDisclosuresPanel } from '../state-disclosures-panel'

export function CareerFields({ form, errors }: GroupProps) {
  return (
    <GroupCard
      id="group-career"
      title={<Trans>License and career</Trans>}
      description={<Trans>California and Georgia rules require your license and your brokerage on your homepage.</Trans>}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name="licenseNumber" label={<Trans>License number</Trans>} errors={errors} />
        <TextField form={form} name="brokerageName" label={<Trans>Brokerage</Trans>} errors={errors} />
        <TextField form={form} name="brokerageLicenseNumber" label={<Trans>Brokerage license number</Trans>} errors={errors} />
        <TextField form={form} name="brokerageAddress" label={<Trans>Brokerage office address</Trans>} errors={errors} />
        <TextField form={form} name="careerStart" type="date" label={<Trans>Career start</Trans>} errors={errors} />
        <TextField
          form={form}
          name="careerEnd"
          type="date"
          label={<Trans>Career end</Trans>}
          hint={<Trans>Leave empty while you are active.</Trans>}
          errors={errors}
        />
        <TextField form={form} name="salesCount" inputMode="numeric" label={<Trans>Homes sold</Trans>} errors={errors} />
        <TextField form={form} name="lastYearSalesTotal" inputMode="numeric" label={<Trans>Sales last year (USD)</Trans>} errors={errors} />
      </div>
      <StateDisclosuresPanel form={form} />
    </GroupCard>
  )
}
