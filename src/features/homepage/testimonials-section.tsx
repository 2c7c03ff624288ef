import { Trans, useLingui } from '@lingui/react/macro'
import { dateTimeFormat } from '~/lib/date-time-format'
import { LOCALE_TAG, type Lang } from '~/lib/lang'
import { typedPlaceName, type PlaceNameOverride } from '~/lib/place-names'
// Types only: the homepage's first download must not carry zod (the schema module imports it).
import type { PublicTestimonial, TestimonialSource } from '~/schemas/testimonial'

/** A review's date as month and year: "March 2025", "2025년 3월"; the same on server and browser (UTC). */
function formatReviewDate(date: string, lang: Lang): string | undefined {
  const parsed = new Date(`${date}T00:00:00Z`)
  if (Number.isNaN(parsed.getTime())) return undefined
  return dateTimeFormat(LOCALE_TAG[lang], { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(parsed)
}

function paragraphs(text: string) {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
}

/** Reviews with something to show; the rest (a name without any text) stay off the page. */
export function shownTestimonials(testimonials: ReadonlyArray<PublicTestimonial>): Array<PublicTestimonial> {
  return testimonials.filter((testimonial) => Boolean(testimonial.textKo || testimonial.textEn))
}

/** One star's outline, drawn in a 24-unit square from its top point; the rest of the path is relative. */
const STAR_SHAPE = 'l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z'
// Each star takes 24 units plus a 2.4-unit gap (2 px at 20 px a star).
const STAR_STEP = 26.4

/** The stars from `first` to `last` (1-based) as one path: a single element however many there are. */
function starsPath(first: number, last: number): string {
  const stars: Array<string> = []
  for (let star = first; star <= last; star++) {
    const x = 12 + (star - 1) * STAR_STEP
    // The shape's only absolute point after the start is its bottom centre, moved with it.
    stars.push(`M${x} 2.5${STAR_SHAPE.replace('L12 17.3', `L${x} 17.3`)}`)
  }
  return stars.join('')
}

/**
 * Filled and outlined stars for the eye (shapes, so no text to misread), the rating in words
 * for everyone. One SVG with two paths instead of five SVGs: hydration and layout walk every
 * element of the homepage, and reviews repeat.
 */
function Stars({ rating }: { rating: number }) {
  const { t } = useLingui()
  const filled = Math.max(0, Math.min(5, Math.round(rating)))
  return (
    <p className="flex items-center">
      <svg aria-hidden="true" viewBox={`0 0 ${4 * STAR_STEP + 24} 24`} className="h-5 w-[108px]" strokeWidth={1.5} strokeLinejoin="round">
        {filled > 0 ? <path d={starsPath(1, filled)} className="fill-amber-500 stroke-amber-700 dark:fill-amber-400 dark:stroke-amber-300" /> : null}
        {filled < 5 ? <path d={starsPath(filled + 1, 5)} className="fill-none stroke-stone-500 dark:stroke-stone-400" /> : null}
      </svg>
      <span className="sr-only">{t`Rated ${rating} out of 5`}</span>
    </p>
  )
}

function Review({ testimonial, lang, places }: { testimonial: PublicTestimonial; lang: Lang; places: ReadonlyArray<PlaceNameOverride> }) {
  const { t } = useLingui()
  // A city typed once reads in the page's language where we know it ("Irvine" is 어바인 on a Korean page).
  const city = testimonial.city ? typedPlaceName(testimonial.city, lang, places) : null
  const own = lang === 'ko' ? testimonial.textKo : testimonial.textEn
  const other = lang === 'ko' ? testimonial.textEn : testimonial.textKo
  const text = own || other || ''
  const textLang: Lang = own ? lang : lang === 'ko' ? 'en' : 'ko'
  const date = testimonial.date ? formatReviewDate(testimonial.date, lang) : undefined
  const sourceNames: Record<TestimonialSource, string | undefined> = {
    zillow: 'Zillow',
    google: 'Google',
    yelp: 'Yelp',
    naver: t`Naver`,
    other: undefined,
  }
  const sourceName = testimonial.source ? sourceNames[testimonial.source] : undefined
  const sourceText = sourceName ? t`Posted on ${sourceName}` : testimonial.sourceUrl ? t`Original review` : undefined
  return (
    <figure className="flex h-full flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-6 dark:border-stone-800 dark:bg-stone-900">
      {testimonial.rating !== null ? <Stars rating={testimonial.rating} /> : null}
      {!own ? (
        <p className="rounded-lg bg-stone-200/60 px-3 py-2 text-sm dark:bg-stone-800" data-testid="testimonial-note">
          {lang === 'ko' ? <Trans>This review is only available in English.</Trans> : <Trans>This review is only available in Korean.</Trans>}
        </p>
      ) : null}
      <blockquote lang={textLang} className="space-y-3 text-lg leading-relaxed whitespace-pre-line text-stone-800 dark:text-stone-100">
        {paragraphs(text).map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </blockquote>
      <figcaption className="mt-auto text-sm text-stone-600 dark:text-stone-300">
        <span className="block font-semibold text-stone-900 dark:text-stone-50">{testimonial.clientName}</span>
        {city || date ? (
          <span className="block">
            {city}
            {city && date ? ' · ' : null}
            {date && testimonial.date ? <time dateTime={testimonial.date}>{date}</time> : null}
          </span>
        ) : null}
        {sourceText ? (
          testimonial.sourceUrl ? (
            <a
              href={testimonial.sourceUrl}
              target="_blank"
              rel="nofollow noopener"
              data-testid="testimonial-source"
              className="mt-1 inline-flex min-h-6 items-center font-medium text-[var(--accent-text)] underline underline-offset-4"
            >
              {sourceText}
            </a>
          ) : (
            <span className="block" data-testid="testimonial-source">
              {sourceText}
            </span>
          )
        ) : null}
      </figcaption>
    </figure>
  )
}

/**
 * Client reviews on the homepage (issue 14): a plain list, every review visible at once and
 * nothing moving by itself (no carousel). No review markup in the page's structured data:
 * see decision 014. `places` are the realtor's service areas, whose Korean city names a review's
 * city is read with.
 */
export function TestimonialsSection({
  testimonials,
  lang,
  places,
}: {
  testimonials: ReadonlyArray<PublicTestimonial>
  lang: Lang
  places: ReadonlyArray<PlaceNameOverride>
}) {
  return (
    <ul className="grid gap-4 md:grid-cols-2" data-testid="testimonials">
      {testimonials.map((testimonial) => (
        <li key={testimonial.id} data-testid="testimonial">
          <Review testimonial={testimonial} lang={lang} places={places} />
        </li>
      ))}
    </ul>
  )
}
