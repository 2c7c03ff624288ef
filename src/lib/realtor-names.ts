import type { Lang } from '~/lib/lang'

/** What a realtor is called by: the display names the realtor gave, and the address every realtor has. */
export type RealtorNames = { displayNameKo: string | null; displayNameEn: string | null; desiredUrl: string }

/** The name to show in a language, falling back to the other language, then the address. */
export function realtorDisplayName(realtor: RealtorNames, lang: Lang): string {
  const preferred = lang === 'ko' ? realtor.displayNameKo : realtor.displayNameEn
  const other = lang === 'ko' ? realtor.displayNameEn : realtor.displayNameKo
  return preferred || other || realtor.desiredUrl
}
