import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { useConfirm } from '~/components/confirm-dialog'
import { inputClass } from '~/components/form/inputs'
import { Button, ErrorAlert } from '~/components/ui'
import { addOpenHouse, removeOpenHouse } from '~/functions/open-houses.functions'
import { formatOpenHouseTime } from '~/lib/format-open-house'
import { listingTimeZone, zonedWallTimeToUtc } from '~/lib/listing-time-zone'
import { overlappingMlsOpenHouses } from '~/lib/open-house-overlap'
import { errorFieldErrors, errorMessage } from '~/lib/errors'
import { afterOpenHousesChanged } from '~/queries/changes'
import { realtorOpenHousesQuery } from '~/queries/open-houses'
import type { HomeSummary } from '~/schemas/home'
import { OPEN_HOUSE_REMARKS_MAX, type OpenHouse, type OpenHouseKind } from '~/schemas/open-houses'
import type { SiteRegion } from '~/queries/open-houses'
import { ListingPicker, listingLabel } from './listing-picker'
import type { WorkspacePanelProps } from '~/features/editor/workspace-panel'

/*
 * The workspace's open houses (issue 26 item 5): the realtor's own upcoming open houses on
 * listings their site shows, added by picking the listing by its address or number (issue 52
 * item 8), date and hours in the listing's local time, and deleted (after asking: visitors may
 * have saved it to their calendars, decision 069). They show on this realtor's listing pages and
 * cards only. An MLS open house of the same home at the same time is pointed out before adding:
 * the pages show one event once.
 */

type Fields = { listingKey: string; date: string; startTime: string; endTime: string; kind: OpenHouseKind; remarks: string }

const EMPTY: Fields = { listingKey: '', date: '', startTime: '13:00', endTime: '16:00', kind: 'in_person', remarks: '' }

function Field({ id, label, hint, errors, children }: { id: string; label: ReactNode; hint?: ReactNode; errors: ReadonlyArray<string>; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-stone-800 dark:text-stone-200">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-stone-600 dark:text-stone-400">
          {hint}
        </p>
      ) : null}
      {errors.map((error) => (
        <p key={error} id={`${id}-error`} className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      ))}
    </div>
  )
}

/** The MLS's open houses of the picked home that the one being added would share time with. */
function mlsOverlaps(home: HomeSummary | null, fields: Fields): Array<OpenHouse> {
  if (!home) return []
  const zone = listingTimeZone(home.state)
  const start = zonedWallTimeToUtc(fields.date, fields.startTime, zone)
  const end = zonedWallTimeToUtc(fields.date, fields.endTime, zone)
  if (!start || !end || end <= start) return []
  return overlappingMlsOpenHouses(home.openHouses, { start: start.toISOString(), end: end.toISOString() })
}

