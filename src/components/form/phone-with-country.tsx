import type { ReactNode } from 'react'
import { withFieldGroup } from './app-form'
import type { SelectOption } from './fields'

type PhoneWithCountryProps = { countryLabel: ReactNode; numberLabel: ReactNode; countries: ReadonlyArray<SelectOption> }

const defaultProps: PhoneWithCountryProps = { countryLabel: null, numberLabel: null, countries: [] }

/**
 * A phone number and its country side by side, bound to any two string fields of a form:
 * `<PhoneWithCountryFields form={form} fields={{ country: 'phoneCountryCode', number: 'contactPhone' }} … />`.
 */
export const PhoneWithCountryFields = withFieldGroup({
  defaultValues: { country: '', number: '' },
  props: defaultProps,
  render: function PhoneWithCountry({ group, countryLabel, numberLabel, countries }) {
    return (
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <group.AppField name="country">{(field) => <field.SelectField label={countryLabel} options={countries} />}</group.AppField>
        <group.AppField name="number">{(field) => <field.PhoneField label={numberLabel} />}</group.AppField>
      </div>
    )
  },
})
