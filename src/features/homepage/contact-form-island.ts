import { defineIsland } from '~/features/islands/define-island'
import { ContactForm } from './contact-form'

/** The contact form as an island (decision 051); its live form still loads when it is about to be used. */
export const contactFormIsland = defineIsland('contact-form', ContactForm)
