import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { buttonClass } from '~/components/ui'
import { langParam, type Lang } from '~/lib/lang'
import type { BlogPostSummary } from '~/schemas/blog'
import { PostCard } from './post-card'

/** The homepage's latest posts (issue 28): the newest three and a link to all of them. */
export function LatestPosts({ posts, lang, desiredUrl }: { posts: ReadonlyArray<BlogPostSummary>; lang: Lang; desiredUrl: string }) {
  return (
    <>
      <ul className="grid gap-6 md:grid-cols-3" data-testid="latest-posts">
        {posts.map((post) => (
          <li key={post.slug}>
            <PostCard
              post={post}
              lang={lang}
              desiredUrl={desiredUrl}
              headingLevel="h3"
              imageSizes="(min-width: 1024px) 21rem, (min-width: 768px) 33vw, 100vw"
            />
          </li>
        ))}
      </ul>
      <p className="mt-6">
        <Link to="/{-$lang}/$desiredUrl/blog" params={{ lang: langParam(lang), desiredUrl }} className={buttonClass('accentOutline', 'md')}>
          <Trans>All posts</Trans>
        </Link>
      </p>
    </>
  )
}
