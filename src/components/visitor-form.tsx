import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { langParam, type Lang } from '~/lib/lang'

/* What every form a visitor sends from a realtor's homepage has (the contact form, saving a search). */

/** A text field, select or text area of these forms (inside a `VisitorField`). */
export const visitorInputClass =
  'mt-1 block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 shadow-sm focus:border-[var(--accent-text)] focus:outline-2 focus:outline-[var(--accent-text)] aria-[invalid=true]:border-red-700 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100'

/**
 * A field's label, its input (`children`, whose `aria-describedby` names `errorId` while it is
 * invalid) and its errors, if any.
 */
export function VisitorField({
  id,
  label,
  errors,
  errorId = `${id}-error`,
  children,
}: {
  id: string
  label: ReactNode
  errors: ReadonlyArray<string> | undefined
  errorId?: string
  children: ReactNode
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800 dark:text-stone-200">
        {label}
      </label>
      {children}
      {errors && errors.length > 0 ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300" data-testid={errorId}>
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  )
}

/** A field hidden from people and assistive technology, named so bots fill it in; the server drops what fills it. */
export function HoneypotField({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Website</label>
      <input id={id} name="website" tabIndex={-1} autoComplete="off" value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  )
}

/** The realtor's terms and privacy notice, in a new tab so what the visitor typed stays. */
export function AgreementLink({ lang, desiredUrl, children }: { lang: Lang; desiredUrl: string; children: ReactNode }) {
  return (
    <Link
      to="/{-$lang}/$desiredUrl/agreement"
      params={{ lang: langParam(lang), desiredUrl }}
      target="_blank"
      className="font-medium text-[var(--accent-text)] underline underline-offset-4"
    >
      {children}
    </Link>
  )
}
