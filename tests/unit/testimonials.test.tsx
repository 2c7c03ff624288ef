import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { RealtorHomepage } from '~/features/homepage/homepage'
import { realtorJsonLd } from '~/features/homepage/json-ld'
import { formToPreviewRealtor, realtorToForm } from '~/features/realtor-form/form-values'
import type { Lang } from '~/lib/lang'
import { realtorInputSchema, type PublicRealtor } from '~/schemas/realtor'
import { isHttpsUrl, isIsoDate, testimonialInputSchema, type PublicTestimonial } from '~/schemas/testimonial'
import { demoRealtorFields } from '~/server/seed/seed-demo'
import { publicRealtorFixture } from '../public-realtor-fixture'

/*
 * Client reviews (issue 14): the field rules, the homepage's section in both languages, the
 * editor's round trip, and no review markup in the structured data (decision 014).
 */

i18n.loadAndActivate({ locale: 'en', messages: {} })

describe('review fields', () => {
  it('accepts real days only, as YYYY-MM-DD', () => {
    expect(isIsoDate('2024-02-29')).toBe(true)
    expect(isIsoDate('2025-02-29')).toBe(false)
    expect(isIsoDate('2025-13-01')).toBe(false)
    expect(isIsoDate('2025-1-01')).toBe(false)
  })

  it('links only to https addresses', () => {
    expect(isHttpsUrl('https://www.zillow.com/profile/x')).toBe(true)
    expect(isHttpsUrl('http://www.zillow.com/profile/x')).toBe(false)
    expect(isHttpsUrl('javascript:alert(1)')).toBe(false)
    expect(isHttpsUrl('https://localhost/x')).toBe(false)
    expect(isHttpsUrl('https://exa mple.com')).toBe(false)
  })

  it('needs a name and a text in at least one language; empty optional fields are not set', () => {
    const parsed = testimonialInputSchema.parse({ clientName: ' Minji ', textKo: '좋아요', textEn: '', rating: '4', date: '', source: '', sourceUrl: '' })
    expect(parsed).toEqual({ clientName: 'Minji', textKo: '좋아요', rating: 4, hidden: false })
    const noText = testimonialInputSchema.safeParse({ clientName: 'Minji', textKo: ' ', textEn: null })
    expect(noText.success).toBe(false)
    expect(noText.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['textKo'])
    expect(testimonialInputSchema.safeParse({ clientName: 'Minji', textEn: 'x', rating: 0 }).success).toBe(false)
    expect(testimonialInputSchema.safeParse({ clientName: 'Minji', textEn: 'x', rating: 2.5 }).success).toBe(false)
    expect(testimonialInputSchema.safeParse({ clientName: 'Minji', textEn: 'x', rating: true }).success).toBe(false)
    expect(testimonialInputSchema.safeParse({ clientName: 'Minji', textEn: 'x', rating: '4 stars' }).success).toBe(false)
    expect(testimonialInputSchema.safeParse({ clientName: 'Minji', textEn: 'x', source: 'facebook' }).success).toBe(false)
  })

  it('the demo realtor is valid and has a Korean-only review', () => {
    const demo = realtorInputSchema.parse(demoRealtorFields([]))
    expect(demo.testimonials.length).toBeGreaterThanOrEqual(2)
    expect(demo.testimonials.some((item) => item.textKo !== undefined && item.textEn === undefined)).toBe(true)
  })
})

const REVIEWS: Array<PublicTestimonial> = [
  {
    id: 't1',
    clientName: 'The Lee family',
    city: 'Irvine, CA',
    textKo: '친절하게 설명해 주셨어요.',
    textEn: 'She explained everything.',
    rating: 4,
    date: '2025-03-14',
    source: 'zillow',
    sourceUrl: 'https://www.zillow.com/profile/x',
  },
  {
    id: 't2',
    clientName: '김OO 님',
    city: null,
    textKo: '원격 구매도 걱정 없었습니다.',
    textEn: null,
    rating: null,
    date: null,
    source: 'naver',
    sourceUrl: null,
  },
]

function realtorWith(testimonials: Array<PublicTestimonial>): PublicRealtor {
  return { ...emptyPublic(), desiredUrl: 'sora-park', email: 'sora@example.com', displayNameEn: 'Sora Park', displayNameKo: '박소라', testimonials }
}

/** A realtor with nothing set, built from the form's own empty values. */
function emptyPublic(): PublicRealtor {
  return formToPreviewRealtor(
    {
      ...realtorToForm(publicRealtorFixture({ id: 'r0', desiredUrl: 'x', email: '', displayNameKo: null, displayNameEn: null })),
    },
    { id: 'r0' },
  )
}

function render(realtor: PublicRealtor, lang: Lang): string {
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <RealtorHomepage realtor={realtor} lang={lang} today={new Date('2026-01-01T00:00:00Z')} variant="preview" />
    </I18nProvider>,
  )
}

/** The markup of the reviews section only. */
function section(html: string): string {
  const start = html.indexOf('id="preview-testimonials"')
  if (start < 0) return ''
  const end = html.indexOf('</section>', start)
  return html.slice(start, end)
}

describe('the homepage section', () => {
  it('is left out without a review to show', () => {
    expect(section(render(realtorWith([]), 'en'))).toBe('')
  })

  it('lists the reviews in order, with stars in words, name, city, date and the source linked nofollow', () => {
    const html = section(render(realtorWith(REVIEWS), 'en'))
    expect(html).toContain('What clients say')
    expect(html.match(/<li\b/g)).toHaveLength(2)
    expect(html.indexOf('The Lee family')).toBeLessThan(html.indexOf('김OO 님'))
    expect(html).toContain('Rated 4 out of 5')
    expect(html).toContain('<blockquote lang="en"')
    expect(html).toContain('She explained everything.')
    expect(html).toContain('Irvine, CA')
    expect(html).toContain('<time dateTime="2025-03-14">March 2025</time>')
    expect(html).toMatch(/<a href="https:\/\/www\.zillow\.com\/profile\/x" target="_blank" rel="nofollow noopener"[^>]*>Posted on Zillow<\/a>/)
    // The source without a link is text; no carousel, nothing that moves by itself.
    expect(html).toContain('Posted on Naver')
    expect(html).not.toMatch(/aria-roledescription|carousel/i)
  })

  it('shows the other language with a note when the page language is missing', () => {
    const english = section(render(realtorWith(REVIEWS), 'en'))
    expect(english).toContain('This review is only available in Korean.')
    expect(english).toContain('<blockquote lang="ko"')
    expect(english).toContain('원격 구매도 걱정 없었습니다.')
    const korean = section(render(realtorWith(REVIEWS), 'ko'))
    expect(korean).not.toContain('only available in')
    expect(korean).toContain('친절하게 설명해 주셨어요.')
  })

  it('the preview leaves out hidden reviews, as the public page does', () => {
    const form = realtorToForm({ ...realtorWith(REVIEWS), testimonials: REVIEWS.map((item, index) => ({ ...item, hidden: index === 0 })) })
    expect(form.testimonials.map((item) => item.hidden)).toEqual([true, false])
    const preview = formToPreviewRealtor(form, { id: 'r1' })
    expect(preview.testimonials.map((item) => item.id)).toEqual(['t2'])
  })
})

describe('structured data', () => {
  it('carries no review or rating markup, even with reviews (decision 014)', () => {
    const data = realtorJsonLd(realtorWith(REVIEWS), { lang: 'en', url: 'https://example.com/sora-park', origin: 'https://example.com' })
    expect(JSON.stringify(data)).not.toMatch(/review|aggregateRating|ratingValue/i)
  })
})
