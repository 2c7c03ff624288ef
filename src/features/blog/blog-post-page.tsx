import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { buttonClass } from '~/components/ui'
import { RealtorPageShell } from '~/features/homepage/realtor-page-shell'
import { brokerageAsProminentAsAgent } from '~/schemas/state-disclosures'
import { langParam, type Lang } from '~/lib/lang'
import { realtorDisplayName } from '~/lib/realtor-names'
import type { BlogPost } from '~/schemas/blog'
import type { PublicRealtor } from '~/schemas/realtor'
import { OtherLanguageNote, PostDate, PostKindBadge } from './post-meta'
import { HeroImage } from '~/components/hero-image'
import { placeName } from '~/lib/place-names'
import { POST_BODY_CLASS } from './post-body'

/** One post (issue 28): its text in the page's language (or the other, with a note), its tags, and for a guide the area's listings. */
export function BlogPostPage({ realtor, lang, post }: { realtor: PublicRealtor; lang: Lang; post: BlogPost }) {
  const { t } = useLingui()
  const name = realtorDisplayName(realtor, lang)
  const params = { lang: langParam(lang), desiredUrl: realtor.desiredUrl }
  const area =
    lang === 'ko' && post.city && post.state
      ? [placeName(post.city, post.state, lang, realtor.activityRegion), post.postalCode].filter(Boolean).join(' ')
      : [post.city, post.state, post.postalCode].filter(Boolean).join(', ')
  return (
    <RealtorPageShell
      realtor={realtor}
      lang={lang}
      firmProminent={brokerageAsProminentAsAgent(realtor.activityRegion)}
      back={{ label: t`← All posts by ${name}`, to: '/{-$lang}/$desiredUrl/blog' }}
    >
      {() => (
        <>
          <article lang={post.shownLang} className="mt-2">
            <header>
              <div className="flex flex-wrap items-center gap-2 text-stone-600 dark:text-stone-300" lang={lang}>
                <PostKindBadge kind={post.kind} />
                <PostDate iso={post.publishedAt} lang={lang} />
                {post.kind === 'guide' && area ? <span>· {area}</span> : null}
              </div>
              <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance text-stone-900 sm:text-4xl dark:text-stone-50">{post.title}</h1>
              <p className="mt-2 text-stone-700 dark:text-stone-300" lang={lang}>
                {t`By ${name}`}
              </p>
              {post.shownLang !== lang ? (
                <div className="mt-4">
                  <OtherLanguageNote lang={lang} />
                </div>
              ) : null}
            </header>
            {post.coverPhotoUrl ? (
              <HeroImage
                photo={{ url: post.coverPhotoUrl, widths: post.coverPhotoWidths }}
                // The article spans the page, at most 64rem less its padding.
                sizes="(min-width: 1024px) 61rem, 100vw"
                width={1200}
                height={675}
                className="mt-6 aspect-video w-full rounded-2xl object-cover"
              />
            ) : null}
            {/* Sanitised on every write (src/server/posts); see POST_BODY_CLASS. */}
            <div className={`mt-8 max-w-prose text-lg ${POST_BODY_CLASS}`} data-testid="post-body" dangerouslySetInnerHTML={{ __html: post.bodyHtml }} />
          </article>

          {post.tags.length > 0 ? (
            <ul className="mt-8 flex flex-wrap gap-2" aria-label={t`Tags`}>
              {post.tags.map((tag) => (
                <li key={tag}>
                  <Link to="/{-$lang}/$desiredUrl/blog" params={params} search={{ tag }} className={buttonClass('outline')}>
                    #{tag}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}

          {post.listingsRegion !== null || post.marketCity ? (
            <section
              aria-labelledby="guide-links-title"
              className="mt-10 rounded-2xl border border-stone-200 bg-white p-6 dark:border-stone-800 dark:bg-stone-900"
            >
              <h2 id="guide-links-title" className="text-xl font-bold text-stone-900 dark:text-stone-50">
                {t`More about ${area}`}
              </h2>
              <ul className="mt-4 flex flex-wrap gap-3">
                {post.listingsRegion !== null ? (
                  <li>
                    <Link
                      to="/{-$lang}/$desiredUrl"
                      params={params}
                      search={{ region: post.listingsRegion === 0 ? undefined : post.listingsRegion }}
                      hash="listings"
                      className={buttonClass('accent', 'md')}
                      data-testid="guide-listings-link"
                    >
                      <Trans>Homes for sale in this area</Trans>
                    </Link>
                  </li>
                ) : null}
                {post.marketCity ? (
                  <li>
                    <Link
                      to="/{-$lang}/$desiredUrl/market/$city"
                      params={{ ...params, city: post.marketCity }}
                      className={buttonClass('accentOutline', 'md')}
                      data-testid="guide-market-link"
                    >
                      <Trans>Market report for this area</Trans>
                    </Link>
                  </li>
                ) : null}
              </ul>
            </section>
          ) : null}

          <p className="mt-10">
            <Link to="/{-$lang}/$desiredUrl" params={params} hash="contact" className={buttonClass('accent', 'md')}>
              {t`Ask ${name} a question`}
            </Link>
          </p>
        </>
      )}
    </RealtorPageShell>
  )
}
