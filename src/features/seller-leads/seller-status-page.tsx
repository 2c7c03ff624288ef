import { msg } from '@lingui/core/macro'
import { formStatusPage } from '~/components/status-page'

/*
 * Where the home-value page's "Get a personal valuation" form lands when it was posted without
 * scripts (issue 27 item 2): sent, or why not, and the way back to the estimate.
 */
export const SellerStatusPage = formStatusPage('seller-status', {
  titles: { sent: msg`Valuation requested`, failed: msg`Your request was not sent` },
  sent: msg`Your request was sent. The realtor will be in touch by e-mail.`,
  back: msg`Back to your estimate`,
  problems: { gone: msg`This homepage is no longer published`, consent: msg`Agree to be contacted about your valuation` },
})
