import { createServerFn } from '@tanstack/react-start'
import { deleteAccountRequestSchema } from '~/schemas/account'
import { deleteAccount } from '~/server/account/delete-account'
import { currentActor, parseWith } from '~/server/http/server-fn'
import { getServices } from '~/server/process-services'

/** The workspace's "Delete my account": the same use case as `DELETE /cozying-api/v1/account`. */
export const deleteMyAccount = createServerFn({ method: 'POST' })
  .validator(parseWith(deleteAccountRequestSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return deleteAccount(services, await currentActor(services), data)
  })
