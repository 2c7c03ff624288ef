import { resoMediaSchema, resoPropertySchema } from './reso-property'
import type { ResoConfig } from './reso-config'

/* The OData URLs of the RESO Web API import: what is asked for, filtered and in which order. */

/** Exactly the fields reso-property.ts reads, taken from its schema so the two never drift. */
export const PROPERTY_SELECT = Object.keys(resoPropertySchema.shape).filter((field) => field !== 'Media')
export const MEDIA_SELECT = Object.keys(resoMediaSchema.shape)

/** An OData string literal: single quotes doubled (OData ABNF `SQUOTE-in-string`). */
export function odataString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`
}

function anyOf(field: string, values: ReadonlyArray<string>): string {
  return `(${values.map((value) => `${field} eq ${odataString(value)}`).join(' or ')})`
}

/** The feed filter without the incremental part: states, then cities and statuses when given. */
export function feedFilter(config: Pick<ResoConfig, 'states' | 'cities' | 'statuses'>): string {
  const parts = [anyOf('StateOrProvince', config.states)]
  if (config.cities.length > 0) parts.push(anyOf('City', config.cities))
  if (config.statuses.length > 0) parts.push(anyOf('StandardStatus', config.statuses))
  return parts.join(' and ')
}

/** Query options in a fixed order; values percent-encoded (a `+` would not mean a space to every server). */
function queryString(options: ReadonlyArray<[string, string]>): string {
  return options.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&')
}

function resourceUrl(config: ResoConfig, options: ReadonlyArray<[string, string]>): string {
  return `${new URL(config.resource, withSlash(config.serviceRoot)).toString()}?${queryString(options)}`
}

/** A base ending in `/`, so `Property` resolves under the root rather than replacing its last segment. */
export function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`
}

export function changedRecordsUrl(config: ResoConfig, since: string | null): string {
  // `since` has millisecond precision; a server keeping microseconds sends its newest listing
  // again next run, which the upsert absorbs — truncating down never skips one.
  const filter = feedFilter(config) + (since ? ` and ModificationTimestamp gt ${since}` : '')
  return resourceUrl(config, [
    ['$filter', filter],
    ['$select', PROPERTY_SELECT.join(',')],
    ['$expand', `Media($select=${MEDIA_SELECT.join(',')})`],
    ['$top', String(config.pageSize)],
    ['$orderby', 'ModificationTimestamp asc'],
  ])
}

export function keyListUrl(config: ResoConfig): string {
  return resourceUrl(config, [
    ['$filter', feedFilter(config)],
    ['$select', 'ListingKey,ModificationTimestamp'],
    // Key order does not move when listings change during the walk, unlike timestamp order.
    ['$orderby', 'ListingKey asc'],
    // The configured size, not a bigger one: some servers answer 400 above their own maximum.
    ['$top', String(config.pageSize)],
  ])
}

export function byKeysUrl(config: ResoConfig, keys: ReadonlyArray<string>): string {
  return resourceUrl(config, [
    ['$filter', keys.map((key) => `ListingKey eq ${odataString(key)}`).join(' or ')],
    ['$select', PROPERTY_SELECT.join(',')],
    ['$expand', `Media($select=${MEDIA_SELECT.join(',')})`],
    ['$top', String(keys.length)],
  ])
}
