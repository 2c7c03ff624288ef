import { I18nProvider } from '@lingui/react'
import { renderToStaticMarkup } from 'react-dom/server'
import { beforeAll, describe, expect, it } from 'vitest'
import { ValuationForm } from '~/features/valuations/valuation-form'
import { ValuationResult } from '~/features/valuations/valuation-result'
import { i18nFor, loadCatalog } from '~/i18n/i18n'
import { emptyValuationForm } from '~/lib/home-value'
import type { Lang } from '~/lib/lang'
import type { ValuationAnswer } from '~/schemas/valuations'

/*
 * The home-value page's answer and form as the server renders them (issue 48 items 4 and 5): a
 * comparable whose address the MLS withholds says nothing of where it is, and the page says in
 * each language what is stored and what is not.
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

describe('what the page says is stored', () => {
  it('the estimate is not, the personal valuation request is, with consent, for the realtor: in English and Korean', () => {
    const form = (lang: Lang) =>
      render(lang, <ValuationForm realtorId="r1" lang={lang} values={emptyValuationForm('CA')} outcome={null} onAnswer={() => undefined} />)
    expect(form('en')).toContain('For the estimate, your address is used only to find comparable homes and is not stored.')
    expect(form('en')).toContain('is stored with your consent, for the realtor to answer it.')
    expect(form('ko')).toContain('입력하신 주소는 비교 주택을 찾는 데에만 쓰이며 저장되지 않습니다.')
    expect(form('ko')).toContain('중개사의 답변을 위해 저장됩니다.')
    // The old sentence said only "not stored", beside the seller form that stores it.
    expect(form('en')).not.toContain('Your address is used only for this estimate and is not stored.')
    expect(result('en')).toContain('Unlike the estimate, this request is stored: with your consent, Jane Kim keeps your address')
    expect(result('ko')).toContain('예상 가격과 달리 이 요청은 저장됩니다. 동의하시면 Jane Kim 님이')
  })
})
