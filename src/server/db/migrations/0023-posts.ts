import type { Kysely } from 'kysely'

/*
 * Issue 28: a realtor's posts (articles and neighbourhood guides), in Korean and/or English.
 *
 * - `post`: one row per post. A language's title and body are both set or both NULL; at least one
 *   language is set (checked in `src/server/posts`, not here, so the error is a translated field
 *   error). Bodies are HTML that went through the server's allow-list sanitiser before they were
 *   stored; nothing else is ever written to them. `status` is what the realtor chose: `draft`,
 *   `scheduled` (goes public at `publish_at` with no request needed) or `published` (public since
 *   `publish_at`). A scheduled post whose time has come is public; readers compare `publish_at`
 *   with the clock rather than waiting for a job to flip the status.
 *   `cover_photo` holds a storage key for our own uploads, a URL otherwise (decision 026).
 *   A guide (`kind` = `guide`) names a `city` and `state`, optionally a `postal_code`.
 * - `post_tag`: the post's tags, one row each, so a tag filter is a plain indexed join on both
 *   SQLite and PostgreSQL (a JSON array column would need each engine's own JSON functions).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('post')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('realtor_id', 'text', (column) => column.notNull().references('realtor.id').onDelete('cascade'))
    .addColumn('slug', 'text', (column) => column.notNull())
    /** `article` or `guide`. */
    .addColumn('kind', 'text', (column) => column.notNull())
    /** `draft`, `scheduled` or `published`. */
    .addColumn('status', 'text', (column) => column.notNull())
    /** ISO UTC instant; NULL for a draft never scheduled. */
    .addColumn('publish_at', 'text')
    .addColumn('title_ko', 'text')
    .addColumn('title_en', 'text')
    .addColumn('body_ko', 'text')
    .addColumn('body_en', 'text')
    .addColumn('summary_ko', 'text')
    .addColumn('summary_en', 'text')
    .addColumn('cover_photo', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('postal_code', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute()
  await db.schema.createIndex('post_realtor_slug_idx').on('post').columns(['realtor_id', 'slug']).unique().execute()
  await db.schema.createIndex('post_realtor_publish_idx').on('post').columns(['realtor_id', 'status', 'publish_at']).execute()
  await db.schema
    .createTable('post_tag')
    .addColumn('post_id', 'text', (column) => column.notNull().references('post.id').onDelete('cascade'))
    .addColumn('realtor_id', 'text', (column) => column.notNull())
    .addColumn('tag', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('post_tag_pk', ['post_id', 'tag'])
    .execute()
  await db.schema.createIndex('post_tag_realtor_tag_idx').on('post_tag').columns(['realtor_id', 'tag']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('post_tag').execute()
  await db.schema.dropTable('post').execute()
}
