import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState, type KeyboardEvent } from 'react'
import { inputClass } from '~/components/form/inputs'
import type { Lang } from '~/lib/lang'
import type { HomeSummary } from '~/schemas/home'
import { openHouseListingSearchQuery, type SiteRegion } from '~/queries/open-houses'

/*
 * The open-house form's listing picker (issue 52 item 8, decision 070): realtors know
 * addresses, not MLS numbers. Typing part of an address (or of the number) searches the homes
 * their site shows, with the same `q` search as `GET /home/list`, in each of their regions;
 * a pick fills the number. An ARIA 1.2 combobox: arrows move, Enter picks, Escape closes, and
 * a number typed whole without picking still goes through as before.
 */

/** Letters typed before a search starts, and the pause after the last one. */
const MIN_QUERY_LENGTH = 2
const SEARCH_DELAY_MS = 250

export function listingLabel(home: Pick<HomeSummary, 'fullAddress' | 'homeId'>): string {
  return `${home.fullAddress} · ${home.homeId}`
}

export function ListingPicker({
  id,
  text,
  onTextChange,
  onPick,
  regions,
  desiredUrl,
  lang,
  invalid,
  describedBy,
}: {
  id: string
  text: string
  onTextChange: (text: string) => void
  onPick: (home: HomeSummary) => void
  regions: ReadonlyArray<SiteRegion>
  desiredUrl: string
  lang: Lang
  invalid: boolean
  describedBy: string | undefined
}) {
  const { t } = useLingui()
  const listboxId = `${id}-listbox`
  const [query, setQuery] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [text])

  const enabled = open && query.length >= MIN_QUERY_LENGTH && regions.length > 0
  const results = useQuery({
    ...openHouseListingSearchQuery({ regions, desiredUrl, q: query, lang }),
    enabled,
    staleTime: 60_000,
  })
  const homes = enabled ? (results.data ?? []) : []
  const expanded = enabled && (homes.length > 0 || results.isFetched)

  const pick = (home: HomeSummary) => {
    onPick(home)
    setOpen(false)
    setActive(-1)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      setOpen(true)
      if (homes.length > 0) setActive((current) => (current + 1) % homes.length)
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      if (homes.length > 0) setActive((current) => (current <= 0 ? homes.length - 1 : current - 1))
    } else if (event.key === 'Enter') {
      const home = expanded ? homes[active] : undefined
      // Enter on a highlighted option picks it; otherwise the form submits as it always did.
      if (home) {
        event.preventDefault()
        pick(home)
      }
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault()
      setOpen(false)
      setActive(-1)
    }
  }

  const activeHome = expanded ? homes[active] : undefined
  return (
    <div className="relative">
      <input
        id={id}
        name="listingKey"
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={activeHome ? `${listboxId}-${activeHome.homeId}` : undefined}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        autoComplete="off"
        value={text}
        onChange={(event) => {
          onTextChange(event.target.value)
          setOpen(true)
          setActive(-1)
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        placeholder={t`e.g. 12 Main St or OC24123456`}
        className={inputClass}
        data-testid="open-house-listingKey"
      />
      <ul
        id={listboxId}
        role="listbox"
        aria-label={t`Listings your site shows`}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-xl border border-stone-200 bg-white py-1 shadow-lg dark:border-stone-700 dark:bg-stone-900"
        data-testid="open-house-listing-options"
      >
        {homes.map((home, index) => (
          // The keyboard is the input's (arrows and Enter, aria-activedescendant): an option is never focused.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={home.homeId}
            id={`${listboxId}-${home.homeId}`}
            role="option"
            aria-selected={index === active}
            // Keeps the focus in the input, so the blur does not close the list before the click.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(home)}
            className={`cursor-pointer px-3 py-2 text-sm ${
              index === active
                ? 'bg-stone-900 text-white dark:bg-stone-100 dark:text-stone-900'
                : 'text-stone-900 hover:bg-stone-100 dark:text-stone-100 dark:hover:bg-stone-800'
            }`}
            data-testid="open-house-listing-option"
          >
            <span className="block font-medium break-words">{home.fullAddress}</span>
            <span className={`block text-xs ${index === active ? 'opacity-90' : 'text-stone-600 dark:text-stone-400'}`}>{home.homeId}</span>
          </li>
        ))}
        {homes.length === 0 ? (
          <li role="option" aria-selected={false} aria-disabled className="px-3 py-2 text-sm text-stone-600 dark:text-stone-400">
            <Trans>No listing of your site matches. Try part of the street or the listing number.</Trans>
          </li>
        ) : null}
      </ul>
    </div>
  )
}
