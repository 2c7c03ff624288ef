import { loadCatalog } from '~/i18n/i18n'
import { resolveActor, type Actor } from '~/server/auth/actor'
import { issueProgramToken } from '~/server/auth/program-token'
import { createContact, deleteContact, listContacts, updateContactStatus } from '~/server/inbox/contacts'
import { listDirectory } from '~/server/directory/directory'
import { getHomeDetail, listHomePoints, listHomesJson } from '~/server/listings/homes'
import { createRealtor, deleteRealtor, getRealtor, updateRealtor } from '~/server/realtors/realtors'
import type { AppServices } from '~/server/services'
import { getStatistics } from '~/server/stats/statistics'
import { exportRealtorData } from '~/server/data-export/export-realtor'
import { deleteAccount } from '~/server/account/delete-account'
import { getReplySettings, updateReplySettings } from '~/server/lead-replies/reply-settings'
import { presignUploads } from '~/server/uploads/presign'
import { addLeadNote, deleteLeadNote, listLeadNotes } from '~/server/leads/lead-notes'
import { listLeads, updateLead } from '~/server/leads/leads'
import { exportLeadsCsv } from '~/server/leads/leads-export'
import type { CsvDownload } from '~/server/leads/lead-csv'
import { exportMessagesCsv } from '~/server/inbox/messages-export'
import { exportSavedSearchesCsv } from '~/server/saved-searches/saved-searches-export'
import { readLeadMailAttachment, readLeadMailHtml, readLeadTimeline } from '~/server/leads/lead-timeline'
import { SANDBOXED_MAIL_POLICY } from './content-security-policy'
import { createSavedSearch, deleteSavedSearch, listSavedSearches, setSavedSearchPaused, unsubscribeByToken } from '~/server/saved-searches/subscriptions'
import { openHouseCalendarFile } from '~/server/open-houses/open-house-ics'
import { createRealtorOpenHouse, deleteRealtorOpenHouse, listRealtorOpenHouses } from '~/server/open-houses/realtor-open-houses'
import { errors } from '~/server/app-error'
import { buildOpenApiDocument } from './openapi'
import { apiLang, attachment, errorResponse, isFormBody, json, jsonText, readFormBody, readJsonBody } from '~/server/web/responses'
import { postConfirmForm, postManageForm } from './saved-search-forms'
import { cancelTourRequest, confirmTourRequest, createTourRequest, listTourRequests } from '~/server/tours/tour-requests'
import { tourReceiptCalendarFile } from '~/server/tours/tour-receipt'
import { sellerFormToRequest } from './seller-lead-forms'
import { tourFormToRequest } from './tour-forms'
import { answerVisitorPost } from './visitor-forms'
import { contactFormToRequest } from './contact-forms'
import { CONTACT_STATUS_PAGE } from '~/lib/contact-pages'
import { MARKET_ALERT_PAGES } from '~/lib/market-subscription-pages'
import { SELLER_STATUS_PAGE } from '~/lib/seller-pages'
import { TOUR_STATUS_PAGE } from '~/lib/tour-pages'
import { createSellerLead } from '~/server/seller-leads/seller-leads'
import { valueHome } from '~/server/valuations/value-home'
import { createCma, deleteCma, getCma, listCmas, patchCma } from '~/server/cma/cmas'
import { cmaPdfFile } from '~/server/cma/cma-pdf'
import { revokeCmaShare, shareCma } from '~/server/cma/cma-share'
import { sendCmaToLead } from '~/server/cma/cma-send'
import { marketReportByName } from '~/server/market/market-reports'
import { createPost, deletePost, getPost, listPosts, updatePost } from '~/server/posts/posts'
import { confirmMarketSubscription, subscribeToMarketReport, unsubscribeMarketSubscription } from '~/server/market-subscriptions/subscriptions'
import { postMarketConfirmForm, postMarketUnsubscribeForm } from './market-subscription-forms'

export const API_PREFIX = '/cozying-api/v1'

const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const
type Method = (typeof METHODS)[number]

export type ApiContext = {
  request: Request
  url: URL
  params: Record<string, string>
  services: AppServices
  clientIp: string
  actor: () => Promise<Actor | null>
}

