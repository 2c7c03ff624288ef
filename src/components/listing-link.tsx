import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { langParam, type Lang } from '~/lib/lang'

/** A link to a listing's page on its realtor's homepage (`/{desiredUrl}/homes/{listingKey}`). */
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
  return (
    <Link to="/{-$lang}/$desiredUrl/homes/$listingKey" params={{ lang: langParam(lang), desiredUrl, listingKey }} className={className}>
      {children}
    </Link>
  )
}
