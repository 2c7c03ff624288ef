import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { emptyValuationForm } from '~/lib/home-value'
import type { Lang } from '~/lib/lang'
import type { PostedValuation } from '~/schemas/valuations'
import { MethodNote } from './method-note'
import { ValuationForm } from './valuation-form'
import { ValuationResult } from './valuation-result'

/**
 * The home-value page's working part, its island (decision 051): the form and, beside it, the
 * answer (or the method until there is one). `posted` is the page's answer to the form sent
 * without scripts; with scripts each answer replaces the last in place.
 */
export function HomeValueTool({
  realtorId,
  realtorName,
  desiredUrl,
  lang,
  defaultState,
  posted,
}: {
  realtorId: string
  realtorName: string
  desiredUrl: string
  lang: Lang
  /** The state the empty form starts with: the realtor's first region's. */
  defaultState: string
  posted: PostedValuation | null
}) {
  const { t } = useLingui()
  const [shown, setShown] = useState<PostedValuation | null>(posted)
  const values = shown?.values ?? emptyValuationForm(defaultState)
  return (
    <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <ValuationForm realtorId={realtorId} lang={lang} values={values} outcome={shown?.outcome ?? null} onAnswer={setShown} />
      <section aria-labelledby="valuation-result-heading" aria-live="polite" className="min-w-0">
        <h2 id="valuation-result-heading" className="sr-only">
          {t`Your estimate`}
        </h2>
        {shown?.outcome.kind === 'answer' ? (
          <ValuationResult
            realtorId={realtorId}
            realtorName={realtorName}
            desiredUrl={desiredUrl}
            lang={lang}
            answer={shown.outcome.answer}
            values={shown.values}
          />
        ) : (
          <MethodNote />
        )}
      </section>
    </div>
  )
}
