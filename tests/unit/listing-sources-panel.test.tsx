import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ListingSourceCard } from '~/features/platform-admin/listing-sources'
import type { AdminListingSource, ImportRun } from '~/schemas/admin'

/*
 * The platform admin's listing source card (issue 32 item 5): the newest import runs with the
 * error of each failed one, a warning when the latest failed, and "recovered" on the success
 * that ended a run of failures.
 */

const counts = { fetched: 0, inserted: 0, updated: 0, unchanged: 0, rejected: 0, retired: 0, recoveredFromFailures: 0 }
const failed = (finishedAt: string, error: string): ImportRun => ({ ...counts, startedAt: finishedAt, finishedAt, outcome: 'failed', error })

function source(recentRuns: Array<ImportRun>): AdminListingSource {
  return {
    source: 'reso:api.mls.example',
    mlsName: 'Example MLS',
    isDemo: false,
    lastRunAt: '2026-02-01T08:00:00.000Z',
    maxAgeHours: 48,
    stale: false,
    listedHomes: 120,
    recentRuns,
  }
}

function render(card: AdminListingSource): string {
  i18n.loadAndActivate({ locale: 'en', messages: {} })
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <ul>
        <ListingSourceCard source={card} formatTime={(iso) => `at ${iso}`} />
      </ul>
    </I18nProvider>,
  )
}

describe('ListingSourceCard', () => {
  it('shows failed runs with their errors and warns that the latest failed', () => {
    const html = render(
      source([
        failed('2026-02-01T12:00:00.000Z', 'GET https://api.mls.example/odata/Property: HTTP 401: invalid token'),
        failed('2026-02-01T11:00:00.000Z', 'GET https://api.mls.example/odata/Property: HTTP 500 after 5 attempts'),
      ]),
    )
    expect(html).toContain('data-failing="true"')
    expect(html).toContain('data-testid="admin-listing-source-failing"')
    expect(html).toContain('The last import failed (at 2026-02-01T12:00:00.000Z)')
    expect(html.match(/data-outcome="failed"/g)).toHaveLength(2)
    expect(html).toContain('HTTP 401: invalid token')
    expect(html).toContain('HTTP 500 after 5 attempts')
    expect(html).not.toContain('admin-import-run-recovered')
  })

  it('says a success recovered after failed runs, and gives its counts', () => {
    const html = render(
      source([
        {
          ...counts,
          startedAt: '2026-02-01T13:00:00.000Z',
          finishedAt: '2026-02-01T13:00:00.000Z',
          outcome: 'succeeded',
          error: null,
          fetched: 5,
          inserted: 2,
          updated: 2,
          unchanged: 1,
          recoveredFromFailures: 3,
        },
        failed('2026-02-01T12:00:00.000Z', 'the answer is not JSON'),
      ]),
    )
    expect(html).toContain('data-failing="false"')
    expect(html).not.toContain('admin-listing-source-failing')
    expect(html).toContain('Recovered after 3 failed imports')
    expect(html).toContain('5 received, 2 new, 2 updated, 1 unchanged, 0 skipped, 0 retired')
    expect(html.indexOf('data-outcome="succeeded"')).toBeLessThan(html.indexOf('data-outcome="failed"'))
  })

  it('shows no run list for a source without recorded runs', () => {
    const html = render(source([]))
    expect(html).not.toContain('Recent imports')
    expect(html).toContain('data-failing="false"')
  })
})
