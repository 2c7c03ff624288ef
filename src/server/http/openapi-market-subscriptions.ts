import { z } from 'zod'
import { errorResponses, jsonContent } from './openapi-parts'
import type { ZodOpenApiPathsObject } from 'zod-openapi'
import {
  createdMarketSubscriptionSchema,
  marketSubscriptionRequestSchema,
  marketSubscriptionTokenSchema,
  marketSubscriptionViewSchema,
} from '~/schemas/market-subscriptions'

/*
 * The market report subscriptions' paths of the OpenAPI document (issue 27 item 5), spread into
 * it by openapi.ts: a visitor subscribing to a city's monthly report (public), confirming it by
 * the link of the confirmation mail, and the one-click unsubscribe of every report.
 */

/** The market reports' tag (`API_TAGS.market` in openapi.ts, which this file does not import back). */
const TAG = 'Market reports'

/** The paths, with the document's own error schema (one schema per component id). */
export function marketSubscriptionPaths(): ZodOpenApiPathsObject {
  const view = marketSubscriptionViewSchema.meta({ id: 'MarketSubscription' })
  return {
    '/market-subscriptions': {
      post: {
        operationId: 'createMarketSubscription',
        summary: "Subscribe to a city's monthly market report on a realtor's site (public)",
        description:
          "`city` must be one of the realtor's cities with a market report (its name or its address segment, e.g. `irvine-ca`), `consent` must be true. Stored as pending; one confirmation e-mail goes to the address, and no report is sent until its link is confirmed. The answer is the same for a new, an already subscribed or a refused subscription. Rate-limited per client and per e-mail address as saved searches are. A plain HTML form (`application/x-www-form-urlencoded`, `consent=on`) is answered with a 303 to a status page.",
        tags: [TAG],
        security: [],
        requestBody: jsonContent(marketSubscriptionRequestSchema),
        responses: {
          '202': {
            description: 'Accepted; waiting for confirmation',
            ...jsonContent(createdMarketSubscriptionSchema.meta({ id: 'CreatedMarketSubscription' })),
          },
          ...errorResponses(400, 404, 413, 415, 429),
        },
      },
    },
    '/market-subscriptions/confirm': {
      post: {
        operationId: 'confirmMarketSubscription',
        summary: 'Confirm a subscription with the token of its confirmation e-mail (double opt-in)',
        description:
          'Idempotent; a subscription unsubscribed since stays unsubscribed. The confirmation page posts it as a plain form (`token`, `back`) and is answered with a 303 back to itself.',
        tags: [TAG],
        security: [],
        requestBody: jsonContent(marketSubscriptionTokenSchema),
        responses: { '200': { description: 'Confirmed', ...jsonContent(view) }, ...errorResponses(400, 413, 415) },
      },
    },
    '/market-subscriptions/unsubscribe': {
      post: {
        operationId: 'unsubscribeMarketSubscription',
        summary: 'One-click unsubscribe (RFC 8058), the address in every market report e-mail',
        description:
          'Mail providers post `List-Unsubscribe=One-Click` as a form; the signed token is the authority. Idempotent. The unsubscribe page posts the same with `back` and is answered with a 303 back to itself.',
        tags: [TAG],
        security: [],
        requestParams: { query: z.object({ token: z.string() }) },
        responses: {
          '200': { description: 'Unsubscribed', ...jsonContent(z.object({ status: z.literal('unsubscribed') })) },
          ...errorResponses(400),
        },
      },
    },
  }
}
