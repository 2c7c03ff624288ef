import { Trans } from '@lingui/react/macro'
import { DeleteDialog } from '~/components/delete-dialog'
import type { AdminRow } from './types'

/** The shared typed-confirmation dialog, in the admin's words: the realtor is named, the address typed. */
export function DeleteRealtorDialog({
  row,
  name,
  pending,
  error,
  onCancel,
  onClosed,
  onConfirm,
}: {
  row: AdminRow | null
  name: string
  pending: boolean
  error: string | undefined
  onCancel: () => void
  onClosed: () => void
  onConfirm: (row: AdminRow) => void
}) {
  const address = row?.desiredUrl ?? ''
  // An element, not a string: <Trans> parses a string value for tags, and a realtor's name is
  // shown exactly as it was typed (issue 17).
  const typedName = <>{name}</>
  return (
    <DeleteDialog
      open={row !== null}
      expected={address}
      title={<Trans>Delete this homepage?</Trans>}
      description={
        <Trans>
          The homepage of <strong className="font-semibold text-stone-900 dark:text-stone-50">{typedName}</strong> at /{address} will be deleted for good, with
          its photos and messages. This cannot be undone.
        </Trans>
      }
      label={
        <Trans>
          Type <span className="font-mono font-semibold">{address}</span> to confirm
        </Trans>
      }
      confirmLabel={<Trans>Delete homepage</Trans>}
      pending={pending}
      error={error}
      onCancel={onCancel}
      onClosed={onClosed}
      onConfirm={() => {
        if (row) onConfirm(row)
      }}
      testIds={{ dialog: 'admin-delete-dialog', input: 'admin-delete-confirm', confirm: 'admin-delete-submit' }}
    />
  )
}
