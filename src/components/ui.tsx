import { Trans } from '@lingui/react/macro'
import { ICON_PATHS, type IconName } from './icon-paths'

/** Shared button styles of the workspace panels: 44 px targets, visible focus, dark variants. */
export const buttonBase =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-4 text-sm font-semibold whitespace-nowrap transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900 disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 dark:focus-visible:outline-stone-100'

export const buttonStyles = {
  primary: `${buttonBase} bg-stone-900 text-white hover:bg-stone-700 dark:bg-stone-100 dark:text-stone-900 dark:hover:bg-stone-300`,
  secondary: `${buttonBase} border border-stone-300 bg-white text-stone-800 hover:border-stone-500 hover:bg-stone-50 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100 dark:hover:bg-stone-800`,
  danger: `${buttonBase} border border-red-300 bg-white text-red-800 hover:border-red-500 hover:bg-red-50 dark:border-red-800 dark:bg-stone-900 dark:text-red-300 dark:hover:bg-red-950`,
  dangerSolid: `${buttonBase} bg-red-700 text-white hover:bg-red-800 dark:bg-red-600 dark:hover:bg-red-500`,
} as const

/** A decorative line icon from the shared set; the text beside it carries the meaning. */
export function Icon({ name, className = 'size-4' }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" className={`shrink-0 ${className}`}>
      <path d={ICON_PATHS[name]} />
    </svg>
  )
}

/**
 * A region that is always in the page (so screen readers announce what appears in it) and
 * shows a server error, with "Try again" when the failure was passing.
 */
export function ErrorAlert({ testId, message, onRetry }: { testId: string; message: string | undefined; onRetry?: () => void }) {
  return (
    <div role="alert" data-testid={testId}>
      {message ? (
        <div className="mb-5 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100">
          <p className="font-medium">{message}</p>
          {onRetry ? (
            <button
              type="button"
              onClick={onRetry}
              className={`${buttonBase} border border-red-300 bg-white text-red-900 hover:bg-red-100 dark:border-red-700 dark:bg-red-900 dark:text-red-50`}
            >
              <Trans>Try again</Trans>
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}