type Handler = (context: ApiContext) => Promise<Response>
type ApiRoute = {
  path: string
  pattern: RegExp
  paramNames: Array<string>
  methods: Partial<Record<Method, Handler>>
  /** Whether a HEAD is answered by the GET handler (without its body). */
  headAsGet: boolean
  /** As the request log names it: made once, not per request (decision 055). */
  logName: string
}

/**
 * `builtOnRequest`: the GET makes a file on request (a zip of all a realtor owns, a CSV of every
 * lead), which is work and counts against the caller's limit; a HEAD would do all of it to send
 * none of it, so it is refused (405, `Allow: GET`) instead of answered by the GET handler.
 */
function route(path: string, methods: Partial<Record<Method, Handler>>, options: { builtOnRequest?: true } = {}): ApiRoute {
  const paramNames: Array<string> = []
  const source = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    paramNames.push(name)
    return '([^/]+)'
  })
  return {
    path,
    pattern: new RegExp(`^${source}/?$`),
    paramNames,
    methods,
    headAsGet: methods.GET !== undefined && !options.builtOnRequest,
    logName: `${API_PREFIX}${path.replace(/\\/g, '')}`,
  }
}

/** The methods a route answers, as a 405's `Allow` names them. */
function allowedMethods(route: ApiRoute): string {
  return Object.keys(route.methods)
    .flatMap((method) => (method === 'GET' && route.headAsGet ? ['GET', 'HEAD'] : [method]))
    .join(', ')
}

/** A signed-in caller or a 401. */
async function requireActor(context: ApiContext): Promise<Actor> {
  const actor = await context.actor()
  if (!actor) throw errors.unauthorized()
  return actor
}

function param(context: ApiContext, name: string): string {
  const value = context.params[name]
  if (value === undefined) throw errors.notFound()
  return value
}

/** A malformed escape such as `%E0%A4%A` names no realtor: 404, not a server error. */
function decodeKey(raw: string): string {
  try {
    return decodeURIComponent(raw)
  } catch {
    throw errors.realtorNotFound()
  }
}

/** A listing key that does not decode names no home: looked up as is, it finds nothing. */
function decodeListingKey(raw: string): string {
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw
  }
}

/** Query values as an object; an empty value (`?minPrice=`) counts as not given. */
function queryOf(url: URL): Record<string, string> {
  return Object.fromEntries([...url.searchParams].filter(([, value]) => value !== ''))
}

/** A lead list's CSV as a download: personal data, so never stored by a cache. */
function csvAttachment(file: CsvDownload): Response {
  return attachment(file.body, { contentType: 'text/csv; charset=utf-8', fileName: file.fileName, personal: true })
}

/**
 * The REST face (DESIGN §5, spec §7). Each handler only adapts HTTP to a use case of
 * `src/server/<domain>`; the same use cases serve the pages through server functions.
 */
