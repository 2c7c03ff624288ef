import { msg } from '@lingui/core/macro'
import { z } from 'zod'
import { consentWording, CURRENT_CONSENT } from '~/lib/consent'
import { SELLER_TIMEFRAMES } from '~/lib/seller-timeframes'
import { messageId } from './messages'
import { emailSchema } from './realtor-fields'
import { valuationRequestSchema } from './valuations'
import { consentPageSchema, honeypotSchema, visitorNameSchema, visitorPhoneSchema } from './visitor-fields'

/*
 * Seller leads (issue 27 item 2): after valuing a home on the realtor's home-value page, its
 * owner asks the realtor for a personal valuation. The valuation's inputs come with the request
 * (the realtor starts where the visitor left off), with who the owner is, the language they want
 * to be answered in, when they think of selling, and their consent. The same schema validates
 * `POST /seller-leads`, the form posted without scripts and the form with them.
 */

export const sellerTimeframeSchema = z.enum(SELLER_TIMEFRAMES, { error: messageId(msg`Choose when you might sell`) })

/** `POST /seller-leads`. */
export const sellerLeadRequestSchema = valuationRequestSchema.extend({
  name: visitorNameSchema(100),
  email: emailSchema,
  phone: visitorPhoneSchema.optional(),
  /** The language the owner wants to be answered in. */
  lang: z.enum(['ko', 'en'], { error: messageId(msg`Choose Korean or English`) }),
  timeframe: sellerTimeframeSchema,
  /** Must be true: the realtor may contact the owner about the valuation (src/lib/consent.ts). */
  consent: z.boolean({ error: messageId(msg`Agree to be contacted about your valuation`) }).refine((agreed) => agreed, {
    error: messageId(msg`Agree to be contacted about your valuation`),
  }),
  consentVersion: z
    .string()
    .trim()
    .max(40)
    .refine((version) => consentWording(version, 'seller') !== undefined, {
      error: messageId(msg`This consent wording is not known. Reload the page and try again.`),
    })
    .default(CURRENT_CONSENT.seller),
  consentPage: consentPageSchema.optional(),
  /**
   * The optional "also send me the monthly market report for {city}" box (issue 27 item 5): a
   * pending market report subscription for the home's city, confirmed by e-mail like any other.
   */
  marketReport: z.boolean({ error: messageId(msg`Choose yes or no`) }).default(false),
  website: honeypotSchema,
})
export type SellerLeadRequest = z.infer<typeof sellerLeadRequestSchema>

/** What `POST /seller-leads` answers, shaped as `POST /realtor-contacts`'s receipt. */
export const createdSellerLeadSchema = z.object({
  id: z.string(),
  realtorId: z.string(),
  createdAt: z.string(),
  /** The realtor's notice of the lead: `sent` once mailed, `outbox` while it waits to be. */
  delivery: z.enum(['sent', 'outbox']),
  /**
   * Only when `marketReport` was asked for: `pending` (a confirmation mail went to the owner) or
   * `unavailable` (the city has no market report on this realtor's site, or the address asked too often).
   */
  marketReport: z.enum(['pending', 'unavailable']).optional(),
})
export type CreatedSellerLead = z.infer<typeof createdSellerLeadSchema>
