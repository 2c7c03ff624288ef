import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ContactStatusPage } from '~/features/homepage/contact-status-page'
import { staticPageHead } from '~/features/pages/page-head'
import { langFromParam } from '~/lib/lang'
import { formStatusSearchSchema } from '~/lib/form-status'
import { noPageScripts } from '~/lib/page-scripts'
import { RealtorStatusFrame } from '~/features/homepage/realtor-status-frame'

/** Where the contact form lands when it was posted without scripts (issue 31). */
export const Route = createFileRoute('/{-$lang}/$desiredUrl/contact-message')({
  validateSearch: formStatusSearchSchema,
  head: ({ match, params }) =>
    staticPageHead({
      site: match.context.site,
      langParam: params.lang,
      realtor: match.context.realtor,
      path: `/${params.desiredUrl}/contact-message`,
      title: msg`Your message`,
      description: msg`Your message to the realtor and what happens next.`,
      noindex: true,
    }),
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
