import * as z from 'zod/mini'
import { valuationAnswerSchema } from '~/schemas/valuation-answer'
import type { PostedValuation } from '~/schemas/valuations'

/*
 * The home-value page's data as its island reads it in the browser (decision 051): the answer
 * of `POST /valuations` and the page's props. zod's mini build, as the other islands' schemas:
 * the full build would bring 30 KB of zod to the page. The answer is the API's own schema,
 * which `~/schemas/valuation-answer` writes in the mini build for this reader; the props are
 * typed by the server's type, so the compiler keeps the two in step.
 */

const text = z.string()
const formValues = z.object({
  street: text,
  city: text,
  state: text,
  postalCode: text,
  propertyType: text,
  beds: text,
  baths: text,
  livingArea: text,
  areaUnit: text,
  yearBuilt: text,
})

/** A form posted without scripts, answered by the page and handed to its island. */
export const postedValuationReader: z.ZodMiniType<PostedValuation> = z.object({
  values: formValues,
  outcome: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('answer'), answer: valuationAnswerSchema }),
    z.object({ kind: z.literal('error'), message: z.string(), fieldErrors: z.record(z.string(), z.array(z.string())) }),
  ]),
})
