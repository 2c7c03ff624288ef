import type { Actor } from '~/server/auth/actor'
import { errors, parseInput } from '~/server/app-error'
import type { AppServices } from '~/server/services'
import type { DraftTranslationResult, DraftTranslationStatus } from '~/schemas/draft-translation'
import { translateDraftSchema } from '~/schemas/translation'
import { translateDraft } from './translate-draft'

/*
 * The editors' translate buttons as a signed-in realtor calls them (issue 54 item 4, decision
 * 072): who asks is the session's account, never the input, so the per-account limit holds; the
 * answer is a draft for the form, never stored here (the realtor saves it with the form).
 */

/** Whether the editors show the buttons: only when a provider is configured. */
export function draftTranslationStatus(services: AppServices, actor: Actor | null): DraftTranslationStatus {
  if (!actor) throw errors.unauthorized()
  return { available: services.config.translation.provider !== 'off' }
}

/** One text of the realtor's writing into the other language, as a draft. */
export async function translateEditorDraft(services: AppServices, actor: Actor | null, input: unknown): Promise<DraftTranslationResult> {
  if (!actor) throw errors.unauthorized()
  const request = parseInput(translateDraftSchema, input)
  return translateDraft(services, { accountId: actor.userId, text: request.text, from: request.from, to: request.to, format: request.format })
}
