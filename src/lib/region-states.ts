/**
 * Spec §3: the realtor form allows these states only. Without zod, so the directory route's
 * search params (checked without zod in src/lib/search-params.ts, part of every page's first
 * download), the realtor schemas and the mortgage estimate's tax table all read the one list.
 */
export const REGION_STATES = ['CA', 'GA'] as const
export type RegionState = (typeof REGION_STATES)[number]
