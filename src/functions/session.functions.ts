import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { editAccessByUrlRequestSchema } from '~/schemas/session'
import { editAccess, sessionInfo } from '~/server/auth/session'
import { currentActor, parseWith } from '~/server/http/server-fn'
import { getServices } from '~/server/process-services'

/** The signed-in account for guards and headers; null for a visitor. */
export const getSession = createServerFn({ method: 'GET' }).handler(async () => {
  const services = await getServices()
  const session = await services.auth.api.getSession({ headers: getRequest().headers }).catch(() => null)
  const actor = await currentActor(services)
  return sessionInfo(services, actor, session?.user.name ?? '')
})

/** Guard for /{desiredUrl}/admin and /{desiredUrl}/process. */
export const getEditAccessByUrl = createServerFn({ method: 'GET' })
  .validator(parseWith(editAccessByUrlRequestSchema))
  .handler(async ({ data }) => {
    const services = await getServices()
    return editAccess(services, await currentActor(services), data.desiredUrl)
  })

/** Which sign-in providers are switched on (buttons are shown only for these). */
export const getAuthProviders = createServerFn({ method: 'GET' }).handler(async () => {
  const services = await getServices()
  return { providers: services.config.providers, passwordReset: services.mailer !== undefined }
})
