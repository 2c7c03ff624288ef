import { randomUUID } from 'node:crypto'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { Selectable, Transaction } from 'kysely'
import {
  postCreateSchema,
  postListQuerySchema,
  postPatchSchema,
  postPreviewSchema,
  type Post,
  type PostFields,
  type PostList,
  type PostPreview,
} from '~/schemas/posts'
import type { FieldErrors } from '~/lib/errors'
import { AppError, errors, parseInput } from '~/server/app-error'
import { canManage, type Actor } from '~/server/auth/actor'
import { isPublicAt, tagsOfPosts } from '~/server/blog/public-posts'
import { reviseRealtorPages } from '~/server/pages/realtor-page-revisions'
import type { Database, PostTable } from '~/server/db/schema'
import type { SanitizedPostHtml } from './post-html'
import type { AppServices } from '~/server/services'
import { photoUrlOf, storedPhotoAddress, storedPhotoKey } from '~/server/uploads/photo-address'
import { ensurePhotoVariants } from '~/server/uploads/photo-variants'
import { componentLogger } from '~/server/logging/logger'
import { answeredPostBody, storedPostBody } from './post-body'

/*
 * A realtor's posts through the REST API (issue 28 item 5): anyone reads the published ones,
 * only the owner (or a platform admin) writes and sees drafts and scheduled posts; another
 * realtor's unpublished post does not exist for the caller (404, as leads are). Every write
 * sanitises the bodies, checks the post whole (a language's title and body together, one
 * language at least, a guide's place, a scheduled post's time) and moves the realtor's page
 * revisions in its transaction (decision 030), so the blog, the feed and the sitemap follow.
 */

type PostRow = Selectable<PostTable>

const postNotFound = () => new AppError('NOT_FOUND', msg`This post was not found`)
const slugTaken = () =>
  new AppError('CONFLICT', msg`This address is already used by another of your posts`, {
    fieldErrors: { slug: [msg`This address is already used by another of your posts`.id] },
  })

function postOf(row: PostRow, tags: ReadonlyArray<string>, services: AppServices): Post {
  return {
    id: row.id,
    realtorId: row.realtorId,
    slug: row.slug,
    kind: row.kind,
    status: row.status,
    publishAt: row.publishAt,
    titleKo: row.titleKo,
    titleEn: row.titleEn,
    bodyKo: row.bodyKo === null ? null : answeredPostBody(services.storage, row.bodyKo),
    bodyEn: row.bodyEn === null ? null : answeredPostBody(services.storage, row.bodyEn),
    summaryKo: row.summaryKo,
    summaryEn: row.summaryEn,
    tags: [...tags],
    coverPhotoUrl: row.coverPhoto ? photoUrlOf(services.storage, row.coverPhoto) : null,
    city: row.city,
    state: row.state,
    postalCode: row.postalCode,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }
}

/**
 * The post as it will be stored: bodies sanitised, and the rules between fields checked on the
 * whole post, each broken rule named at its field.
 */
function checkedPost(fields: PostFields, clean: (html: string) => SanitizedPostHtml, now: Date): PostFields {
  const problems: FieldErrors = {}
  const add = (field: keyof PostFields, message: MessageDescriptor) => {
    ;(problems[field] ??= []).push(message.id)
  }
  const body = (html: string | null, field: 'bodyKo' | 'bodyEn') => {
    if (!html) return null
    const sanitized = clean(html)
    // The editor asks for every photo's description (or its decorative mark); a paste or an API
    // client may bring one without, which a screen reader would announce as nothing at all.
    if (sanitized.undescribedImages > 0) add(field, msg`Describe every photo in the text, or mark it as decorative`)
    return sanitized.html || null
  }
  const bodyKo = body(fields.bodyKo, 'bodyKo')
  const bodyEn = body(fields.bodyEn, 'bodyEn')
  for (const [title, body, titleField, bodyField] of [
    [fields.titleKo, bodyKo, 'titleKo', 'bodyKo'],
    [fields.titleEn, bodyEn, 'titleEn', 'bodyEn'],
  ] as const) {
    if (title && !body) add(bodyField, msg`Write the post's text in this language, or remove its title`)
    if (body && !title) add(titleField, msg`Give the post a title in this language, or remove its text`)
  }
  if (!fields.titleKo && !fields.titleEn && !bodyKo && !bodyEn) {
    add('titleKo', msg`Write the post in Korean, in English or in both`)
    add('titleEn', msg`Write the post in Korean, in English or in both`)
  }
  if (fields.kind === 'guide') {
    if (!fields.city) add('city', msg`A neighborhood guide names its city`)
    if (!fields.state) add('state', msg`A neighborhood guide names its state`)
  }
  if (fields.status === 'scheduled' && !fields.publishAt) add('publishAt', msg`Choose when the post goes public`)
  if (Object.keys(problems).length > 0) throw new AppError('VALIDATION_FAILED', msg`Some fields need your attention`, { fieldErrors: problems })
  // A post published with no time is public from now; a draft keeps the time it may be given.
  const publishAt = fields.status === 'published' && !fields.publishAt ? now.toISOString() : fields.publishAt
  return { ...fields, bodyKo, bodyEn, publishAt }
}

