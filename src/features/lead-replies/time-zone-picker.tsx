import { useLingui } from '@lingui/react/macro'
import { useMemo, useState } from 'react'
import { describedBy, FieldRow } from '~/components/form/field-row'
import { inputClass } from '~/components/form/inputs'
import { LOCALE_TAG, type Lang } from '~/lib/lang'
import { matchesTimeZone, timeZoneOptions } from '~/lib/time-zone-names'

/*
 * The digest's time zone (issue 52 item 9, decision 070): a search box that narrows a native
 * select (keyboard and screen readers know both), the zones named in the reader's language,
 * the US zones and Seoul first. The chosen zone stays in the list whatever is typed.
 */
export function TimeZonePicker({
  id,
  value,
  onChange,
  onBlur,
  errors,
  lang,
}: {
  id: string
  value: string
  onChange: (zone: string) => void
  onBlur: () => void
  errors: Array<string>
  lang: Lang
}) {
  const { t, i18n } = useLingui()
  const [query, setQuery] = useState('')
  const options = useMemo(() => timeZoneOptions(LOCALE_TAG[lang], i18n, value), [lang, i18n, value])
  const shown = options.filter((option) => option.zone === value || matchesTimeZone(option, query))
  const common = shown.filter((option) => option.common)
  const others = shown.filter((option) => !option.common)
  const searchId = `${id}-search`
  const countId = `${id}-count`
  const matches = shown.length
  return (
    <div className="grid gap-2">
      <div>
        <label htmlFor={searchId} className="block text-sm font-medium text-stone-800 dark:text-stone-200">
          {t`Find your time zone`}
        </label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t`A city or a zone, e.g. Pacific or Seoul`}
          aria-describedby={countId}
          aria-controls={id}
          className={`mt-1 ${inputClass}`}
          data-testid="digest-time-zone-search"
        />
        <p id={countId} className="mt-1 text-xs text-stone-600 dark:text-stone-400" aria-live="polite">
          {t`${matches} time zones`}
        </p>
      </div>
      <FieldRow id={id} label={t`Your time zone`} errors={errors}>
        <select
          id={id}
          name="timeZone"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          aria-invalid={errors.length > 0}
          aria-describedby={describedBy(id, { errors })}
          className={inputClass}
          data-testid="digest-time-zone"
        >
          {common.length > 0 ? (
            <optgroup label={t`Common`}>
              {common.map((option) => (
                <option key={option.zone} value={option.zone}>
                  {option.label}
                </option>
              ))}
            </optgroup>
          ) : null}
          {others.length > 0 ? (
            <optgroup label={t`All time zones`}>
              {others.map((option) => (
                <option key={option.zone} value={option.zone}>
                  {option.label}
                </option>
              ))}
            </optgroup>
          ) : null}
        </select>
      </FieldRow>
    </div>
  )
}
