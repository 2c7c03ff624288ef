import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { Button } from '~/components/ui'
import { formatNumber, formatPrice } from '~/lib/format'
import { orderedPriceRange, orderedSizeRange, pricesReversed, sizesReversed } from '~/lib/listing-area'
import { fitPricesToType, priceOptions, type ListingPriceType } from '~/lib/listing-prices'
import type { HomeSearch } from '~/schemas/listing-search'

/* The listing filters (issue 6), without the router: the app's list sends them through it, an island (decision 051) as the form's own GET. */

/** What the filter form reads of a search. */
export type FilterSearch = Pick<
  HomeSearch,
  'type' | 'minPrice' | 'maxPrice' | 'minBeds' | 'bbox' | 'view' | 'propertyType' | 'minBaths' | 'minSize' | 'maxSize' | 'postalCode' | 'q' | 'sort'
>

const BEDROOMS = [1, 2, 3, 4, 5]
const BATHROOMS = [1, 2, 3, 4]
/** Living-area steps in square feet, from a studio condo to a large house. */
const SIZE_STEPS = [500, 750, 1_000, 1_250, 1_500, 2_000, 2_500, 3_000, 4_000, 5_000]

/** The size steps, plus the visitor's own value when it is not one (a shared URL), so the select shows it. */
function sizeOptions(chosen: number | undefined): Array<number> {
  return chosen === undefined || SIZE_STEPS.includes(chosen) ? SIZE_STEPS : [...SIZE_STEPS, chosen].sort((a, b) => a - b)
}

const selectClass =
  'mt-1 block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100'

/**
 * One filter: its label above its control and, when the page could not take the choice as it
 * was, a note beside it that the control names (`aria-describedby` of `${id}-note`). The label
 * takes the page's text colour, so the realtor's theme shows through.
 */
function FilterField({ id, label, note, className, children }: { id: string; label: ReactNode; note?: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children}
      {note ? (
        <p id={`${id}-note`} className="mt-1 text-sm font-medium text-amber-800 dark:text-amber-300" data-testid="filter-note">
          {note}
        </p>
      ) : null}
    </div>
  )
}

/** The id of a filter's note, for its control's `aria-describedby`, when it has one. */
function noteId(id: string, note: ReactNode): string | undefined {
  return note ? `${id}-note` : undefined
}

/** Filled in by the selects: what the visitor has chosen, before sending. */
type FilterChoice = { type: ListingPriceType; minPrice: number | undefined; maxPrice: number | undefined }

/** The lowest or highest price: the prices of the chosen type, kept in the choice as it changes. */
function PriceSelect({
  id,
  bound,
  label,
  choice,
  onChoose,
  note,
}: {
  id: string
  bound: 'minPrice' | 'maxPrice'
  label: ReactNode
  choice: FilterChoice
  onChoose: (choice: FilterChoice) => void
  /** Said beside the field: a choice the page could not take as it was. */
  note?: ReactNode
}) {
  const { t } = useLingui()
  return (
    <FilterField id={id} label={label} note={note}>
      <select
        id={id}
        name={bound}
        value={choice[bound] ?? ''}
        onChange={(event) => onChoose({ ...choice, [bound]: event.currentTarget.value ? Number(event.currentTarget.value) : undefined })}
        aria-describedby={noteId(id, note)}
        className={selectClass}
      >
        <option value="">{t`Any`}</option>
        {priceOptions(choice.type, choice[bound]).map((price) => (
          <option key={price} value={price}>
            {formatPrice(price)}
          </option>
        ))}
      </select>
    </FilterField>
  )
}

function SizeSelect({ id, name, label, value, note }: { id: string; name: string; label: ReactNode; value: number | undefined; note?: ReactNode }) {
  const { t } = useLingui()
  return (
    <FilterField id={id} label={label} note={note}>
      <select id={id} name={name} defaultValue={value ?? ''} aria-describedby={noteId(id, note)} className={selectClass}>
        <option value="">{t`Any`}</option>
        {sizeOptions(value).map((size) => {
          const area = formatNumber(size)
          return (
            <option key={size} value={size}>
              {t`${area} sq ft`}
            </option>
          )
        })}
      </select>
    </FilterField>
  )
}

/** "Any", "1+", "2+"…: the least number of bedrooms or bathrooms a home must have. */
function AtLeastSelect({ id, name, label, counts, value }: { id: string; name: string; label: ReactNode; counts: Array<number>; value: number | undefined }) {
  const { t } = useLingui()
  return (
    <FilterField id={id} label={label}>
      <select id={id} name={name} defaultValue={value ?? ''} className={selectClass}>
        <option value="">{t`Any`}</option>
        {counts.map((count) => (
          <option key={count} value={count}>
            {t`${count}+`}
          </option>
        ))}
      </select>
    </FilterField>
  )
}

