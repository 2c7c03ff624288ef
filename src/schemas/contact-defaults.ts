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

/** The contact form's fields in the order they are shown: the view, the live form and their errors follow it. */
export const CONTACT_FIELD_NAMES = [
  'lastName',
  'firstName',
  'email',
  'phoneCountryCode',
  'phone',
  'phoneContactConsent',
  'message',
  'isTerm',
] as const satisfies ReadonlyArray<keyof ContactForm>
