import { z } from 'zod'
import type { CdnPurgeConfig } from './config'
import { sendPurgeRequest, type CdnPurger } from './purger'

/**
 * Cloudflare's purge by Cache-Tag: `POST /zones/{zone_id}/purge_cache` with `{"tags":[…]}` and
 * an API token as a bearer. Every plan takes at most 100 tags per request (Cloudflare's purge
 * limits table, "max operations per request"); a larger list is refused with 400.
 */
export const CLOUDFLARE_MAX_TAGS = 100

/** A 2xx is not enough: the API says `success: false` with its errors in the body. */
const answerSchema = z.object({ success: z.boolean() })

function accepted(body: string): boolean {
  try {
    const parsed = answerSchema.safeParse(JSON.parse(body))
    return parsed.success && parsed.data.success
  } catch {
    return false
  }
}

export function cloudflarePurger(config: Extract<CdnPurgeConfig, { vendor: 'cloudflare' }>, now: () => Date): CdnPurger {
  const url = `${config.baseUrl}/zones/${encodeURIComponent(config.zoneId)}/purge_cache`
  return {
    vendor: 'cloudflare',
    maxKeysPerRequest: CLOUDFLARE_MAX_TAGS,
    purge: (keys) =>
      sendPurgeRequest(
        url,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${config.apiToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ tags: keys }),
        },
        accepted,
        now,
      ),
  }
}
