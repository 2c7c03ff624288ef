import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { dateTimeFormat } from '~/lib/date-time-format'
import { LOCALE_TAG, type Lang } from '~/lib/lang'
import type { PostKind } from '~/schemas/blog-search'

/* What every view of a post says about it besides its text: its kind, its date, its language. */

export const POST_KIND_LABELS = {
  article: msg`Article`,
  guide: msg`Neighborhood guide`,
} satisfies Record<PostKind, unknown>

/** The publication day in the page's language, in the realtor's market's sense of a day (UTC is close enough for a date). */
export function postDate(iso: string, lang: Lang): string {
  return dateTimeFormat(LOCALE_TAG[lang], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso))
}

export function PostDate({ iso, lang }: { iso: string; lang: Lang }) {
  return <time dateTime={iso}>{postDate(iso, lang)}</time>
}

export function PostKindBadge({ kind }: { kind: PostKind }) {
  const { i18n } = useLingui()
  return (
    <span className="rounded-full bg-stone-200 px-2.5 py-0.5 text-sm font-semibold text-stone-900 dark:bg-stone-800 dark:text-stone-100">
      {i18n._(POST_KIND_LABELS[kind])}
    </span>
  )
}

/** A post written only in the other language, as the homepage's "about me" says it. */
export function OtherLanguageNote({ lang }: { lang: Lang }) {
  return (
    <p className="rounded-lg bg-stone-200/60 px-3 py-2 text-sm dark:bg-stone-800" lang={lang} data-testid="post-language-note">
      {lang === 'ko' ? <Trans>This post is only available in English.</Trans> : <Trans>This post is only available in Korean.</Trans>}
    </p>
  )
}
