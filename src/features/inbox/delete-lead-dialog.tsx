import { useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { DeleteDialog } from '~/components/delete-dialog'
import { errorMessage } from '~/lib/errors'

/** The delete of a panel's leads: the one being confirmed (null: none), and its mutation. */
export type LeadDeletion<Lead> = {
  lead: Lead | null
  mutation: { isPending: boolean; isError: boolean; error: unknown; mutate: (lead: Lead) => void }
  /** Opens the dialog for `lead`, without the error of a delete before. */
  ask: (lead: Lead) => void
  close: () => void
}

/** Deletes with `remove`; once deleted, the dialog closes and `onDeleted` says so and updates the list. */
export function useLeadDeletion<Lead>(remove: (lead: Lead) => Promise<unknown>, onDeleted: (lead: Lead) => Promise<void>): LeadDeletion<Lead> {
  const [lead, setLead] = useState<Lead | null>(null)
  const mutation = useMutation({
    mutationFn: remove,
    onSuccess: async (_deleted, deletedLead) => {
      setLead(null)
      await onDeleted(deletedLead)
    },
  })
  return {
    lead,
    mutation,
    ask: (next) => {
      mutation.reset()
      setLead(next)
    },
    close: () => setLead(null),
  }
}

/**
 * Deleting a lead of the inbox (a message, a saved search) for good: the visitor's e-mail
 * address is typed to confirm, and a failed delete says why inside the dialog.
 */
export function DeleteLeadDialog<Lead extends { email: string }>({
  deletion,
  words,
  testIdPrefix,
}: {
  deletion: LeadDeletion<Lead>
  words: { title: ReactNode; description: ReactNode; label: (email: string) => ReactNode; confirm: ReactNode; failed: string }
  testIdPrefix: string
}) {
  const { i18n } = useLingui()
  const { lead, mutation, close } = deletion
  const email = lead?.email ?? ''
  return (
    <DeleteDialog
      open={lead !== null}
      expected={email}
      title={words.title}
      description={words.description}
      label={words.label(email)}
      confirmLabel={words.confirm}
      pending={mutation.isPending}
      error={mutation.isError ? errorMessage(mutation.error, (id) => i18n._(id), words.failed) : undefined}
      onCancel={close}
      onClosed={close}
      onConfirm={() => {
        if (lead) mutation.mutate(lead)
      }}
      testIds={{ dialog: `${testIdPrefix}-delete-dialog`, input: `${testIdPrefix}-delete-confirm`, confirm: `${testIdPrefix}-delete-submit` }}
    />
  )
}
