import { parseBbox } from './bbox'
/**
 * Route params and search params, checked without zod. The route tree (every route's
 * `params.parse` and `validateSearch`) is part of every page's first download; zod there cost
 * ~17 KB gzip (zod/mini included, which the project therefore does not use), for rules this
 * small. Every search param follows one rule:
 * a value that is missing or malformed is dropped, as if absent, never an error page.
 * The server keeps validating its inputs with the zod schemas in `src/schemas/`.
 */

/** One search param: its value when well-formed, otherwise undefined. */
export type SearchField<TValue> = (value: unknown) => TValue | undefined

type FieldsOutput<TFields extends Record<string, SearchField<unknown>>> = {
  [TKey in keyof TFields]?: TFields[TKey] extends SearchField<infer TValue> ? TValue : never
}

/**
 * A route's search schema: `parse` and `safeParse` for code and tests, and the Standard Schema interface the
 * router reads (its `types` make `<Link search>` as strictly typed as with a zod schema).
 */
export type SearchSchema<TOutput> = {
  parse: (input: unknown) => TOutput
  /** As zod's, for code written against it; it never fails. */
  safeParse: (input: unknown) => { success: true; data: TOutput }
  readonly '~standard': {
    readonly version: 1
    readonly vendor: 'realtor-home'
    readonly validate: (value: unknown) => { readonly value: TOutput }
    readonly types?: { readonly input: TOutput; readonly output: TOutput }
  }
}

export function searchSchema<TFields extends Record<string, SearchField<unknown>>>(fields: TFields): SearchSchema<FieldsOutput<TFields>> {
  const parse = (input: unknown): FieldsOutput<TFields> => {
    const output: FieldsOutput<TFields> = {}
    const record = typeof input === 'object' && input !== null ? input : {}
    // Every declared key, undefined when dropped: the router merges a route's result over
    // the raw search, so an omitted key would let the raw value (`?redirect=https://…`) through.
    for (const [key, field] of Object.entries(fields)) Object.assign(output, { [key]: field(Reflect.get(record, key)) })
    return output
  }
  return {
    parse,
    safeParse: (input) => ({ success: true, data: parse(input) }),
    '~standard': { version: 1, vendor: 'realtor-home', validate: (value) => ({ value: parse(value) }) },
  }
}

/** One of a fixed list of strings. */
export function oneOf<const TValue extends string>(values: ReadonlyArray<TValue>): SearchField<TValue> {
  return (value) => values.find((candidate) => candidate === value)
}

/**
 * Control characters (NUL, DEL, C1) and lone surrogates: no filter a visitor types contains
 * them, and NUL is refused by PostgreSQL and by our own input checks (issue 17).
 */
const UNPRINTABLE = /[\p{Cc}\p{Cs}]/u

/**
 * A string whose length (after trimming, when asked) is within bounds and that matches
 * `pattern`, without control characters or lone surrogates.
 */
export function text(options: { min?: number; max: number; trim?: boolean; pattern?: RegExp }): SearchField<string> {
  return (value) => {
    if (typeof value !== 'string' || UNPRINTABLE.test(value)) return undefined
    const candidate = options.trim ? value.trim() : value
    if (candidate.length < (options.min ?? 0) || candidate.length > options.max) return undefined
    if (options.pattern && !options.pattern.test(candidate)) return undefined
    return candidate
  }
}

/** A whole number within bounds; numeric strings count, as `?page=2` may arrive either way. */
export function wholeNumber(options: { min: number; max: number }): SearchField<number> {
  return (value) => {
    if (value === undefined) return undefined
    const number = Number(value)
    return Number.isSafeInteger(number) && number >= options.min && number <= options.max ? number : undefined
  }
}

/** What a search schema gives a route, as `z.infer` did. */
export type SearchOutput<TSchema> = TSchema extends SearchSchema<infer TOutput> ? TOutput : never

/**
 * A map's visible area (`west,south,east,north`, src/lib/bbox.ts), kept as the visitor's text:
 * the server widens it to its grid, the map shows what was shared.
 */
export function bboxText(): SearchField<string> {
  return (value) => (typeof value === 'string' && value.length <= 100 && parseBbox(value).ok ? value : undefined)
}
