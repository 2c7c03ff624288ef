import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useId, useMemo } from 'react'
import { ColumnHeadings, ErrorAlert } from '~/components/ui'
import { LOCALE_TAG, type Lang } from '~/lib/lang'
import { errorMessage } from '~/lib/errors'
import { adminMailOutboxQuery } from '~/queries/admin'
import type { AdminPendingMail } from '~/schemas/admin'

/**
 * Issue 13 item 3: mail waiting to go out. Without SMTP every message, confirmation and alert
 * stays stored here rather than being lost; the admin sees how many, the oldest, and why
 * the last attempt failed.
 */
export function MailOutboxPanel({ lang }: { lang: Lang }) {
  const { t, i18n } = useLingui()
  const headingId = useId()
  const query = useQuery({ ...adminMailOutboxQuery(), retry: false })
  const dateTimeFormat = useMemo(() => new Intl.DateTimeFormat(LOCALE_TAG[lang], { dateStyle: 'medium', timeStyle: 'short' }), [lang])
  const loadError = query.isError
    ? errorMessage(query.error, (id) => i18n._(id), t`The mail outbox could not be loaded. Check your connection and try again.`)
    : undefined
  const outbox = query.data
  // Named, so the catalog's plural says what it counts.
  const waitingMessages = outbox?.pendingContacts ?? 0
  const waitingMails = outbox?.pendingMails ?? 0
  const realtorsWithoutAddress = outbox?.realtorsWithoutPostalAddress ?? 0
  const kindLabel = (kind: AdminPendingMail['kind']): string => {
    switch (kind) {
      case 'contact':
        return t`Message to a realtor`
      case 'saved-search-confirm':
        return t`Alert confirmation`
      case 'saved-search-alert':
        return t`New-listing alert`
      case 'lead-reply':
        return t`Instant reply to a visitor`
      case 'lead-digest':
        return t`Daily lead digest`
      case 'tour-confirmed':
        return t`Tour invitation`
      case 'tour-cancelled':
        return t`Tour cancellation`
      case 'seller-lead':
        return t`Seller lead to a realtor`
      case 'market-confirm':
        return t`Market report confirmation`
      case 'market-report':
        return t`Monthly market report`
      case 'cma':
        return t`Market analysis to a seller`
    }
  }

  return (
    <section aria-labelledby={headingId} data-testid="admin-mail-outbox" className="mb-10">
      <h2 id={headingId} className="mb-4 text-2xl font-bold tracking-tight text-stone-900 dark:text-stone-50">
        <Trans>Mail outbox</Trans>
      </h2>
      <ErrorAlert testId="admin-mail-outbox-error" message={loadError} onRetry={loadError ? () => void query.refetch() : undefined} />
      {query.isPending ? (
        <p className="text-sm text-stone-600 dark:text-stone-300">
          <Trans>Loading…</Trans>
        </p>
      ) : outbox ? (
        <div className="grid gap-3 text-sm">
          {outbox.smtpConfigured ? null : (
            <p
              className="rounded-xl border border-amber-300 bg-amber-50 p-4 font-semibold text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
              data-testid="admin-mail-outbox-no-smtp"
            >
              <Trans>No mail server is configured (SMTP_URL), so mail is kept here and sent once one is.</Trans>
            </p>
          )}
          {outbox.realtorsWithoutPostalAddress > 0 ? (
            <p
              className="rounded-xl border border-amber-300 bg-amber-50 p-4 font-semibold text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
              data-testid="admin-mail-outbox-no-postal-address"
            >
              <Plural
                value={realtorsWithoutAddress}
                one="# realtor with saved searches has no brokerage address, and MAIL_POSTAL_ADDRESS is not set: their alerts go out without the postal address the CAN-SPAM Act requires."
                other="# realtors with saved searches have no brokerage address, and MAIL_POSTAL_ADDRESS is not set: their alerts go out without the postal address the CAN-SPAM Act requires."
              />
            </p>
          ) : null}
          <p data-testid="admin-mail-outbox-counts">
            <Plural value={waitingMessages} one="# message to a realtor waiting" other="# messages to realtors waiting" />
            {' · '}
            <Plural value={waitingMails} one="# confirmation or alert waiting" other="# confirmations and alerts waiting" />
          </p>
          {outbox.oldest.length > 0 ? (
            <div className="overflow-x-auto">
              <table className="w-full min-w-[36rem] text-left">
                <caption className="sr-only">
                  <Trans>The oldest mail not yet sent</Trans>
                </caption>
                <thead className="text-stone-600 dark:text-stone-300">
                  <ColumnHeadings className="py-1 pr-3 font-medium last:pr-0" labels={[t`Kind`, t`To`, t`Subject`, t`Stored`, t`Attempts and last error`]} />
                </thead>
                <tbody>
                  {outbox.oldest.map((mail) => (
                    <tr key={mail.id} data-testid="admin-pending-mail" className="border-t border-stone-200 align-top dark:border-stone-800">
                      <td className="py-2 pr-3">{kindLabel(mail.kind)}</td>
                      <td className="py-2 pr-3 break-all">{mail.toAddress}</td>
                      <td className="py-2 pr-3">{mail.subject}</td>
                      <td className="py-2 pr-3 whitespace-nowrap">{dateTimeFormat.format(new Date(mail.createdAt))}</td>
                      <td className="py-2">
                        {mail.attempts}
                        {mail.lastError ? <span className="block break-all text-stone-600 dark:text-stone-300">{mail.lastError}</span> : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="text-stone-600 dark:text-stone-300">
              <Trans>All mail has been sent.</Trans>
            </p>
          )}
        </div>
      ) : null}
    </section>
  )
}
