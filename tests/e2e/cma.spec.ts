import { axeViolations, requireBaseURL, waitForHydration } from './helpers.ts'
import { expect, test } from './fixtures.ts'

/*
 * A CMA from start to the seller's inbox (issue 53 part 2, decision 075), in both languages and on
 * a phone: a seller lead arrives; the realtor opens it in the desk, prepares a CMA from it, picks
 * comparables, changes an adjustment and sees the adjusted price follow, sets the range and a
 * note, saves; shares it; a visitor opens the link without JavaScript and reads the report in the
 * page's language; the realtor sends it to the lead and finds the mail on the lead's timeline;
 * revoking the link makes it the site's 404. axe finds nothing on the tab or the share page.
 */

const LANGS = [
  {
    lang: 'ko',
    prefix: '',
    words: {
      prepare: 'CMA 준비하기',
      report: '비교 시장 분석',
      license: '라이선스 DRE #02777777',
      saved: '초안을 저장했습니다.',
      notFound: /페이지를 찾을 수 없|Page Not Found/,
    },
  },
  {
    lang: 'en',
    prefix: '/en',
    words: { prepare: 'Prepare a CMA', report: 'Comparative market analysis', license: 'License DRE #02777777', saved: 'Draft saved.', notFound: /not found/i },
  },
] as const

/** Whole dollars as the grid prints them ("$1,234,500"), back to a number. */
function dollars(text: string): number {
  return Number(text.replace(/[^\d-]/g, ''))
}

