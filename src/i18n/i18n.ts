import { setupI18n, type I18n, type MessageDescriptor, type Messages } from '@lingui/core'
import type { Lang } from '~/lib/lang'

/**
 * One i18n instance per language. The language of a page comes from its URL, so nothing
 * ever switches an instance's locale: a server rendering a Korean and an English page at
 * the same time cannot mix them up. Each catalog is its own chunk, so a page downloads
 * only its language.
 */
// Activated only once their catalog is loaded (loadCatalog, loadVisitorCatalog): an instance
// made with its locale activates it before any messages exist, which Lingui rightly warns about.
const instances: Record<Lang, I18n> = {
  ko: setupI18n(),
  en: setupI18n(),
}

const loaders: Record<Lang, () => Promise<{ messages: Messages }>> = {
  ko: () => import('../../locales/ko/messages.po'),
  en: () => import('../../locales/en/messages.po'),
}

const loaded = new Map<Lang, Promise<void>>()

/** Loads a language's catalog once; every entry point awaits it before translating. */
export function loadCatalog(lang: Lang): Promise<void> {
  let pending = loaded.get(lang)
  if (!pending) {
    pending = loaders[lang]().then(({ messages }) => {
      instances[lang].load(lang, messages)
      instances[lang].activate(lang)
    })
    loaded.set(lang, pending)
  }
  return pending
}

export function i18nFor(lang: Lang): I18n {
  return instances[lang]
}

/** Translates a message id or descriptor (as stored in zod issues and AppErrors). */
export function translate(lang: Lang, message: string | MessageDescriptor, values?: Record<string, unknown>): string {
  const i18n = instances[lang]
  return typeof message === 'string' ? i18n._(message, values) : i18n._(message)
}
