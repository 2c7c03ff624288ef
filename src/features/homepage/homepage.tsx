import { Trans, useLingui } from '@lingui/react/macro'
import { createContext, useContext, type ReactNode } from 'react'
import { careerYears } from '~/lib/career'
import { formatNumber, formatPrice } from '~/lib/format'
import type { Lang } from '~/lib/lang'
import type { PublicRealtor } from '~/schemas/realtor'
import { Island } from '~/features/islands/island'
import { contactFormIsland } from './contact-form-island'
import { SiteHeader, SiteLogo } from './site-header'
import { galleryIsland } from './gallery-island'
import { HomepageFooter } from './homepage-footer'
import { firstPhoto, galleryItems } from './photos'
import { responsivePhoto } from '~/lib/photo-variants'
import { realtorDisplayName } from '~/lib/realtor-names'
import { homepageTheme } from './theme'
import { shownTestimonials, TestimonialsSection } from './testimonials-section'
import { youtubeVideoId } from './video-facade'
import { videoIsland } from './video-island'
import { buttonClass } from '~/components/ui'
import { kakaoHref, telHref } from '~/lib/contact-links'
import { HeroImage } from '~/components/hero-image'
import { HomeValueInvitation } from '~/features/homepage/home-value-invitation'
import { serviceAreaName } from '~/lib/place-names'

function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  const prefix = useContext(IdPrefix)
  return (
    <section id={`${prefix}${id}`} aria-labelledby={`${prefix}${id}-title`} className="scroll-mt-20 py-12 sm:py-16">
      <h2 id={`${prefix}${id}-title`} className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl dark:text-stone-50">
        {title}
      </h2>
      <div className="mt-6">{children}</div>
    </section>
  )
}

function ContactButton({ href, children, primary = false }: { href: string; children: ReactNode; primary?: boolean }) {
  const external = href.startsWith('http')
  return (
    <a href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})} className={buttonClass(primary ? 'accent' : 'glass', 'md')}>
      {children}
    </a>
  )
}

function paragraphs(text: string) {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
}

/** Ids inside a preview get a prefix so they never clash with the editor page around it. */
const IdPrefix = createContext('')

/**
 * The public homepage (issue 4): every section appears only when it has content. The
 * `preview` variant is the same page for the editor's live preview: no landmarks, no
 * navigation or form of its own, and ids that cannot clash with the editor's.
 */
