import type { Lang } from '~/lib/lang'
import type { PublicRealtor } from '~/schemas/realtor'

/** The name to show in a language, falling back to the other language, then the address. */
export function realtorDisplayName(realtor: Pick<PublicRealtor, 'displayNameKo' | 'displayNameEn' | 'desiredUrl'>, lang: Lang): string {
  const preferred = lang === 'ko' ? realtor.displayNameKo : realtor.displayNameEn
  const other = lang === 'ko' ? realtor.displayNameEn : realtor.displayNameKo
  return preferred || other || realtor.desiredUrl
}
