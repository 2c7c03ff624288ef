import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { langSchema } from '~/schemas/lang'
import { adminListRealtors as listRealtorsForAdmin, adminSetPublished as setPublishedForAdmin } from '~/server/admin/admin-realtors'
import { runAction } from '~/server/http/server-fn'

/*
 * The platform admin's screen (issue 5 item 7). The outer validators only shape the call;
 * the use cases own the rules (admin check first, then their zod schemas), so a bad search
 * comes back as a translated error the panel can show instead of a thrown request.
 */

/** All realtors, searchable and paged (20 a page). */
export const adminListRealtors = createServerFn({ method: 'GET' })
  .validator(z.object({ lang: langSchema, q: z.string().max(500).optional(), page: z.number().optional() }))
  .handler(async ({ data }) => runAction(data.lang, ({ services, actor }) => listRealtorsForAdmin(services, actor, { q: data.q, page: data.page })))

/** Publish (isMakeHomepage Y) or unpublish (N) any realtor's homepage. */
export const adminSetPublished = createServerFn({ method: 'POST' })
  .validator(z.object({ lang: langSchema, id: z.string().min(1).max(64), published: z.boolean() }))
  .handler(async ({ data }) =>
    runAction(data.lang, ({ services, actor }) => setPublishedForAdmin(services, actor, { id: data.id, published: data.published })),
  )
