import { loadCatalog } from '~/i18n/i18n'
import { editAccessSchema } from '~/schemas/realtor'
import { recordIdRequestSchema } from '~/schemas/record-id'
import { resolveActor } from '~/server/auth/actor'
import { parseInput } from '~/server/app-error'
import { canEditRealtor } from '~/server/realtors/edit-access'
import type { AppServices } from '~/server/services'
import { apiLang, errorResponse, json } from '~/server/web/responses'

/**
 * `GET /cozying-api/edit-access?realtor={id}` (src/lib/edit-access.ts): `{ canEdit }` for the
 * signed-in viewer of an islands page, which shows the edit link only then. A visitor, a broken
 * session or an unknown id is `false`; a missing or malformed id is a translated 400.
 */
export async function answerEditAccess(request: Request, services: AppServices): Promise<Response> {
  const headers = { 'cache-control': 'private, no-store' }
  if (request.method !== 'GET') return new Response(null, { status: 405, headers: { ...headers, allow: 'GET' } })
  try {
    const { id } = parseInput(recordIdRequestSchema, { id: new URL(request.url).searchParams.get('realtor') ?? undefined })
    const actor = await resolveActor(services.auth, request.headers, services.config.adminEmails).catch(() => null)
    return json(editAccessSchema.parse({ canEdit: await canEditRealtor(services, actor, id) }), 200, headers)
  } catch (error) {
    // The refusal is translated: its catalog may not be loaded yet in this process.
    const lang = apiLang(request)
    await loadCatalog(lang)
    return errorResponse(error, lang, headers)
  }
}
