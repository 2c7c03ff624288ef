/*
 * The home a seller lead of the integration tests asks about: the inputs of `POST /seller-leads`
 * (and `POST /valuations`) that describe the home, one set for the seller-lead, lead-timeline and
 * lead-desk tests, whose assertions name its address.
 */
export const SELLER_HOME = {
  street: '12 Elm Street',
  city: 'Irvine',
  state: 'CA',
  postalCode: '92618',
  propertyType: 'single_family',
  beds: 3,
  baths: 2,
  livingArea: 2000,
  yearBuilt: 1998,
} as const