export function OpenHousesPanel({ realtorId, desiredUrl, regions, lang }: WorkspacePanelProps & { regions: ReadonlyArray<SiteRegion> }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const baseId = useId()
  const [fields, setFields] = useState<Fields>(EMPTY)
  // What the listing box shows (an address picked, or text typed) and the home picked, if any.
  const [listingText, setListingText] = useState('')
  const [pickedHome, setPickedHome] = useState<HomeSummary | null>(null)
  const [status, setStatus] = useState('')
  const list = useQuery(realtorOpenHousesQuery(realtorId))
  const confirm = useConfirm('open-house-delete-dialog')
  const translateId = (id: string, values?: Record<string, string | number>) => i18n._(id, values)
  const add = useMutation({
    mutationFn: (values: Fields) => addOpenHouse({ data: { ...values, realtorId } }),
    onSuccess: async (created) => {
      setFields(EMPTY)
      setListingText('')
      setPickedHome(null)
      setStatus(t`Open house added for ${created.address}.`)
      await afterOpenHousesChanged(queryClient, realtorId)
    },
    onError: () => setStatus(''),
  })
  const remove = useMutation({
    mutationFn: (id: string) => removeOpenHouse({ data: { id } }),
    onSuccess: async () => {
      setStatus(t`Open house deleted.`)
      await afterOpenHousesChanged(queryClient, realtorId)
    },
  })
  const fieldErrors = add.error ? errorFieldErrors(add.error, translateId) : {}
  const formError =
    add.error && Object.keys(fieldErrors).length === 0 ? errorMessage(add.error, translateId, t`The open house could not be added. Try again.`) : undefined
  const idOf = (name: keyof Fields) => `${baseId}-${name}`
  const inputProps = (name: keyof Fields) => {
    const errors = fieldErrors[name] ?? []
    return {
      id: idOf(name),
      name,
      'aria-invalid': errors.length > 0,
      'aria-describedby': errors.length > 0 ? `${idOf(name)}-error` : undefined,
      'data-testid': `open-house-${name}`,
    }
  }
  const set = (name: keyof Fields) => (event: { target: { value: string } }) => setFields((current) => ({ ...current, [name]: event.target.value }))
  const overlaps = mlsOverlaps(pickedHome, fields)
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    add.mutate(fields)
  }

  return (
    <section aria-labelledby={`${baseId}-title`} className="max-w-3xl" data-testid="open-houses-panel">
      <h2 id={`${baseId}-title`} className="text-2xl font-bold tracking-tight text-stone-900 dark:text-stone-50">
        <Trans>Your open houses</Trans>
      </h2>
      <p className="mt-2 text-base text-stone-700 dark:text-stone-300">
        <Trans>
          Add an open house to any listing your site shows. It appears on your listing page and cards only; the MLS's own open houses show there too.
        </Trans>
      </p>

      <p aria-live="polite" className="mt-3 text-sm font-medium text-emerald-800 dark:text-emerald-300" data-testid="open-houses-status">
        {status}
      </p>

      <form
        onSubmit={onSubmit}
        noValidate
        className="mt-4 grid gap-4 rounded-2xl border border-stone-200 bg-white p-5 sm:grid-cols-2 dark:border-stone-800 dark:bg-stone-900"
      >
        <ErrorAlert testId="open-house-error" message={formError} />
        <div className="sm:col-span-2">
          <Field
            id={idOf('listingKey')}
            label={<Trans>Listing</Trans>}
            hint={<Trans>Type part of the address or the listing number, then pick the home.</Trans>}
            errors={fieldErrors.listingKey ?? []}
          >
            <ListingPicker
              id={idOf('listingKey')}
              text={listingText}
              onTextChange={(text) => {
                setListingText(text)
                setPickedHome(null)
                // A number typed whole still works without a pick, as before.
                setFields((current) => ({ ...current, listingKey: text.trim() }))
              }}
              onPick={(home) => {
                setListingText(listingLabel(home))
                setPickedHome(home)
                setFields((current) => ({ ...current, listingKey: home.homeId }))
              }}
              regions={regions}
              desiredUrl={desiredUrl}
              lang={lang}
              invalid={(fieldErrors.listingKey ?? []).length > 0}
              describedBy={[`${idOf('listingKey')}-hint`, (fieldErrors.listingKey ?? []).length > 0 ? `${idOf('listingKey')}-error` : undefined]
                .filter(Boolean)
                .join(' ')}
            />
          </Field>
        </div>
        <Field id={idOf('date')} label={<Trans>Date</Trans>} errors={fieldErrors.date ?? []}>
          <input {...inputProps('date')} type="date" value={fields.date} onChange={set('date')} className={inputClass} />
        </Field>
        <Field id={idOf('kind')} label={<Trans>Kind</Trans>} errors={fieldErrors.kind ?? []}>
          <select {...inputProps('kind')} value={fields.kind} onChange={set('kind')} className={inputClass}>
            <option value="in_person">{t`In person`}</option>
            <option value="virtual">{t`Virtual`}</option>
          </select>
        </Field>
        <Field id={idOf('startTime')} label={<Trans>Starts</Trans>} hint={<Trans>In the home's local time</Trans>} errors={fieldErrors.startTime ?? []}>
          <input {...inputProps('startTime')} type="time" value={fields.startTime} onChange={set('startTime')} className={inputClass} />
        </Field>
        <Field id={idOf('endTime')} label={<Trans>Ends</Trans>} errors={fieldErrors.endTime ?? []}>
          <input {...inputProps('endTime')} type="time" value={fields.endTime} onChange={set('endTime')} className={inputClass} />
        </Field>
        <div className="sm:col-span-2">
          <Field id={idOf('remarks')} label={<Trans>Note for visitors (optional)</Trans>} errors={fieldErrors.remarks ?? []}>
            <input {...inputProps('remarks')} value={fields.remarks} onChange={set('remarks')} maxLength={OPEN_HOUSE_REMARKS_MAX} className={inputClass} />
          </Field>
        </div>
        {overlaps.length > 0 ? (
          <div
            role="status"
            className="rounded-xl border border-amber-500 bg-amber-50 p-3 text-sm text-amber-950 sm:col-span-2 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50"
            data-testid="open-house-overlap"
          >
            <p className="font-medium">
              <Trans>The MLS already lists an open house at this home at that time:</Trans>
            </p>
            <ul className="mt-1 list-disc pl-5">
              {overlaps.map((openHouse) => {
                const when = formatOpenHouseTime(openHouse.start, openHouse.end, openHouse.timeZone, lang, i18n)
                return <li key={openHouse.id}>{`${when.date} ${when.hours} ${when.zone}`}</li>
              })}
            </ul>
            <p className="mt-1">
              <Trans>Your listing page will show it once, as yours. Add it only if you host it or want your own note on it.</Trans>
            </p>
          </div>
        ) : null}
        <div className="sm:col-span-2">
          <Button type="submit" variant="primary" size="md" disabled={add.isPending} data-testid="open-house-add">
            <Trans>Add open house</Trans>
          </Button>
        </div>
      </form>

      <div className="mt-8">
        <h3 className="text-lg font-semibold text-stone-900 dark:text-stone-50">
          <Trans>Upcoming</Trans>
        </h3>
        <ErrorAlert
          testId="open-houses-load-error"
          message={list.isError ? t`Your open houses could not be loaded.` : undefined}
          onRetry={() => void list.refetch()}
        />
        {list.isPending ? (
          <p className="mt-2 text-stone-600 dark:text-stone-400">
            <Trans>Loading…</Trans>
          </p>
        ) : list.data && list.data.openHouses.length > 0 ? (
          <ul className="mt-3 grid gap-3" data-testid="open-houses-list">
            {list.data.openHouses.map((openHouse) => {
              const when = formatOpenHouseTime(openHouse.start, openHouse.end, openHouse.timeZone, lang, i18n)
              return (
                <li
                  key={openHouse.id}
                  className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-stone-200 bg-white p-4 dark:border-stone-800 dark:bg-stone-900"
                >
                  <div>
                    <p className="font-semibold text-stone-900 dark:text-stone-100">{openHouse.address}</p>
                    <p className="text-sm text-stone-700 dark:text-stone-300">
                      {when.date} {when.hours} {when.zone} · {openHouse.kind === 'virtual' ? t`Virtual` : t`In person`} · {openHouse.listingKey}
                    </p>
                    {openHouse.remarks ? <p className="text-sm text-stone-600 dark:text-stone-400">{openHouse.remarks}</p> : null}
                  </div>
                  <Button
                    variant="danger"
                    onClick={() => {
                      const day = when.date
                      const address = openHouse.address
                      confirm.ask({
                        title: t`Delete this open house?`,
                        consequence: t`The open house at ${address} on ${day} disappears from your listing pages. Visitors who saved it to their calendars are not told.`,
                        confirmLabel: t`Delete open house`,
                        keepLabel: t`Keep the open house`,
                        tone: 'danger',
                        icon: 'trash',
                        onConfirm: () => remove.mutate(openHouse.id),
                      })
                    }}
                    disabled={remove.isPending}
                    aria-label={t`Delete the open house of ${openHouse.address} on ${when.date}`}
                  >
                    <Trans>Delete</Trans>
                  </Button>
                </li>
              )
            })}
          </ul>
        ) : (
          <p className="mt-2 text-stone-600 dark:text-stone-400" data-testid="open-houses-empty">
            <Trans>No upcoming open houses of your own.</Trans>
          </p>
        )}
      </div>
      {confirm.dialog}
    </section>
  )
}
