import type { z } from 'zod'

/**
 * Turns a zod schema into a route's `params.parse`. Returning `false` makes the router
 * skip the route while matching, so `/en` reaches the English index instead of a realtor
 * called "en", and `/fr/login` is not English.
 */
export function zodParams<TSchema extends z.ZodType>(schema: TSchema) {
  return (raw: Readonly<Record<string, string | undefined>>): z.output<TSchema> | false => {
    const result = schema.safeParse(raw)
    return result.success ? result.data : false
  }
}
