import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { StatisticsView } from '~/features/editor/statistics-panel'
import type { Statistics } from '~/schemas/statistics'

/*
 * The Statistics tab's figures (issue 14): the chart has a bar per day and says what it shows,
 * the table holds the same figures, and the sources are named.
 */

function statistics(): Statistics {
  const daily = Array.from({ length: 30 }, (_, index) => {
    const day = new Date(Date.UTC(2025, 1, 9 + index)).toISOString().slice(0, 10)
    return {
      day,
      views: index === 29 ? 12 : index % 3,
      homeViews: index === 29 ? 10 : index % 3,
      listingViews: index === 29 ? 2 : 0,
      messages: index === 29 ? 1 : 0,
    }
  })
  const views = daily.reduce((sum, day) => sum + day.views, 0)
  return {
    realtorId: 'r1',
    days: 30,
    from: '2025-02-09',
    to: '2025-03-10',
    daily,
    totals: {
      views,
      homeViews: views - 2,
      listingViews: 2,
      ko: views - 4,
      en: 4,
      messages: 1,
      savedSearches: 0,
      messagesPer100Views: Math.round((100 / views) * 10) / 10,
    },
    topListings: [],
    topReferrers: [
      { referrerClass: 'search', referrerHost: 'naver', views: 5 },
      { referrerClass: 'direct', referrerHost: '', views: 3 },
      { referrerClass: 'other', referrerHost: 'zillow.com', views: 1 },
    ],
  }
}

describe('StatisticsView', () => {
  it('draws a bar per day with a text summary, the same figures as a table, and names the sources', () => {
    i18n.loadAndActivate({ locale: 'en', messages: {} })
    const html = renderToStaticMarkup(
      <I18nProvider i18n={i18n}>
        <StatisticsView statistics={statistics()} desiredUrl="sora-park" lang="en" />
      </I18nProvider>,
    )
    const data = statistics()
    expect(html).toContain(`data-testid="statistics-views">${data.totals.views}<`)
    expect(html).toContain('data-testid="statistics-languages">')
    expect(html.match(/<rect /g)).toHaveLength(30)
    expect(html).toContain('role="img"')
    expect(html).toMatch(/Mar 10: 12 views/)
    expect(html.match(/<tr>/g)).toHaveLength(31)
    expect(html).toContain('Naver')
    expect(html).toContain('zillow.com')
    expect(html).toContain('Direct or from your own pages')
    expect(html).toContain('Nothing yet in this period.')
  })
})
