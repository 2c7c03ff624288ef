import type { Env } from '~/server/config/env'

/*
 * Where the RESO Web API import reads from and how it signs in (reso-web-api.ts runs it), from
 * the environment or given by a caller.
 */

/** How the importer authenticates: a fixed bearer token, or OAuth2 client credentials. */
export type ResoCredentials =
  | { kind: 'token'; accessToken: string }
  | {
      kind: 'client-credentials'
      tokenUrl: string
      clientId: string
      clientSecret: string
      scope?: string
      /**
       * Where the client credentials go: HTTP Basic (RFC 6749 §2.3.1, what every server must
       * accept), the form body (what some RESO vendors require), or `auto`: Basic first, the
       * body once if the token endpoint refuses Basic.
       */
      clientAuth?: 'basic' | 'body' | 'auto'
    }

export type ResoConfig = {
  /** The OData service root, e.g. https://api.mls.example/odata */
  serviceRoot: string
  /** The entity set, `Property` in the RESO Data Dictionary. */
  resource: string
  credentials: ResoCredentials
  /** Two-letter StateOrProvince values; at least one. */
  states: ReadonlyArray<string>
  /** City names; empty means every city of the states. */
  cities: ReadonlyArray<string>
  /** StandardStatus values; empty means every status. */
  statuses: ReadonlyArray<string>
  /** `$top` of each page; the server may send fewer. */
  pageSize: number
  /** The entity set of open houses (`OpenHouse`); undefined: open houses are not imported (issue 26). */
  openHouseResource?: string
}

/** The settings are missing or contradictory; nothing was contacted. */
export class ResoConfigError extends Error {
  override name = 'ResoConfigError'
}

type ResoEnv = Pick<
  Env,
  | 'RESO_API_URL'
  | 'RESO_TOKEN_URL'
  | 'RESO_CLIENT_ID'
  | 'RESO_CLIENT_SECRET'
  | 'RESO_SCOPE'
  | 'RESO_ACCESS_TOKEN'
  | 'RESO_RESOURCE'
  | 'RESO_STATES'
  | 'RESO_CITIES'
  | 'RESO_STATUSES'
  | 'RESO_PAGE_SIZE'
  | 'RESO_OPENHOUSE_RESOURCE'
>

/** The import settings from the environment; undefined when RESO_API_URL is not set. */
export function resoConfigFromEnv(env: ResoEnv): ResoConfig | undefined {
  if (!env.RESO_API_URL) return undefined
  let credentials: ResoCredentials
  if (env.RESO_ACCESS_TOKEN) {
    credentials = { kind: 'token', accessToken: env.RESO_ACCESS_TOKEN }
  } else if (env.RESO_TOKEN_URL && env.RESO_CLIENT_ID && env.RESO_CLIENT_SECRET) {
    credentials = {
      kind: 'client-credentials',
      tokenUrl: env.RESO_TOKEN_URL,
      clientId: env.RESO_CLIENT_ID,
      clientSecret: env.RESO_CLIENT_SECRET,
      scope: env.RESO_SCOPE,
      clientAuth: 'auto',
    }
  } else {
    throw new ResoConfigError(
      'RESO_API_URL is set but there are no credentials: set RESO_ACCESS_TOKEN, or RESO_TOKEN_URL, RESO_CLIENT_ID and RESO_CLIENT_SECRET',
    )
  }
  if (env.RESO_STATES.length === 0) throw new ResoConfigError('RESO_STATES is empty: name at least one state, e.g. CA,GA')
  return {
    serviceRoot: env.RESO_API_URL,
    resource: env.RESO_RESOURCE,
    credentials,
    states: env.RESO_STATES,
    cities: env.RESO_CITIES,
    statuses: env.RESO_STATUSES,
    pageSize: env.RESO_PAGE_SIZE,
    openHouseResource: env.RESO_OPENHOUSE_RESOURCE,
  }
}

export function resoSourceOf(config: Pick<ResoConfig, 'serviceRoot'>): string {
  return `reso:${new URL(config.serviceRoot).host}`
}
