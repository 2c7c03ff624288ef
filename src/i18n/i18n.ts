import { setupI18n, type I18n, type MessageDescriptor } from '@lingui/core'
import { messages as enMessages } from '../../locales/en/messages.po'
import { messages as koMessages } from '../../locales/ko/messages.po'
import type { Lang } from '~/lib/lang'

/**
 * One immutable i18n instance per language. The language of a page comes from its URL,
 * so nothing ever switches an instance's locale: a server rendering a Korean and an
 * English page at the same time cannot mix them up.
 */
const instances: Record<Lang, I18n> = {
  ko: setupI18n({ locale: 'ko', messages: { ko: koMessages } }),
  en: setupI18n({ locale: 'en', messages: { en: enMessages } }),
}

export function i18nFor(lang: Lang): I18n {
  return instances[lang]
}

/** Translates a message id or descriptor (as stored in zod issues and AppErrors). */
export function translate(lang: Lang, message: string | MessageDescriptor, values?: Record<string, unknown>): string {
  const i18n = instances[lang]
  return typeof message === 'string' ? i18n._(message, values) : i18n._(message)
}
