import { Trans } from '@lingui/react/macro'
import { buttonClass, Icon } from '~/components/ui'
import type { Lang } from '~/lib/lang'

/*
 * "Export CSV" of a realtor's leads: a plain link to the server's file (decisions 067, 079).
 * The session cookie signs the request, so it downloads without JavaScript, and every row the
 * filters select is in it, not only the pages on screen.
 */

type LeadCsv = 'realtor-contacts' | 'saved-searches' | 'leads'

/** The address of a lead list's CSV in the page's language, with the list's filters. */
export function leadCsvPath(list: LeadCsv, realtorId: string, lang: Lang, filters: Readonly<Record<string, unknown>> = {}): string {
  const query = new URLSearchParams({ realtorId, viewerLang: lang })
  for (const [name, value] of Object.entries(filters)) if (typeof value === 'string' && value !== '') query.set(name, value)
  return `/cozying-api/v1/${list}/export.csv?${query.toString()}`
}

/** The link, shown only when the list has rows (an empty file helps nobody). */
export function CsvExportLink({ href, hasRows, testId }: { href: string; hasRows: boolean; testId: string }) {
  if (!hasRows) return null
  return (
    <a href={href} download className={buttonClass('secondary', 'md')} data-testid={testId}>
      <Icon name="download" />
      <Trans>Export CSV</Trans>
    </a>
  )
}
