import { msg } from '@lingui/core/macro'
import { z } from 'zod'
import { messageId } from './messages'
import { pageFacts, pageNumberSchema, wholeNumber } from './query-fields'
import { regionStateSchema } from './realtor'

export const DIRECTORY_PAGE_SIZE = 12
export const DIRECTORY_MAX_PAGE_SIZE = 50

/** The directory's filters, shared by the page's search params and the REST query. */
export const directoryQuerySchema = z.object({
  state: regionStateSchema.optional(),
  city: z
    .string()
    .trim()
    .min(1)
    .max(80, { error: messageId(msg`This text is too long`) })
    .optional(),
  page: pageNumberSchema,
  pageSize: wholeNumber(1, DIRECTORY_MAX_PAGE_SIZE, msg`Choose a page size from 1 to 50`).default(DIRECTORY_PAGE_SIZE),
})
export type DirectoryQuery = z.output<typeof directoryQuerySchema>

/** A published realtor as the directory shows it: public fields only. */
export const directoryCardSchema = z.object({
  id: z.string(),
  desiredUrl: z.string(),
  displayNameKo: z.string().nullable(),
  displayNameEn: z.string().nullable(),
  brokerageName: z.string().nullable(),
  photoUrl: z.string().nullable(),
  /** The photo's WebP width variants (src/lib/photo-variants.ts), present once they exist. */
  photoWidths: z.array(z.number().int().positive()).optional(),
  regions: z.array(z.object({ state: regionStateSchema, city: z.string(), neighborhood: z.string().nullable() })),
  /** The languages the homepage's own texts are written in. */
  languages: z.array(z.enum(['ko', 'en'])),
  updatedAt: z.string(),
})
export type DirectoryCard = z.infer<typeof directoryCardSchema>

export const directoryPageSchema = z.object({
  realtors: z.array(directoryCardSchema),
  ...pageFacts,
})
export type DirectoryPage = z.infer<typeof directoryPageSchema>

/** The cities with published homepages in a state (the directory's city filter). */
export const directoryCitiesQuerySchema = directoryQuerySchema.pick({ state: true })
export const directoryCitySchema = z.object({ state: z.string(), city: z.string(), count: z.number() })
export type DirectoryCity = z.infer<typeof directoryCitySchema>
