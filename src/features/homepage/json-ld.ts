import type { Lang } from '~/lib/lang'
import { phoneE164 } from '~/lib/phone'
import type { PublicRealtor } from '~/schemas/realtor'
import { realtorDisplayName } from '~/lib/realtor-names'
import { absoluteAssetUrl } from '~/lib/seo'

/**
 * schema.org `RealEstateAgent` for the homepage (issue: name, image, url, telephone, email,
 * areaServed, sameAs, worksFor the brokerage).
 */
export function realtorJsonLd(realtor: PublicRealtor, input: { lang: Lang; url: string; origin: string }) {
  const photo = realtor.photos.find((item) => item.path === 'id') ?? realtor.photos.find((item) => item.path === 'top')
  const about = input.lang === 'ko' ? realtor.aboutMeKr || realtor.aboutMeEn : realtor.aboutMeEn || realtor.aboutMeKr
  const sameAs = [realtor.snsYoutubeUrl, realtor.snsInstagramUrl, realtor.kakaoLink]
    .filter((link): link is string => Boolean(link))
    .map((link) => (/^https?:\/\//i.test(link) ? link : `https://${link}`))
  const telephone = realtor.contactPhone ? phoneE164(realtor.contactPhone, realtor.phoneCountryCode) : undefined
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateAgent',
    name: realtorDisplayName(realtor, input.lang),
    alternateName: realtorDisplayName(realtor, input.lang === 'ko' ? 'en' : 'ko'),
    url: input.url,
    ...(photo ? { image: absoluteAssetUrl(photo.url, input.origin) } : {}),
    ...(telephone ? { telephone } : {}),
    email: realtor.email,
    ...(about ? { description: about.slice(0, 500) } : {}),
    areaServed: realtor.activityRegion.map((region) => ({
      '@type': 'City',
      name: `${region.city}, ${region.state}`,
      ...(region.neighborhood ? { containsPlace: { '@type': 'Place', name: region.neighborhood } } : {}),
    })),
    ...(sameAs.length > 0 ? { sameAs } : {}),
    ...(realtor.licenseNumber ? { identifier: realtor.licenseNumber } : {}),
    knowsLanguage: ['ko', 'en'],
    ...(realtor.brokerageName
      ? {
          worksFor: {
            '@type': 'RealEstateAgent',
            name: realtor.brokerageName,
            ...(realtor.brokerageLicenseNumber ? { identifier: realtor.brokerageLicenseNumber } : {}),
            ...(realtor.brokerageAddress ? { address: realtor.brokerageAddress } : {}),
          },
        }
      : {}),
  }
}

/** JSON for a `<script type="application/ld+json">`: `<` escaped so text cannot close the tag. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
