import { z } from 'zod'

/*
 * What a page that shows listings must say about where they come from (issue 15 item 1): the
 * MLS's disclaimer, its credit wording, its logo and when the data was last refreshed. The
 * server resolves each source's display profile (src/server/listings/display-profile.ts) into
 * this shape; the pages word it in their language (src/features/listings/listing-disclosures.tsx),
 * with the disclaimers of src/lib/listing-disclaimers.ts.
 */

export const listingLogoSchema = z.object({
  url: z.string(),
  alt: z.string(),
  width: z.number(),
  height: z.number(),
})

/** One listing source as a page shows it. */
export const listingSourceSchema = z.object({
  id: z.string().meta({ description: 'The import source: `demo`, `file:<name>` or `reso:<host>`' }),
  mlsName: z.string(),
  isDemo: z.boolean(),
  disclaimer: z.string().nullable().meta({ description: "The MLS's own disclaimer in English (authoritative); null: the standard IDX disclaimer" }),
  disclaimerKo: z.string().nullable().meta({ description: 'A Korean rendering of the custom disclaimer, shown beside the English' }),
  credit: z.string().nullable().meta({ description: 'Credit wording with `{office}`; null: "Listed by {office}"' }),
  creditWithAgent: z.string().nullable().meta({ description: 'Credit wording with `{agent}` and `{office}`, used when showAgentName' }),
  showAgentName: z.boolean(),
  logo: listingLogoSchema.nullable(),
  timeZone: z.string().meta({ description: 'IANA time zone the last-updated time is shown in' }),
  lastUpdatedAt: z.string().nullable().meta({ description: "The source's last successful import run; null when none is recorded" }),
})
export type ListingSource = z.infer<typeof listingSourceSchema>
