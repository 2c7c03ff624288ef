import { z } from 'zod'
import type { ContactMessageRow } from '~/server/db/schema'

export const CONTACT_STATUSES = ['new', 'read', 'handled'] as const
export const contactStatusSchema = z.enum(CONTACT_STATUSES)

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
})
export type ContactMessage = z.infer<typeof contactMessageSchema>

export function toContactMessage(row: ContactMessageRow): ContactMessage {
  return {
    id: row.id,
    realtorId: row.realtorId,
    name: row.name,
    lastName: row.lastName,
    firstName: row.firstName,
    email: row.email,
    phone: row.phone,
    phoneCountryCode: row.phoneCountryCode,
    message: row.message,
    listingKey: row.listingKey,
    isTerm: 'Y',
    status: contactStatusSchema.catch('new').parse(row.status),
    deliveryState: row.deliveryState === 'sent' ? 'sent' : row.deliveryState === 'sending' ? 'sending' : 'outbox',
    createdAt: row.createdAt,
  }
}
