import type { PostKind } from '~/schemas/blog-search'
import type { Post, PostFields } from '~/schemas/posts'

/*
 * The post form's values (strings, as inputs hold them) and the way to and from a post. The
 * rules between fields are the server's (src/server/posts/posts.ts): the form sends what was
 * typed and shows the answer's field errors beside their fields.
 */

export type PostStatus = Post['status']

export type PostFormValues = {
  kind: PostKind
  slug: string
  status: PostStatus
  /** `datetime-local`: the realtor's own clock, turned into an instant when sent. */
  publishAtLocal: string
  titleKo: string
  titleEn: string
  summaryKo: string
  summaryEn: string
  bodyKo: string
  bodyEn: string
  /** Comma-separated, as typed. */
  tags: string
  coverPhotoUrl: string
  city: string
  state: string
  postalCode: string
}

const pad = (value: number) => String(value).padStart(2, '0')

/** An instant as a `datetime-local` value in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/** A `datetime-local` value (the browser's time zone) as an ISO instant; null when empty or not a time. */
export function fromLocalInput(value: string): string | null {
  if (value.trim() === '') return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

/** The tags a comma-separated text names, trimmed, blanks and repeats dropped. */
export function tagsFromText(text: string): Array<string> {
  return [
    ...new Set(
      text
        .split(/[,，、]/)
        .map((tag) => tag.trim())
        .filter((tag) => tag !== ''),
    ),
  ]
}

/**
 * An address suggested from an English title: lowercase ASCII words joined by hyphens, at most
 * 80 characters, cut at a word. A Korean title gives none (the realtor chooses one), since a
 * romanised guess would more often be wrong than useful.
 */
export function slugFromTitle(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '')
  let slug = ''
  for (const word of words) {
    const next = slug === '' ? word : `${slug}-${word}`
    if (next.length > 80) break
    slug = next
  }
  return slug
}

export const EMPTY_POST_FORM: PostFormValues = {
  kind: 'article',
  slug: '',
  status: 'draft',
  publishAtLocal: '',
  titleKo: '',
  titleEn: '',
  summaryKo: '',
  summaryEn: '',
  bodyKo: '',
  bodyEn: '',
  tags: '',
  coverPhotoUrl: '',
  city: '',
  state: '',
  postalCode: '',
}

export function postToForm(post: Post): PostFormValues {
  return {
    kind: post.kind,
    slug: post.slug,
    status: post.status,
    publishAtLocal: toLocalInput(post.publishAt),
    titleKo: post.titleKo ?? '',
    titleEn: post.titleEn ?? '',
    summaryKo: post.summaryKo ?? '',
    summaryEn: post.summaryEn ?? '',
    bodyKo: post.bodyKo ?? '',
    bodyEn: post.bodyEn ?? '',
    tags: post.tags.join(', '),
    coverPhotoUrl: post.coverPhotoUrl ?? '',
    city: post.city ?? '',
    state: post.state ?? '',
    postalCode: post.postalCode ?? '',
  }
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim())

/**
 * What a save sends. "Publish now" sends no time (the server stamps it), so a draft's old time
 * does not back-date it; a post already published keeps its time to the second
 * (`publishedAt`). A guide's place goes only with a guide.
 */
export function formToPost(values: PostFormValues, publishedAt: string | null): PostFields {
  const guide = values.kind === 'guide'
  const publishAt = values.status === 'scheduled' ? fromLocalInput(values.publishAtLocal) : values.status === 'published' ? publishedAt : null
  return {
    kind: values.kind,
    slug: values.slug.trim(),
    status: values.status,
    publishAt,
    titleKo: orNull(values.titleKo),
    titleEn: orNull(values.titleEn),
    summaryKo: orNull(values.summaryKo),
    summaryEn: orNull(values.summaryEn),
    bodyKo: orNull(values.bodyKo),
    bodyEn: orNull(values.bodyEn),
    tags: tagsFromText(values.tags),
    coverPhotoUrl: orNull(values.coverPhotoUrl),
    city: guide ? orNull(values.city) : null,
    state: guide ? orNull(values.state) : null,
    postalCode: guide ? orNull(values.postalCode) : null,
  }
}
