import { Trans } from '@lingui/react/macro'
import { Fragment, type ReactNode } from 'react'
import { areaText } from '~/lib/home-display'
import type { Lang } from '~/lib/lang'

/** "3 bd · 2 ba · 1,850 sqft": a home's beds, baths and living area, those it has, on a card and beside a listing's price. */
export function HomeKeyFacts({ home, lang }: { home: { beds: number | null; baths: number | null; size: number | null }; lang: Lang }) {
  const { beds, baths, size } = home
  const facts: Array<{ key: string; text: ReactNode }> = [
    ...(beds !== null ? [{ key: 'beds', text: <Trans>{beds} bd</Trans> }] : []),
    ...(baths !== null ? [{ key: 'baths', text: <Trans>{baths} ba</Trans> }] : []),
    ...(size !== null ? [{ key: 'size', text: areaText(size, lang) }] : []),
  ]
  return facts.map((fact, index) => (
    <Fragment key={fact.key}>
      {index > 0 ? ' · ' : null}
      {fact.text}
    </Fragment>
  ))
}
