import type { TranslationLang } from '~/server/db/schema'
import type { AppServices } from '~/server/services'

/*
 * The realtor's translate button (issue 54 item 4): a post, the bio or an instant-reply template
 * translated into the other language's field as a draft the realtor edits and saves. Through the
 * same provider and daily budget as the listings, and limited per account.
 */

/** The longest text one press translates: a long post, well under every provider's request limit. */
export const DRAFT_MAX_CHARS = 20_000

export type TranslateDraftInput = { accountId: string; text: string; from: TranslationLang; to: TranslationLang }

/**
 * Why no draft came back: `off` (no provider configured), `budget` (today's characters are spent),
 * `rate_limited` (this account pressed too often; `retryAfterSeconds` says when it may again),
 * `provider` (the provider failed or refused; its details are logged, never shown).
 */
export type TranslateDraftFailure = 'off' | 'budget' | 'rate_limited' | 'provider'

export type TranslateDraftResult = { ok: true; text: string } | { ok: false; reason: TranslateDraftFailure; retryAfterSeconds?: number }

export function translateDraft(services: AppServices, input: TranslateDraftInput): Promise<TranslateDraftResult> {
  void services
  void input
  return Promise.resolve({ ok: false, reason: 'off' })
}
