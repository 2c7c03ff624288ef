import { msg } from '@lingui/core/macro'
import { z } from 'zod'
import { consentWording, CURRENT_CONSENT, isSameSitePath, type ConsentKind } from '~/lib/consent'
import { leadListExportQuerySchema, leadListQuerySchema, leadPageOf } from './lead-list'
import { messageId } from './messages'
import { consentPageSchema, honeypotSchema, visitorNameSchema, visitorRealtorIdSchema } from './visitor-fields'
import { countryCodeSchema, emailSchema, normalizePhone, phoneForStorage, phoneProblem, yesNoSchema } from './realtor-fields'

const nameSchema = visitorNameSchema(60)

const messageSchema = z
  .string({ error: messageId(msg`Write a message`) })
  .trim()
  .min(1, { error: messageId(msg`Write a message`) })
  .max(5000, { error: messageId(msg`Use at most 5,000 characters`) })

const phoneSchema = z
  .string({ error: messageId(msg`Enter a phone number`) })
  .trim()
  .min(1, { error: messageId(msg`Enter a phone number`) })
  .max(30, { error: messageId(msg`Enter a valid phone number`) })

function checkPhone(value: { phone: string; phoneCountryCode: string }, context: z.RefinementCtx) {
  const problem = phoneProblem(value.phone, value.phoneCountryCode)
  if (problem) context.addIssue({ code: 'custom', path: ['phone'], message: problem })
}

/** What the visitor writes, the same in the form and in the request the API receives. */
const visitorFields = {
  lastName: nameSchema,
  firstName: nameSchema,
  email: emailSchema,
  phone: phoneSchema,
  phoneCountryCode: countryCodeSchema,
  message: messageSchema,
}

/** The contact form as the visitor fills it in (spec §3). */
export const contactFormSchema = z
  .object({
    ...visitorFields,
    isTerm: z.boolean().refine((agreed) => agreed, { error: messageId(msg`Agree to the terms to send your message`) }),
    /** Optional and unticked by default: agreeing to be called or texted is never required. */
    phoneContactConsent: z.boolean(),
  })
  .superRefine(checkPhone)
export type ContactForm = z.input<typeof contactFormSchema>

const hangul = /^[\p{Script=Hangul}\s]+$/u

/**
 * Spec §5: the name is the last name joined to the first name. Korean names join without a
 * space (김 + 민지 = 김민지); other names keep one (Kim Jane) so they stay readable.
 */
export function joinName(lastName: string, firstName: string): string {
  const last = lastName.trim()
  const first = firstName.trim()
  if (!last || !first) return last || first
  return hangul.test(last) && hangul.test(first) ? `${last}${first}` : `${last} ${first}`
}

/** A consent version the server knows, of the given kind: the server stores that version's own words. */
function consentVersionSchema(kind: ConsentKind) {
  return z
    .string()
    .trim()
    .max(40)
    .refine((version) => consentWording(version, kind) !== undefined, {
      error: messageId(msg`This consent wording is not known. Reload the page and try again.`),
    })
}

/** The contact message as it is posted to the API (spec §7). */
export const contactRequestSchema = z
  .object({
    realtorId: visitorRealtorIdSchema,
    name: z.string().trim().max(130).optional(),
    ...visitorFields,
    isTerm: yesNoSchema.refine((value) => value === 'Y', { error: messageId(msg`Agree to the terms to send your message`) }),
    /** The listing the visitor asked about, when sent from a listing page. */
    listingKey: z.string().trim().max(64).optional(),
    website: honeypotSchema,
    /**
     * Which wording of the terms the visitor agreed to, and in which language they saw it; the
     * server stores that version's text itself. Absent (an older client): today's wording.
     */
    consentVersion: consentVersionSchema('contact').default(CURRENT_CONSENT.contact),
    consentLang: z.enum(['ko', 'en']).optional(),
    consentPage: consentPageSchema.optional(),
    /** Whether the visitor ticked "agree to be called or texted" (unticked unless they did). */
    phoneContactConsent: z.boolean().default(false),
    /** The wording of that checkbox the visitor saw; absent when the client showed none. */
    phoneContactConsentVersion: consentVersionSchema('phoneContact').optional(),
  })
  .superRefine(checkPhone)
  .transform((value) => ({
    ...value,
    name: joinName(value.lastName, value.firstName),
    // Stored in E.164 (issue 52 item 7): callable from anywhere, whatever the visitor typed.
    phone: phoneForStorage(value.phone, value.phoneCountryCode),
  }))
