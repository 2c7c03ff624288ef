import { DESIRED_URL_MAX_LENGTH, DESIRED_URL_PATTERN } from './desired-url-rule'
import { isReservedPath } from './reserved-paths'

/*
 * Route `params.parse` functions. Returning `false` makes the router skip the route while
 * matching, so `/en` reaches the English index instead of a realtor called "en", and
 * `/fr/login` is not English. Plain functions rather than zod: see `./search-params`.
 */

type RawParams = Readonly<Record<string, string | undefined>>

/** `{-$lang}`: absent (Korean) or exactly `en`. */
export function parseLangParams(raw: RawParams): { lang?: 'en' } | false {
  if (raw.lang === undefined) return {}
  return raw.lang === 'en' ? { lang: 'en' } : false
}

/** `$desiredUrl`: the realtor form's desiredUrl rule (`desiredUrlSchema`, spec §5), reserved words refused. */
export function parseDesiredUrlParams(raw: RawParams): { desiredUrl: string } | false {
  const desiredUrl = raw.desiredUrl?.trim()
  if (!desiredUrl || desiredUrl.length > DESIRED_URL_MAX_LENGTH || !DESIRED_URL_PATTERN.test(desiredUrl) || isReservedPath(desiredUrl)) return false
  return { desiredUrl }
}
