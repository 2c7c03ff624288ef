import type { ReactNode } from 'react'
import type { Lang } from '~/lib/lang'
import { useVisitorPage, visitorPageHref } from './visitor-page'

/**
 * A link to a listing's page on its realtor's homepage (`/{desiredUrl}/homes/{listingKey}`, or
 * `/homes/{listingKey}` on the realtor's own domain). A plain link, not the router's: it is also
 * in islands (the home-value page's comparables, the map's cards), which have no router, and a
 * listing's page is an islands page that loads as a document either way (decision 051).
 */
export function ListingLink({
  lang,
  desiredUrl,
  listingKey,
  className,
  children,
}: {
  lang: Lang
  desiredUrl: string
  listingKey: string
  className: string
  children: ReactNode
}) {
  const page = useVisitorPage()
  return (
    <a href={visitorPageHref(page, lang, `/${desiredUrl}/homes/${encodeURIComponent(listingKey)}`)} className={className}>
      {children}
    </a>
  )
}