/**
 * The filter form. A plain GET form without JavaScript; with it, switching between sale and
 * rent offers that type's prices at once, keeping a chosen price that still fits and clearing
 * one that does not (`onPricesCleared` lets the section say so).
 */
type ListingFiltersProps = {
  search: FilterSearch
  regionIndex: number
  /** Half the page's width: two filters a row, as on a phone. */
  narrow: boolean
  /** The search page's further filters (issue 51 item 3): kind, baths, living area, ZIP code, words, order. */
  more?: boolean
  /** With the router: the search goes through it. Without (an island): the form's own GET, tidied. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void
  onTypeSwitched: (type: ListingPriceType, cleared: boolean) => void
}

export function ListingFilters({ search, regionIndex, onSubmit, onTypeSwitched, narrow, more = false }: ListingFiltersProps) {
  const { t } = useLingui()
  const formId = useId()
  // Reversed bounds are shown as the list reads them, and the page says so beside the field.
  const [choice, setChoice] = useState<FilterChoice>({ type: search.type ?? 'sale', ...orderedPriceRange(search) })
  const sizes = orderedSizeRange(search)
  const pricesSwapped = pricesReversed(search)
  const sizesSwapped = sizesReversed(search)

  const switchType = (type: ListingPriceType) => {
    const fitted = fitPricesToType({ type, minPrice: choice.minPrice, maxPrice: choice.maxPrice })
    setChoice({ type, minPrice: fitted.search.minPrice, maxPrice: fitted.search.maxPrice })
    onTypeSwitched(type, fitted.cleared)
  }

  return (
    <form
      method="get"
      action={`#listings`}
      onSubmit={onSubmit}
      role="search"
      className={`grid grid-cols-2 gap-3 rounded-2xl border border-stone-200 bg-white p-4 dark:border-stone-800 dark:bg-stone-900 ${narrow ? '' : more ? 'sm:grid-cols-4' : 'sm:grid-cols-5'}`}
    >
      {regionIndex > 0 ? <input type="hidden" name="region" value={regionIndex} /> : null}
      {/* The search page's map area and open map stay as the filters change. */}
      {search.bbox ? <input type="hidden" name="bbox" value={search.bbox} /> : null}
      {search.view ? <input type="hidden" name="view" value={search.view} /> : null}
      <FilterField id={`${formId}-type`} label={<Trans>Sale or rent</Trans>}>
        <select
          id={`${formId}-type`}
          name="type"
          value={choice.type}
          onChange={(event) => switchType(event.currentTarget.value === 'rent' ? 'rent' : 'sale')}
          className={selectClass}
        >
          <option value="sale">{t`For sale`}</option>
          <option value="rent">{t`For rent`}</option>
        </select>
      </FilterField>
      {more ? (
        <FilterField id={`${formId}-kind`} label={<Trans>Property type</Trans>}>
          <select id={`${formId}-kind`} name="propertyType" defaultValue={search.propertyType ?? ''} className={selectClass}>
            {/* Empty, so a form sent without scripts leaves it out: every kind is the page's default. */}
            <option value="">{t`Any type`}</option>
            <option value="single_family">{t`Single-family home`}</option>
            <option value="condo">{t`Condo`}</option>
            <option value="townhouse">{t`Townhouse`}</option>
            <option value="multi_family">{t`Multi-family home`}</option>
            <option value="land">{t`Land`}</option>
          </select>
        </FilterField>
      ) : null}
      <PriceSelect id={`${formId}-min`} bound="minPrice" label={<Trans>Lowest price</Trans>} choice={choice} onChoose={setChoice} />
      <PriceSelect
        id={`${formId}-max`}
        bound="maxPrice"
        label={<Trans>Highest price</Trans>}
        choice={choice}
        onChoose={setChoice}
        note={pricesSwapped ? <Trans>Your lowest price was above your highest, so the two were swapped.</Trans> : undefined}
      />
      <AtLeastSelect id={`${formId}-beds`} name="minBeds" label={<Trans>Bedrooms</Trans>} counts={BEDROOMS} value={search.minBeds} />
      {more ? (
        <>
          <AtLeastSelect id={`${formId}-baths`} name="minBaths" label={<Trans>Bathrooms</Trans>} counts={BATHROOMS} value={search.minBaths} />
          <SizeSelect id={`${formId}-min-size`} name="minSize" label={<Trans>Smallest living area</Trans>} value={sizes.minSize} />
          <SizeSelect
            id={`${formId}-max-size`}
            name="maxSize"
            label={<Trans>Largest living area</Trans>}
            value={sizes.maxSize}
            note={sizesSwapped ? <Trans>Your smallest living area was above your largest, so the two were swapped.</Trans> : undefined}
          />
          <FilterField id={`${formId}-zip`} label={<Trans>ZIP code</Trans>}>
            <input
              id={`${formId}-zip`}
              name="postalCode"
              type="text"
              inputMode="numeric"
              autoComplete="postal-code"
              pattern="[0-9]{5}"
              maxLength={5}
              title={t`Enter a 5-digit ZIP code`}
              defaultValue={search.postalCode ?? ''}
              className={selectClass}
            />
          </FilterField>
          <FilterField id={`${formId}-q`} label={<Trans>Street, neighborhood or keyword</Trans>} className="col-span-2">
            <input id={`${formId}-q`} name="q" type="search" maxLength={100} defaultValue={search.q ?? ''} className={selectClass} />
          </FilterField>
          <FilterField id={`${formId}-sort`} label={<Trans>Sort by</Trans>}>
            <select id={`${formId}-sort`} name="sort" defaultValue={search.sort ?? ''} className={selectClass}>
              {/* Empty for the default order, so a form sent without scripts leaves it out. */}
              <option value="">{t`Newest first`}</option>
              <option value="price_asc">{t`Price: low to high`}</option>
              <option value="price_desc">{t`Price: high to low`}</option>
              <option value="size_asc">{t`Size: small to large`}</option>
              <option value="size_desc">{t`Size: large to small`}</option>
            </select>
          </FilterField>
        </>
      ) : null}
      <div className={`col-span-2 flex items-end ${narrow ? '' : 'sm:col-span-1'}`}>
        <Button variant="accent" size="md" className="w-full" type="submit">
          <Trans>Show homes</Trans>
        </Button>
      </div>
    </form>
  )
}

