import type { Lang } from '~/lib/lang'
import type { ContactForm } from './inbox'

/**
 * Spec §4: the reset state; isTerm checked, phone country KR in Korean and US otherwise.
 * Apart from the schemas (zod), so the homepage can render the form before it loads them.
 */
export function contactFormDefaults(lang: Lang): ContactForm {
  return {
    lastName: '',
    firstName: '',
    email: '',
    phone: '',
    phoneCountryCode: lang === 'ko' ? 'KR' : 'US',
    message: '',
    isTerm: true,
    phoneContactConsent: false,
  }
}
