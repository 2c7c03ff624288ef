import { createIsomorphicFn } from '@tanstack/react-start'
import { setResponseStatus } from '@tanstack/react-start/server'

/** Sets the HTTP status of a server-rendered page (a 403 page must answer 403). */
export const markResponseStatus = createIsomorphicFn()
  .server((status: number) => setResponseStatus(status))
  .client((_status: number) => undefined)
