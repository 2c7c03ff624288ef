/**
 * Spec §3: the realtor form allows these states only. Without zod, so the directory route's
 * search params (checked without zod in src/lib/search-params.ts, part of every page's first
 * download) can use it.
 */
export const REGION_STATES = ['CA', 'GA'] as const
