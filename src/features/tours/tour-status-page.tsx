import { msg } from '@lingui/core/macro'
import { formStatusPage } from '~/components/status-page'

/*
 * Where the listing page's "Request a tour" form lands when it was posted without scripts
 * (issue 26 item 4): sent, or why not, and the way back to the home.
 */
export const TourStatusPage = formStatusPage('tour-status', {
  titles: { sent: msg`Tour requested`, failed: msg`Your tour request was not sent` },
  sent: msg`Your request was sent. The realtor will confirm a time by e-mail.`,
  back: msg`Back to the home`,
  problems: {
    gone: msg`This home is no longer listed`,
    slots: msg`Choose two or three different times, from tomorrow up to 30 days ahead, between 8:00 and 19:30. Go back and check them.`,
    consent: msg`Agree to be contacted about your tour request`,
  },
})
