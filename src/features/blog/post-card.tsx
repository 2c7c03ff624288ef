import { responsivePhoto } from '~/lib/photo-variants'
import { Link } from '@tanstack/react-router'
import { langParam, type Lang } from '~/lib/lang'
import type { BlogPostSummary } from '~/schemas/blog'
import { OtherLanguageNote, PostDate, PostKindBadge } from './post-meta'

/** One post in a list (the blog, the homepage's latest posts): a link to it with its date, kind and summary. */
/**
 * `imageSizes`: the cover's `sizes`, the card's width in the grid that holds it (the blog list's
 * two columns, the homepage's three), in a page at most 64rem wide.
 */
export function PostCard({
  post,
  lang,
  desiredUrl,
  headingLevel,
  imageSizes,
}: {
  post: BlogPostSummary
  lang: Lang
  desiredUrl: string
  headingLevel: 'h2' | 'h3'
  imageSizes: string
}) {
  const Heading = headingLevel
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900">
      {post.coverPhotoUrl ? (
        <img
          {...responsivePhoto(post.coverPhotoUrl, post.coverPhotoWidths, imageSizes)}
          alt=""
          width={800}
          height={450}
          loading="lazy"
          decoding="async"
          className="aspect-video w-full object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col gap-2 p-5">
        <div className="flex flex-wrap items-center gap-2 text-sm text-stone-600 dark:text-stone-300">
          <PostKindBadge kind={post.kind} />
          <PostDate iso={post.publishedAt} lang={lang} />
        </div>
        <Heading className="text-xl font-bold text-stone-900 dark:text-stone-50" lang={post.shownLang}>
          <Link
            to="/{-$lang}/$desiredUrl/blog/$slug"
            params={{ lang: langParam(lang), desiredUrl, slug: post.slug }}
            className="underline-offset-4 hover:text-[var(--accent-text)] hover:underline"
          >
            {post.title}
          </Link>
        </Heading>
        {post.shownLang !== lang ? <OtherLanguageNote lang={lang} /> : null}
        {post.summary ? (
          <p className="text-base text-stone-700 dark:text-stone-300" lang={post.shownLang}>
            {post.summary}
          </p>
        ) : null}
      </div>
    </article>
  )
}
