import { createServerFn } from '@tanstack/react-start'
import { replySettingsQuerySchema, replySettingsUpdateSchema } from '~/schemas/lead-replies'
import { currentActor, parseWith } from '~/server/http/server-fn'
import { getReplySettings, updateReplySettings } from '~/server/lead-replies/reply-settings'
import { getServices } from '~/server/process-services'

/*
 * The editor's "Instant reply" tab: the same use cases as `GET/PUT /realtors/{id}/reply-settings`,
 * which check who may (the owner or an admin; anyone else finds nothing).
 */

export const fetchReplySettings = createServerFn({ method: 'GET' })
  .validator(parseWith(replySettingsQuerySchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return getReplySettings(services, await currentActor(services), data)
  })

export const saveReplySettings = createServerFn({ method: 'POST' })
  .validator(parseWith(replySettingsUpdateSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return updateReplySettings(services, await currentActor(services), data)
  })
