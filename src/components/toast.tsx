import { useLingui } from '@lingui/react/macro'
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'

/*
 * Spec §8's notices ("successfully registered", a save that failed with the server's message)
 * as toasts instead of browser alerts: an alert blocks the page, steals focus and cannot be
 * styled or translated around the server's text.
 */

export type ToastKind = 'success' | 'error'
type Toast = { id: number; kind: ToastKind; message: string }

export type ToastApi = {
  success(message: string): void
  error(message: string): void
}

/** Long enough to read two lines in a second language; errors stay until closed (WCAG 2.2.1). */
export const TOAST_DURATION_MS = 5000
/** Older toasts give way, so a burst of saves cannot cover the page. */
const MAX_TOASTS = 4

const ToastContext = createContext<ToastApi | null>(null)

/**
 * Holds the toasts and renders their two live regions. Both regions are in the page from the
 * start: screen readers announce changes to a live region they already know, not one that
 * appears together with its first message. Successes are polite (they wait for the reader to
 * finish); errors are assertive, because the realtor's work was not saved.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Array<Toast>>([])
  const nextId = useRef(0)

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id))
  }, [])

  const show = useCallback((kind: ToastKind, message: string) => {
    nextId.current += 1
    const toast: Toast = { id: nextId.current, kind, message }
    setToasts((current) => {
      const next = [...current, toast]
      if (next.length <= MAX_TOASTS) return next
      // Drop the oldest success first: an error the realtor has not read should not vanish.
      const oldestSuccess = next.findIndex((item) => item.kind === 'success')
      return next.filter((_, index) => index !== (oldestSuccess >= 0 ? oldestSuccess : 0))
    })
  }, [])

  const api = useMemo<ToastApi>(
    () => ({
      success: (message) => show('success', message),
      error: (message) => show('error', message),
    }),
    [show],
  )

  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* Bottom-centre under a thumb on phones, out of the way bottom-right on wider screens.
          The stack lets clicks through between toasts; each toast takes its own. */}
      <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center px-4 pb-[max(1rem,env(safe-area-inset-bottom))] sm:items-end sm:px-6 sm:pb-6">
        <ToastRegion kind="error" toasts={toasts} onDismiss={dismiss} />
        <ToastRegion kind="success" toasts={toasts} onDismiss={dismiss} />
      </div>
    </ToastContext.Provider>
  )
}

function ToastRegion({ kind, toasts, onDismiss }: { kind: ToastKind; toasts: Array<Toast>; onDismiss: (id: number) => void }) {
  const own = toasts.filter((toast) => toast.kind === kind)
  // Never hidden when empty: a region out of the accessibility tree would miss its first message.
  // aria-atomic false, so a new error is read alone, not with every error still shown.
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      aria-live={kind === 'error' ? 'assertive' : 'polite'}
      aria-atomic="false"
      className="flex w-full max-w-sm flex-col items-stretch"
      data-testid={`toast-region-${kind}`}
    >
      {own.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
      ))}
    </div>
  )
}

/** Heroicons' 20px solid exclamation-circle and check-circle. */
const ERROR_ICON_PATH =
  'M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z'
const SUCCESS_ICON_PATH =
  'M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.86-9.86a.75.75 0 0 0-1.22-.88l-3.24 4.5-1.6-1.6a.75.75 0 1 0-1.06 1.06l2.22 2.22a.75.75 0 0 0 1.14-.09l3.76-5.21Z'

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const { t } = useLingui()
  const [paused, setPaused] = useState(false)
  const { id, kind } = toast

  // Successes leave on their own, but not while the realtor is pointing at or focused on one.
  useEffect(() => {
    if (kind === 'error' || paused) return
    const timer = window.setTimeout(() => onDismiss(id), TOAST_DURATION_MS)
    return () => window.clearTimeout(timer)
  }, [id, kind, paused, onDismiss])

  const isError = kind === 'error'
  return (
    <div
      className={`pointer-events-auto mt-2 flex items-start gap-3 rounded-xl border p-3 pl-4 shadow-lg transition duration-200 ease-out starting:translate-y-2 starting:opacity-0 motion-reduce:transition-none ${
        isError
          ? 'border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100'
          : 'border-stone-200 bg-white text-stone-900 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100'
      }`}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setPaused(false)
      }}
      data-testid={`toast-${kind}`}
    >
      <span aria-hidden="true" className={`mt-0.5 shrink-0 ${isError ? 'text-red-700 dark:text-red-300' : 'text-emerald-700 dark:text-emerald-400'}`}>
        <svg viewBox="0 0 20 20" fill="currentColor" className="size-5">
          <path fillRule="evenodd" d={isError ? ERROR_ICON_PATH : SUCCESS_ICON_PATH} clipRule="evenodd" />
        </svg>
      </span>
      <p className="min-w-0 flex-1 py-0.5 text-sm font-medium">{toast.message}</p>
      <button
        type="button"
        onClick={() => onDismiss(id)}
        // Escape closes the toast the focus is in; its close button is all it can hold.
        onKeyDown={(event) => {
          if (event.key === 'Escape') onDismiss(id)
        }}
        aria-label={t`Close notification`}
        className={`-my-1 -mr-1 inline-flex size-11 shrink-0 items-center justify-center rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-[-4px] focus-visible:outline-current ${
          isError ? 'hover:bg-red-100 dark:hover:bg-red-900' : 'hover:bg-stone-100 dark:hover:bg-stone-800'
        }`}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
          <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
        </svg>
      </button>
    </div>
  )
}

/** `success(message)` and `error(message)` for already translated text (often the server's own). */
export function useToast(): ToastApi {
  const api = useContext(ToastContext)
  if (!api) throw new Error('useToast() needs a <ToastProvider> above it in the tree')
  return api
}
