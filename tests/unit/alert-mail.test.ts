import { beforeAll, describe, expect, it } from 'vitest'
import { i18nFor, loadCatalog } from '../../src/i18n/i18n'
import { escapeHtml } from '../../src/server/mail/mail-html'
import { renderAlertMail } from '../../src/server/saved-searches/alert-mail'
import { alertMailInput } from './alert-mail-fixture'

describe('alert mail', () => {
  beforeAll(async () => {
    await loadCatalog('en')
    await loadCatalog('ko')
  })

  it('escapes every value from data in the HTML and drops non-http images', () => {
    const mail = renderAlertMail(alertMailInput('en'), i18nFor('en'))
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;')
    expect(mail.html).toContain('12 Elm &lt;St&gt;, Irvine, CA 92620')
    expect(mail.html).toContain('Listed by Coast &amp; &quot;Sons&quot; Realty')
    expect(mail.html).toContain('Sora &lt;Park&gt;')
    expect(mail.html).not.toContain('<St>')
    expect(mail.html).not.toContain('<Park>')
    expect(mail.html).not.toContain('javascript:')
    expect(mail.html).toContain('src="https://photos.example/k2.jpg"')
    expect(mail.html).toContain('alt="12 Elm &lt;St&gt;, Irvine, CA 92620"')
    expect(mail.html).toContain('href="https://sora.example/alerts?token=abc&amp;unsubscribe=1"')
  })

  it('words prices as spec §9, the reasons, the search and how many more there are', () => {
    const mail = renderAlertMail(alertMailInput('en'), i18nFor('en'))
    expect(mail.subject).toBe('14 new or reduced homes in Irvine, CA — Sora <Park>')
    expect(mail.text).toContain('New listing: $1.23M')
    expect(mail.text).toContain('Price reduced from $999,000: $950,000')
    expect(mail.text).toContain('3 bd · 2 ba · 1,650 sqft')
    expect(mail.text).toContain('Homes for sale in Irvine, CA, $500,000 to $1.50M, 3+ beds')
    expect(mail.text).toContain('And 12 more homes: see them all: https://sora.example/?type=sale')
    expect(mail.text).toContain('Listing data last updated March 2, 2026 at 9:01 AM PST')
    expect(mail.text).toContain('Unsubscribe: https://sora.example/alerts?token=abc&unsubscribe=1')
    expect(mail.text).toContain('100 Main St, Irvine, CA')
    const one = renderAlertMail(alertMailInput('en', { homes: alertMailInput('en').homes.slice(0, 1), total: 1 }), i18nFor('en'))
    expect(one.subject).toBe('1 new home in Irvine, CA — Sora <Park>')
    expect(one.text).not.toContain('see them all')
  })

  it('shows sizes in 평 and ㎡ in Korean, with the English disclaimer beside its rendering', () => {
    const mail = renderAlertMail(alertMailInput('ko'), i18nFor('ko'))
    expect(mail.text).toContain('1,650 sqft (153.3㎡ · 46.4평)')
    expect(mail.html).toContain('<html lang="ko">')
    expect(mail.text).toContain("Listing information is provided by CRMLS for consumers' personal")
    const english = renderAlertMail(alertMailInput('en'), i18nFor('en'))
    expect(english.text).not.toContain('평')
  })
})
