import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '~/components/ui'
import { GroupCard, TextBox, TextField, type GroupProps } from '../field-ui'

export function AboutFields({ form, errors }: GroupProps) {
  const { t } = useLingui()
  return (
    <GroupCard
      id="group-about"
      title={<Trans>About you</Trans>}
      description={<Trans>Write in both languages. If one is empty, visitors see the other with a note.</Trans>}
    >
      <TextField form={form} name="aboutMeKr" multiline lang="ko" label={<Trans>About me in Korean</Trans>} errors={errors} />
      <TextField form={form} name="aboutMeEn" multiline lang="en" label={<Trans>About me in English</Trans>} errors={errors} />
      <form.Field name="additionalSections" mode="array">
        {(sections) => (
          <div className="grid gap-4">
            <h3 className="font-semibold text-stone-900 dark:text-stone-50">
              <Trans>More sections</Trans>
            </h3>
            {sections.state.value.map((_, index) => {
              const number = index + 1
              return (
                <fieldset key={index} className="grid gap-3 rounded-xl border border-stone-200 p-4 dark:border-stone-700">
                  <legend className="px-1 text-sm font-semibold text-stone-700 dark:text-stone-300">{t`Section ${number}`}</legend>
                  <div className="grid gap-3 sm:grid-cols-2">
                    {(['titleKo', 'titleEn'] as const).map((key) => (
                      <form.Field key={key} name={`additionalSections[${index}].${key}`}>
                        {(field) => (
                          <TextBox
                            label={key === 'titleKo' ? <Trans>Title in Korean</Trans> : <Trans>Title in English</Trans>}
                            errors={errors[`additionalSections.${index}.${key}`] ?? []}
                            lang={key === 'titleKo' ? 'ko' : 'en'}
                            value={field.state.value}
                            onChange={field.handleChange}
                          />
                        )}
                      </form.Field>
                    ))}
                    {(['bodyKo', 'bodyEn'] as const).map((key) => (
                      <form.Field key={key} name={`additionalSections[${index}].${key}`}>
                        {(field) => (
                          <TextBox
                            label={key === 'bodyKo' ? <Trans>Text in Korean</Trans> : <Trans>Text in English</Trans>}
                            errors={errors[`additionalSections.${index}.${key}`] ?? []}
                            rows={4}
                            lang={key === 'bodyKo' ? 'ko' : 'en'}
                            value={field.state.value}
                            onChange={field.handleChange}
                          />
                        )}
                      </form.Field>
                    ))}
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button variant="outline" disabled={index === 0} onClick={() => sections.moveValue(index, index - 1)}>
                      <Trans>Move up</Trans>
                      <span className="sr-only"> {t`section ${number}`}</span>
                    </Button>
                    <Button variant="outline" disabled={index === sections.state.value.length - 1} onClick={() => sections.moveValue(index, index + 1)}>
                      <Trans>Move down</Trans>
                      <span className="sr-only"> {t`section ${number}`}</span>
                    </Button>
                    <Button variant="outline" onClick={() => sections.removeValue(index)}>
                      <Trans>Remove</Trans>
                      <span className="sr-only"> {t`section ${number}`}</span>
                    </Button>
                  </div>
                </fieldset>
              )
            })}
            <div>
              <Button
                variant="outline"
                onClick={() => sections.pushValue({ id: '', titleKo: '', titleEn: '', bodyKo: '', bodyEn: '' })}
                data-testid="add-section"
              >
                <Trans>Add a section</Trans>
              </Button>
            </div>
          </div>
        )}
      </form.Field>
    </GroupCard>
  )
}
