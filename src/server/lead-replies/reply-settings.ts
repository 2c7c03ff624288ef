import type { Kysely, Selectable } from 'kysely'
import { i18nFor, loadCatalog } from '~/i18n/i18n'
import type { Lang } from '~/lib/lang'
import { DEFAULT_TIME_ZONE } from '~/lib/local-time'
import { replySettingsInputSchema, replySettingsQuerySchema, type ReplySettings } from '~/schemas/lead-replies'
import { canManage, type Actor } from '~/server/auth/actor'
import { errors, parseInput } from '~/server/app-error'
import type { Database, RealtorLeadSettingsTable } from '~/server/db/schema'
import type { AppServices } from '~/server/services'
import { defaultReplyBody, defaultReplySubject } from './reply-defaults'

/*
 * A realtor's instant-reply templates and digest settings (issue 26, decision 021). Read by
 * the editor's tab, `GET/PUT /realtors/{id}/reply-settings`, the reply sender and the digest.
 */

export const DEFAULT_DIGEST_HOUR = 8

/** The settings the sender and the digest act on, defaults filled in, templates per language. */
export type EffectiveLeadSettings = {
  replyEnabled: boolean
  templates: Record<Lang, { subject: string; body: string; isDefault: boolean }>
  defaults: Record<Lang, { subject: string; body: string }>
  lang: Lang
  timeZone: string
  digestHour: number
  digestEnabled: boolean
  updatedAt: string | null
}

type SettingsRow = Selectable<RealtorLeadSettingsTable>

async function defaultsOf(lang: Lang): Promise<{ subject: string; body: string }> {
  await loadCatalog(lang)
  const i18n = i18nFor(lang)
  return { subject: defaultReplySubject(i18n), body: defaultReplyBody(i18n) }
}

export async function effectiveSettings(row: SettingsRow | undefined): Promise<EffectiveLeadSettings> {
  const [ko, en] = await Promise.all([defaultsOf('ko'), defaultsOf('en')])
  const template = (defaults: { subject: string; body: string }, subject: string | null | undefined, body: string | null | undefined) => ({
    subject: subject ?? defaults.subject,
    body: body ?? defaults.body,
    isDefault: (subject ?? null) === null && (body ?? null) === null,
  })
  return {
    replyEnabled: row ? row.replyEnabled === 1 : true,
    templates: { ko: template(ko, row?.replySubjectKo, row?.replyBodyKo), en: template(en, row?.replySubjectEn, row?.replyBodyEn) },
    defaults: { ko, en },
    lang: row?.lang ?? 'ko',
    timeZone: row?.timeZone ?? DEFAULT_TIME_ZONE,
    digestHour: row ? Number(row.digestHour) : DEFAULT_DIGEST_HOUR,
    digestEnabled: row ? row.digestEnabled === 1 : true,
    updatedAt: row?.updatedAt ?? null,
  }
}

export async function readLeadSettings(db: Kysely<Database>, realtorId: string): Promise<EffectiveLeadSettings> {
  const row = await db.selectFrom('realtorLeadSettings').selectAll().where('realtorId', '=', realtorId).executeTakeFirst()
  return effectiveSettings(row)
}

export function toReplySettings(realtorId: string, settings: EffectiveLeadSettings): ReplySettings {
  return {
    realtorId,
    replyEnabled: settings.replyEnabled,
    subjectKo: settings.templates.ko.subject,
    bodyKo: settings.templates.ko.body,
    subjectEn: settings.templates.en.subject,
    bodyEn: settings.templates.en.body,
    usesDefaultKo: settings.templates.ko.isDefault,
    usesDefaultEn: settings.templates.en.isDefault,
    defaults: settings.defaults,
    lang: settings.lang,
    timeZone: settings.timeZone,
    digestHour: settings.digestHour,
    digestEnabled: settings.digestEnabled,
    updatedAt: settings.updatedAt,
  }
}

/** The realtor, when the actor may manage it; 404 otherwise (another realtor's lead desk is not disclosed). */
async function managedRealtor(services: AppServices, actor: Actor | null, input: unknown): Promise<string> {
  if (!actor) throw errors.unauthorized()
  const { realtorId } = parseInput(replySettingsQuerySchema, input)
  const realtor = await services.db.selectFrom('realtor').select(['id', 'userId']).where('id', '=', realtorId).executeTakeFirst()
  if (!realtor || !canManage(actor, realtor)) throw errors.notFound()
  return realtor.id
}

export async function getReplySettings(services: AppServices, actor: Actor | null, input: unknown): Promise<ReplySettings> {
  const realtorId = await managedRealtor(services, actor, input)
  return toReplySettings(realtorId, await readLeadSettings(services.db, realtorId))
}

/**
 * Saves the settings. A language's subject and body equal to that language's default are
 * stored as NULL: the realtor keeps following the default wording (and its improvements).
 */
export async function updateReplySettings(
  services: AppServices,
  actor: Actor | null,
  input: { realtorId: unknown; settings: unknown },
): Promise<ReplySettings> {
  const realtorId = await managedRealtor(services, actor, { realtorId: input.realtorId })
  const settings = parseInput(replySettingsInputSchema, input.settings)
  const [ko, en] = await Promise.all([defaultsOf('ko'), defaultsOf('en')])
  const keepDefault = (defaults: { subject: string; body: string }, subject: string, body: string) =>
    subject === defaults.subject.trim() && body === defaults.body.trim()
  const koDefault = keepDefault(ko, settings.subjectKo, settings.bodyKo)
  const enDefault = keepDefault(en, settings.subjectEn, settings.bodyEn)
  const now = services.now().toISOString()
  const values = {
    replyEnabled: settings.replyEnabled ? 1 : 0,
    replySubjectKo: koDefault ? null : settings.subjectKo,
    replyBodyKo: koDefault ? null : settings.bodyKo,
    replySubjectEn: enDefault ? null : settings.subjectEn,
    replyBodyEn: enDefault ? null : settings.bodyEn,
    lang: settings.lang,
    timeZone: settings.timeZone,
    digestHour: settings.digestHour,
    digestEnabled: settings.digestEnabled ? 1 : 0,
    updatedAt: now,
  }
  await services.db
    .insertInto('realtorLeadSettings')
    .values({ realtorId, ...values })
    .onConflict((conflict) => conflict.column('realtorId').doUpdateSet(values))
    .execute()
  return toReplySettings(realtorId, await readLeadSettings(services.db, realtorId))
}
