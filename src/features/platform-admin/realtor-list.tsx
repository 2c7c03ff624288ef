import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { ColumnHeadings } from '~/components/ui'
import { CardRow, TableRow, type RowProps } from './realtor-row'
import type { AdminRow } from './types'

/** Wide screens: a table to compare rows; below 1280 px the four actions crowd it, so cards. */
export function RealtorList({ realtors, rowProps }: { realtors: ReadonlyArray<AdminRow>; rowProps: (row: AdminRow) => RowProps }) {
  const { t } = useLingui()
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border border-stone-200 bg-white shadow-sm xl:block dark:border-stone-800 dark:bg-stone-900">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            <Trans>Realtors, newest change first</Trans>
          </caption>
          <thead className="border-b border-stone-200 bg-stone-50 text-xs font-semibold tracking-wide text-stone-600 uppercase dark:border-stone-800 dark:bg-stone-950 dark:text-stone-300">
            <ColumnHeadings className="px-4 py-3 last:text-right" labels={[t`Realtor`, t`E-mail`, t`Status`, t`Updated`, t`Actions`]} />
          </thead>
          <tbody className="divide-y divide-stone-200 dark:divide-stone-800">
            {realtors.map((row) => (
              <TableRow key={row.id} {...rowProps(row)} />
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:hidden">
        {realtors.map((row) => (
          <CardRow key={row.id} {...rowProps(row)} />
        ))}
      </ul>
    </>
  )
}

/** Placeholders of the first load's rows; the text is for screen readers. */
export function RealtorListLoading() {
  return (
    <div aria-busy="true" className="grid gap-3">
      <p className="sr-only">
        <Trans>Loading realtors…</Trans>
      </p>
      {[0, 1, 2, 3].map((index) => (
        <div
          key={index}
          aria-hidden="true"
          className="h-20 animate-pulse rounded-xl border border-stone-200 bg-white motion-reduce:animate-none dark:border-stone-800 dark:bg-stone-900"
        />
      ))}
    </div>
  )
}

export function RealtorListEmpty({ query }: { query: string }) {
  return (
    <div
      className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-10 text-center dark:border-stone-700 dark:bg-stone-900"
      data-testid="admin-empty"
    >
      <p className="text-lg font-semibold text-stone-900 dark:text-stone-50">
        {query ? <Trans>No realtor matches your search</Trans> : <Trans>No realtors yet</Trans>}
      </p>
      {query ? (
        <p className="mt-1 text-stone-600 dark:text-stone-300">
          <Trans>Try part of the address, a Korean or English name, or an e-mail address.</Trans>
        </p>
      ) : null}
    </div>
  )
}

export function ResultCount({ total, query }: { total: number; query: string }) {
  return query ? (
    <Plural value={total} one={`# realtor matches “${query}”`} other={`# realtors match “${query}”`} />
  ) : (
    <Plural value={total} one="# realtor" other="# realtors" />
  )
}
