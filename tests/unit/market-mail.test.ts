import { beforeAll, describe, expect, it } from 'vitest'
import { i18nFor, loadCatalog } from '../../src/i18n/i18n'
import type { MarketReport } from '../../src/schemas/market'
import { confirmationMailBodies } from '../../src/server/mail/confirmation-mail'
import { marketFigureLines, monthInWords, renderMarketMail, type MarketMailInput } from '../../src/server/market-subscriptions/market-mail'

/* The monthly market report mail's words (issue 27 item 5): figures present and absent, the month, the footer. */

const FIGURES: MarketReport['current'] = {
  month: '2026-11',
  asOf: '2026-11-20T12:00:00.000Z',
  listingCount: 40,
  activeCount: 31,
  newListings: 9,
  priceReductions: 4,
  soldCount: null,
  medianListPrice: 1_185_000,
  medianPricePerSquareFoot: 612.4,
  medianDaysOnMarket: 22.5,
  monthsOfSupply: null,
}

function input(overrides: Partial<MarketMailInput> = {}): MarketMailInput {
  return {
    lang: 'en',
    realtor: {
      name: 'Jane Kim',
      email: 'jane@realty.example',
      photo: 'javascript:alert(1)',
      licenseNumber: 'DRE #1',
      brokerageName: 'Coast Realty',
      brokerageLicenseNumber: null,
      postalAddress: '1 Main St, Irvine, CA',
      homepageUrl: 'https://jane.example/en',
    },
    visitorName: null,
    report: {
      city: 'Irvine',
      state: 'CA',
      isDemo: false,
      source: {
        id: 'reso:x',
        mlsName: 'CRMLS',
        isDemo: false,
        disclaimer: null,
        disclaimerKo: null,
        credit: null,
        creditWithAgent: null,
        showAgentName: false,
        logo: null,
        timeZone: 'America/Los_Angeles',
        lastUpdatedAt: null,
      },
      current: FIGURES,
    },
    reportUrl: 'https://jane.example/en/market/irvine-ca',
    unsubscribeUrl: 'https://jane.example/en/market-alerts/unsubscribe?token=t',
    ...overrides,
  }
}

describe('market report mail', () => {
  beforeAll(async () => {
    await Promise.all([loadCatalog('en'), loadCatalog('ko')])
  })

  it('names the month in either language', () => {
    expect(monthInWords('2026-11', 'en')).toBe('November 2026')
    expect(monthInWords('2026-01', 'ko')).toBe('2026년 1월')
  })

  it('leaves out a figure the city has not, never showing it as 0, and rounds the others', () => {
    const lines = marketFigureLines(FIGURES, i18nFor('en'))
    expect(lines.map((line) => `${line.label}: ${line.value}`)).toEqual([
      'Median list price: $1.19M',
      'Median price per sq ft: $612',
      'Active listings: 31',
      'New listings (last 30 days): 9',
      'Price reductions (last 30 days): 4',
      'Median days on market: 23',
    ])
    expect(marketFigureLines({ ...FIGURES, medianListPrice: null, monthsOfSupply: 2.46 }, i18nFor('en')).map((line) => line.value)).toContain('2.5')
  })

  it('carries the source, the report link, the unsubscribe link and the postal address; demonstration data says so; unsafe URLs are dropped', () => {
    const mail = renderMarketMail(input(), i18nFor('en'))
    expect(mail.subject).toBe('Irvine, CA market report, November 2026 — Jane Kim')
    expect(mail.text).toContain('Source: listings of CRMLS')
    expect(mail.text).toContain('https://jane.example/en/market/irvine-ca')
    expect(mail.text).toContain('Unsubscribe: https://jane.example/en/market-alerts/unsubscribe?token=t')
    expect(mail.text).toContain('1 Main St, Irvine, CA')
    expect(mail.text).not.toContain('Demonstration data')
    expect(mail.html).not.toContain('javascript:')
    const demo = renderMarketMail(input({ report: { ...input().report, isDemo: true } }), i18nFor('en'))
    expect(demo.text).toContain('Demonstration data')
    expect(demo.html).toContain('Demonstration data')
  })

  it('names the demo source in the reader’s language, a real MLS by its own name', () => {
    const demoSource = { ...input().report.source, id: 'demo', mlsName: 'Demo data', isDemo: true }
    const korean = renderMarketMail(input({ lang: 'ko', report: { ...input().report, isDemo: true, source: demoSource } }), i18nFor('ko'))
    expect(korean.text).toContain('출처: 시연용 매물')
    expect(korean.text).not.toContain('Demo data')
    expect(renderMarketMail(input({ lang: 'ko' }), i18nFor('ko')).text).toContain('출처: CRMLS 매물')
  })
})

describe('confirmation mail bodies', () => {
  it('lays out the words in text and escaped HTML, the first detail in bold', () => {
    const bodies = confirmationMailBodies({
      greeting: 'Hello,',
      ask: 'Please confirm:',
      details: ['Irvine, CA', 'Once a <month>'],
      action: 'Confirm',
      url: 'https://x.example/c?token=a&b',
      expiry: 'This link works for 7 days.',
      signature: 'Jane',
    })
    expect(bodies.textBody).toBe(
      'Hello,\n\nPlease confirm:\nIrvine, CA\nOnce a <month>\n\nConfirm: https://x.example/c?token=a&b\n\nThis link works for 7 days.\n\nJane',
    )
    expect(bodies.htmlBody).toContain('<p>Please confirm:<br><strong>Irvine, CA</strong><br>Once a &lt;month&gt;</p>')
    expect(bodies.htmlBody).toContain('<a href="https://x.example/c?token=a&amp;b">Confirm</a>')
  })
})
