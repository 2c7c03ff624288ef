import { useId, type ReactNode } from 'react'

/**
 * A part of an opened lead that loads on its own (its timeline, its notes): a titled section
 * under a rule, a line saying what it holds and, when it could not be loaded, why.
 */
export function LeadSection({
  title,
  intro,
  loadError,
  testId,
  children,
}: {
  title: ReactNode
  intro: ReactNode
  /** The failed load's message, in words; nothing while it loads or once it has. */
  loadError: string | undefined
  testId: string
  children: ReactNode
}) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="mt-5 border-t border-stone-200 pt-4 dark:border-stone-800" data-testid={testId}>
      <h4 id={headingId} className="text-sm font-semibold text-stone-900 dark:text-stone-50">
        {title}
      </h4>
      <p className="text-sm text-stone-600 dark:text-stone-300">{intro}</p>
      {loadError ? (
        <p className="mt-2 text-sm font-medium text-red-800 dark:text-red-300" role="alert">
          {loadError}
        </p>
      ) : null}
      {children}
    </section>
  )
}