/** The note that a price range was cleared because it did not fit the chosen type. */
export function PricesClearedNote({ clearedFor }: { clearedFor: ListingPriceType | null }) {
  // Always in the page, so screen readers announce the note when it appears.
  return (
    <p aria-live="polite" className={clearedFor ? 'mt-3 text-sm font-medium text-amber-800 dark:text-amber-300' : 'sr-only'}>
      {clearedFor === 'rent' ? (
        <Trans>Your price range didn’t fit homes for rent and was cleared.</Trans>
      ) : clearedFor === 'sale' ? (
        <Trans>Your price range didn’t fit homes for sale and was cleared.</Trans>
      ) : null}
    </p>
  )
}

/**
 * Sends the form as its own GET without its empty choices: `?type=rent`, as the app's router
 * wrote the address, rather than `?type=rent&minPrice=&maxPrice=&minBeds=`. A disabled control
 * is left out of what a form sends; each is enabled again once the browser has read the form,
 * so the page coming back from the back-forward cache has every filter.
 */
function sendWithoutEmptyChoices(event: FormEvent<HTMLFormElement>): void {
  const emptied = [...event.currentTarget.elements].filter(
    (control) =>
      (control instanceof HTMLSelectElement || control instanceof HTMLInputElement) && control.name !== '' && control.value === '' && !control.disabled,
  )
  for (const control of emptied) control.toggleAttribute('disabled', true)
  setTimeout(() => {
    for (const control of emptied) control.toggleAttribute('disabled', false)
  })
}

/**
 * The filters and the note beside them, on a page without the router (an island): the form is
 * sent as a GET, a document load answered from the page store, and switching between sale and
 * rent offers that type's prices at once, saying so when a chosen price was cleared.
 */
export function StandaloneListingFilters({
  pricesClearedFor,
  ...filters
}: Omit<ListingFiltersProps, 'onSubmit' | 'onTypeSwitched'> & {
  /** The type whose prices the server cleared from the URL (a form sent without scripts), if any. */
  pricesClearedFor: ListingPriceType | null
}) {
  const [clearedFor, setClearedFor] = useState(pricesClearedFor)
  return (
    <>
      <ListingFilters {...filters} onSubmit={sendWithoutEmptyChoices} onTypeSwitched={(type, cleared) => setClearedFor(cleared ? type : null)} />
      <PricesClearedNote clearedFor={clearedFor} />
    </>
  )
}
