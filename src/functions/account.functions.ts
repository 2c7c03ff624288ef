import { createServerFn } from '@tanstack/react-start'
import { deleteAccountRequestSchema, exportCheckSchema } from '~/schemas/account'
import { deleteAccount } from '~/server/account/delete-account'
import { checkExportAllowed } from '~/server/data-export/export-realtor'
import { currentActor, parseWith } from '~/server/http/server-fn'
import { getServices } from '~/server/process-services'

/** The workspace's "Delete my account": the same use case as `DELETE /cozying-api/v1/account`. */
export const deleteMyAccount = createServerFn({ method: 'POST' })
  .validator(parseWith(deleteAccountRequestSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return deleteAccount(services, await currentActor(services), data)
  })

/**
 * Before "Download all my data" follows its link: the export's rate limit as a message on the
 * page (a 429 on a download is only "failed" in the browser's download list). Counts nothing.
 */
export const checkMyExport = createServerFn({ method: 'GET' })
  .validator(parseWith(exportCheckSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return checkExportAllowed(services, await currentActor(services), data.realtorId)
  })
