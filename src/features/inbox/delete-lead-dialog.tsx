import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { DeleteDialog } from '~/components/delete-dialog'
import { errorMessage } from '~/lib/server-error'

/**
 * Deleting a lead of the inbox (a message, a saved search) for good: the visitor's e-mail
 * address is typed to confirm, and a failed delete says why inside the dialog. `lead` is the
 * one being deleted (null: closed); `deletion` is its TanStack mutation.
 */
export function DeleteLeadDialog<Lead extends { email: string }>({
  lead,
  deletion,
  onClose,
  words,
  testIdPrefix,
}: {
  lead: Lead | null
  deletion: { isPending: boolean; isError: boolean; error: unknown; mutate: (lead: Lead) => void }
  onClose: () => void
  words: { title: ReactNode; description: ReactNode; label: (email: string) => ReactNode; confirm: ReactNode; failed: string }
  testIdPrefix: string
}) {
  const { i18n } = useLingui()
  const email = lead?.email ?? ''
  return (
    <DeleteDialog
      open={lead !== null}
      expected={email}
      title={words.title}
      description={words.description}
      label={words.label(email)}
      confirmLabel={words.confirm}
      pending={deletion.isPending}
      error={deletion.isError ? errorMessage(deletion.error, (id) => i18n._(id), words.failed) : undefined}
      onCancel={onClose}
      onClosed={onClose}
      onConfirm={() => {
        if (lead) deletion.mutate(lead)
      }}
      testIds={{ dialog: `${testIdPrefix}-delete-dialog`, input: `${testIdPrefix}-delete-confirm`, confirm: `${testIdPrefix}-delete-submit` }}
    />
  )
}
