import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { PageNumbers } from '~/components/page-numbers'
import { buttonClass } from '~/components/ui'
import { RealtorPageShell } from '~/features/homepage/realtor-page-shell'
import { brokerageAsProminentAsAgent } from '~/schemas/state-disclosures'
import { langParam, type Lang } from '~/lib/lang'
import { realtorDisplayName } from '~/lib/realtor-names'
import type { BlogList } from '~/schemas/blog'
import type { BlogSearch } from '~/schemas/blog-search'
import type { PublicRealtor } from '~/schemas/realtor'
import { PostCard } from './post-card'
import { POST_KIND_LABELS } from './post-meta'

function FilterLink({
  realtor,
  lang,
  search,
  active,
  children,
}: {
  realtor: PublicRealtor
  lang: Lang
  search: BlogSearch
  active: boolean
  children: ReactNode
}) {
  return (
    <Link
      to="/{-$lang}/$desiredUrl/blog"
      params={{ lang: langParam(lang), desiredUrl: realtor.desiredUrl }}
      search={search}
      // The router marks the link of the page shown with aria-current="page", also without JavaScript.
      activeOptions={{ exact: true, includeSearch: true }}
      className={buttonClass(active ? 'accent' : 'outline')}
    >
      {children}
    </Link>
  )
}

/**
 * A realtor's posts (issue 28): filter links by kind and tag, cards, pages. Every filter is a
 * plain link in the URL, so the page works without JavaScript and each filter is one stored page.
 */
export function BlogListPage({ realtor, lang, search, list }: { realtor: PublicRealtor; lang: Lang; search: BlogSearch; list: BlogList }) {
  const { t, i18n } = useLingui()
  const name = realtorDisplayName(realtor, lang)
  const filters = { kind: search.kind, tag: search.tag }
  return (
    <RealtorPageShell realtor={realtor} lang={lang} current="blog" firmProminent={brokerageAsProminentAsAgent(realtor.activityRegion)}>
      {() => (
        <>
          <div className="flex flex-wrap items-end justify-between gap-4 pt-8">
            <div>
              <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl dark:text-stone-50">{t`Posts by ${name}`}</h1>
              <p className="mt-2 text-stone-700 dark:text-stone-300">
                <Plural value={list.totalPosts} one="# post" other="# posts" />
              </p>
            </div>
            <Link
              to="/{-$lang}/$desiredUrl/blog/rss.xml"
              params={{ lang: langParam(lang), desiredUrl: realtor.desiredUrl }}
              reloadDocument
              className={buttonClass('accentOutline')}
              data-testid="blog-rss-link"
            >
              <Trans>RSS feed</Trans>
            </Link>
          </div>

          <nav aria-label={t`Filter posts`} className="mt-6 grid gap-3">
            <ul className="flex flex-wrap gap-2" aria-label={t`Kind`}>
              <li>
                <FilterLink realtor={realtor} lang={lang} search={{ tag: search.tag }} active={!search.kind}>
                  <Trans>All posts</Trans>
                </FilterLink>
              </li>
              {(['article', 'guide'] as const).map((kind) => (
                <li key={kind}>
                  <FilterLink realtor={realtor} lang={lang} search={{ kind, tag: search.tag }} active={search.kind === kind}>
                    {i18n._(POST_KIND_LABELS[kind])}
                  </FilterLink>
                </li>
              ))}
            </ul>
            {list.tags.length > 0 ? (
              <ul className="flex flex-wrap gap-2" aria-label={t`Tags`}>
                <li>
                  <FilterLink realtor={realtor} lang={lang} search={{ kind: search.kind }} active={!search.tag}>
                    <Trans>All tags</Trans>
                  </FilterLink>
                </li>
                {list.tags.map(({ tag }) => (
                  <li key={tag}>
                    <FilterLink realtor={realtor} lang={lang} search={{ kind: search.kind, tag }} active={search.tag === tag}>
                      #{tag}
                    </FilterLink>
                  </li>
                ))}
              </ul>
            ) : null}
          </nav>

          {list.posts.length > 0 ? (
            <ul className="mt-8 grid gap-6 sm:grid-cols-2" data-testid="blog-posts">
              {list.posts.map((post) => (
                <li key={post.slug}>
                  <PostCard
                    post={post}
                    lang={lang}
                    desiredUrl={realtor.desiredUrl}
                    headingLevel="h2"
                    imageSizes="(min-width: 1024px) 31rem, (min-width: 640px) 50vw, 100vw"
                  />
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-8 rounded-2xl border border-dashed border-stone-300 p-6 dark:border-stone-700" data-testid="blog-empty">
              {search.kind || search.tag ? <Trans>No post matches these filters.</Trans> : <Trans>No posts yet.</Trans>}
            </p>
          )}

          <PageNumbers
            page={list.page}
            totalPages={list.totalPages}
            link={(number, active, label) => (
              <FilterLink realtor={realtor} lang={lang} search={{ ...filters, page: number === 1 ? undefined : number }} active={active}>
                {label}
              </FilterLink>
            )}
          />
        </>
      )}
    </RealtorPageShell>
  )
}
