import { msg } from '@lingui/core/macro'
import { z } from 'zod'
import { BLOG_TAG_MAX_LENGTH, POST_KINDS } from './blog-search'
import { messageId } from './messages'
import { recordIdRequestSchema } from './record-id'
import { stateCodeSchema } from './valuations'

/*
 * Writing a realtor's posts (issue 28 item 5): what `POST /posts` and `PATCH /posts/{id}` take
 * and what every read of a post answers. Only `slug`, `kind` and one language's title and body
 * are required; a language's title and body come together. Bodies are HTML, sanitised by the
 * server on the way in (src/server/posts/post-html.ts), whatever sent them.
 */

export const POST_STATUSES = ['draft', 'scheduled', 'published'] as const
export const POST_SLUG_MAX_LENGTH = 80
export const POST_TITLE_MAX_LENGTH = 200
export const POST_SUMMARY_MAX_LENGTH = 300
/** A long guide with its markup: far beyond any real post, far below the API's body limit. */
export const POST_BODY_MAX_LENGTH = 200_000
export const POST_TAGS_MAX = 10

/** Lowercase letters and digits in words joined by single hyphens: an address that never needs escaping. */
export const POST_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

const optionalText = (max: number) =>
  z
    .string({ error: messageId(msg`Enter text`) })
    .trim()
    .max(max, { error: messageId(msg`This text is too long`) })
    .nullish()
    .transform((value) => (value ? value : null))

const slugSchema = z
  .string({ error: messageId(msg`Enter the post's address`) })
  .trim()
  .min(1, { error: messageId(msg`Enter the post's address`) })
  .max(POST_SLUG_MAX_LENGTH, { error: messageId(msg`This text is too long`) })
  .regex(POST_SLUG_PATTERN, { error: messageId(msg`Use lowercase letters, digits and single hyphens, e.g. irvine-schools-2026`) })

const tagsSchema = z
  .array(
    z
      .string({ error: messageId(msg`Enter text`) })
      .trim()
      .min(1, { error: messageId(msg`A tag cannot be empty`) })
      .max(BLOG_TAG_MAX_LENGTH, { error: messageId(msg`This tag is too long`) }),
    { error: messageId(msg`Give the tags as a list`) },
  )
  .max(POST_TAGS_MAX, { error: messageId(msg`Give at most 10 tags`) })
  .transform((tags) => [...new Set(tags)])

/** The fields a client writes; all optional here, the rules between them are checked on the whole post. */
export const postFieldsSchema = z.object({
  slug: slugSchema,
  kind: z.enum(POST_KINDS, { error: messageId(msg`Choose an article or a neighborhood guide`) }),
  status: z.enum(POST_STATUSES, { error: messageId(msg`Choose draft, scheduled or published`) }),
  publishAt: z.iso
    .datetime({ offset: true, error: messageId(msg`Enter a date and time`) })
    .nullish()
    .transform((value) => (value ? new Date(value).toISOString() : null)),
  titleKo: optionalText(POST_TITLE_MAX_LENGTH),
  titleEn: optionalText(POST_TITLE_MAX_LENGTH),
  bodyKo: optionalText(POST_BODY_MAX_LENGTH),
  bodyEn: optionalText(POST_BODY_MAX_LENGTH),
  summaryKo: optionalText(POST_SUMMARY_MAX_LENGTH),
  summaryEn: optionalText(POST_SUMMARY_MAX_LENGTH),
  tags: tagsSchema,
  coverPhotoUrl: optionalText(2_000),
  city: optionalText(100),
  state: stateCodeSchema.nullish().transform((value) => value ?? null),
  postalCode: z
    .string({ error: messageId(msg`Enter a 5-digit ZIP code`) })
    .trim()
    .regex(/^\d{5}$/, { error: messageId(msg`Enter a 5-digit ZIP code`) })
    .nullish()
    .transform((value) => value ?? null),
})
export type PostFields = z.output<typeof postFieldsSchema>

/** `POST /posts`: the realtor defaults to the caller's own. */
export const postCreateSchema = postFieldsSchema.partial().extend({
  realtorId: z.string().trim().min(1).max(64).optional(),
  slug: slugSchema,
  kind: postFieldsSchema.shape.kind,
})

/** `PATCH /posts/{id}`: any of the fields; the post as it would be after is checked whole. */
export const postPatchSchema = postFieldsSchema.partial()

/** The workspace saving a post: which one, and the fields it changes. */
export const postUpdateRequestSchema = recordIdRequestSchema.extend({ post: postPatchSchema })

/** The workspace's preview of a post's bodies, sanitised as a save would store them. */
export const postPreviewSchema = z.object({
  realtorId: z.string().trim().min(1).max(64),
  bodyKo: postFieldsSchema.shape.bodyKo,
  bodyEn: postFieldsSchema.shape.bodyEn,
})
export const postPreviewResultSchema = z.object({ bodyKo: z.string().nullable(), bodyEn: z.string().nullable() })
export type PostPreview = z.infer<typeof postPreviewResultSchema>

/** `GET /posts?realtorId=`. */
export const postListQuerySchema = z.object({
  realtorId: z
    .string({ error: messageId(msg`Choose a realtor`) })
    .trim()
    .min(1, { error: messageId(msg`Choose a realtor`) })
    .max(64),
})

export const postSchema = z.object({
  id: z.string(),
  realtorId: z.string(),
  slug: z.string(),
  kind: z.enum(POST_KINDS),
  status: z.enum(POST_STATUSES),
  publishAt: z.string().nullable().meta({ description: 'ISO-8601 UTC: when a scheduled post goes public, when a published one did' }),
  titleKo: z.string().nullable(),
  titleEn: z.string().nullable(),
  bodyKo: z.string().nullable().meta({ description: 'Sanitised HTML' }),
  bodyEn: z.string().nullable().meta({ description: 'Sanitised HTML' }),
  summaryKo: z.string().nullable(),
  summaryEn: z.string().nullable(),
  tags: z.array(z.string()),
  coverPhotoUrl: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Post = z.infer<typeof postSchema>

export const postListSchema = z.object({ posts: z.array(postSchema) })
export type PostList = z.infer<typeof postListSchema>