async function managedRealtor(services: AppServices, actor: Actor, realtorId: string | undefined) {
  const query = services.db.selectFrom('realtor').select(['id', 'userId', 'hompageUrl'])
  const realtor = realtorId
    ? await query.where('id', '=', realtorId).executeTakeFirst()
    : await query.where('userId', '=', actor.userId).orderBy('createdAt').executeTakeFirst()
  // Another realtor's site is not disclosed: 404, as for their leads.
  if (!realtor || !canManage(actor, realtor)) throw errors.realtorNotFound()
  return realtor
}

async function writeTags(trx: Transaction<Database>, post: { id: string; realtorId: string }, tags: ReadonlyArray<string>): Promise<void> {
  await trx.deleteFrom('postTag').where('postId', '=', post.id).execute()
  if (tags.length > 0)
    await trx
      .insertInto('postTag')
      .values(tags.map((tag) => ({ postId: post.id, realtorId: post.realtorId, tag })))
      .execute()
}

async function slugUsed(db: Transaction<Database>, realtorId: string, slug: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('post').select('id').where('realtorId', '=', realtorId).where('slug', '=', slug)
  if (exceptId) query = query.where('id', '!=', exceptId)
  return (await query.executeTakeFirst()) !== undefined
}

function columnsOf(fields: PostFields, storage: AppServices['storage']) {
  const { coverPhotoUrl, tags: _tags, ...columns } = fields
  return { ...columns, coverPhoto: coverPhotoUrl ? storedPhotoAddress(storage, coverPhotoUrl) : null }
}

async function readPost(services: AppServices, id: string): Promise<{ row: PostRow; tags: Array<string> } | undefined> {
  const row = await services.db.selectFrom('post').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) return undefined
  return { row, tags: (await tagsOfPosts(services.db, [row.id])).get(row.id) ?? [] }
}

/** Whether the caller may see this post: public, or theirs (or they are a platform admin). */
async function mayRead(services: AppServices, actor: Actor | null, row: PostRow): Promise<boolean> {
  const nowIso = services.now().toISOString()
  const isPublic =
    row.status === 'published' ? !row.publishAt || row.publishAt <= nowIso : row.status === 'scheduled' && row.publishAt !== null && row.publishAt <= nowIso
  const realtor = await services.db.selectFrom('realtor').select(['userId', 'isMakeHomepage']).where('id', '=', row.realtorId).executeTakeFirst()
  if (!realtor) return false
  if (actor && canManage(actor, realtor)) return true
  return isPublic && realtor.isMakeHomepage === 'Y'
}

export async function listPosts(services: AppServices, actor: Actor | null, query: unknown): Promise<PostList> {
  const { realtorId } = parseInput(postListQuerySchema, query)
  const realtor = await services.db.selectFrom('realtor').select(['id', 'userId', 'isMakeHomepage']).where('id', '=', realtorId).executeTakeFirst()
  if (!realtor) throw errors.realtorNotFound()
  const owner = actor !== null && canManage(actor, realtor)
  if (!owner && realtor.isMakeHomepage !== 'Y') throw errors.realtorNotFound()
  let rows = services.db.selectFrom('post').selectAll().where('post.realtorId', '=', realtor.id)
  if (!owner) rows = rows.where(isPublicAt(services.now().toISOString()))
  const found = await rows.orderBy('post.createdAt', 'desc').orderBy('post.id').limit(1_000).execute()
  const tags = await tagsOfPosts(
    services.db,
    found.map((row) => row.id),
  )
  return { posts: found.map((row) => postOf(row, tags.get(row.id) ?? [], services)) }
}

export async function getPost(services: AppServices, actor: Actor | null, id: string): Promise<Post> {
  const found = await readPost(services, id)
  if (!found || !(await mayRead(services, actor, found.row))) throw postNotFound()
  return postOf(found.row, found.tags, services)
}

/**
 * The cover's width variants, made before the post is written (realtors.ts does the same for a
 * page's photos): on S3 the save is the first time the server can read an upload. Nothing to do
 * when the upload made them (local driver) or the cover is no file of ours; a failure leaves the
 * cover without variants, shown as before.
 */
