import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { GroupCard, TextBox, TextField, type GroupProps, type TextFieldName } from '../field-ui'

export function SeoFields({ form, errors }: GroupProps) {
  const fields = ['title', 'description', 'keywords', 'author'] as const
  const labels = {
    title: <Trans>Title</Trans>,
    description: <Trans>Description</Trans>,
    keywords: <Trans>Keywords</Trans>,
    author: <Trans>Author</Trans>,
  }
  // Tokens and ids pasted from other sites: no autofill has anything to offer for them.
  const trackingFields: Array<{ name: TextFieldName; label: ReactNode; hint: ReactNode }> = [
    {
      name: 'googleSiteVerification',
      label: <Trans>Google Search Console verification</Trans>,
      hint: <Trans>In Search Console, choose the “HTML tag” method and paste the tag it shows, or only its content.</Trans>,
    },
    {
      name: 'naverSiteVerification',
      label: <Trans>Naver Search Advisor verification</Trans>,
      hint: <Trans>In Naver Search Advisor, choose the “HTML tag” method and paste the tag it shows, or only its content.</Trans>,
    },
    {
      name: 'tagManagerId',
      label: <Trans>Google Tag Manager or Google Analytics id</Trans>,
      hint: (
        <Trans>
          GTM-XXXXXXX or G-XXXXXXXXXX. Your homepage asks each visitor first and loads the tag only for those who accept. Tags that run custom HTML or
          JavaScript are blocked by the page’s security policy.
        </Trans>
      ),
    },
  ]
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
      {/* Decision 015: tokens go into the homepage's head; the tag loads only after a visitor agrees. */}
      <fieldset className="grid gap-3">
        <legend className="font-semibold text-stone-900 dark:text-stone-50">
          <Trans>Search consoles and analytics</Trans>
        </legend>
        {trackingFields.map(({ name, label, hint }) => (
          <TextField key={name} form={form} name={name} errors={errors} autoComplete="off" label={label} hint={hint} />
        ))}
      </fieldset>
    </GroupCard>
  )
}
