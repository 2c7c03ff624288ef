import { msg } from '@lingui/core/macro'
import { z } from 'zod'
import { messageId } from './messages'
import { pageFacts, pageNumberSchema } from './query-fields'

/*
 * The platform admin's screen (issue 5 item 7): the list of every realtor and the publish
 * switch. Server functions only; the REST API has no admin endpoints.
 */

export const ADMIN_PAGE_SIZE = 20

/** The platform admin's search: free text and a 1-based page. */
export const adminRealtorQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100, { error: messageId(msg`This text is too long`) })
    // NFC so a name typed as decomposed Hangul jamo still finds the stored syllables.
    .transform((value) => value.normalize('NFC'))
    .optional(),
  page: pageNumberSchema,
})
export type AdminRealtorQuery = z.input<typeof adminRealtorQuerySchema>

/** One realtor as the admin list shows it: enough to recognise, open and moderate it. */
export const adminRealtorRowSchema = z.object({
  id: z.string(),
  userId: z.string(),
  desiredUrl: z.string(),
  displayNameKo: z.string().nullable(),
  displayNameEn: z.string().nullable(),
  email: z.string(),
  published: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type AdminRealtorRow = z.infer<typeof adminRealtorRowSchema>

export const adminRealtorPageSchema = z.object({
  realtors: z.array(adminRealtorRowSchema),
  q: z.string(),
  ...pageFacts,
})
export type AdminRealtorPage = z.infer<typeof adminRealtorPageSchema>

/** Publish (isMakeHomepage Y) or unpublish (N) any realtor's homepage. */
export const adminSetPublishedSchema = z.object({
  id: z.string().trim().min(1).max(64),
  published: z.boolean(),
})
export type AdminSetPublished = z.infer<typeof adminSetPublishedSchema>

export const adminPublishedResultSchema = z.object({ id: z.string(), published: z.boolean(), updatedAt: z.string() })
export type AdminPublishedResult = z.infer<typeof adminPublishedResultSchema>

/** One listings import run, failed or not (issue 32 item 5). */
export const importRunSchema = z.object({
  startedAt: z.string(),
  finishedAt: z.string(),
  outcome: z.enum(['succeeded', 'failed']),
  /** A failed run's error, credentials stripped. */
  error: z.string().nullable(),
  fetched: z.number(),
  inserted: z.number(),
  updated: z.number(),
  /** Listings received that were stored already as they are: nothing was written for them. */
  unchanged: z.number(),
  rejected: z.number(),
  retired: z.number(),
  /** On a success: the failed runs since the previous success it recovered from. */
  recoveredFromFailures: z.number(),
})
export type ImportRun = z.infer<typeof importRunSchema>

/** One listing source on the admin's freshness list (issue 15 item 2). */
export const adminListingSourceSchema = z.object({
  source: z.string(),
  mlsName: z.string(),
  isDemo: z.boolean(),
  /** The last successful import run; null when none is recorded. */
  lastRunAt: z.string().nullable(),
  /** Hours the profile allows without a successful run; null: never checked (demo data). */
  maxAgeHours: z.number().nullable(),
  stale: z.boolean(),
  listedHomes: z.number(),
  /** The newest runs, newest first, failed ones included (issue 32 item 5). */
  recentRuns: z.array(importRunSchema),
})
export type AdminListingSource = z.infer<typeof adminListingSourceSchema>

export const adminListingSourcesSchema = z.object({
  sources: z.array(adminListingSourceSchema),
  checkedAt: z.string(),
})
export type AdminListingSources = z.infer<typeof adminListingSourcesSchema>

/** The kinds of mail the outbox sends (contact messages keep their own delivery state, `contact`). */
export const MAIL_OUTBOX_KINDS = [
  'saved-search-confirm',
  'saved-search-alert',
  'lead-reply',
  'lead-digest',
  'tour-confirmed',
  'tour-cancelled',
  'seller-lead',
  'market-confirm',
  'market-report',
  'cma',
] as const

/** One mail waiting in an outbox (issue 13): what the platform admin sees when SMTP is missing or failing. */
export const adminPendingMailSchema = z.object({
  id: z.string(),
  /** `contact` (a visitor's message to a realtor), `saved-search-confirm`, `saved-search-alert`, `lead-reply` (an instant reply), `lead-digest`, `tour-confirmed`, `tour-cancelled`, `seller-lead`, `market-confirm` (a market report subscription's confirmation) `market-report` (a monthly market report) or `cma` (a realtor's market analysis sent to a seller lead). */
  kind: z.enum(['contact', ...MAIL_OUTBOX_KINDS]),
  toAddress: z.string(),
  subject: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
})
export type AdminPendingMail = z.infer<typeof adminPendingMailSchema>

export const adminMailOutboxSchema = z.object({
  /** Whether SMTP_URL is set: without it every mail stays in the outbox. */
  smtpConfigured: z.boolean(),
  /**
   * Realtors with active saved searches and no brokerage address while MAIL_POSTAL_ADDRESS is
   * unset: their alerts go out without the postal address CAN-SPAM requires.
   */
  realtorsWithoutPostalAddress: z.number(),
  pendingContacts: z.number(),
  pendingMails: z.number(),
  /** The oldest undelivered mails of both outboxes, oldest first (at most 20). */
  oldest: z.array(adminPendingMailSchema),
})
export type AdminMailOutbox = z.infer<typeof adminMailOutboxSchema>