async function makeCoverVariants(services: AppServices, fields: PostFields): Promise<void> {
  const key = fields.coverPhotoUrl ? storedPhotoKey(storedPhotoAddress(services.storage, fields.coverPhotoUrl)) : undefined
  if (key === undefined) return
  const result = await ensurePhotoVariants(services, [key])
  for (const failure of result.failed) componentLogger('uploads').warn({ key: failure.key, reason: failure.reason }, 'photo variants not made')
}

export async function createPost(services: AppServices, actor: Actor, input: unknown): Promise<Post> {
  const { realtorId, ...given } = parseInput(postCreateSchema, input)
  const realtor = await managedRealtor(services, actor, realtorId)
  const now = services.now()
  const fields = checkedPost(
    {
      status: 'draft',
      publishAt: null,
      titleKo: null,
      titleEn: null,
      bodyKo: null,
      bodyEn: null,
      summaryKo: null,
      summaryEn: null,
      tags: [],
      coverPhotoUrl: null,
      city: null,
      state: null,
      postalCode: null,
      ...given,
    },
    (html) => storedPostBody(services, realtor, actor.userId, html),
    now,
  )
  await makeCoverVariants(services, fields)
  const id = randomUUID()
  await services.db.transaction().execute(async (trx) => {
    if (await slugUsed(trx, realtor.id, fields.slug)) throw slugTaken()
    await trx
      .insertInto('post')
      .values({ id, realtorId: realtor.id, ...columnsOf(fields, services.storage), createdAt: now.toISOString(), updatedAt: now.toISOString() })
      .execute()
    await writeTags(trx, { id, realtorId: realtor.id }, fields.tags)
    await reviseRealtorPages(trx, services, [realtor.id])
  })
  return getPost(services, actor, id)
}

/** The post's fields as stored, in the shape a write takes, to check a change on the whole post. */
function fieldsOf(post: Post): PostFields {
  const { id: _id, realtorId: _realtorId, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = post
  return fields
}

export async function updatePost(services: AppServices, actor: Actor, id: string, input: unknown): Promise<Post> {
  const found = await readPost(services, id)
  const realtor = found
    ? await services.db.selectFrom('realtor').select(['id', 'userId', 'hompageUrl']).where('id', '=', found.row.realtorId).executeTakeFirst()
    : undefined
  if (!found || !realtor || !canManage(actor, realtor)) throw postNotFound()
  const change = parseInput(postPatchSchema, input)
  const current = fieldsOf(postOf(found.row, found.tags, services))
  const now = services.now()
  const fields = checkedPost({ ...current, ...change }, (html) => storedPostBody(services, realtor, actor.userId, html), now)
  await makeCoverVariants(services, fields)
  await services.db.transaction().execute(async (trx) => {
    if (await slugUsed(trx, realtor.id, fields.slug, id)) throw slugTaken()
    await trx
      .updateTable('post')
      .set({ ...columnsOf(fields, services.storage), updatedAt: now.toISOString() })
      .where('id', '=', id)
      .execute()
    await writeTags(trx, { id, realtorId: realtor.id }, fields.tags)
    await reviseRealtorPages(trx, services, [realtor.id])
  })
  return getPost(services, actor, id)
}

export async function deletePost(services: AppServices, actor: Actor, id: string): Promise<{ id: string; deleted: true }> {
  const found = await readPost(services, id)
  const realtor = found ? await services.db.selectFrom('realtor').select(['id', 'userId']).where('id', '=', found.row.realtorId).executeTakeFirst() : undefined
  if (!found || !realtor || !canManage(actor, realtor)) throw postNotFound()
  await services.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('postTag').where('postId', '=', id).execute()
    await trx.deleteFrom('post').where('id', '=', id).execute()
    await reviseRealtorPages(trx, services, [realtor.id])
  })
  return { id, deleted: true }
}

/**
 * The workspace's preview: the bodies as the sanitiser would store them, so what the realtor
 * reviews is what visitors will get, not what the browser's editor holds.
 */
export async function previewPostBodies(services: AppServices, actor: Actor, input: unknown): Promise<PostPreview> {
  const { realtorId, bodyKo, bodyEn } = parseInput(postPreviewSchema, input)
  const realtor = await managedRealtor(services, actor, realtorId)
  // Shown as visitors will get it: stored by the write's rule, then read by the page's.
  const clean = (html: string | null) => {
    const stored = html ? storedPostBody(services, realtor, actor.userId, html).html : ''
    return stored ? answeredPostBody(services.storage, stored) : null
  }
  return { bodyKo: clean(bodyKo), bodyEn: clean(bodyEn) }
}
