import { createServerFn } from '@tanstack/react-start'
import { directoryCitiesQuerySchema, directoryQuerySchema } from '~/schemas/directory'
import { directoryCities, listDirectory } from '~/server/directory/directory'
import { parseWith } from '~/server/http/server-fn'
import { getServices } from '~/server/process-services'

/** The same schema as `GET /cozying-api/v1/realtor`. */
export const getDirectoryPage = createServerFn({ method: 'GET' })
  .validator(parseWith(directoryQuerySchema))
  .handler(async ({ data }) => listDirectory(await getServices(), data))

export const getDirectoryCities = createServerFn({ method: 'GET' })
  .validator(parseWith(directoryCitiesQuerySchema))
  .handler(async ({ data }) => directoryCities(await getServices(), data.state))
