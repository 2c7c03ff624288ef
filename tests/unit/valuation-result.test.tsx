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

const facts = {
  price: 1_000_000,
  pricePerSquareFoot: 500,
  beds: 3,
  baths: 2,
  livingArea: 2000,
  yearBuilt: 1999,
  lotSquareFeet: 5000,
  status: 'active',
  date: '2026-10-01',
  priceKind: 'asking',
  marketPrice: 980_000,
  adjustments: { livingArea: -12_300, beds: 0, baths: 5_000, age: 0, lot: 0 },
  adjustedPrice: 972_700,
  photo: { url: '/photos/a.jpg', variantBase: '/listing-photos/abc' },
} as const

const answer: ValuationAnswer = {
  status: 'too_few',
  comparableCount: 3,
  minimumComparables: 3,
  comparables: [
    { ...facts, id: 'h2', listingKey: 'SECOND', matchScore: 40, address: '2 Main St, Irvine, CA 92618', sameZip: true, distanceMiles: null, mapPoint: null },
    {
      ...facts,
      id: 'h1',
      listingKey: 'SHOWN',
      matchScore: 80,
      address: '1 Main St, Irvine, CA 92618',
      sameZip: true,
      distanceMiles: 0.4,
      mapPoint: { x: 0.6, y: 0.3 },
    },
    { ...facts, id: 'h3', listingKey: 'HIDDEN', matchScore: 60, address: null },
  ],
  subjectPoint: { x: 0.5, y: 0.5 },
  mapSpanMiles: 1.2,
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
    expect(comparableText(html, 'SECOND')).toContain('Same ZIP code')
    expect(comparableText(html, 'SHOWN')).toContain('0.4 mi away')
    const hidden = comparableText(html, 'HIDDEN')
    expect(hidden).toContain('Address withheld by the MLS')
    expect(hidden).not.toMatch(/Same ZIP code|Same city/)
    expect(comparableText(result('ko'), 'HIDDEN')).not.toMatch(/같은 ZIP 코드|같은 도시/)
  })
})

describe('the comparables', () => {
  it('are listed best match first, each with its photo, match, adjustments and adjusted price, and only shown addresses are on the map', () => {
    const html = result('en')
    const order = ['SHOWN', 'HIDDEN', 'SECOND'].map((key) => html.indexOf(`/homes/${key}"`))
    expect(order).toEqual([...order].sort((a, b) => a - b))
    const shown = comparableText(html, 'SHOWN')
    expect(shown).toContain('Match 80/100')
    expect(shown).toMatch(/Living area\s+\u2212\$12,300/)
    expect(shown).toMatch(/Bathrooms\s+\+\$5,000/)
    expect(shown).not.toContain('Bedrooms')
    expect(shown).toMatch(/Adjusted to your home\s+\$972,700/)
    expect(html).toContain('srcSet="/listing-photos/abc.w640.webp 640w')
    // One point on the map: the home with its address shown and a position; the hidden one has none.
    expect(html.match(/data-testid="map-comparable"/g)).toHaveLength(1)
    expect(html).toContain('transform="translate(144.0 72.0)"')
    expect(comparableText(result('ko'), 'SHOWN')).toContain('일치도 80/100')
  })

  it('say why there is no number for a home beyond them, in the server’s words', () => {
    const refused: ValuationAnswer = {
      ...answer,
      status: 'out_of_range',
      message: 'No estimate: far too big.',
      reasons: [{ feature: 'livingArea', value: 60_000, low: 800, high: 7_500 }],
    }
    const html = render(
      'en',
      <ValuationResult realtorId="r1" realtorName="Jane Kim" desiredUrl="jane" lang="en" answer={refused} values={emptyValuationForm('CA')} />,
    )
    expect(html).toContain('data-testid="valuation-out-of-range"')
    expect(html).toContain('No estimate: far too big.')
    expect(html).not.toContain('data-testid="valuation-typical"')
  })
})

describe('what the page says is stored', () => {
  it('the estimate is not, the personal valuation request is, with consent, for the realtor: in English and Korean', () => {
    const form = (lang: Lang) =>
      render(lang, <ValuationForm realtorId="r1" lang={lang} values={emptyValuationForm('CA')} outcome={null} onAnswer={() => undefined} />)
    expect(form('en')).toContain('For the estimate, your address is used only to find comparable homes and is not stored.')
    expect(form('en')).toContain('is stored with your consent, for the realtor to answer it.')
    expect(form('ko')).toContain('입력하신 주소는 비교 주택을 찾는 데에만 쓰이며 저장되지 않습니다.')
    expect(form('ko')).toContain('리얼터의 답변을 위해 저장됩니다.')
    // The old sentence said only "not stored", beside the seller form that stores it.
    expect(form('en')).not.toContain('Your address is used only for this estimate and is not stored.')
    expect(result('en')).toContain('Unlike the estimate, this request is stored: with your consent, Jane Kim keeps your address')
    expect(result('ko')).toContain('예상 가격과 달리 이 요청은 저장됩니다. 동의하시면 Jane Kim 님이')
  })
})