const routes: Array<ApiRoute> = [
  route('/openapi.json', {
    GET: () => Promise.resolve(json(buildOpenApiDocument())),
  }),
  route('/auth/token', {
    POST: async (context) => json(await issueProgramToken(context.services, context.clientIp, await readJsonBody(context.request))),
  }),
  route('/realtor/presigned-multi-file-upload', {
    POST: async (context) => {
      const actor = await requireActor(context)
      return json(await presignUploads(context.services, actor, await readJsonBody(context.request)))
    },
  }),
  route('/realtor', {
    GET: async (context) => json(await listDirectory(context.services, Object.fromEntries(context.url.searchParams))),
    POST: async (context) => {
      const actor = await requireActor(context)
      return json(await createRealtor(context.services, actor, await readJsonBody(context.request)), 201)
    },
  }),
  route('/realtor/{key}', {
    GET: async (context) => json(await getRealtor(context.services, decodeKey(param(context, 'key')))),
    PATCH: async (context) => {
      const actor = await requireActor(context)
      return json(await updateRealtor(context.services, actor, param(context, 'key'), await readJsonBody(context.request)))
    },
    DELETE: async (context) => {
      const actor = await requireActor(context)
      return json(await deleteRealtor(context.services, actor, param(context, 'key')))
    },
  }),
  route('/realtors/{id}/statistics', {
    GET: async (context) => {
      const actor = await requireActor(context)
      const days = context.url.searchParams.get('days') ?? undefined
      return json(await getStatistics(context.services, actor, { realtorId: param(context, 'id'), days }))
    },
  }),
  route(
    '/realtors/{id}/export',
    {
      GET: async (context) => {
        const exported = await exportRealtorData(context.services, await requireActor(context), param(context, 'id'))
        return attachment(exported.body, { contentType: 'application/zip', fileName: exported.fileName, personal: true })
      },
    },
    { builtOnRequest: true },
  ),
  route('/account', {
    DELETE: async (context) => {
      const actor = await requireActor(context)
      return json(await deleteAccount(context.services, actor, await readJsonBody(context.request)))
    },
  }),
  route('/realtors/{id}/reply-settings', {
    GET: async (context) => json(await getReplySettings(context.services, await requireActor(context), { realtorId: param(context, 'id') })),
    PUT: async (context) => {
      const actor = await requireActor(context)
      return json(await updateReplySettings(context.services, actor, { realtorId: param(context, 'id'), settings: await readJsonBody(context.request) }))
    },
  }),
  route('/home/list', {
    GET: async (context) => jsonText(await listHomesJson(context.services, queryOf(context.url))),
  }),
  // Before `/home/{listingKey}`, which would take `points` for a listing key.
  route('/home/points', {
    GET: async (context) => json(await listHomePoints(context.services, queryOf(context.url))),
  }),
  route('/posts', {
    GET: async (context) => json(await listPosts(context.services, await context.actor(), queryOf(context.url))),
    POST: async (context) => {
      const actor = await requireActor(context)
      return json(await createPost(context.services, actor, await readJsonBody(context.request)), 201)
    },
  }),
  route('/posts/{id}', {
    GET: async (context) => json(await getPost(context.services, await context.actor(), param(context, 'id'))),
    PATCH: async (context) => {
      const actor = await requireActor(context)
      return json(await updatePost(context.services, actor, param(context, 'id'), await readJsonBody(context.request)))
    },
    DELETE: async (context) => json(await deletePost(context.services, await requireActor(context), param(context, 'id'))),
  }),
  route('/market', {
    GET: async (context) => json(await marketReportByName(context.services, queryOf(context.url))),
  }),
  route('/home/{listingKey}', {
    GET: async (context) => {
      const lang = context.url.searchParams.get('lang') === 'en' ? 'en' : 'ko'
      const realtor = context.url.searchParams.get('realtor') ?? undefined
      return json(await getHomeDetail(context.services, decodeListingKey(param(context, 'listingKey')), { realtor, lang }))
    },
  }),
  route('/open-houses', {
    GET: async (context) => {
      const actor = await requireActor(context)
      return json(await listRealtorOpenHouses(context.services, actor, queryOf(context.url)))
    },
    POST: async (context) => {
      const actor = await requireActor(context)
      return json(await createRealtorOpenHouse(context.services, actor, await readJsonBody(context.request)), 201)
    },
  }),
  // Before `/open-houses/{id}`: a calendar file, public and kept in the page store.
  route('/open-houses/{id}\\.ics', {
    GET: async (context) => {
      const lang = context.url.searchParams.get('lang') === 'en' ? 'en' : 'ko'
      const file = await openHouseCalendarFile(context.services, param(context, 'id'), lang)
      return attachment(file.body, { contentType: 'text/calendar; charset=utf-8', fileName: file.fileName, personal: false })
    },
  }),
  route('/open-houses/{id}', {
    DELETE: async (context) => {
      const actor = await requireActor(context)
      return json(await deleteRealtorOpenHouse(context.services, actor, { id: param(context, 'id') }))
    },
  }),
  route('/realtor-contacts', {
    POST: async (context) =>
      answerVisitorPost(context, { create: createContact, accepted: 201, statusPath: CONTACT_STATUS_PAGE, fromForm: contactFormToRequest }),
    GET: async (context) => {
      const actor = await requireActor(context)
      return json(await listContacts(context.services, actor, Object.fromEntries(context.url.searchParams)))
    },
  }),
  // Before `/realtor-contacts/{id}`, which would take `export.csv` for an id.
  route(
    '/realtor-contacts/export\\.csv',
    {
      GET: async (context) =>
        csvAttachment(await exportMessagesCsv(context.services, await requireActor(context), queryOf(context.url), apiLang(context.request))),
    },
    { builtOnRequest: true },
  ),
  route('/realtor-contacts/{id}', {
    PATCH: async (context) => {
      const actor = await requireActor(context)
      const body = await readJsonBody(context.request)
      const status = typeof body === 'object' && body !== null && 'status' in body ? body.status : undefined
      return json(await updateContactStatus(context.services, actor, { id: param(context, 'id'), status }))
    },
    DELETE: async (context) => {
      const actor = await requireActor(context)
      return json(await deleteContact(context.services, actor, { id: param(context, 'id') }))
    },
  }),
  route('/saved-searches', {
    // 202: stored, waiting for the visitor's confirmation.
    POST: async (context) => answerVisitorPost(context, { create: createSavedSearch, accepted: 202, statusPath: 'alerts/saved' }),
    GET: async (context) => {
      const actor = await requireActor(context)
      return json(await listSavedSearches(context.services, actor, Object.fromEntries(context.url.searchParams)))
    },
  }),
  // Before `/saved-searches/{id}`, which would otherwise take these words for ids.
  route('/saved-searches/unsubscribe', {
    // RFC 8058 one-click: a mail provider posts `List-Unsubscribe=One-Click` with no Origin and
    // no cookie; the signed token in the address is the whole authority, so the body is not read.
    POST: async (context) => json(await unsubscribeByToken(context.services, { token: context.url.searchParams.get('token') ?? '' })),
  }),
  route(
    '/saved-searches/export\\.csv',
    {
      GET: async (context) =>
        csvAttachment(await exportSavedSearchesCsv(context.services, await requireActor(context), queryOf(context.url), apiLang(context.request))),
    },
    { builtOnRequest: true },
  ),
  route('/saved-searches/confirm', {
    POST: async (context) => postConfirmForm(context.services, await readFormBody(context.request)),
  }),
  route('/saved-searches/manage', {
    POST: async (context) => postManageForm(context.services, await readFormBody(context.request)),
  }),
  route('/saved-searches/{id}', {
    PATCH: async (context) => {
      const actor = await requireActor(context)
      const body = await readJsonBody(context.request)
      const paused = typeof body === 'object' && body !== null && 'paused' in body ? body.paused : undefined
      return json(await setSavedSearchPaused(context.services, actor, { id: param(context, 'id'), paused }))
    },
    DELETE: async (context) => {
      const actor = await requireActor(context)
      return json(await deleteSavedSearch(context.services, actor, { id: param(context, 'id') }))
    },
  }),
  // A city's monthly market report by e-mail (issue 27 item 5), double opt-in as saved searches.
  route('/market-subscriptions', {
    // 202: stored, waiting for the visitor's confirmation.
    POST: async (context) => answerVisitorPost(context, { create: subscribeToMarketReport, accepted: 202, statusPath: MARKET_ALERT_PAGES.subscribed }),
  }),
  route('/market-subscriptions/confirm', {
    // The confirm page's button without scripts (303 back to it), or `{ token }` as JSON.
    POST: async (context) => {
      if (isFormBody(context.request)) return postMarketConfirmForm(context.services, await readFormBody(context.request))
      return json(await confirmMarketSubscription(context.services, await readJsonBody(context.request)))
    },
  }),
  route('/market-subscriptions/unsubscribe', {
    // RFC 8058 one-click: a mail provider posts `List-Unsubscribe=One-Click` with no Origin and
    // no cookie; the signed token in the address is the whole authority. The unsubscribe page's
    // button posts the same with `back`, its own path, and is sent back there.
    POST: async (context) => {
      const form = isFormBody(context.request) ? await readFormBody(context.request) : {}
      const token = context.url.searchParams.get('token') ?? form.token ?? ''
      if (form.back !== undefined) return postMarketUnsubscribeForm(context.services, form, token)
      return json(await unsubscribeMarketSubscription(context.services, { token }))
    },
  }),
  // The lead desk (issue 26): every kind of lead, its stage, follow-up day and private notes.
  route('/leads', {
    GET: async (context) => {
      const actor = await requireActor(context)
      return json(await listLeads(context.services, actor, queryOf(context.url), apiLang(context.request)))
    },
  }),
  // Before `/leads/{id}`, which would take `export.csv` for an id.
  route(
    '/leads/export\\.csv',
    {
      GET: async (context) =>
        csvAttachment(await exportLeadsCsv(context.services, await requireActor(context), queryOf(context.url), apiLang(context.request))),
    },
    { builtOnRequest: true },
  ),
  route('/leads/{id}', {
    PATCH: async (context) => {
      const actor = await requireActor(context)
      return json(await updateLead(context.services, actor, param(context, 'id'), await readJsonBody(context.request), apiLang(context.request)))
    },
  }),
  route('/leads/{id}/notes', {
    GET: async (context) => {
      const actor = await requireActor(context)
      return json(await listLeadNotes(context.services, actor, { id: param(context, 'id') }))
    },
    POST: async (context) => {
      const actor = await requireActor(context)
      return json(await addLeadNote(context.services, actor, param(context, 'id'), await readJsonBody(context.request)), 201)
    },
  }),
  // Everything that happened with a lead, oldest first (issue 52 item 2, decision 068).
  route('/leads/{id}/timeline', {
    GET: async (context) => {
      const actor = await requireActor(context)
      return json(await readLeadTimeline(context.services, actor, { id: param(context, 'id') }, apiLang(context.request)))
    },
  }),
  // A visitor's mail as sent: someone else's HTML, so sandboxed by its own policy (no script, an opaque origin).
  route('/leads/{id}/mails/{mailId}/html', {
    GET: async (context) => {
      const actor = await requireActor(context)
      const html = await readLeadMailHtml(context.services, actor, { id: param(context, 'id'), mailId: param(context, 'mailId') })
      return new Response(html, {
        status: 200,
        headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': SANDBOXED_MAIL_POLICY, 'cache-control': 'private, no-store' },
      })
    },
  }),
  route('/leads/{id}/mails/{mailId}/attachments/{index}', {
    GET: async (context) => {
      const actor = await requireActor(context)
      const file = await readLeadMailAttachment(context.services, actor, {
        id: param(context, 'id'),
        mailId: param(context, 'mailId'),
        index: param(context, 'index'),
      })
      return attachment(file.content, { contentType: file.contentType, fileName: file.filename, personal: true })
    },
  }),
  route('/leads/{id}/notes/{noteId}', {
    DELETE: async (context) => {
      const actor = await requireActor(context)
      return json(await deleteLeadNote(context.services, actor, { id: param(context, 'id'), noteId: param(context, 'noteId') }))
    },
  }),
  route('/tour-requests', {
    POST: async (context) =>
      answerVisitorPost(context, { create: createTourRequest, accepted: 201, statusPath: TOUR_STATUS_PAGE, fromForm: tourFormToRequest, receipt: true }),
    GET: async (context) => {
      const actor = await requireActor(context)
      return json(await listTourRequests(context.services, actor, queryOf(context.url)))
    },
  }),
  // A home's estimated value (issue 27): it stores nothing and is never kept by any cache, as
  // the address it was asked for is the visitor's; the form without scripts posts to its page instead.
  route('/valuations', {
    POST: async (context) =>
      json(await valueHome(context.services, await readJsonBody(context.request), apiLang(context.request)), 200, { 'cache-control': 'no-store' }),
  }),
  // A realtor's comparative market analyses (issue 53 part 2, decision 074): owner only; another
  // realtor's CMA is 404 for every method, as leads are.
  route('/cmas', {
    GET: async (context) => json(await listCmas(context.services, await requireActor(context), queryOf(context.url))),
    POST: async (context) => {
      const actor = await requireActor(context)
      return json(await createCma(context.services, actor, await readJsonBody(context.request)), 201)
    },
  }),
  // Before `/cmas/{id}`, which would take `….pdf` for an id.
  route('/cmas/{id}\\.pdf', {
    GET: async (context) => {
      const file = await cmaPdfFile(context.services, await requireActor(context), param(context, 'id'), queryOf(context.url))
      // Inline: the realtor reads it in the browser's viewer before printing or sending it.
      return attachment(new Uint8Array(file.body), { contentType: 'application/pdf', fileName: file.fileName, personal: true, inline: true })
    },
  }),
  route('/cmas/{id}', {
    GET: async (context) => json(await getCma(context.services, await requireActor(context), param(context, 'id'))),
    PATCH: async (context) => {
      const actor = await requireActor(context)
      return json(await patchCma(context.services, actor, param(context, 'id'), await readJsonBody(context.request)))
    },
    DELETE: async (context) => json(await deleteCma(context.services, await requireActor(context), param(context, 'id'))),
  }),
  route('/cmas/{id}/share', {
    POST: async (context) => {
      const actor = await requireActor(context)
      return json(await shareCma(context.services, actor, param(context, 'id'), await readJsonBody(context.request)), 201)
    },
    DELETE: async (context) => json(await revokeCmaShare(context.services, await requireActor(context), param(context, 'id'))),
  }),
  route('/cmas/{id}/send', {
    POST: async (context) => {
      const actor = await requireActor(context)
      return json(await sendCmaToLead(context.services, actor, param(context, 'id'), await readJsonBody(context.request)))
    },
  }),
  route('/seller-leads', {
    // `pageLang` is the page's language, `lang` the one the owner wants to be answered in.
    POST: async (context) =>
      answerVisitorPost(context, {
        create: createSellerLead,
        accepted: 201,
        statusPath: SELLER_STATUS_PAGE,
        langField: 'pageLang',
        fromForm: sellerFormToRequest,
      }),
  }),
  // The sender's own request as a calendar file (issue 51 item 5): by its id alone, never stored.
  route('/tour-requests/{id}\\.ics', {
    GET: async (context) => {
      const lang = context.url.searchParams.get('lang') === 'en' ? 'en' : 'ko'
      const file = await tourReceiptCalendarFile(context.services, { id: param(context, 'id'), lang })
      return attachment(file.body, { contentType: 'text/calendar; charset=utf-8', fileName: file.fileName, personal: true })
    },
  }),
  route('/tour-requests/{id}/confirm', {
    POST: async (context) => {
      const actor = await requireActor(context)
      const body = await readJsonBody(context.request)
      const fields = typeof body === 'object' && body !== null ? body : {}
      return json(await confirmTourRequest(context.services, actor, { ...fields, id: param(context, 'id') }))
    },
  }),
  route('/tour-requests/{id}/cancel', {
    POST: async (context) => {
      const actor = await requireActor(context)
      return json(await cancelTourRequest(context.services, actor, { id: param(context, 'id') }))
    },
  }),
]

