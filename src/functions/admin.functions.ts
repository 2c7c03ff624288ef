import { createServerFn } from '@tanstack/react-start'
import { adminRealtorQuerySchema, adminSetPublishedSchema } from '~/schemas/admin'
import { adminListingSources as listingSourcesForAdmin } from '~/server/admin/admin-listing-sources'
import { adminMailOutbox as mailOutboxForAdmin } from '~/server/admin/admin-mail-outbox'
import { adminListRealtors as listRealtorsForAdmin, adminSetPublished as setPublishedForAdmin } from '~/server/admin/admin-realtors'
import { currentActor, parseWith } from '~/server/http/server-fn'
import { getServices } from '~/server/process-services'

/* The platform admin's screen (issue 5 item 7). The use cases check the admin role. */

/** All realtors, searchable and paged (20 a page). */
export const adminListRealtors = createServerFn({ method: 'GET' })
  .validator(parseWith(adminRealtorQuerySchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return listRealtorsForAdmin(services, await currentActor(services), data)
  })

/** Publish (isMakeHomepage Y) or unpublish (N) any realtor's homepage. */
export const adminSetPublished = createServerFn({ method: 'POST' })
  .validator(parseWith(adminSetPublishedSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return setPublishedForAdmin(services, await currentActor(services), data)
  })

/** Each listing source's last successful import and whether it is overdue (issue 15 item 2). */
export const adminListingSources = createServerFn({ method: 'GET' }).handler(async () => {
  const services = await getServices()
  return listingSourcesForAdmin(services, await currentActor(services))
})

/** Mail that has not gone out yet, from both outboxes (issue 13 item 3). */
export const adminMailOutbox = createServerFn({ method: 'GET' }).handler(async () => {
  const services = await getServices()
  return mailOutboxForAdmin(services, await currentActor(services))
})
