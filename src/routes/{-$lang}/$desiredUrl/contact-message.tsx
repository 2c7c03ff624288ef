import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ContactStatusPage } from '~/features/homepage/contact-status-page'
import { realtorStatusHead } from '~/features/homepage/realtor-status-route'
import { noPageScripts } from '~/lib/page-scripts'
import { langFromParam } from '~/lib/lang'
import { formStatusSearchSchema } from '~/lib/form-status'
import { RealtorStatusFrame } from '~/features/homepage/realtor-status-frame'

/** Where the contact form lands when it was posted without scripts (issue 31). */
export const Route = createFileRoute('/{-$lang}/$desiredUrl/contact-message')({
  validateSearch: formStatusSearchSchema,
  head: realtorStatusHead({ path: 'contact-message', title: msg`Your message`, description: msg`Your message to the realtor and what happens next.` }),
  // Nothing on it needs code: sent without the app's scripts (decision 051).
  headers: noPageScripts,
  component: ContactStatusRoute,
})

function ContactStatusRoute() {
  const search = Route.useSearch()
  const { lang, desiredUrl } = Route.useParams()
  return (
    <RealtorStatusFrame>
      <ContactStatusPage search={search} lang={langFromParam(lang)} desiredUrl={desiredUrl} />
    </RealtorStatusFrame>
  )
}
