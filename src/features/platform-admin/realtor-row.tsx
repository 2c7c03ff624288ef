import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans as TransMessage } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { IconName } from '~/components/icon-paths'
import { Button, buttonClass, Icon } from '~/components/ui'
import { langParam, type Lang } from '~/lib/lang'
import type { AdminRow } from './types'

/* One realtor of the admin list, as a table row (wide screens) or a card (narrower ones). */

export type RowProps = {
  row: AdminRow
  lang: Lang
  name: string
  otherName: string | undefined
  updated: string
  updatedFull: string
  publishPending: boolean
  onTogglePublished: () => void
  onDelete: () => void
}

function PublishedBadge({ published }: { published: boolean }) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 whitespace-nowrap py-1 text-xs font-semibold ${
        published
          ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100'
          : 'bg-stone-200 text-stone-800 dark:bg-stone-700 dark:text-stone-100'
      }`}
    >
      <span aria-hidden="true" className={`size-1.5 rounded-full ${published ? 'bg-emerald-600 dark:bg-emerald-300' : 'bg-stone-500 dark:bg-stone-300'}`} />
      {published ? <Trans>Published</Trans> : <Trans>Unpublished</Trans>}
    </span>
  )
}

/** The date of the last change; the full date and time on hover. */
function UpdatedTime({ row, updated, updatedFull }: Pick<RowProps, 'row' | 'updated' | 'updatedFull'>) {
  return (
    <time dateTime={row.updatedAt} title={updatedFull} suppressHydrationWarning>
      {updated}
    </time>
  )
}

/**
 * Each action's icon and words: the verb everyone sees, and for screen readers (`<0>`) whose
 * homepage it acts on.
 */
const ACTIONS = {
  open: { icon: 'open', words: msg({ message: 'Open<0> the homepage of {name}</0>' }) },
  edit: { icon: 'edit', words: msg({ message: 'Edit<0> the homepage of {name}</0>' }) },
  statistics: { icon: 'chart', words: msg({ message: 'Statistics<0> of the homepage of {name}</0>' }) },
  publish: { icon: 'eye', words: msg({ message: 'Publish<0> the homepage of {name}</0>' }) },
  unpublish: { icon: 'eyeOff', words: msg({ message: 'Unpublish<0> the homepage of {name}</0>' }) },
  delete: { icon: 'trash', words: msg({ message: 'Delete<0> the homepage of {name}</0>' }) },
} satisfies Record<string, { icon: IconName; words: MessageDescriptor }>

function ActionLabel({ action, name }: { action: keyof typeof ACTIONS; name: string }) {
  const { icon, words } = ACTIONS[action]
  return (
    <>
      <Icon name={icon} />
      <span>
        {/* The name as an element, not a string: a string value is parsed for tags, and a
            realtor's name is shown exactly as it was typed (issue 17). */}
        <TransMessage id={words.id} message={words.message} values={{ name: <>{name}</> }} components={{ 0: <span className="sr-only" /> }} />
      </span>
    </>
  )
}

/**
 * Open, edit, publish and delete. Every control names its realtor for screen readers, who may
 * reach it through a list of buttons where twenty "Delete"s would be indistinguishable.
 */
function RowActions({ row, lang, name, publishPending, onTogglePublished, onDelete }: RowProps) {
  const params = { lang: langParam(lang), desiredUrl: row.desiredUrl }
  return (
    <div className="flex flex-wrap gap-2 xl:justify-end">
      <Link to="/{-$lang}/$desiredUrl" params={params} className={buttonClass('secondary')} data-testid="admin-open">
        <ActionLabel action="open" name={name} />
      </Link>
      <Link to="/{-$lang}/$desiredUrl/admin" params={params} className={buttonClass('secondary')} data-testid="admin-edit">
        <ActionLabel action="edit" name={name} />
      </Link>
      <Link to="/{-$lang}/$desiredUrl/admin" params={params} search={{ tab: 'statistics' }} className={buttonClass('secondary')} data-testid="admin-statistics">
        <ActionLabel action="statistics" name={name} />
      </Link>
      <Button variant="secondary" onClick={onTogglePublished} disabled={publishPending} aria-busy={publishPending} data-testid="admin-publish">
        <ActionLabel action={row.published ? 'unpublish' : 'publish'} name={name} />
      </Button>
      <Button variant="danger" onClick={onDelete} data-testid="admin-delete">
        <ActionLabel action="delete" name={name} />
      </Button>
    </div>
  )
}

function NameBlock({ row, name, otherName }: Pick<RowProps, 'row' | 'name' | 'otherName'>) {
  return (
    <>
      <span className="block font-semibold text-stone-900 dark:text-stone-50">{name}</span>
      {otherName ? <span className="block text-stone-600 dark:text-stone-300">{otherName}</span> : null}
      <span className="mt-0.5 block font-mono text-xs break-words text-stone-500 dark:text-stone-400">/{row.desiredUrl}</span>
    </>
  )
}

export function TableRow(props: RowProps) {
  const { row } = props
  return (
    <tr className="align-top" data-testid="admin-row">
      <th scope="row" className="px-4 py-4 font-normal">
        <NameBlock {...props} />
      </th>
      <td className="max-w-64 px-4 py-4 break-words text-stone-700 dark:text-stone-200">{row.email}</td>
      <td className="px-4 py-4">
        <PublishedBadge published={row.published} />
      </td>
      <td className="px-4 py-4 whitespace-nowrap text-stone-700 dark:text-stone-200">
        <UpdatedTime {...props} />
      </td>
      <td className="px-4 py-3">
        <RowActions {...props} />
      </td>
    </tr>
  )
}

export function CardRow(props: RowProps) {
  const { row } = props
  return (
    <li
      className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm dark:border-stone-800 dark:bg-stone-900"
      data-testid="admin-card"
    >
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 text-base">
          <NameBlock {...props} />
        </h3>
        <PublishedBadge published={row.published} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-stone-500 dark:text-stone-400">
          <Trans>E-mail</Trans>
        </dt>
        <dd className="min-w-0 break-words text-stone-800 dark:text-stone-100">{row.email}</dd>
        <dt className="text-stone-500 dark:text-stone-400">
          <Trans>Updated</Trans>
        </dt>
        <dd className="text-stone-800 dark:text-stone-100">
          <UpdatedTime {...props} />
        </dd>
      </dl>
      <div className="mt-auto">
        <RowActions {...props} />
      </div>
    </li>
  )
}
