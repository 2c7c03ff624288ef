import type { Env } from '~/server/config/env'

/** Where changed pages are purged (decision 046); `none` keeps decision 009's log line. */
export type CdnPurgeConfig =
  | { vendor: 'none' }
  | { vendor: 'cloudflare'; zoneId: string; apiToken: string; baseUrl: string }
  | { vendor: 'fastly'; serviceId: string; apiToken: string; baseUrl: string; softPurge: boolean }

export type CdnVendor = Exclude<CdnPurgeConfig['vendor'], 'none'>

function required(config: Env, name: 'CLOUDFLARE_ZONE_ID' | 'CLOUDFLARE_API_TOKEN' | 'FASTLY_SERVICE_ID' | 'FASTLY_API_TOKEN'): string {
  const value = config[name]
  // At start, with the setting's name: a vendor without credentials would fill the outbox with
  // purges that can never be sent, and visitors would see stale pages with no error anywhere.
  if (value === undefined) throw new Error(`${name} is required when CDN_PURGE=${config.CDN_PURGE}`)
  return value
}

/** The base URL without a trailing slash, so paths join the same whichever way it was written. */
const trimmed = (url: string) => url.replace(/\/+$/, '')

export function cdnPurgeConfigFrom(config: Env): CdnPurgeConfig {
  switch (config.CDN_PURGE) {
    case 'none':
      return { vendor: 'none' }
    case 'cloudflare':
      return {
        vendor: 'cloudflare',
        zoneId: required(config, 'CLOUDFLARE_ZONE_ID'),
        apiToken: required(config, 'CLOUDFLARE_API_TOKEN'),
        baseUrl: trimmed(config.CLOUDFLARE_API_BASE_URL),
      }
    case 'fastly':
      return {
        vendor: 'fastly',
        serviceId: required(config, 'FASTLY_SERVICE_ID'),
        apiToken: required(config, 'FASTLY_API_TOKEN'),
        baseUrl: trimmed(config.FASTLY_API_BASE_URL),
        softPurge: config.FASTLY_SOFT_PURGE === 'true',
      }
  }
}