export type ContactRequest = z.input<typeof contactRequestSchema>
export type ContactRecord = z.output<typeof contactRequestSchema>

/** Spec §5: what the browser sends; name joined, isTerm as Y or N. */
export function toContactRequest(
  form: z.output<typeof contactFormSchema>,
  realtorId: string,
  extra: { lang: 'ko' | 'en'; page?: string; listingKey?: string; website?: string },
): ContactRequest {
  const { lang, page, ...rest } = extra
  return {
    realtorId,
    name: joinName(form.lastName, form.firstName),
    lastName: form.lastName,
    firstName: form.firstName,
    email: form.email,
    phone: normalizePhone(form.phone),
    phoneCountryCode: form.phoneCountryCode,
    message: form.message,
    isTerm: form.isTerm ? 'Y' : 'N',
    consentVersion: CURRENT_CONSENT.contact,
    consentLang: lang,
    consentPage: page !== undefined && isSameSitePath(page) ? page : undefined,
    phoneContactConsent: form.phoneContactConsent,
    phoneContactConsentVersion: CURRENT_CONSENT.phoneContact,
    ...rest,
  }
}

/** What `POST /realtor-contacts` answers: stored, and whether the realtor's mail went out yet. */
export const createdContactSchema = z.object({
  id: z.string(),
  realtorId: z.string(),
  createdAt: z.string(),
  delivery: z.enum(['sent', 'outbox']),
})
export type CreatedContact = z.infer<typeof createdContactSchema>

export const CONTACT_STATUSES = ['new', 'read', 'handled'] as const
export const contactStatusSchema = z.enum(CONTACT_STATUSES)
export type ContactStatus = z.infer<typeof contactStatusSchema>

/**
 * What the visitor agreed to when they sent a message, as stored then: never rewritten when a
 * wording changes. Every field is null for messages sent before consent was recorded.
 */
export const contactConsentSchema = z.object({
  version: z.string().nullable(),
  text: z.string().nullable().meta({ description: 'The exact words shown, in the language shown' }),
  lang: z.enum(['ko', 'en']).nullable(),
  page: z.string().nullable().meta({ description: 'The path of the page the form was on' }),
  consentedAt: z.string().nullable(),
  phoneContact: z.boolean().nullable().meta({ description: 'Agreed to be called or texted; null when unknown' }),
  phoneContactVersion: z.string().nullable(),
  phoneContactText: z.string().nullable(),
})
export type ContactConsent = z.infer<typeof contactConsentSchema>

/** A contact message as the owner sees it in the API and the inbox. */
export const contactMessageSchema = z.object({
  id: z.string(),
  realtorId: z.string(),
  name: z.string(),
  lastName: z.string(),
  firstName: z.string(),
  email: z.string(),
  phone: z.string(),
  phoneCountryCode: z.string(),
  message: z.string(),
  listingKey: z.string().nullable(),
  isTerm: z.literal('Y'),
  status: contactStatusSchema,
  deliveryState: z.enum(['outbox', 'sending', 'sent']),
  createdAt: z.string(),
  consent: contactConsentSchema,
})
export type ContactMessage = z.infer<typeof contactMessageSchema>

/** `GET /realtor-contacts` and the inbox: whose messages, which status, a page at a time. */
export const messageListQuerySchema = leadListQuerySchema(contactStatusSchema)
export type MessageListQuery = z.input<typeof messageListQuerySchema>

/** `GET /realtor-contacts/export.csv`: every message the filters select, in `viewerLang`. */
export const messagesExportQuerySchema = leadListExportQuerySchema(contactStatusSchema)

/** One page, and the counts of the whole list (with the same status filter): what the inbox's summary says. */
export const messagePageSchema = leadPageOf({ messages: z.array(contactMessageSchema) }, { unread: z.number().int() })
export type MessagePage = z.infer<typeof messagePageSchema>

/** `PATCH /realtor-contacts/{id}`'s body. */
export const messageStatusBodySchema = z.object({ status: contactStatusSchema })

/** The inbox marking one message: its id and the new status. */
export const messageStatusRequestSchema = messageStatusBodySchema.extend({ id: z.string().min(1).max(64) })
export type MessageStatusRequest = z.infer<typeof messageStatusRequestSchema>

/** What a delete answers: the id that is gone. */
export const deletedMessageSchema = z.object({ id: z.string() })
