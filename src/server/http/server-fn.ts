import { getRequest } from '@tanstack/react-start/server'
import { loadCatalog, translate } from '~/i18n/i18n'
import type { Lang } from '~/lib/lang'
import { resolveActor, type Actor } from '~/server/auth/actor'
import { getServices, type AppServices } from '~/server/services'
import { errors, isAppError } from '~/server/app-error'
import { translateFieldErrors } from './responses'

/** What a server function hands back on failure: the API's error body, already translated. */
export type ActionError = { message: string; code: string; fieldErrors?: Record<string, Array<string>> }
export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: ActionError }

export async function currentActor(services: AppServices): Promise<Actor | null> {
  return resolveActor(services.auth, getRequest().headers, services.config.adminEmails)
}

/**
 * Runs a use case for a page and turns an AppError into a plain, translated value: errors
 * cross the wire as data so the form can show the server's message beside its fields.
 */
export async function runAction<T>(lang: Lang, action: (context: { services: AppServices; actor: Actor | null }) => Promise<T>): Promise<ActionResult<T>> {
  const services = await getServices()
  await loadCatalog(lang)
  try {
    const actor = await currentActor(services)
    return { ok: true, data: await action({ services, actor }) }
  } catch (error) {
    const appError = isAppError(error) ? error : errors.internal(error)
    if (appError.status >= 500) console.error('[server-fn] unexpected error', error)
    return {
      ok: false,
      error: {
        message: translate(lang, appError.descriptor),
        code: appError.code,
        fieldErrors: appError.fieldErrors ? translateFieldErrors(lang, appError.fieldErrors) : undefined,
      },
    }
  }
}
