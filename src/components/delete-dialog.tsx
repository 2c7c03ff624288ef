import { Trans } from '@lingui/react/macro'
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { MODAL_DIALOG_CLASS } from './confirm-dialog'
import { FieldRow } from './form/field-row'
import { Button, Icon } from './ui'

/**
 * Deleting a homepage removes it, its photos and its messages for good, so the person types its
 * address to confirm (a click-through "OK" is too easy to give by habit). A native modal
 * <dialog>: the browser traps focus, makes the page inert and closes it on Escape. Used by the
 * editor (the realtor's own homepage) and the platform admin (anyone's); each brings its words.
 *
 * Render it outside any other <form>: it holds its own, so Enter in the field confirms.
 */
export function DeleteDialog({
  open,
  expected,
  title,
  description,
  label,
  confirmLabel,
  pending,
  error,
  onCancel,
  onClosed,
  onConfirm,
  testIds,
}: {
  open: boolean
  /** What must be typed (trimmed) before the delete button is enabled. */
  expected: string
  title: ReactNode
  description: ReactNode
  /** The field's label. */
  label: ReactNode
  confirmLabel: ReactNode
  pending: boolean
  /** A failed delete's message, shown in the dialog's alert region. */
  error?: string
  /** Asks for the dialog to close (the Cancel button). */
  onCancel: () => void
  /** The dialog has closed, by Escape or because `open` became false. */
  onClosed: () => void
  onConfirm: () => void
  testIds: { dialog?: string; input: string; confirm: string }
}) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const titleId = useId()
  const descriptionId = useId()
  const inputId = useId()
  const [typed, setTyped] = useState('')
  const matches = open && typed.trim() === expected

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (open && !dialog.open) {
      setTyped('')
      dialog.showModal()
      inputRef.current?.focus()
    } else if (!open && dialog.open) {
      dialog.close()
    }
  }, [open])

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      // Escape and dialog.close() both end here; the parent then puts focus back.
      onClose={onClosed}
      className={MODAL_DIALOG_CLASS}
      data-testid={testIds.dialog}
    >
      {open ? (
        <form
          onSubmit={(event) => {
            event.preventDefault()
            if (matches && !pending) onConfirm()
          }}
          className="grid gap-4 p-6"
        >
          <h2 id={titleId} className="text-xl font-bold tracking-tight">
            {title}
          </h2>
          <p id={descriptionId} className="text-stone-700 dark:text-stone-300">
            {description}
          </p>
          <FieldRow id={inputId} label={label}>
            <input
              ref={inputRef}
              id={inputId}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              aria-invalid={typed !== '' && !matches}
              className="block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 font-mono text-base text-stone-900 shadow-sm focus:border-stone-900 focus:outline-2 focus:outline-stone-900 dark:border-stone-600 dark:bg-stone-950 dark:text-stone-100"
              data-testid={testIds.input}
            />
          </FieldRow>
          <div role="alert">
            {error ? <p className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-900 dark:bg-red-950 dark:text-red-100">{error}</p> : null}
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onCancel}>
              <Trans>Cancel</Trans>
            </Button>
            <Button variant="dangerSolid" type="submit" disabled={!matches || pending} aria-busy={pending} data-testid={testIds.confirm}>
              <Icon name="trash" />
              {pending ? <Trans>Deleting…</Trans> : confirmLabel}
            </Button>
          </div>
        </form>
      ) : null}
    </dialog>
  )
}
