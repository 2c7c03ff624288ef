import { msg } from '@lingui/core/macro'
import { z } from 'zod'
import { consentWording, CURRENT_CONSENT } from '~/lib/consent'
import { messageId } from './messages'
import { emailSchema } from './realtor-fields'
import { blankAsAbsent, consentPageSchema, honeypotSchema, optionalVisitorNameSchema, visitorRealtorIdSchema } from './visitor-fields'

/*
 * A visitor's subscription to a city's monthly market report (issue 27 item 5), as the market
 * page's form, the REST API and the seller form's box send it. The same schema reads a JSON body
 * and a form posted without JavaScript (every value a string: '' is absent, `consent=on` agrees).
 */

/** A form's checkbox (`on`, `true`) or JSON's boolean. */
function checkbox(value: unknown): unknown {
  return value === 'on' || value === 'true' ? true : value === 'false' || value === '' ? false : value
}

const chooseCity = messageId(msg`Choose a city with a market report`)

export const marketSubscriptionRequestSchema = z.object({
  realtorId: visitorRealtorIdSchema,
  email: emailSchema,
  name: optionalVisitorNameSchema,
  /** The language of the mails; the page's when absent. */
  lang: z.preprocess(blankAsAbsent, z.enum(['ko', 'en'], { error: messageId(msg`Choose Korean or English`) }).optional()),
  state: z
    .string({ error: chooseCity })
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: chooseCity })
    .transform((state) => state.toUpperCase()),
  /** The city as the report names it (`Irvine`) or its address segment (`irvine-ca`), any case. */
  city: z.string({ error: chooseCity }).trim().min(1, { error: chooseCity }).max(120, { error: chooseCity }),
  /** Must be true: the visitor agrees to the monthly e-mail (src/lib/consent.ts). */
  consent: z.preprocess(
    checkbox,
    z.boolean({ error: messageId(msg`Agree to receive the monthly market report`) }).refine((agreed) => agreed, {
      error: messageId(msg`Agree to receive the monthly market report`),
    }),
  ),
  /** The wording the form showed; the server stores that version's own words, never the client's. */
  consentVersion: z.preprocess(
    blankAsAbsent,
    z
      .string()
      .trim()
      .max(40)
      .refine((version) => consentWording(version, 'marketReport') !== undefined, {
        error: messageId(msg`This consent wording is not known. Reload the page and try again.`),
      })
      .default(CURRENT_CONSENT.marketReport),
  ),
  /** The path of the page the form was on, e.g. `/en/kim/market/irvine-ca`; only a path of this site. */
  consentPage: z.preprocess(blankAsAbsent, consentPageSchema.optional()),
  website: honeypotSchema,
})
export type MarketSubscriptionRequest = z.input<typeof marketSubscriptionRequestSchema>

/** What `POST /market-subscriptions` answers, whether the subscription is new, known or a bot's: nothing to probe. */
export const createdMarketSubscriptionSchema = z.object({ id: z.string(), status: z.literal('pending') })
export type CreatedMarketSubscription = z.infer<typeof createdMarketSubscriptionSchema>

export const marketSubscriptionStatusSchema = z.enum(['pending', 'active', 'unsubscribed'])

/** A visitor's link: the token from the mail, as saved searches' links carry it. */
export { savedSearchTokenSchema as marketSubscriptionTokenSchema } from './saved-search'

/** What the confirm and unsubscribe pages show a visitor holding a valid link. */
export const marketSubscriptionViewSchema = z.object({
  city: z.string(),
  state: z.string(),
  status: marketSubscriptionStatusSchema,
  email: z.string(),
  lang: z.enum(['ko', 'en']),
  realtorName: z.string(),
})
export type MarketSubscriptionView = z.infer<typeof marketSubscriptionViewSchema>
