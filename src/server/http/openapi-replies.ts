import { z } from 'zod'
import { bearer, errorResponses, jsonContent } from './openapi-parts'
import { replySettingsInputSchema, replySettingsSchema } from '~/schemas/lead-replies'

/*
 * The lead desk's instant reply and digest settings in the OpenAPI document (issue 26,
 * decision 021). Its helpers come from openapi-parts.ts.
 */

export function replySettingsPaths() {
  const path = z.object({ id: z.string().meta({ description: 'The realtor id' }) })
  const settings = replySettingsSchema.meta({ id: 'ReplySettings' })
  return {
    '/realtors/{id}/reply-settings': {
      get: {
        operationId: 'getReplySettings',
        summary: "A realtor's instant reply templates and daily digest settings (owner or admin)",
        description:
          'The subject and body of the instant reply per language (the default wording while `usesDefaultKo`/`usesDefaultEn`), its switch, and the digest: language, IANA time zone, local hour, switch. Another realtor (or an unknown id) is 404.',
        tags: ['Lead desk'],
        security: bearer,
        requestParams: { path },
        responses: { '200': { description: 'The settings', ...jsonContent(settings) }, ...errorResponses(401, 404) },
      },
      put: {
        operationId: 'putReplySettings',
        summary: "Replace a realtor's instant reply templates and digest settings (owner or admin)",
        description:
          'Every field is required. Templates may use only `{visitorName}`, `{realtorName}`, `{listingAddress}`, `{phone}`, `{email}`, `{website}`; an unknown placeholder or a lone brace is a 400 with a field error. A language whose subject and body equal the default keeps following the default wording.',
        tags: ['Lead desk'],
        security: bearer,
        requestParams: { path },
        requestBody: jsonContent(replySettingsInputSchema.meta({ id: 'ReplySettingsInput' })),
        responses: { '200': { description: 'Saved', ...jsonContent(settings) }, ...errorResponses(400, 401, 404, 413, 415) },
      },
    },
  }
}
