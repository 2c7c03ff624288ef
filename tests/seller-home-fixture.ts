import { CMA_FIXTURE_SUBJECT } from '../scripts/cma-fixture'

/*
 * The home a seller lead of the integration tests asks about: the inputs of `POST /seller-leads`
 * (and `POST /valuations`) that describe the home, one set for the seller-lead, lead-timeline and
 * lead-desk tests, whose assertions name its address. The sample CMA's home on another street,
 * a year older.
 */
export const SELLER_HOME = { ...CMA_FIXTURE_SUBJECT, street: '12 Elm Street', yearBuilt: 1998 } as const
