import type { ReactNode } from 'react'

/* The form's main button and the spinner it shows while the form is sent. */

export const primaryButtonClass =
  'inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full bg-stone-900 px-6 text-base font-semibold text-white shadow-sm transition hover:bg-stone-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 disabled:cursor-wait disabled:opacity-70 dark:bg-stone-100 dark:text-stone-900 dark:hover:bg-white dark:focus-visible:outline-stone-100'

export function SubmitButton(props: { busy: boolean; children: ReactNode; busyLabel: ReactNode; testId: string }) {
  return (
    <button type="submit" disabled={props.busy} aria-busy={props.busy} className={primaryButtonClass} data-testid={props.testId}>
      {props.busy ? (
        <>
          <Spinner />
          {props.busyLabel}
        </>
      ) : (
        props.children
      )}
    </button>
  )
}

export function Spinner({ className = 'size-4' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={`${className} animate-spin motion-reduce:animate-none`} fill="none">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  )
}
