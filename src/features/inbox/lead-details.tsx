import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Icon } from '~/components/ui'
import { mailtoHref } from '~/lib/contact-links'

/*
 * The parts every lead of the workspace shows the same way, whatever its kind (a message, a
 * saved search, a lead of the desk): the header button that opens it, and the details list
 * with the visitor's e-mail address and phone number as links that write or call.
 */

export const detailTermClass = 'font-medium text-stone-500 dark:text-stone-400'

const detailLinkClass = 'font-medium text-stone-900 underline underline-offset-4 dark:text-stone-100'

/** One term of a lead's details list and its value. */
export function LeadDetail({ term, className, testId, children }: { term: ReactNode; className?: string; testId?: string; children: ReactNode }) {
  return (
    <>
      <dt className={detailTermClass}>{term}</dt>
      <dd className={className} data-testid={testId}>
        {children}
      </dd>
    </>
  )
}

/** The visitor's e-mail address, and their phone number when they gave one, as links. */
export function ReachDetails({ email, phone }: { email: string; phone?: { href: string; label: string } | null }) {
  return (
    <>
      <LeadDetail term={<Trans>E-mail</Trans>} className="min-w-0 break-all">
        <a href={mailtoHref(email)} className={detailLinkClass}>
          {email}
        </a>
      </LeadDetail>
      {phone ? (
        <LeadDetail term={<Trans>Phone</Trans>}>
          <a href={phone.href} className={detailLinkClass}>
            {phone.label}
          </a>
        </LeadDetail>
      ) : null}
    </>
  )
}

/** A lead's heading: a button that opens and closes its body (`bodyId`), with a chevron that says which. */
export function LeadToggle({
  expanded,
  bodyId,
  onToggle,
  testId,
  children,
}: {
  expanded: boolean
  bodyId: string
  onToggle: () => void
  testId?: string
  children: ReactNode
}) {
  return (
    <h3>
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={bodyId}
        onClick={onToggle}
        className="flex min-h-11 w-full items-start gap-3 p-4 text-left hover:bg-stone-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-stone-900 sm:p-5 dark:hover:bg-stone-800/60 dark:focus-visible:outline-stone-100"
        data-testid={testId}
      >
        {children}
        <Icon
          name="chevron"
          className={`mt-1 size-5 shrink-0 text-stone-500 transition-transform motion-reduce:transition-none ${expanded ? 'rotate-180' : ''}`}
        />
      </button>
    </h3>
  )
}
