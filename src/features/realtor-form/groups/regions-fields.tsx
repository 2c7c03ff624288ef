import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '~/components/ui'
import { placeName } from '~/lib/place-names'
import { REGION_STATES } from '~/schemas/realtor'
import { FieldShell, GroupCard, inputClass, TextBox, type GroupProps } from '../field-ui'

export function RegionsFields({ form, errors }: GroupProps) {
  const { t } = useLingui()
  return (
    <GroupCard id="group-regions" title={<Trans>Areas you serve</Trans>} description={<Trans>Your listings and the directory use these.</Trans>}>
      <form.Field name="activityRegion" mode="array">
        {(regions) => (
          <div className="grid gap-4">
            {regions.state.value.length === 0 ? (
              <p className="text-stone-600 dark:text-stone-400">
                <Trans>No area yet. Add the cities you work in.</Trans>
              </p>
            ) : null}
            {regions.state.value.map((region, index) => {
              const number = index + 1
              // What Korean pages say when the field is left empty: the platform's table, or the English name.
              const tableName = placeName(region.city, region.state, 'ko')
              return (
                <fieldset
                  key={index}
                  className="grid gap-3 rounded-xl border border-stone-200 p-4 sm:grid-cols-[8rem_1fr_1fr_1fr_auto] sm:items-end dark:border-stone-700"
                >
                  <legend className="sr-only">{t`Area ${number}`}</legend>
                  <form.Field name={`activityRegion[${index}].state`}>
                    {(field) => (
                      <FieldShell label={<Trans>State</Trans>} errors={errors[`activityRegion.${index}.state`] ?? []}>
                        {({ id, describedBy, invalid }) => (
                          <select
                            id={id}
                            value={field.state.value}
                            onChange={(event) => field.handleChange(event.target.value === 'GA' ? 'GA' : 'CA')}
                            aria-invalid={invalid}
                            aria-describedby={describedBy}
                            className={inputClass}
                          >
                            {REGION_STATES.map((state) => (
                              <option key={state} value={state}>
                                {state === 'CA' ? t`California` : t`Georgia`}
                              </option>
                            ))}
                          </select>
                        )}
                      </FieldShell>
                    )}
                  </form.Field>
                  <form.Field name={`activityRegion[${index}].city`}>
                    {(field) => (
                      <TextBox
                        label={<Trans>City</Trans>}
                        errors={errors[`activityRegion.${index}.city`] ?? []}
                        value={field.state.value}
                        onChange={field.handleChange}
                      />
                    )}
                  </form.Field>
                  <form.Field name={`activityRegion[${index}].cityKo`}>
                    {(field) => (
                      <TextBox
                        label={<Trans>City in Korean (optional)</Trans>}
                        hint={region.city.trim() ? <Trans>When empty, Korean pages say “{tableName}”.</Trans> : undefined}
                        errors={errors[`activityRegion.${index}.cityKo`] ?? []}
                        value={field.state.value}
                        onChange={field.handleChange}
                      />
                    )}
                  </form.Field>
                  <form.Field name={`activityRegion[${index}].neighborhood`}>
                    {(field) => (
                      <TextBox
                        label={<Trans>Neighborhood (optional)</Trans>}
                        errors={errors[`activityRegion.${index}.neighborhood`] ?? []}
                        value={field.state.value}
                        onChange={field.handleChange}
                      />
                    )}
                  </form.Field>
                  <Button variant="outline" onClick={() => regions.removeValue(index)}>
                    <Trans>Remove</Trans>
                    <span className="sr-only"> {t`area ${number}`}</span>
                  </Button>
                </fieldset>
              )
            })}
            <div>
              <Button variant="outline" onClick={() => regions.pushValue({ state: 'CA', city: '', neighborhood: '', cityKo: '' })} data-testid="add-region">
                <Trans>Add an area</Trans>
              </Button>
            </div>
          </div>
        )}
      </form.Field>
    </GroupCard>
  )
}
