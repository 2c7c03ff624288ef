import { Trans } from '@lingui/react/macro'
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react'
import type { IconName } from './icon-paths'
import { Button, Icon } from './ui'

/** The look of the workspace's modal dialogs (this one and DeleteDialog). */
export const MODAL_DIALOG_CLASS =
  'm-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-0 text-stone-900 shadow-2xl backdrop:bg-stone-950/60 dark:bg-stone-900 dark:text-stone-100'

/** What one click is about to do, in the realtor's words. */
export type ConfirmRequest = {
  /** A question naming the action: "Cancel this tour?" */
  title: string
  /** The consequence itself, with who and when: "The tour on … is cancelled and Jane Kim is told by e-mail." */
  consequence: string
  /** The button that does it, named by what it does ("Cancel tour and e-mail Jane Kim"). */
  confirmLabel: string
  /** The button that keeps things as they are; "Go back" when not said. */
  keepLabel?: string
  /** `danger` loses data or takes back a promise; `send` tells a visitor something. */
  tone: 'danger' | 'send'
  /** Beside the confirm button's words: `trash` for a delete, `reply` for a mail. */
  icon?: IconName
  onConfirm: () => void
}

/**
 * Asks before an action that tells a visitor something or loses data (issue 52 item 3, decision
 * 069). A native modal <dialog>: the browser traps focus, makes the page inert and closes it on
 * Escape, and gives focus back to the button that opened it. The safe choice has the focus when
 * it opens, so Enter or Space pressed by habit keeps things as they are.
 *
 * One per panel, through `useConfirm`; render `dialog` outside any <form>.
 */
export function ConfirmDialog({ request, onClose, testId }: { request: ConfirmRequest | null; onClose: () => void; testId: string }) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const keepRef = useRef<HTMLButtonElement>(null)
  const titleId = useId()
  const consequenceId = useId()
  // Kept while the dialog closes, so its words do not vanish under the closing frame.
  const [shown, setShown] = useState<ConfirmRequest | null>(request)
  if (request !== null && request !== shown) setShown(request)

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (request && !dialog.open) {
      dialog.showModal()
      keepRef.current?.focus()
    } else if (!request && dialog.open) {
      dialog.close()
    }
  }, [request])

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={consequenceId}
      // Escape, the keep button and dialog.close() all end here.
      onClose={onClose}
      className={MODAL_DIALOG_CLASS}
      data-testid={testId}
    >
      {shown ? (
        <div className="grid gap-4 p-6">
          <h2 id={titleId} className="text-xl font-bold tracking-tight break-keep">
            {shown.title}
          </h2>
          <p id={consequenceId} className="break-words break-keep text-stone-700 dark:text-stone-300" data-testid={`${testId}-consequence`}>
            {shown.consequence}
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap-reverse sm:justify-end">
            <Button ref={keepRef} variant="secondary" size="md" className="whitespace-normal" onClick={onClose} data-testid={`${testId}-keep`}>
              {shown.keepLabel ?? <Trans>Go back</Trans>}
            </Button>
            <Button
              variant={shown.tone === 'danger' ? 'dangerSolid' : 'primary'}
              size="md"
              className="whitespace-normal"
              onClick={() => {
                const action = shown.onConfirm
                onClose()
                action()
              }}
              data-testid={`${testId}-confirm`}
            >
              {shown.icon ? <Icon name={shown.icon} /> : null}
              {shown.confirmLabel}
            </Button>
          </div>
        </div>
      ) : null}
    </dialog>
  )
}

/** A panel's confirm dialog: `ask(request)` opens it; put `dialog` once in the panel. */
export function useConfirm(testId = 'confirm-dialog'): { ask: (request: ConfirmRequest) => void; dialog: ReactNode } {
  const [request, setRequest] = useState<ConfirmRequest | null>(null)
  const close = useCallback(() => setRequest(null), [])
  const dialog = useMemo(() => <ConfirmDialog request={request} onClose={close} testId={testId} />, [request, close, testId])
  return { ask: setRequest, dialog }
}
