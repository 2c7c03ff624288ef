import { I18nProvider } from '@lingui/react'
import { renderToStaticMarkup } from 'react-dom/server'
import { beforeAll, describe, expect, it } from 'vitest'
import { ValuationResult } from '~/features/valuations/valuation-result'
import { i18nFor, loadCatalog } from '~/i18n/i18n'
import { emptyValuationForm } from '~/lib/home-value'
import type { Lang } from '~/lib/lang'
import type { ValuationAnswer } from '~/schemas/valuations'

/*
 * The home-value page's answer as the server renders it (issue 48 item 4): a comparable whose
 * address the MLS withholds says nothing of where it is.
 */

beforeAll(async () => {
  await loadCatalog('en')
  await loadCatalog('ko')
})

const facts = { price: 1_000_000, pricePerSquareFoot: 500, beds: 3, baths: 2, livingArea: 2000, status: 'active', date: '2026-10-01' } as const

const answer: ValuationAnswer = {
  status: 'too_few',
  comparableCount: 2,
  minimumComparables: 3,
  comparables: [
    { ...facts, listingKey: 'SHOWN', address: '1 Main St, Irvine, CA 92618', sameZip: true },
    { ...facts, listingKey: 'HIDDEN', address: null },
  ],
}

function render(lang: Lang, element: React.ReactElement): string {
  return renderToStaticMarkup(<I18nProvider i18n={i18nFor(lang)}>{element}</I18nProvider>)
}

function result(lang: Lang): string {
  return render(lang, <ValuationResult realtorId="r1" realtorName="Jane Kim" desiredUrl="jane" lang={lang} answer={answer} values={emptyValuationForm('CA')} />)
}

/** The text of the comparable whose link names `listingKey`. */
function comparableText(html: string, listingKey: string): string {
  const item = html.split('data-testid="comparable"').find((part) => part.includes(`/homes/${listingKey}"`))
  if (!item) throw new Error(`no comparable ${listingKey}`)
  return (item.split('</li>')[0] ?? '').replace(/<[^>]+>/g, ' ')
}

describe('a comparable whose address is withheld', () => {
  it('says neither its ZIP nor its city, where a shown one says which it shares', () => {
    const html = result('en')
    expect(comparableText(html, 'SHOWN')).toContain('Same ZIP code')
    const hidden = comparableText(html, 'HIDDEN')
    expect(hidden).toContain('Address withheld by the MLS')
    expect(hidden).not.toMatch(/Same ZIP code|Same city/)
    expect(comparableText(result('ko'), 'HIDDEN')).not.toMatch(/같은 ZIP 코드|같은 도시/)
  })
})
