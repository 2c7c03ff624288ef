import { Trans } from '@lingui/react/macro'
import { useId, useRef, useState } from 'react'

/**
 * Delete with a typed confirmation (issue 5): the button stays disabled until the realtor
 * types their own homepage address. A native modal dialog traps focus and closes on Escape.
 */
export function DeleteDialog({ desiredUrl, onConfirm, busy }: { desiredUrl: string; onConfirm: () => void; busy: boolean }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const [typed, setTyped] = useState('')
  const inputId = useId()
  const matches = typed.trim() === desiredUrl
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setTyped('')
          dialog.current?.showModal()
        }}
        className="mt-4 inline-flex min-h-11 items-center rounded-full border border-red-700 px-5 font-semibold text-red-800 hover:bg-red-100 dark:border-red-400 dark:text-red-200 dark:hover:bg-red-900/40"
        data-testid="delete-open"
      >
        <Trans>Delete homepage…</Trans>
      </button>
      <dialog ref={dialog} aria-labelledby={`${inputId}-title`} className="m-auto w-[min(32rem,92vw)] rounded-2xl bg-white p-6 text-stone-900 backdrop:bg-black/60 dark:bg-stone-900 dark:text-stone-100">
        <h2 id={`${inputId}-title`} className="text-xl font-semibold">
          <Trans>Delete this homepage?</Trans>
        </h2>
        <p className="mt-2 text-stone-700 dark:text-stone-300">
          <Trans>This cannot be undone. Type the address of your homepage to confirm:</Trans> <strong className="font-mono">{desiredUrl}</strong>
        </p>
        <label htmlFor={inputId} className="mt-4 block text-sm font-medium">
          <Trans>Homepage address</Trans>
        </label>
        <input
          id={inputId}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          className="mt-1 block min-h-11 w-full rounded-lg border border-stone-300 px-3 font-mono dark:border-stone-600 dark:bg-stone-950"
          data-testid="delete-confirm-input"
        />
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button type="button" onClick={() => dialog.current?.close()} className="inline-flex min-h-11 items-center rounded-full border border-stone-300 px-5 font-medium dark:border-stone-600">
            <Trans>Cancel</Trans>
          </button>
          <button
            type="button"
            disabled={!matches || busy}
            onClick={onConfirm}
            className="inline-flex min-h-11 items-center rounded-full bg-red-700 px-5 font-semibold text-white disabled:opacity-50"
            data-testid="delete-confirm"
          >
            {busy ? <Trans>Deleting…</Trans> : <Trans>Delete for good</Trans>}
          </button>
        </div>
      </dialog>
    </>
  )
}