for (const { lang, prefix, words } of LANGS) {
  test(
    `${lang}: a CMA from a seller lead, shared, read by a visitor without scripts, sent to the lead, revoked`,
    { tag: '@phone' },
    async ({ page, baseURL, realtor, browser }) => {
      test.setTimeout(120_000)
      const base = requireBaseURL(baseURL)
      const api = page.context().request
      const email = `cma-${lang}-${Date.now()}@example.org`
      const created = await api.post(`${base}/cozying-api/v1/seller-leads`, {
        data: {
          realtorId: realtor.id,
          street: '21 Sandpiper',
          city: 'Irvine',
          state: 'CA',
          postalCode: '92618',
          propertyType: 'single_family',
          beds: 3,
          baths: 2,
          livingArea: 1850,
          yearBuilt: 1999,
          name: 'Minji Lee',
          email,
          lang,
          timeframe: '0-3',
          consent: true,
        },
      })
      expect(created.status(), await created.text()).toBe(201)

      // The desk: the seller lead, and "Prepare a CMA" on it.
      await page.goto(`${prefix}/${realtor.desiredUrl}/admin?tab=messages&view=leads`)
      const item = page.getByTestId('lead-item').filter({ hasText: email })
      const toggle = item.getByTestId('lead-toggle')
      await waitForHydration(toggle)
      await toggle.click()
      await expect(item.getByTestId('lead-prepare-cma')).toHaveText(words.prepare)
      await item.getByTestId('lead-prepare-cma').click()

      // The form holds the owner's home; nothing is made until the realtor asks.
      const start = page.getByTestId('cma-start')
      await expect(start.getByTestId('cma-subject-street')).toHaveValue('21 Sandpiper')
      await expect(start.getByTestId('cma-subject-livingArea')).toHaveValue('1850')
      await start.getByTestId('cma-start-submit').click()

      // The CMA: candidates by match, the best picked; the grid of the picked ones.
      const editor = page.getByTestId('cma-editor')
      await expect(editor).toBeVisible({ timeout: 15_000 })
      await expect(page).toHaveURL(/[?&]cma=/)
      const candidates = editor.getByTestId('cma-candidate')
      await expect(candidates.first()).toBeVisible()
      expect(await candidates.count()).toBeGreaterThan(1)
      await expect(candidates.first().getByTestId('cma-match')).not.toBeEmpty()

      // Pick one more (the first unpicked) and see it join the grid.
      const grid = editor.getByTestId('cma-grid')
      const columnsBefore = await grid.getByTestId('cma-adjusted').count()
      const unpicked = editor.locator('[data-testid="cma-candidate"][data-picked="false"]')
      if ((await unpicked.count()) > 0) {
        await unpicked.first().getByTestId('cma-pick').check()
        await expect(grid.getByTestId('cma-adjusted')).toHaveCount(columnsBefore + 1)
      }

      // An adjustment typed moves that column's adjusted price at once, by the amount typed.
      const firstAdjusted = grid.getByTestId('cma-adjusted').first()
      const before = dollars(await firstAdjusted.innerText())
      const condition = grid.getByTestId('cma-cell-condition').first()
      const conditionBefore = dollars(await condition.inputValue())
      await condition.fill(String(conditionBefore + 15_000))
      await expect.poll(async () => dollars(await firstAdjusted.innerText())).toBe(before + 15_000)
      // A cell that is not a number is said at once.
      await grid.getByTestId('cma-cell-view').first().fill('abc')
      await expect(grid.getByTestId('cma-cell-view').first()).toHaveAttribute('aria-invalid', 'true')
      await grid.getByTestId('cma-cell-view').first().fill('0')

      // The range from the adjusted spread, a note, then save.
      await editor.getByTestId('cma-use-spread').click()
      await expect(editor.getByTestId('cma-recommendedLow')).not.toHaveValue('')
      await editor.getByTestId('cma-note').fill(lang === 'ko' ? '봄 시즌에 내놓기 좋은 가격입니다.' : 'A price that sells in spring.')
      await editor.getByTestId('cma-save').click()
      await expect(editor.getByTestId('cma-status')).toHaveText(words.saved)

      // The PDF in the other language on A4 downloads from the link beside the choices.
      await editor.getByTestId('cma-pdf-lang').selectOption(lang === 'ko' ? 'en' : 'ko')
      await editor.getByTestId('cma-pdf-paper').selectOption('a4')
      const pdfPath = await editor.getByTestId('cma-pdf-download').getAttribute('href')
      expect(pdfPath).toMatch(new RegExp(`\\.pdf\\?lang=${lang === 'ko' ? 'en' : 'ko'}&paper=a4$`))
      const pdf = await page.request.get(`${base}${pdfPath ?? ''}`)
      expect(pdf.status()).toBe(200)
      expect(pdf.headers()['content-type']).toContain('application/pdf')
      expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')

      // The phone scrolls the grid in its own box, never the page.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      const violations = await axeViolations(page)
      expect(violations, violations.join('\n')).toEqual([])
      await page.evaluate(() => document.documentElement.classList.add('dark'))
      const darkViolations = await axeViolations(page)
      expect(darkViolations, darkViolations.join('\n')).toEqual([])
      await page.evaluate(() => document.documentElement.classList.remove('dark'))

      // Share it: a link in each language.
      await editor.getByTestId('cma-share-create').click()
      const shareUrl = editor.getByTestId(`cma-share-url-${lang}`)
      await expect(shareUrl).toHaveValue(new RegExp(`${prefix}/${realtor.desiredUrl}/cma/[A-Za-z0-9_-]{16,}$`))
      const link = new URL(await shareUrl.inputValue()).pathname

      // A visitor without JavaScript reads the report in the page's language.
      const visitor = await browser.newContext({ javaScriptEnabled: false })
      try {
        const reader = await visitor.newPage()
        const answer = await reader.goto(`${base}${link}`)
        expect(answer?.status()).toBe(200)
        const report = reader.getByTestId('cma-report')
        await expect(report).toContainText(words.report)
        await expect(reader.getByTestId('cma-report-subject')).toContainText('21 Sandpiper')
        await expect(reader.getByTestId('cma-report-realtor')).toContainText(words.license)
        expect(await reader.getByTestId('cma-report-comparable').count()).toBeGreaterThan(1)
        await expect(reader.getByTestId('cma-report-range')).toContainText('$')
        await expect(reader.getByTestId('cma-report-disclosures')).toContainText(/\S/)
        await expect(reader.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
        await expect(reader.locator('html')).toHaveAttribute('lang', lang === 'ko' ? 'ko' : 'en')
        expect(await reader.locator('script[src]').count()).toBe(0)
      } finally {
        await visitor.close()
      }
      // The same page with scripts on, for axe (light and dark).
      const axePage = await page.context().newPage()
      await axePage.goto(`${base}${link}`)
      await expect(axePage.getByTestId('cma-report')).toBeVisible()
      const reportViolations = await axeViolations(axePage)
      expect(reportViolations, reportViolations.join('\n')).toEqual([])
      await axePage.evaluate(() => document.documentElement.classList.add('dark'))
      const reportDarkViolations = await axeViolations(axePage)
      expect(reportDarkViolations, reportDarkViolations.join('\n')).toEqual([])
      await axePage.close()

      // Send it to the seller lead: the mail is on the lead's timeline.
      await editor.getByTestId('cma-send-submit').click()
      await expect(editor.getByTestId('cma-sent-at')).toBeVisible()
      await page.goto(`${prefix}/${realtor.desiredUrl}/admin?tab=messages&view=leads`)
      const lead = page.getByTestId('lead-item').filter({ hasText: email })
      await waitForHydration(lead.getByTestId('lead-toggle'))
      await lead.getByTestId('lead-toggle').click()
      const mail = lead.locator('[data-testid="timeline-mail"][data-kind="cma"]')
      await expect(mail).toHaveCount(1)
      await expect(mail.getByTestId('timeline-mail-subject')).not.toBeEmpty()

      // The report is a stored page (the page store answers it again without a render)...
      expect((await page.request.get(`${base}${link}`)).status()).toBe(200)
      const stored = await page.request.get(`${base}${link}`)
      expect(stored.status()).toBe(200)
      expect(stored.headers()['x-cache']).toBe('HIT')

      // ...and revoked, the link is the site's own 404 at once: the revocation moved what it was stored at.
      await page.goto(`${prefix}/${realtor.desiredUrl}/admin?tab=cma`)
      const open = page.getByTestId('cma-list-item').first().getByTestId('cma-open')
      await waitForHydration(open)
      await open.click()
      await page.getByTestId('cma-share-revoke').click()
      await page.getByTestId('cma-confirm-dialog-confirm').click()
      await expect(page.getByTestId('cma-share-create')).toBeVisible()
      const gone = await page.request.get(`${base}${link}`)
      expect(gone.status()).toBe(404)
      expect(await gone.text()).toMatch(words.notFound)
    },
  )
}
