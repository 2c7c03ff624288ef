import { isNotFound, isRedirect } from '@tanstack/react-router'
import { getRequest } from '@tanstack/react-start/server'
import type { z } from 'zod'
import { ServerError } from '~/lib/errors'
import { resolveActor, type Actor } from '~/server/auth/actor'
import { errors, isAppError, parseInput, toErrorBody } from '~/server/app-error'
import type { AppServices } from '~/server/services'
import { componentLogger } from '~/server/logging/logger'

export async function currentActor(services: AppServices): Promise<Actor | null> {
  return resolveActor(services.auth, getRequest().headers, services.config.adminEmails)
}

/**
 * A server function's validator: the endpoint's zod schema, parsed exactly as the REST API
 * parses it (`parseInput`), so a bad input fails with the same 400 body and field errors.
 * The call site is typed by the schema's input. (Start strips validators from the browser
 * build, so this server import stays on the server.)
 */
export function parseWith<TSchema extends z.ZodType>(schema: TSchema) {
  return { parse: (input: z.input<TSchema>): z.output<TSchema> => parseInput(schema, input) }
}

/**
 * What a server function throws to the browser (decision 011): an AppError becomes the
 * error body with message ids, which the page translates where it shows it; anything
 * unexpected is logged and sent as INTERNAL, never with its details. Router redirects and
 * not-founds pass through untouched.
 */
export function toServerFnError(error: unknown): unknown {
  if (isRedirect(error) || isNotFound(error) || error instanceof Response || error instanceof ServerError) return error
  if (isAppError(error) && error.status < 500) return new ServerError(toErrorBody(error))
  componentLogger('server-fn').error({ err: isAppError(error) ? (error.cause ?? error) : error }, 'unexpected error')
  return new ServerError(toErrorBody(isAppError(error) ? error : errors.internal(error)))
}

/** What a page reached from a visitor's mail link (a saved search, a market report subscription) shows. */
export type LinkLookup<View> = { ok: true; view: View } | { ok: false; message: string }

/** A bad or expired link is an answer the page shows (its message id), not an error page. */
export async function lookupByLink<View>(read: () => Promise<View>): Promise<LinkLookup<View>> {
  try {
    return { ok: true, view: await read() }
  } catch (error) {
    if (isAppError(error) && error.status < 500) return { ok: false, message: error.descriptor.id }
    throw error
  }
}
