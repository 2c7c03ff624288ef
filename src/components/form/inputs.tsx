import { useLingui } from '@lingui/react/macro'
import { useState, type ComponentProps } from 'react'

/* The inputs the field components draw, styled alike. */

export const inputClass =
  'block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 shadow-sm transition placeholder:text-stone-400 focus:border-stone-900 focus:outline-2 focus:outline-offset-0 focus:outline-stone-900 aria-[invalid=true]:border-red-700 dark:border-stone-600 dark:bg-stone-950 dark:text-stone-100 dark:focus:border-stone-100 dark:focus:outline-stone-100 dark:aria-[invalid=true]:border-red-400'

/** An e-mail input as phones and password managers expect it. */
export function EmailInput(props: Omit<ComponentProps<'input'>, 'type'>) {
  return <input type="email" inputMode="email" autoComplete="email" autoCapitalize="none" spellCheck={false} className={inputClass} {...props} />
}

/** A password input with a button that shows what was typed (fewer typos on a phone). */
export function PasswordInput({ ref, ...props }: Omit<ComponentProps<'input'>, 'type'> & { id: string }) {
  const { t } = useLingui()
  const [visible, setVisible] = useState(false)
  return (
    <div className="relative">
      <input ref={ref} {...props} type={visible ? 'text' : 'password'} className={`${inputClass} pr-12`} />
      <button
        type="button"
        aria-controls={props.id}
        aria-pressed={visible}
        aria-label={t`Show password`}
        onClick={() => setVisible((shown) => !shown)}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-stone-600 hover:text-stone-950 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-stone-900 dark:text-stone-300 dark:hover:text-white"
      >
        {visible ? (
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8">
            <path d="M3 3l18 18M10.6 10.6a2 2 0 0 0 2.8 2.8M9.9 5.2A9.8 9.8 0 0 1 12 5c5 0 8.5 4.2 9.5 7a11.6 11.6 0 0 1-2.6 3.8M6.2 6.3C4.3 7.6 3 9.6 2.5 12c1 2.8 4.5 7 9.5 7 1.6 0 3.1-.4 4.4-1.1" />
          </svg>
        ) : (
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8">
            <path d="M2.5 12C3.5 9.2 7 5 12 5s8.5 4.2 9.5 7c-1 2.8-4.5 7-9.5 7s-8.5-4.2-9.5-7Z" />
            <circle cx="12" cy="12" r="3" />
          </svg>
        )}
      </button>
    </div>
  )
}
