import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { desiredUrlCheckQuery } from '~/queries/realtor'
import { GroupCard, TextField, type GroupProps } from '../field-ui'

/** Debounces a value so the availability check is not asked on every keystroke. */
function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay)
    return () => clearTimeout(timer)
  }, [value, delay])
  return debounced
}

function DesiredUrlStatus({ desiredUrl, exceptId }: { desiredUrl: string; exceptId?: string }) {
  const debounced = useDebounced(desiredUrl.trim(), 350)
  const check = useQuery({ ...desiredUrlCheckQuery({ desiredUrl: debounced, exceptId }), enabled: debounced !== '' })
  if (debounced === '' || !check.data) return null
  const messages = {
    available: { className: 'text-emerald-800 dark:text-emerald-300', text: <Trans>This address is available.</Trans> },
    taken: { className: 'text-red-700 dark:text-red-300', text: <Trans>This address is already taken. Try another one.</Trans> },
    reserved: { className: 'text-red-700 dark:text-red-300', text: <Trans>This address is reserved for the site. Try another one.</Trans> },
    invalid: { className: 'text-red-700 dark:text-red-300', text: <Trans>Use only letters, hyphens (-) and underscores (_).</Trans> },
  } as const
  const message = messages[check.data.status]
  return (
    <p role="status" className={`mt-1 text-sm font-medium ${message.className}`} data-testid="desired-url-status" data-status={check.data.status}>
      {message.text}
    </p>
  )
}

export function AddressFields({ form, errors, exceptId }: GroupProps & { exceptId?: string }) {
  return (
    <GroupCard
      id="group-address"
      title={<Trans>Address and name</Trans>}
      description={<Trans>Your homepage lives at this address, in Korean and in English.</Trans>}
    >
      <div>
        <TextField
          form={form}
          name="desiredUrl"
          label={<Trans>Homepage address</Trans>}
          hint={<Trans>Letters, hyphens and underscores, e.g. sora-park</Trans>}
          errors={errors}
          autoComplete="off"
        />
        <form.Subscribe selector={(state) => state.values.desiredUrl}>
          {(desiredUrl) => <DesiredUrlStatus desiredUrl={desiredUrl} exceptId={exceptId} />}
        </form.Subscribe>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name="displayNameKo" label={<Trans>Name in Korean</Trans>} errors={errors} lang="ko" />
        <TextField form={form} name="displayNameEn" label={<Trans>Name in English</Trans>} errors={errors} lang="en" />
      </div>
    </GroupCard>
  )
}
