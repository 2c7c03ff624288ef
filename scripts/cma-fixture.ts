import type { CmaReport } from '~/schemas/cma/cma-report'

/*
 * The sample CMA's realtor and home, one set for the PDF's benchmark (scripts/bench-cma-pdf.ts)
 * and the tests (the report fixture of the PDF's unit test, the CMA API's integration test).
 * Here, not in tests/, because a script imports no test code.
 */

/** The seller's home the sample CMA analyses: a request's subject and the report's alike. */
export const CMA_FIXTURE_SUBJECT = {
  street: '1 Test Lane',
  city: 'Irvine',
  state: 'CA',
  postalCode: '92618',
  propertyType: 'single_family',
  beds: 3,
  baths: 2,
  livingArea: 2000,
  yearBuilt: 1999,
} as const satisfies CmaReport['subject']

/** The realtor on the sample report, with the photo and logo the caller has stored. */
export function cmaFixtureRealtor(lang: 'ko' | 'en', images: Pick<CmaReport['realtor'], 'photoUrl' | 'logoUrl'>): CmaReport['realtor'] {
  return {
    name: lang === 'ko' ? '박소라' : 'Sora Park',
    desiredUrl: 'sora-park',
    ...images,
    color: '#0f766e',
    email: 'sora@example.com',
    phone: '+1 949-555-0100',
    licenseNumber: '01234567',
    brokerageName: 'Sunrise Realty',
    brokerageLicenseNumber: '07654321',
    brokerageAddress: '1 Market St, Irvine, CA 92618',
  }
}
