import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId, useRef, useState } from 'react'
import { Button, buttonClass, ErrorAlert } from '~/components/ui'
import { POST_KIND_LABELS } from '~/features/blog/post-meta'
import { dateTimeFormat } from '~/lib/date-time-format'
import { langParam, LOCALE_TAG, type Lang } from '~/lib/lang'
import { realtorPostsQuery } from '~/queries/posts'
import type { Post } from '~/schemas/posts'
import { PostForm } from './post-form'
import type { WorkspacePanelProps } from '~/features/editor/workspace-panel'

/*
 * The workspace's posts (issue 28 item 1): every post of the realtor, drafts and scheduled ones
 * too, with its state and time; write a new one, edit, preview, schedule, unpublish (back to
 * draft) or delete one. The public blog follows each save through the page store's revisions.
 */

type Editing = { post: Post | null } | null

function isPublicNow(post: Post, now: number): boolean {
  return post.status !== 'draft' && post.publishAt !== null && Date.parse(post.publishAt) <= now
}

/** One post in the list: its title in the page's language (or the other), kind, state, languages. */
function PostRow({ post, lang, desiredUrl, publicNow, onEdit }: { post: Post; lang: Lang; desiredUrl: string; publicNow: boolean; onEdit: () => void }) {
  const { t, i18n } = useLingui()
  const when = (iso: string) => dateTimeFormat(LOCALE_TAG[lang], { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
  const title = (lang === 'ko' ? (post.titleKo ?? post.titleEn) : (post.titleEn ?? post.titleKo)) ?? post.slug
  const state =
    post.status === 'draft'
      ? t`Draft`
      : publicNow
        ? t`Published ${when(post.publishAt ?? post.createdAt)}`
        : t`Scheduled for ${when(post.publishAt ?? post.createdAt)}`
  const languages = [post.titleKo ? t`Korean` : null, post.titleEn ? t`English` : null].filter(Boolean).join(', ')
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-stone-200 bg-white p-4 dark:border-stone-800 dark:bg-stone-900"
      data-testid="posts-item"
    >
      <div className="min-w-0">
        <p className="font-semibold break-words text-stone-900 dark:text-stone-100">{title}</p>
        <p className="text-sm text-stone-700 dark:text-stone-300">
          {i18n._(POST_KIND_LABELS[post.kind])} · {state} · {languages}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {publicNow ? (
          <Link
            to="/{-$lang}/$desiredUrl/blog/$slug"
            params={{ lang: langParam(lang), desiredUrl, slug: post.slug }}
            className={buttonClass('ghost', 'md')}
            aria-label={t`View “${title}” on your blog`}
          >
            <Trans>View</Trans>
          </Link>
        ) : null}
        <Button variant="primary" size="md" onClick={onEdit} aria-label={t`Edit “${title}”`} data-testid="posts-edit">
          <Trans>Edit</Trans>
        </Button>
      </div>
    </li>
  )
}

export function PostsPanel(panel: WorkspacePanelProps) {
  const { realtorId, desiredUrl, lang } = panel
  const { t } = useLingui()
  const titleId = useId()
  const [editing, setEditing] = useState<Editing>(null)
  const [status, setStatus] = useState('')
  const heading = useRef<HTMLHeadingElement>(null)
  const list = useQuery(realtorPostsQuery(realtorId))
  const posts = list.data?.posts ?? []
  // The moment the list was last drawn from: whether a scheduled post is public yet.
  const [now, setNow] = useState(() => Date.now())
  const backToList = (message: string) => {
    setEditing(null)
    setNow(Date.now())
    setStatus(message)
    requestAnimationFrame(() => heading.current?.focus())
  }

  if (editing) {
    return <PostForm key={editing.post?.id ?? 'new'} {...panel} post={editing.post} onDone={backToList} onCancel={() => backToList('')} />
  }

  return (
    <section aria-labelledby={titleId} className="max-w-4xl" data-testid="posts-panel">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={titleId} ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight text-stone-900 dark:text-stone-50">
          <Trans>Your posts</Trans>
        </h2>
        <Button variant="brand" size="md" onClick={() => setEditing({ post: null })} data-testid="post-new">
          <Trans>Write a post</Trans>
        </Button>
      </div>
      <p className="mt-2 text-base text-stone-700 dark:text-stone-300">
        <Trans>
          Articles and neighborhood guides, in Korean, English or both. They appear on your blog, on your homepage (the latest three), in your RSS feed and in
          search engines.
        </Trans>{' '}
        <Link
          to="/{-$lang}/$desiredUrl/blog"
          params={{ lang: langParam(lang), desiredUrl }}
          className="font-medium text-blue-800 underline underline-offset-4 dark:text-blue-300"
        >
          <Trans>Open your blog</Trans>
        </Link>
      </p>
      <p aria-live="polite" className="mt-3 text-sm font-medium text-emerald-800 dark:text-emerald-300" data-testid="posts-status">
        {status}
      </p>
      <ErrorAlert testId="posts-load-error" message={list.isError ? t`Your posts could not be loaded.` : undefined} onRetry={() => void list.refetch()} />
      {list.isPending ? (
        <p className="mt-2 text-stone-600 dark:text-stone-400">
          <Trans>Loading…</Trans>
        </p>
      ) : null}
      {posts.length > 0 ? (
        <ul className="mt-3 grid gap-3" data-testid="posts-list">
          {posts.map((post) => (
            <PostRow key={post.id} post={post} lang={lang} desiredUrl={desiredUrl} publicNow={isPublicNow(post, now)} onEdit={() => setEditing({ post })} />
          ))}
        </ul>
      ) : list.isSuccess ? (
        <p className="mt-2 text-stone-600 dark:text-stone-400" data-testid="posts-empty">
          <Trans>You have not written a post yet.</Trans>
        </p>
      ) : null}
    </section>
  )
}
