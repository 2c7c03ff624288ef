import { absoluteAssetUrl } from '~/lib/seo'
import type { HomeDetail } from '~/schemas/home'

/** schema.org types for RESO sub-types; anything else is a plain Residence. */
const SCHEMA_TYPES: Record<string, string> = {
  SingleFamilyResidence: 'SingleFamilyResidence',
  Condominium: 'Apartment',
  Townhouse: 'House',
  MultiFamily: 'House',
}

const AVAILABILITY: Record<string, string> = {
  Active: 'https://schema.org/InStock',
  ComingSoon: 'https://schema.org/PreOrder',
  Pending: 'https://schema.org/LimitedAvailability',
  Closed: 'https://schema.org/SoldOut',
}

/**
 * schema.org `RealEstateListing` for a home's page: the offer (price, sale or lease), the
 * residence with its address, rooms, floor size and position, and the realtor who shows it.
 * A hidden address (MLS rule) leaves out the street, postal code and position.
 */
export function homeJsonLd(home: HomeDetail, input: { url: string; origin: string; realtor: { name: string; url: string } }) {
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    name: home.fullAddress,
    url: input.url,
    identifier: home.homeId,
    ...(home.onMarketDate ? { datePosted: home.onMarketDate } : {}),
    dateModified: home.modificationTimestamp,
    ...(home.publicRemarks ? { description: home.publicRemarks.slice(0, 1000) } : {}),
    ...(home.images.length > 0 ? { image: home.images.map((url) => absoluteAssetUrl(url, input.origin)) } : {}),
    offers: {
      '@type': 'Offer',
      price: home.price,
      priceCurrency: 'USD',
      businessFunction: home.type === 'rent' ? 'http://purl.org/goodrelations/v1#LeaseOut' : 'http://purl.org/goodrelations/v1#Sell',
      ...(AVAILABILITY[home.homeStatus] ? { availability: AVAILABILITY[home.homeStatus] } : {}),
      ...(home.listOfficeName ? { seller: { '@type': 'Organization', name: home.listOfficeName } } : {}),
    },
    about: {
      '@type': SCHEMA_TYPES[home.propertyType] ?? 'Residence',
      address: {
        '@type': 'PostalAddress',
        ...(home.streetAddress ? { streetAddress: home.streetAddress } : {}),
        addressLocality: home.city,
        addressRegion: home.state,
        ...(home.postalCode ? { postalCode: home.postalCode } : {}),
        addressCountry: 'US',
      },
      ...(home.beds !== null ? { numberOfBedrooms: home.beds } : {}),
      ...(home.baths !== null ? { numberOfBathroomsTotal: home.baths } : {}),
      ...(home.size !== null ? { floorSize: { '@type': 'QuantitativeValue', value: home.size, unitCode: 'FTK' } } : {}),
      ...(home.yearBuilt !== null ? { yearBuilt: home.yearBuilt } : {}),
      ...(home.latitude !== null && home.longitude !== null ? { geo: { '@type': 'GeoCoordinates', latitude: home.latitude, longitude: home.longitude } } : {}),
    },
    provider: { '@type': 'RealEstateAgent', name: input.realtor.name, url: input.realtor.url },
  }
}
