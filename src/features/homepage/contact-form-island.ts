import { z } from 'zod'
import { defineIsland } from '~/features/islands/define-island'
import { langSchema } from '~/schemas/lang'
import { ContactForm } from './contact-form'

/** The contact form as an island (decision 051); its live form still loads when it is about to be used. */
export const contactFormIsland = defineIsland(
  'contact-form',
  ContactForm,
  z.object({
    realtorId: z.string(),
    realtorName: z.string(),
    desiredUrl: z.string(),
    lang: langSchema,
    listingKey: z.string().optional(),
    initialMessage: z.string().optional(),
  }),
)
