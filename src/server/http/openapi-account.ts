import { z } from 'zod'
import { bearer, errorResponses, jsonContent } from './openapi-parts'
import { deleteAccountRequestSchema, deletedAccountSchema } from '~/schemas/account'

/*
 * The realtor's data to take away and the account's deletion in the OpenAPI document (issue 30
 * item 8, decision 043). Its helpers come from openapi-parts.ts.
 */

export const ACCOUNT_TAG = {
  name: 'Your data',
  description: "A realtor's data to take away as one ZIP, and the deletion of an account with everything of it",
} as const

export function accountPaths() {
  return {
    '/realtors/{id}/export': {
      get: {
        operationId: 'exportRealtorData',
        tags: [ACCOUNT_TAG.name],
        summary: 'Everything of a realtor as one ZIP (owner or admin)',
        description:
          "Streamed: `export.json` (format version), `realtor.json` (the owner's REST shape), `testimonials.json`, `leads/<kind>.json` and `.csv` for messages, pipeline, lead-notes, saved-searches, tour-requests, seller-leads and market-subscriptions (status and consent records as stored), `posts.json` (bodies and tags), `statistics/daily.json`/`.csv` and `statistics/last-90-days.json`, and `photos/` with `photos/index.json`. The README's \"Data export\" section describes each file. Another realtor (or an unknown id) is 404. At most `RATE_LIMIT_EXPORT` exports an hour per account (the caller's, default 5; decision 043): past it, 429 with `Retry-After`.",
        security: bearer,
        requestParams: { path: z.object({ id: z.string().meta({ description: 'The realtor id' }) }) },
        responses: {
          '200': {
            description: 'The ZIP, with `Content-Disposition: attachment` and `Cache-Control: private, no-store`',
            content: { 'application/zip': { schema: z.string().meta({ contentMediaType: 'application/zip' }) } },
          },
          ...errorResponses(401, 404),
          '429': {
            ...errorResponses(429)['429'],
            description: 'Too many exports by this account this hour (`RATE_LIMIT_EXPORT`)',
            headers: z.object({ 'Retry-After': z.int().min(1).meta({ description: 'Seconds until the next hour, when the account may export again' }) }),
          },
        },
      },
    },
    '/account': {
      delete: {
        operationId: 'deleteAccount',
        tags: [ACCOUNT_TAG.name],
        summary: "Deletes the caller's own account and everything of it",
        description:
          "The login account, its sessions and sign-in methods, every homepage it owns with their leads of every kind, consent records, notes, posts, statistics and queued mails, and every stored file of the account. `confirmEmail` must be the account's e-mail address (any case). The shared list of addresses that asked for no more mail is kept (decision 043). Cannot be undone: take the export first.",
        security: bearer,
        requestBody: jsonContent(deleteAccountRequestSchema.meta({ id: 'DeleteAccountRequest' })),
        responses: {
          '200': { description: 'Deleted', ...jsonContent(deletedAccountSchema.meta({ id: 'DeletedAccount' })) },
          ...errorResponses(400, 401, 413, 415),
        },
      },
    },
  }
}
