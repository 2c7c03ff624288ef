import type { Cma } from '../../src/schemas/cma/cma'

/** A draft CMA of realtor `r-1` for a home in Irvine, with no comparables; `fields` adds to or replaces its fields. */
export function draftCma(fields: Partial<Cma> = {}): Cma {
  return {
    id: 'cma-1',
    realtorId: 'r-1',
    leadId: null,
    subject: { street: '1 Elm', city: 'Irvine', state: 'CA', postalCode: '92618', propertyType: 'single_family', beds: 3, baths: 2, livingArea: 1900 },
    comparables: [],
    rangeBasis: { pickedCount: 0, adjustedLow: null, adjustedMedian: null, adjustedHigh: null },
    recommendedLow: null,
    recommendedHigh: null,
    note: '',
    status: 'draft',
    sentAt: null,
    share: null,
    createdAt: '2026-12-01T00:00:00.000Z',
    updatedAt: '2026-12-01T00:00:00.000Z',
    ...fields,
  }
}