function isMethod(value: string): value is Method {
  return METHODS.some((method) => method === value)
}

/**
 * The route a path matches, as written in the table (`/cozying-api/v1/realtor/{key}`), or
 * undefined: the request log names the route, never the path, which carries realtors' addresses
 * and ids (decision 044).
 */
export function apiRoutePatternOf(pathname: string): string | undefined {
  if (!pathname.startsWith(API_PREFIX)) return undefined
  const path = pathname.slice(API_PREFIX.length)
  const found = routes.find((candidate) => candidate.pattern.test(path))
  return found?.logName
}

/** Answers any request under `/cozying-api/`: JSON always, 404 and 405 included. */
export async function handleApiRequest(request: Request, options: { services: AppServices; clientIp: string }): Promise<Response> {
  const lang = apiLang(request)
  await loadCatalog(lang)
  const url = new URL(request.url)
  try {
    const path = url.pathname.startsWith(API_PREFIX) ? url.pathname.slice(API_PREFIX.length) : undefined
    for (const candidate of path === undefined ? [] : routes) {
      const match = candidate.pattern.exec(path ?? '')
      if (!match) continue
      const method = request.method === 'HEAD' && candidate.headAsGet ? 'GET' : request.method
      const handler = isMethod(method) ? candidate.methods[method] : undefined
      if (!handler) return errorResponse(errors.methodNotAllowed(), lang, { allow: allowedMethods(candidate) })
      const params = Object.fromEntries(candidate.paramNames.map((name, index) => [name, match[index + 1] ?? '']))
      let actor: Promise<Actor | null> | undefined
      return await handler({
        request,
        url,
        params,
        services: options.services,
        clientIp: options.clientIp,
        actor: () => (actor ??= resolveActor(options.services.auth, request.headers, options.services.config.adminEmails)),
      })
    }
    return errorResponse(errors.notFound(), lang)
  } catch (error) {
    return errorResponse(error, lang)
  }
}