export function RealtorHomepage({
  realtor,
  lang,
  today,
  variant = 'page',
  listings,
  latestPosts,
}: {
  realtor: PublicRealtor
  lang: Lang
  today: Date
  variant?: 'page' | 'preview'
  /** The listings section's content (issue 6); the section is left out without it. */
  listings?: ReactNode
  /** The latest posts section's content (issue 28); left out when the realtor has published none. */
  latestPosts?: ReactNode
}) {
  const preview = variant === 'preview'
  const Main = preview ? 'div' : 'main'
  const Footer = preview ? 'div' : 'footer'
  const { t } = useLingui()
  const theme = homepageTheme(realtor)
  const name = realtorDisplayName(realtor, lang)
  const otherName = realtorDisplayName(realtor, lang === 'ko' ? 'en' : 'ko')
  const top = firstPhoto(realtor, 'top')
  const logos = [firstPhoto(realtor, 'logo'), firstPhoto(realtor, 'logo2')].filter((photo) => photo !== undefined)
  const idPhotos = [firstPhoto(realtor, 'id'), firstPhoto(realtor, 'id2')].filter((photo) => photo !== undefined)
  const gallery = galleryItems(realtor)
  const about = lang === 'ko' ? realtor.aboutMeKr : realtor.aboutMeEn
  const aboutOther = lang === 'ko' ? realtor.aboutMeEn : realtor.aboutMeKr
  const aboutText = about || aboutOther
  const years = careerYears(realtor.careerStart, realtor.careerEnd, today)
  const videoId = youtubeVideoId(realtor.recommendedYoutubeUrl)
  const sections = realtor.additionalSections
    .map((section) => ({
      id: section.id,
      title: (lang === 'ko' ? section.titleKo || section.titleEn : section.titleEn || section.titleKo) ?? '',
      body: (lang === 'ko' ? section.bodyKo || section.bodyEn : section.bodyEn || section.bodyKo) ?? '',
    }))
    .filter((section) => section.title || section.body)
  const numbers = [
    realtor.salesCount !== null ? { label: t`Homes sold`, value: formatNumber(realtor.salesCount) } : undefined,
    realtor.lastYearSalesTotal !== null ? { label: t`Sales last year`, value: formatPrice(realtor.lastYearSalesTotal) } : undefined,
    years !== undefined ? { label: t`Years of experience`, value: formatNumber(years) } : undefined,
  ].filter((item) => item !== undefined)
  const testimonials = shownTestimonials(realtor.testimonials)
  const hasSns = Boolean(realtor.snsYoutubeUrl || realtor.snsInstagramUrl)

  return (
    <IdPrefix.Provider value={preview ? 'preview-' : ''}>
      <div style={theme.style} className={theme.contentDark ? 'dark' : undefined}>
        <div className={`${preview ? '' : 'min-h-dvh'} bg-stone-50 text-stone-800 dark:bg-stone-950 dark:text-stone-200`}>
          {preview ? null : (
            <a
              href="#main"
              className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-stone-900"
            >
              <Trans>Skip to content</Trans>
            </a>
          )}
          {preview ? (
            <div
              className={`z-30 border-b backdrop-blur ${theme.mainDark ? 'border-stone-800 bg-stone-950/90 text-stone-100' : 'border-stone-200 bg-white/90 text-stone-900'}`}
            >
              <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-2 sm:px-6">
                <span className="flex min-h-11 min-w-0 items-center gap-2 font-semibold">
                  {logos[0] ? <SiteLogo logo={logos[0]} /> : null}
                  <span className="truncate">{name}</span>
                </span>
              </div>
            </div>
          ) : (
            <SiteHeader realtor={realtor} lang={lang} name={name} dark={theme.mainDark} editLink current="home" />
          )}

          <Main id={preview ? undefined : 'main'} tabIndex={preview ? undefined : -1} className="outline-none">
            <section
              aria-labelledby={preview ? 'preview-hero-title' : 'hero-title'}
              className={`relative isolate overflow-hidden ${theme.mainDark ? 'bg-stone-950 text-white' : 'bg-stone-900 text-white'}`}
            >
              {/* The section spans the window at every width, so the photo does too. */}
              {top ? (
                <HeroImage photo={top} sizes="100vw" width={1600} height={900} className="absolute inset-0 -z-10 size-full object-cover opacity-60" />
              ) : null}
              <div className="absolute inset-0 -z-10 bg-gradient-to-t from-black/85 via-black/45 to-black/20" aria-hidden="true" />
              <div className="mx-auto flex h-[36rem] max-w-5xl flex-col justify-end gap-5 overflow-hidden px-4 pt-16 pb-10 sm:h-[34rem] sm:px-6 sm:pb-14">
                {logos.length > 0 ? (
                  <div className="flex gap-3">
                    {logos.map((logo) => (
                      <img
                        key={logo.url}
                        {...responsivePhoto(logo.url, logo.widths, '56px')}
                        alt={t`Logo of ${name}`}
                        width={56}
                        height={56}
                        fetchPriority="low"
                        className="size-14 rounded-xl bg-white/90 object-contain p-1"
                      />
                    ))}
                  </div>
                ) : null}
                <div>
                  {preview ? (
                    <p id="preview-hero-title" className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">
                      {name}
                    </p>
                  ) : (
                    <h1 id="hero-title" className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">
                      {name}
                    </h1>
                  )}
                  {otherName !== name ? (
                    <p className="mt-1 text-lg text-white/85" lang={lang === 'ko' ? 'en' : 'ko'}>
                      {otherName}
                    </p>
                  ) : null}
                </div>
                <dl className="flex flex-wrap gap-x-6 gap-y-1 text-white/90">
                  {realtor.brokerageName ? (
                    <div className="flex gap-1.5">
                      <dt className="sr-only">
                        <Trans>Brokerage</Trans>
                      </dt>
                      <dd>{realtor.brokerageName}</dd>
                    </div>
                  ) : null}
                  {realtor.licenseNumber ? (
                    <div className="flex gap-1.5">
                      <dt>
                        <Trans>License</Trans>
                      </dt>
                      <dd>{realtor.licenseNumber}</dd>
                    </div>
                  ) : null}
                </dl>
                {realtor.activityRegion.length > 0 ? (
                  <ul aria-label={t`Areas served`} className="flex flex-wrap gap-2">
                    {realtor.activityRegion.map((region) => (
                      <li
                        key={`${region.state}-${region.city}-${region.neighborhood ?? ''}`}
                        className="rounded-full bg-white/15 px-3 py-1 text-sm font-medium backdrop-blur"
                      >
                        {serviceAreaName(region, lang, realtor.activityRegion)}
                      </li>
                    ))}
                  </ul>
                ) : null}
                <div className="flex flex-wrap gap-3">
                  {realtor.contactPhone ? (
                    <ContactButton primary href={telHref(realtor.contactPhone, realtor.phoneCountryCode)}>
                      <Trans>Call</Trans>
                    </ContactButton>
                  ) : null}
                  {realtor.companyPhone ? (
                    <ContactButton href={telHref(realtor.companyPhone, realtor.phoneCountryCode)}>
                      <Trans>Call the office</Trans>
                    </ContactButton>
                  ) : null}
                  <ContactButton href={`mailto:${realtor.email}`}>
                    <Trans>E-mail</Trans>
                  </ContactButton>
                  {realtor.kakaoLink ? (
                    <ContactButton href={kakaoHref(realtor.kakaoLink)}>
                      <Trans>KakaoTalk</Trans>
                    </ContactButton>
                  ) : null}
                </div>
              </div>
            </section>

            <div className="mx-auto max-w-5xl px-4 sm:px-6">
              {aboutText ? (
                <Section id="about" title={<Trans>About me</Trans>}>
                  <div className="grid gap-8 md:grid-cols-[1fr_18rem]">
                    <div lang={about ? lang : lang === 'ko' ? 'en' : 'ko'} className="space-y-4 text-lg leading-relaxed whitespace-pre-line">
                      {!about ? (
                        <p className="rounded-lg bg-stone-200/60 px-3 py-2 text-sm dark:bg-stone-800" lang={lang}>
                          {lang === 'ko' ? (
                            <Trans>This introduction is only available in English.</Trans>
                          ) : (
                            <Trans>This introduction is only available in Korean.</Trans>
                          )}
                        </p>
                      ) : null}
                      {paragraphs(aboutText).map((paragraph) => (
                        <p key={paragraph}>{paragraph}</p>
                      ))}
                    </div>
                    {idPhotos.length > 0 ? (
                      <div className="grid grid-cols-2 gap-3 self-start">
                        {idPhotos.map((photo, index) => (
                          <img
                            key={photo.url}
                            // Two columns: half the page below md, half of the 18rem side column from md.
                            {...responsivePhoto(photo.url, photo.widths, '(min-width: 768px) 9rem, 50vw')}
                            alt={index === 0 ? t`Photo of ${name}` : t`Another photo of ${name}`}
                            width={600}
                            height={800}
                            loading="lazy"
                            decoding="async"
                            className="aspect-[3/4] w-full rounded-2xl object-cover"
                          />
                        ))}
                      </div>
                    ) : null}
                  </div>
                </Section>
              ) : null}

              {numbers.length > 0 ? (
                <Section id="numbers" title={<Trans>In numbers</Trans>}>
                  <dl className="grid gap-4 sm:grid-cols-3">
                    {numbers.map((item) => (
                      <div key={item.label} className="rounded-2xl border border-stone-200 bg-white p-6 dark:border-stone-800 dark:bg-stone-900">
                        <dt className="text-sm font-medium text-stone-600 dark:text-stone-300">{item.label}</dt>
                        <dd className="mt-2 text-4xl font-bold tracking-tight text-[var(--accent-text)]">{item.value}</dd>
                      </div>
                    ))}
                  </dl>
                </Section>
              ) : null}

              {testimonials.length > 0 ? (
                <Section id="testimonials" title={<Trans>What clients say</Trans>}>
                  <TestimonialsSection testimonials={testimonials} lang={lang} places={realtor.activityRegion} />
                </Section>
              ) : null}

              {videoId || hasSns ? (
                <Section id="media" title={<Trans>Videos and social media</Trans>}>
                  {videoId ? (
                    <Island
                      of={videoIsland}
                      when="interaction"
                      props={{ videoId, title: t`A video recommended by ${name}`, ...(top ? { poster: top.url } : {}) }}
                    />
                  ) : null}
                  {hasSns ? (
                    <ul className="mt-6 flex flex-wrap gap-3">
                      {realtor.snsYoutubeUrl ? (
                        <li>
                          <a href={realtor.snsYoutubeUrl} target="_blank" rel="noopener noreferrer me" className={buttonClass('accentOutline', 'md')}>
                            <Trans>YouTube channel</Trans>
                          </a>
                        </li>
                      ) : null}
                      {realtor.snsInstagramUrl ? (
                        <li>
                          <a href={realtor.snsInstagramUrl} target="_blank" rel="noopener noreferrer me" className={buttonClass('accentOutline', 'md')}>
                            <Trans>Instagram</Trans>
                          </a>
                        </li>
                      ) : null}
                    </ul>
                  ) : null}
                </Section>
              ) : null}

              {gallery.length > 0 ? (
                <Section id="gallery" title={<Trans>Gallery</Trans>}>
                  <Island of={galleryIsland} props={{ items: gallery, name }} when="interaction" />
                </Section>
              ) : null}

              {sections.map((section) => (
                <Section key={section.id} id={`section-${section.id}`} title={section.title}>
                  <div className="space-y-4 text-lg leading-relaxed whitespace-pre-line">
                    {paragraphs(section.body).map((paragraph) => (
                      <p key={paragraph}>{paragraph}</p>
                    ))}
                  </div>
                </Section>
              ))}

              {listings ? (
                <Section id="listings" title={<Trans>Homes in my areas</Trans>}>
                  {listings}
                </Section>
              ) : null}

              {latestPosts ? (
                <Section id="posts" title={<Trans>Latest posts</Trans>}>
                  {latestPosts}
                </Section>
              ) : null}

              {preview ? null : (
                <Section id="home-value" title={<Trans>Thinking of selling?</Trans>}>
                  <HomeValueInvitation lang={lang} desiredUrl={realtor.desiredUrl} />
                </Section>
              )}

              <Section id="contact" title={t`Send ${name} a message`}>
                {preview ? (
                  <p className="rounded-2xl border border-dashed border-stone-300 p-6 text-stone-600 dark:border-stone-700 dark:text-stone-300">
                    <Trans>Visitors write to you here. Their messages arrive in your inbox and by e-mail.</Trans>
                  </p>
                ) : (
                  <Island of={contactFormIsland} props={{ realtorId: realtor.id, realtorName: name, desiredUrl: realtor.desiredUrl, lang }} />
                )}
              </Section>
            </div>
          </Main>

          <HomepageFooter realtor={realtor} name={name} as={Footer} />
        </div>
      </div>
    </IdPrefix.Provider>
  )
}
