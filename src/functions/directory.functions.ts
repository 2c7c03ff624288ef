import { createServerFn } from '@tanstack/react-start'
import { directoryQuerySchema } from '~/schemas/directory'
import { directoryCities, listDirectory } from '~/server/directory/directory'
import { getServices } from '~/server/services'

export const getDirectoryPage = createServerFn({ method: 'GET' })
  .validator(directoryQuerySchema)
  .handler(async ({ data }) => listDirectory(await getServices(), data))

export const getDirectoryCities = createServerFn({ method: 'GET' })
  .validator(directoryQuerySchema.pick({ state: true }))
  .handler(async ({ data }) => directoryCities(await getServices(), data.state))
