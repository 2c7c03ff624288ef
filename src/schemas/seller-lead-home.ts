import { z } from 'zod'
import { cmaSubjectSchema } from './cma/cma'

/*
 * A seller lead's home as the market analysis tab starts a CMA from it (issue 53): the facts the
 * owner gave on the home-value page, the estimate they were shown, who they are and the language
 * they asked to be answered in. Read by the owner of the lead only (another realtor's is a 404).
 */
export const sellerLeadHomeSchema = z.object({
  leadId: z.string(),
  name: z.string(),
  lang: z.enum(['ko', 'en']),
  subject: cmaSubjectSchema,
  /** The automated estimate the owner saw; null when there were too few comparables. */
  estimate: z.object({ low: z.number(), typical: z.number(), high: z.number() }).nullable(),
})
export type SellerLeadHome = z.infer<typeof sellerLeadHomeSchema>
