import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '~/components/ui'
import { TranslateDraftButton } from '~/features/editor/translate-draft'
import { GroupCard, ListItemButtons, TextField, type GroupProps } from '../field-ui'

export function AboutFields({ form, errors }: GroupProps) {
  const { t } = useLingui()
  return (
    <GroupCard
      id="group-about"
      title={<Trans>About you</Trans>}
      description={<Trans>Write in both languages. If one is empty, visitors see the other with a note.</Trans>}
    >
      <TextField form={form} name="aboutMeKr" rows={6} lang="ko" label={<Trans>About me in Korean</Trans>} errors={errors} />
      {/* A draft of the other language's text, to read and correct before saving (issue 54 item 4). */}
      <TranslateDraftButton
        from="ko"
        testId="translate-about-ko"
        parts={() => [
          { text: form.getFieldValue('aboutMeKr'), target: form.getFieldValue('aboutMeEn'), apply: (text) => form.setFieldValue('aboutMeEn', text) },
        ]}
      />
      <TextField form={form} name="aboutMeEn" rows={6} lang="en" label={<Trans>About me in English</Trans>} errors={errors} />
      <TranslateDraftButton
        from="en"
        testId="translate-about-en"
        parts={() => [
          { text: form.getFieldValue('aboutMeEn'), target: form.getFieldValue('aboutMeKr'), apply: (text) => form.setFieldValue('aboutMeKr', text) },
        ]}
      />
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
                    <TextField form={form} errors={errors} name={`additionalSections[${index}].titleKo`} lang="ko" label={<Trans>Title in Korean</Trans>} />
                    <TextField form={form} errors={errors} name={`additionalSections[${index}].titleEn`} lang="en" label={<Trans>Title in English</Trans>} />
                    <TextField
                      form={form}
                      errors={errors}
                      name={`additionalSections[${index}].bodyKo`}
                      rows={4}
                      lang="ko"
                      label={<Trans>Text in Korean</Trans>}
                    />
                    <TextField
                      form={form}
                      errors={errors}
                      name={`additionalSections[${index}].bodyEn`}
                      rows={4}
                      lang="en"
                      label={<Trans>Text in English</Trans>}
                    />
                  </div>
                  <ListItemButtons
                    index={index}
                    count={sections.state.value.length}
                    itemName={t`section ${number}`}
                    onMove={(to) => sections.moveValue(index, to)}
                    onRemove={() => sections.removeValue(index)}
                  />
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
