import { Trans } from '@lingui/react/macro'
import { GroupCard, TextBox, type GroupProps } from '../field-ui'

export function SeoFields({ form, errors }: GroupProps) {
  const fields = ['title', 'description', 'keywords', 'author'] as const
  const labels = {
    title: <Trans>Title</Trans>,
    description: <Trans>Description</Trans>,
    keywords: <Trans>Keywords</Trans>,
    author: <Trans>Author</Trans>,
  }
  return (
    <GroupCard
      id="group-seo"
      title={<Trans>Search engines</Trans>}
      description={<Trans>How your homepage appears in Google and Naver. Empty fields are filled in from your other texts.</Trans>}
    >
      {(['ko', 'en'] as const).map((seoLang) => (
        <fieldset key={seoLang} className="grid gap-3">
          <legend className="font-semibold text-stone-900 dark:text-stone-50">
            {seoLang === 'ko' ? <Trans>Korean page</Trans> : <Trans>English page</Trans>}
          </legend>
          {fields.map((key) => (
            <form.Field key={key} name={`seoMeta.${seoLang}.${key}`}>
              {(field) => (
                <TextBox
                  label={labels[key]}
                  errors={errors[`seoMeta.${seoLang}.${key}`] ?? []}
                  lang={seoLang}
                  value={field.state.value}
                  onChange={field.handleChange}
                />
              )}
            </form.Field>
          ))}
        </fieldset>
      ))}
    </GroupCard>
  )
}
