import type { Env } from '~/server/config/env'
import type { TranslationProviderName } from './provider'

/** The chosen provider and its credentials (decision 071), checked at start; `off`: none. */
export type TranslationProviderConfig =
  | { provider: 'off' }
  | { provider: 'deepl'; apiKey: string; url: string }
  | { provider: 'google'; apiKey: string; url: string }
  | { provider: 'papago'; clientId: string; clientSecret: string; url: string }

export type TranslationConfig = TranslationProviderConfig & {
  /** Characters per UTC day, listings and drafts together, across every process. */
  dailyChars: number
  /** Translate-button presses per account per hour. */
  draftsPerHour: number
}

/** Free API keys end in `:fx` and work only on the free endpoint (DeepL's API docs, "Authentication"). */
export function defaultDeepLUrl(apiKey: string): string {
  return apiKey.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com'
}

type Required = 'DEEPL_API_KEY' | 'GOOGLE_TRANSLATE_API_KEY' | 'PAPAGO_CLIENT_ID' | 'PAPAGO_CLIENT_SECRET'

function required(config: Env, name: Required): string {
  const value = config[name]
  // At start, with the setting's name: a provider without its key would fail every pass quietly.
  if (value === undefined) throw new Error(`${name} is required when TRANSLATION_PROVIDER=${config.TRANSLATION_PROVIDER}`)
  return value
}

const trimmed = (url: string) => url.replace(/\/+$/, '')

function providerConfigFrom(config: Env): TranslationProviderConfig {
  switch (config.TRANSLATION_PROVIDER) {
    case 'off':
      return { provider: 'off' }
    case 'deepl': {
      const apiKey = required(config, 'DEEPL_API_KEY')
      return { provider: 'deepl', apiKey, url: trimmed(config.DEEPL_API_URL ?? defaultDeepLUrl(apiKey)) }
    }
    case 'google':
      return { provider: 'google', apiKey: required(config, 'GOOGLE_TRANSLATE_API_KEY'), url: trimmed(config.GOOGLE_TRANSLATE_API_URL) }
    case 'papago':
      return {
        provider: 'papago',
        clientId: required(config, 'PAPAGO_CLIENT_ID'),
        clientSecret: required(config, 'PAPAGO_CLIENT_SECRET'),
        url: trimmed(config.PAPAGO_API_URL),
      }
  }
}

export function translationConfigFrom(config: Env): TranslationConfig {
  return { ...providerConfigFrom(config), dailyChars: config.TRANSLATION_DAILY_CHARS, draftsPerHour: config.RATE_LIMIT_TRANSLATE }
}

export function providerNameOf(config: TranslationProviderConfig): TranslationProviderName | undefined {
  return config.provider === 'off' ? undefined : config.provider
}
