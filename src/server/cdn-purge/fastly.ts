import type { CdnPurgeConfig } from './config'
import { sendPurgeRequest, type CdnPurger } from './purger'

/**
 * Fastly's batch purge by surrogate key: `POST /service/{service_id}/purge` with the keys
 * space-separated in a `Surrogate-Key` header and the API token in `Fastly-Key`; at most 256
 * keys per request. `Fastly-Soft-Purge: 1` marks the pages stale instead of removing them.
 */
export const FASTLY_MAX_KEYS = 256

export function fastlyPurger(config: Extract<CdnPurgeConfig, { vendor: 'fastly' }>, now: () => Date): CdnPurger {
  const url = `${config.baseUrl}/service/${encodeURIComponent(config.serviceId)}/purge`
  return {
    vendor: 'fastly',
    maxKeysPerRequest: FASTLY_MAX_KEYS,
    purge: (keys) => {
      const headers: Record<string, string> = { 'fastly-key': config.apiToken, 'surrogate-key': keys.join(' '), accept: 'application/json' }
      if (config.softPurge) headers['fastly-soft-purge'] = '1'
      // Fastly answers 200 with each key's purge id; any 2xx is the purge accepted.
      return sendPurgeRequest(url, { method: 'POST', headers }, () => true, now)
    },
  }
}
