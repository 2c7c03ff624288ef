import { oneOf, searchSchema, text, type SearchOutput } from './search-params'

/*
 * The search of a status page a visitor's form lands on when it was posted without JavaScript (a
 * tour request, a seller lead; src/server/http/visitor-forms.ts): `status=sent`, or `failed=` with
 * the fields or reason at fault, `back`, the page the form was on, and `receipt` where said. Checked without zod like
 * every route's search.
 */
export const formStatusSearchSchema = searchSchema({
  status: oneOf(['sent']),
  failed: text({ max: 200 }),
  back: text({ max: 500 }),
  /** The id of what was sent, where the page shows it back (a tour request's times). */
  receipt: text({ max: 64 }),
})
export type FormStatusSearch = SearchOutput<typeof formStatusSearchSchema>
