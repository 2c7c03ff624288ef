/**
 * A RESO Property as a feed sends it: an active single-family home in Irvine 92618 listed on
 * 2026-10-01, shown on the internet with its address. Tests override what they are about; the
 * street names the test (`${key} ${street}`), so a home found in an answer says where it came from.
 */
export function resoPropertyFixture(key: string, street: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ListingKey: key,
    ListPrice: 1_000_000,
    StandardStatus: 'Active',
    PropertyType: 'Residential',
    PropertySubType: 'SingleFamilyResidence',
    BedroomsTotal: 3,
    BathroomsTotalInteger: 2,
    LivingArea: 2000,
    City: 'Irvine',
    StateOrProvince: 'CA',
    PostalCode: '92618',
    UnparsedAddress: `${key} ${street}`,
    OnMarketDate: '2026-10-01',
    ModificationTimestamp: '2026-10-01T10:00:00Z',
    InternetEntireListingDisplayYN: true,
    InternetAddressDisplayYN: true,
    ...overrides,
  }
}
