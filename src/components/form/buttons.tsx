import type { ReactNode } from 'react'
import { Button } from '~/components/ui'

/* The form's main button and the spinner it shows while the form is sent. */

export function SubmitButton(props: { busy: boolean; children: ReactNode; busyLabel: ReactNode; testId: string }) {
  return (
    <Button variant="primary" size="lg" className="w-full" type="submit" disabled={props.busy} aria-busy={props.busy} data-testid={props.testId}>
      {props.busy ? (
        <>
          <Spinner />
          {props.busyLabel}
        </>
      ) : (
        props.children
      )}
    </Button>
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
