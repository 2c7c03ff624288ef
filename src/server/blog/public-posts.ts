import type { ExpressionBuilder, Kysely } from 'kysely'
import type { Lang } from '~/lib/lang'
import type { BlogPostSummary } from '~/schemas/blog'
import type { Database, PostTable } from '~/server/db/schema'
import { dependsOnRealtor, dependsUntil } from '~/server/pages/page-dependencies'
import { photoUrlOf } from '~/server/uploads/photo-address'
import type { StorageDriver } from '~/server/uploads/storage-driver'

/*
 * Which posts a visitor may read, and how a row becomes what a page shows (issue 28). A post
 * is public when the realtor published it, or scheduled it and its time has come: the clock
 * decides, not a job that flips the status (migration 0023), so a scheduled post is public
 * at its minute on every process. Drafts never are.
 */

type PostRow = Pick<
  PostTable,
  | 'id'
  | 'slug'
  | 'kind'
  | 'publishAt'
  | 'titleKo'
  | 'titleEn'
  | 'summaryKo'
  | 'summaryEn'
  | 'coverPhoto'
  | 'city'
  | 'state'
  | 'postalCode'
  | 'createdAt'
  | 'updatedAt'
>

export const POST_SUMMARY_COLUMNS = [
  'post.id',
  'post.slug',
  'post.kind',
  'post.publishAt',
  'post.titleKo',
  'post.titleEn',
  'post.summaryKo',
  'post.summaryEn',
  'post.coverPhoto',
  'post.city',
  'post.state',
  'post.postalCode',
  'post.createdAt',
  'post.updatedAt',
] as const

/** The visibility rule as a WHERE clause: published (at or before now, if dated) or scheduled and due. */
export function isPublicAt(nowIso: string) {
  return (eb: ExpressionBuilder<Database, 'post'>) =>
    eb.or([
      eb.and([eb('post.status', '=', 'published'), eb.or([eb('post.publishAt', 'is', null), eb('post.publishAt', '<=', nowIso)])]),
      eb.and([eb('post.status', '=', 'scheduled'), eb('post.publishAt', '<=', nowIso)]),
    ])
}

/** When a post counts as published: its publish time, or its creation for an undated published post. */
export function publishedAtOf(row: Pick<PostTable, 'publishAt' | 'createdAt'>): string {
  return row.publishAt ?? row.createdAt
}

/** The languages a post is written in (a language's title and body are set together). */
export function postLangs(row: Pick<PostTable, 'titleKo' | 'titleEn'>): Array<Lang> {
  return [...(row.titleKo ? (['ko'] as const) : []), ...(row.titleEn ? (['en'] as const) : [])]
}

/** The page's language when the post has it, else the one it has (shown with a language note). */
export function shownLangOf(row: Pick<PostTable, 'titleKo' | 'titleEn'>, lang: Lang): Lang {
  const langs = postLangs(row)
  return langs.includes(lang) ? lang : (langs[0] ?? lang)
}

/**
 * `coverWidths`: the recorded width variants by stored key (photo-variants.ts
 * recordedVariantWidths), so a cover names its variants only once they exist.
 */
export function toPostSummary(
  row: PostRow,
  tags: ReadonlyArray<string>,
  lang: Lang,
  storage: StorageDriver,
  coverWidths?: ReadonlyMap<string, ReadonlyArray<number>>,
): BlogPostSummary {
  const widths = row.coverPhoto ? coverWidths?.get(row.coverPhoto) : undefined
  const shown = shownLangOf(row, lang)
  const title = (shown === 'ko' ? row.titleKo : row.titleEn) ?? ''
  const summary = (shown === 'ko' ? row.summaryKo : row.summaryEn) || null
  return {
    slug: row.slug,
    kind: row.kind,
    title,
    summary,
    shownLang: shown,
    langs: postLangs(row),
    publishedAt: publishedAtOf(row),
    updatedAt: row.updatedAt,
    coverPhotoUrl: row.coverPhoto ? photoUrlOf(storage, row.coverPhoto) : null,
    ...(widths && widths.length > 0 ? { coverPhotoWidths: [...widths] } : {}),
    tags: [...tags],
    city: row.city,
    state: row.state,
    postalCode: row.postalCode,
  }
}

/** Each post's tags, in one query. */
export async function tagsOfPosts(db: Kysely<Database>, postIds: ReadonlyArray<string>): Promise<Map<string, Array<string>>> {
  const byPost = new Map<string, Array<string>>()
  if (postIds.length === 0) return byPost
  const rows = await db
    .selectFrom('postTag')
    .select(['postId', 'tag'])
    .where('postId', 'in', [...postIds])
    .orderBy('tag')
    .execute()
  for (const row of rows) byPost.set(row.postId, [...(byPost.get(row.postId) ?? []), row.tag])
  return byPost
}

/** A published homepage's realtor by address, with the revision of the row read; undefined when none. */
export async function publishedRealtorByAddress(db: Kysely<Database>, desiredUrl: string) {
  return db
    .selectFrom('realtor')
    .select(['id', 'desiredUrl', 'revision', 'hompageUrl'])
    .where('desiredUrlKey', '=', desiredUrl.toLowerCase())
    .where('isMakeHomepage', '=', 'Y')
    .executeTakeFirst()
}

/**
 * Says what a page of this realtor's posts was made from (decision 009): the realtor's
 * revision (every write of a post moves it, see post-revisions.ts) and the moment the next
 * scheduled post is due, from which the stored page is made again with no write at all.
 */
export async function dependOnRealtorPosts(db: Kysely<Database>, realtor: { id: string; revision: number | string }, nowIso: string): Promise<void> {
  dependsOnRealtor(realtor.id, Number(realtor.revision))
  const next = await db
    .selectFrom('post')
    .select((eb) => eb.fn.min('post.publishAt').as('next'))
    .where('post.realtorId', '=', realtor.id)
    .where('post.status', 'in', ['scheduled', 'published'])
    .where('post.publishAt', '>', nowIso)
    .executeTakeFirst()
  if (next?.next) dependsUntil(next.next)
}
