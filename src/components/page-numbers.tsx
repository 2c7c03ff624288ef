import { Trans, useLingui } from '@lingui/react/macro'
import { Fragment, type ReactNode } from 'react'

/**
 * The pager of a paged public list (the directory, a realtor's blog): the pages around the
 * current one plus the first and the last, each a link the list makes (so it keeps the list's
 * filters and works without JavaScript), named "Page N" for screen readers. Nothing when one page.
 */
export function PageNumbers({
  page,
  totalPages,
  link,
}: {
  page: number
  totalPages: number
  link: (number: number, active: boolean, label: ReactNode) => ReactNode
}) {
  const { t } = useLingui()
  if (totalPages <= 1) return null
  const numbers = Array.from({ length: totalPages }, (_, index) => index + 1).filter(
    (number) => Math.abs(number - page) <= 3 || number === 1 || number === totalPages,
  )
  return (
    <nav aria-label={t`Pages`} className="mt-8 flex flex-wrap items-center gap-2">
      {numbers.map((number) => (
        <Fragment key={number}>
          {link(
            number,
            number === page,
            <>
              <span className="sr-only">
                <Trans>Page</Trans>{' '}
              </span>
              {number}
            </>,
          )}
        </Fragment>
      ))}
    </nav>
  )
}
