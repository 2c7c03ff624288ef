import { Trans, useLingui } from '@lingui/react/macro'
import { useId, type FormEvent } from 'react'
import { Button, Icon } from '~/components/ui'

/** The admin's search box: the panel searches as they type (after a pause) and at once on Enter. */
export function SearchForm({ value, hidden, onChange, onSubmit }: { value: string; hidden: boolean; onChange: (value: string) => void; onSubmit: () => void }) {
  const { t } = useLingui()
  const searchId = useId()
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    onSubmit()
  }
  return (
    <form role="search" hidden={hidden} onSubmit={submit} className="flex w-full max-w-md gap-2 sm:w-auto sm:min-w-80">
      <label htmlFor={searchId} className="sr-only">
        <Trans>Search by address, name or e-mail</Trans>
      </label>
      <div className="relative flex-1">
        <Icon name="search" className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-stone-500" />
        <input
          id={searchId}
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={t`Address, name or e-mail`}
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          className="block min-h-11 w-full rounded-full border border-stone-300 bg-white py-2 pr-4 pl-10 text-base text-stone-900 shadow-sm placeholder:text-stone-500 focus:border-stone-900 focus:outline-2 focus:outline-stone-900 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100 dark:placeholder:text-stone-400"
          data-testid="admin-search"
        />
      </div>
      {/* Icon-only on phones so the field keeps its room; the name stays for screen readers. */}
      <Button variant="primary" type="submit" className="max-sm:px-3.5">
        <Icon name="search" className="size-4 sm:hidden" />
        <span className="max-sm:sr-only">
          <Trans>Search</Trans>
        </span>
      </Button>
    </form>
  )
}
