import type { RemarksTranslation } from '~/schemas/home'
import type { AppServices } from '~/server/services'
import { storedRemarksTranslation } from '~/server/translation/stored-translation'
import type { Lang } from '~/lib/lang'
import { displayProfileFor } from './display-profile'

/*
 * What a listing's page shows of its remarks' machine translation (issue 54 item 3, decision
 * 072). Korean pages only: the remarks are English, so an English page shows them as they are.
 * Only where the source's display profile allows altering listing content (`translateRemarks`).
 * The translation is read from what the background job stored, never made in the request.
 */

/**
 * The view from what is known; `stored` is the stored translation of the current remarks, if
 * any. "Pending" only while a provider is set to make it: with none (`off`), no translation is
 * coming and the page says nothing of one; one already stored is still shown.
 */
export function remarksTranslationView(input: {
  lang: Lang
  translateRemarks: boolean
  providerOn: boolean
  remarks: string | null
  stored: { text: string } | undefined
}): RemarksTranslation {
  if (!mayTranslate(input)) return null
  if (input.stored) return { status: 'translated', lang: 'ko', text: input.stored.text }
  return input.providerOn ? { status: 'pending', lang: 'ko' } : null
}

/** Whether the view could show a translation at all, before the stored one is read. */
function mayTranslate(input: { lang: Lang; translateRemarks: boolean; remarks: string | null }): boolean {
  return input.lang === 'ko' && input.translateRemarks && input.remarks !== null && input.remarks.trim() !== ''
}

/** The view of one listing's remarks on a page in `lang`. */
export async function remarksTranslationFor(
  services: AppServices,
  home: { id: string; source: string; publicRemarks: string | null },
  lang: Lang,
): Promise<RemarksTranslation> {
  const translateRemarks = displayProfileFor(services.config.displayProfiles, home.source).translateRemarks
  const base = { lang, translateRemarks, remarks: home.publicRemarks, providerOn: services.config.translation.provider !== 'off' }
  // Read only when the answer can be a translation: English pages and forbidden sources cost nothing.
  if (!mayTranslate(base)) return null
  const stored = await storedRemarksTranslation(services.db, { homeId: home.id, remarks: home.publicRemarks }, lang)
  return remarksTranslationView({ ...base, stored })
}
