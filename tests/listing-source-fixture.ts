import type { ListingSource } from '../src/schemas/listing-source'

/** A listing source with the standard IDX wording, for tests that need one; override what a test is about. */
export function listingSourceFixture(overrides: Partial<ListingSource> = {}): ListingSource {
  return {
    id: 'reso:api.mls.example',
    mlsName: 'Example MLS',
    isDemo: false,
    disclaimer: null,
    disclaimerKo: null,
    credit: null,
    creditWithAgent: null,
    showAgentName: false,
    logo: null,
    timeZone: 'America/Los_Angeles',
    lastUpdatedAt: null,
    ...overrides,
  }
}
