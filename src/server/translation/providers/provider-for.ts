import type { TranslationProviderConfig } from '../config'
import type { TranslationProvider } from '../provider'
import { deeplProvider } from './deepl'
import { googleProvider } from './google'
import { papagoProvider } from './papago'

/** The configured provider's adapter; none with `TRANSLATION_PROVIDER=off`. */
export function translationProviderFor(config: TranslationProviderConfig, now: () => Date): TranslationProvider | undefined {
  switch (config.provider) {
    case 'off':
      return undefined
    case 'deepl':
      return deeplProvider(config, now)
    case 'google':
      return googleProvider(config, now)
    case 'papago':
      return papagoProvider(config, now)
  }
}
