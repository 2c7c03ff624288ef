import { msg } from '@lingui/core/macro'
import { formStatusPage } from '~/components/status-page'

/*
 * Where the contact form lands when it was posted without scripts (issue 31): sent, or why not,
 * and the way back to the page it was on (the homepage, or a listing).
 */
export const ContactStatusPage = formStatusPage('contact-status', {
  titles: { sent: msg`Message sent`, failed: msg`Your message was not sent` },
  sent: msg`Thank you! Your message has been sent. The realtor will get back to you soon.`,
  back: msg`Back to the page you wrote from`,
  problems: { consent: msg`Agree to the terms to send your message` },
  consentField: 'isTerm',
})
