import { Trans } from '@lingui/react/macro'
import { useEffect, useRef } from 'react'
import { Button } from '~/components/ui'

/** Asked when the realtor navigates away with unsaved changes. */
export function LeaveDialog({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    dialog.current?.showModal()
  }, [])
  return (
    <dialog
      ref={dialog}
      onCancel={onStay}
      aria-labelledby="leave-title"
      className="m-auto w-[min(28rem,92vw)] rounded-2xl bg-white p-6 text-stone-900 backdrop:bg-black/60 dark:bg-stone-900 dark:text-stone-100"
      data-testid="leave-dialog"
    >
      <h2 id="leave-title" className="text-xl font-semibold">
        <Trans>Leave without saving?</Trans>
      </h2>
      <p className="mt-2 text-stone-700 dark:text-stone-300">
        <Trans>Your changes have not been saved yet.</Trans>
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button
          variant="brand"
          size="md"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- a modal dialog focuses its safe choice when it opens (WAI-ARIA dialog pattern)
          autoFocus
          onClick={onStay}
        >
          <Trans>Stay and keep editing</Trans>
        </Button>
        <Button variant="outline" size="md" onClick={onLeave}>
          <Trans>Leave</Trans>
        </Button>
      </div>
    </dialog>
  )
}
