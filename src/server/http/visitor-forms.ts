import { isSameSitePath } from '~/lib/consent'
import { isLang, type Lang } from '~/lib/lang'
import { errors, isAppError } from '~/server/app-error'
import { localOrigin, mailOriginFor } from '~/server/config/our-hosts'
import { componentLogger } from '~/server/logging/logger'
import type { VisitorSender } from '~/server/leads/visitor-sender'
import type { AppServices } from '~/server/services'
import { requestOrigin } from '~/server/site/site-context'
import { apiLang, isFormBody, json, readFormBody, readJsonBody } from '~/server/web/responses'

/**
 * The origin a visitor's mails link back to: the one the form came to when that is one of our
 * hosts; else, with PUBLIC_URL unset, a `Host` nobody configured, localhost (decision 078).
 */
function mailOrigin(services: AppServices, origin: string): string {
  const checked = mailOriginFor(origin, services.config.ourHosts, localOrigin())
  if (checked.refused && !services.config.publicUrl)
    componentLogger('visitor-forms').warn({ origin }, "a visitor's form came to a host that is not ours: its mail links use localhost; set PUBLIC_URL")
  return checked.origin
}

/*
 * A visitor's form posted without JavaScript ("Save this search", "Request a tour"): the action
 * runs as the API would run it, and the answer is a 303 to the realtor's status page for that
 * form, which says how it went and links back to the page the form was on (`back`, its own path,
 * so a realtor's own domain stays their own). Never the visitor's input in the address.
 */

/** The named fields the form filled in, as they are: an empty field is left out, as the API's JSON would leave it. */
export function filledFields(form: Record<string, string>, names: ReadonlyArray<string>): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (form[name] !== undefined && form[name] !== '' ? [[name, form[name]]] : [])))
}

/** A checkbox's field: sent (`on`, or `true` from a form built by hand) when ticked, absent when not. */
export function isTicked(value: string | undefined): boolean {
  return value === 'on' || value === 'true'
}

export function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } })
}

/** Why it failed, in a word the status page turns into a sentence: the fields at fault, or why. */
export function formFailure(error: unknown): string {
  if (!isAppError(error)) throw error
  if (error.code === 'RATE_LIMITED') return 'rate'
  if (error.code === 'NOT_FOUND') return 'gone'
  // `slots.1` and `slots.2` are one field to the visitor.
  if (error.fieldErrors) return [...new Set(Object.keys(error.fieldErrors).map((key) => key.replace(/\.\d+$/, '')))].slice(0, 10).join(',')
  return 'request'
}

/**
 * Runs `act` with the origin the form was sent from (the mails' links point back to it), then
 * answers with the status page at `statusPath` under the realtor's address, or at the root of
 * their own domain when the form came from there (src/lib/own-domain-paths.ts).
 */
export async function answerVisitorForm(
  services: AppServices,
  request: Request,
  form: Record<string, string>,
  lang: Lang,
  statusPath: string,
  act: (origin: string) => Promise<unknown>,
  receipt = false,
): Promise<Response> {
  const origin = requestOrigin(request, new URL(request.url))
  const realtor = await services.db
    .selectFrom('realtor')
    .select(['desiredUrl', 'hompageHost'])
    .where('id', '=', form.realtorId ?? '')
    .executeTakeFirst()
  // Every form of ours names its realtor: one that names none has no status page to land on
  // (it would be a 404 on our own host), so it is refused as the API refuses it.
  if (!realtor) throw errors.realtorNotFound()
  const back = form.consentPage && isSameSitePath(form.consentPage) ? form.consentPage : undefined
  const host = new URL(origin).host.toLowerCase()
  const prefix = lang === 'en' ? '/en' : ''
  const page = realtor.hompageHost !== host ? `${prefix}/${realtor.desiredUrl}/${statusPath}` : `${prefix}/${statusPath}`
  const query = new URLSearchParams()
  try {
    const created = await act(mailOrigin(services, origin))
    query.set('status', 'sent')
    // The id of what was made (never what the visitor typed), for a status page that shows it back.
    if (receipt && typeof created === 'object' && created !== null && 'id' in created && typeof created.id === 'string') query.set('receipt', created.id)
  } catch (error) {
    query.set('failed', formFailure(error))
  }
  if (back) query.set('back', back)
  return seeOther(`${page}?${query.toString()}`)
}

/**
 * Whether a plain form was posted by a page of another site: a page elsewhere could otherwise
 * make its visitors' browsers send messages and leads here, under their addresses and past the
 * per-client limits. JSON cannot come that way (a cross-site JSON post needs a preflight the API
 * never grants). The browser's own word (`Sec-Fetch-Site`) first; else the `Origin`'s host
 * against this request's (the scheme is left out: behind a proxy that does not say it ends TLS,
 * the request looks like plain HTTP). A program's form, which sends neither, is taken; an
 * opaque `Origin: null` is not, unless `Sec-Fetch-Site` vouches for it.
 */
function isFromAnotherSite(request: Request, url: URL): boolean {
  const fetchSite = request.headers.get('sec-fetch-site')
  if (fetchSite === 'cross-site') return true
  const origin = request.headers.get('origin')
  if (origin === null) return false
  // `null` is an opaque origin (a sandboxed frame, a data: page): nobody's page of ours, unless
  // the browser itself says the post came from this site (a page whose referrer policy hides it).
  if (origin === 'null') return fetchSite !== 'same-origin' && fetchSite !== 'same-site'
  try {
    return new URL(origin).host !== new URL(requestOrigin(request, url)).host
  } catch {
    return true
  }
}

/**
 * A visitor form's endpoint (save a search, a market report, a tour, a valuation request): the
 * use case that takes it and the status that means it was taken, and for the form posted
 * without scripts its status page, the field naming the page's language (`lang` unless said),
 * and how its flat fields become the use case's input (as they are, in that language, unless said).
 */
export type VisitorFormEndpoint = {
  create: (services: AppServices, input: unknown, sender: VisitorSender) => Promise<unknown>
  accepted: 201 | 202
  statusPath: string
  langField?: 'lang' | 'pageLang'
  fromForm?: (form: Record<string, string>, lang: Lang) => unknown
  /** Whether the status page is given the id of what was made (`receipt`), to show it back. */
  receipt?: boolean
}

/**
 * JSON from scripts and programs, answered with the use case's receipt; a plain form from a
 * browser without scripts, answered with a 303 to the form's status page.
 */
export async function answerVisitorPost(
  context: { services: AppServices; request: Request; url: URL; clientIp: string },
  endpoint: VisitorFormEndpoint,
): Promise<Response> {
  const { services, request, clientIp } = context
  if (isFormBody(request)) {
    if (isFromAnotherSite(request, context.url)) throw errors.forbidden()
    const form = await readFormBody(request)
    const pageLang = form[endpoint.langField ?? 'lang']
    const lang = isLang(pageLang) ? pageLang : apiLang(request)
    const input = endpoint.fromForm ? endpoint.fromForm(form, lang) : { ...form, lang }
    return answerVisitorForm(
      services,
      request,
      form,
      lang,
      endpoint.statusPath,
      (origin) => endpoint.create(services, input, { clientIp, lang, origin }),
      endpoint.receipt,
    )
  }
  const sender = { clientIp, lang: apiLang(request), origin: mailOrigin(services, requestOrigin(request, context.url)) }
  return json(await endpoint.create(services, await readJsonBody(request), sender), endpoint.accepted)
}
