import { AsyncLocalStorage } from 'node:async_hooks'
import { loadCatalog, translate } from '~/i18n/i18n'
import { valuationFormFrom, valuationRequestFrom, type ValuationFormValues } from '~/lib/home-value'
import type { Lang } from '~/lib/lang'
import { translateErrorBody } from '~/lib/errors'
import type { PostedValuation } from '~/schemas/valuations'
import { errors, isAppError, toErrorBody } from '~/server/app-error'
import { readFormBody } from '~/server/web/responses'
import type { AppServices } from '~/server/services'
import { valueHome } from './value-home'
import { componentLogger } from '~/server/logging/logger'

/*
 * The home-value form posted without scripts (decision 036). The request middleware reads the
 * form and renders the page with its entries in scope; the page's loader asks for the answer
 * through a server function, which runs in the same request on the server. The entries never
 * leave the request: not in the address, not in a log line, not in the page store (a POST is
 * never stored), and the response says `no-store`.
 */

const postedForm = new AsyncLocalStorage<ValuationFormValues>()

/** Runs the page's render with the posted form in scope; a body that is not a form counts as an empty one. */
export async function renderWithPostedValuation<T>(request: Request, render: () => Promise<T>): Promise<T> {
  const pairs = await readFormBody(request).catch((): Record<string, string> => ({}))
  return postedForm.run(valuationFormFrom(pairs), render)
}

/** The answer to the form posted in this request, or null when this request posted none. */
export async function postedValuation(services: AppServices, realtorId: string, lang: Lang): Promise<PostedValuation | null> {
  const values = postedForm.getStore()
  if (!values) return null
  try {
    const answer = await valueHome(services, valuationRequestFrom(values, realtorId), lang)
    return { values, outcome: { kind: 'answer', answer } }
  } catch (error) {
    const failure = isAppError(error) && error.status < 500 ? error : errors.internal(error)
    if (failure !== error) componentLogger('valuation').error({ err: error }, 'unexpected error')
    await loadCatalog(lang)
    const body = translateErrorBody(toErrorBody(failure), (id, values) => translate(lang, id, values))
    return { values, outcome: { kind: 'error', message: body.message, fieldErrors: body.fieldErrors ?? {} } }
  }
}
