import type { Messages } from '@lingui/core'
import type { Lang } from '~/lib/lang'
import { i18nFor } from './i18n'

/** The page's head names this catalog when a visitor's messages are all it shows. */
export const VISITOR_CATALOG_META = 'i18n-catalog'

const loaders: Record<Lang, () => Promise<{ messages: Messages }>> = {
  ko: () => import('virtual:visitor-messages/ko'),
  en: () => import('virtual:visitor-messages/en'),
}

/**
 * A visitor's page (a realtor's homepage) hydrates with the messages outside the signed-in
 * workspace only (~1.7 KB gzip instead of ~9 KB, see `visitorCatalogs` in vite.config.ts).
 * The first navigation loads the full catalog through the root route, as before.
 */
export async function loadVisitorCatalog(lang: Lang): Promise<void> {
  const { messages } = await loaders[lang]()
  const i18n = i18nFor(lang)
  i18n.load(lang, messages)
  i18n.activate(lang)
}
