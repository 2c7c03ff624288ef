import { axeViolations, requireBaseURL, waitForHydration } from './helpers.ts'
import { expect, test } from './fixtures.ts'

/*
 * The lead desk end to end (issue 26 items 2 and 6): a visitor writes from a realtor's homepage;
 * the realtor finds the message in the inbox's first view, "Leads", moves it along the
 * pipeline, sets a follow-up day (one that has come: it stands out at once), adds a private note, and finds
 * it again by stage, by kind and by e-mail address. Both languages, phone and desktop; axe finds
 * nothing with a lead open.
 */

const LANGS = [
  { lang: 'ko', prefix: '', phone: '010-1234-5678', words: { contacted: '연락함', saved: '저장했습니다', noteAdded: '메모를 추가했습니다' } },
  { lang: 'en', prefix: '/en', phone: '714-555-0188', words: { contacted: 'Contacted', saved: 'Saved', noteAdded: 'Note added' } },
] as const

for (const { lang, prefix, phone, words } of LANGS) {
  test(
    `${lang}: a visitor's message becomes a lead the realtor moves, dates, annotates and finds again`,
    { tag: '@phone' },
    async ({ browser, baseURL, page, realtor }, testInfo) => {
      test.setTimeout(120_000)
      const base = requireBaseURL(baseURL)
      // The realtor is signed in on this page's context (the `realtor` fixture): its pages are the realtor's.
      const visitorEmail = `lead-${lang}-${testInfo.project.name}-${Date.now()}@example.org`
      // Written in the page's language: a lead's language is the one its visitor wrote in (decision 070).
      const message = lang === 'ko' ? `좋은 학교 근처의 집을 보고 싶습니다. ${Date.now()}` : `We would like to see homes near a good school. ${Date.now()}`

      // A visitor, with no session, writes from the homepage in this language.
      const visitor = await browser.newContext({ baseURL: base })
      try {
        const visitorPage = await visitor.newPage()
        await visitorPage.goto(`${prefix}/${realtor.desiredUrl}`)
        const form = visitorPage.getByTestId('contact-form')
        await waitForHydration(form.getByTestId('contact-submit'))
        await form.locator('input[name="lastName"]').fill('Lee')
        await form.locator('input[name="firstName"]').fill('Minji')
        await form.locator('input[name="email"]').fill(visitorEmail)
        await form.locator('input[name="phone"]').fill(phone)
        await form.locator('textarea[name="message"]').fill(message)
        await form.getByTestId('contact-submit').click()
        await expect(visitorPage.getByTestId('contact-success')).toBeVisible()
      } finally {
        await visitor.close()
      }
      // A second lead in the other language, so the filters have something to leave out.
      const other = await page.context().request.post(`${base}/cozying-api/v1/realtor-contacts`, {
        data: {
          realtorId: realtor.id,
          lastName: 'Park',
          firstName: 'Other',
          email: `other-${Date.now()}@example.org`,
          phone: '714-555-0100',
          phoneCountryCode: 'US',
          message: lang === 'ko' ? 'Another question' : '다른 질문이 있습니다',
          isTerm: 'Y',
          consentLang: lang === 'ko' ? 'en' : 'ko',
        },
      })
      expect(other.status(), await other.text()).toBe(201)

      // Every lead of the desk (its first view, "Today", has its own spec).
      await page.goto(`${prefix}/${realtor.desiredUrl}/admin?tab=messages&view=leads`)
      const panel = page.getByTestId('leads-panel')
      await expect(page.getByTestId('inbox-view-leads')).toHaveAttribute('aria-current', 'page')
      const item = page.getByTestId('lead-item').filter({ hasText: visitorEmail })
      const toggle = item.getByTestId('lead-toggle')
      await waitForHydration(toggle)
      await expect(page.getByTestId('lead-item')).toHaveCount(2)
      await expect(item).toHaveAttribute('data-kind', 'message')
      await expect(item).toHaveAttribute('data-stage', 'new')
      await expect(item.getByTestId('lead-summary')).toContainText(message)
      await expect(page.getByTestId('leads-stage-new').getByTestId('leads-stage-count')).toHaveText('2')

      // Open it: the source page is the homepage the visitor wrote from.
      await toggle.click()
      await expect(toggle).toHaveAttribute('aria-expanded', 'true')
      await expect(item.getByTestId('lead-source-page')).toHaveText(`${prefix}/${realtor.desiredUrl}`)

      // Contacted: saved, and said so.
      await item.getByTestId('lead-stage-select').selectOption('contacted')
      await expect(item.getByTestId('lead-save-status')).toHaveText(words.saved)
      await expect(item).toHaveAttribute('data-stage', 'contacted')
      await expect(page.getByTestId('leads-stage-contacted').getByTestId('leads-stage-count')).toHaveText('1')

      // A follow-up day that has come (on the realtor's calendar, judged by the server): the lead stands out.
      await item.getByTestId('lead-follow-up').fill('2026-01-05')
      await expect(item).toHaveAttribute('data-due', 'true')
      await expect(item.getByTestId('lead-due')).toBeVisible()

      // A private note, dated; an empty one is refused beside the field.
      await item.getByTestId('lead-note-add').click()
      await expect(item.getByTestId('lead-note-error')).toBeVisible()
      await item.getByTestId('lead-note-input').fill('Called back, wants to see three homes on Saturday')
      await item.getByTestId('lead-note-add').click()
      await expect(item.getByTestId('lead-note-status')).toHaveText(words.noteAdded)
      await expect(item.getByTestId('lead-note')).toHaveCount(1)
      await expect(item.getByTestId('lead-note')).toContainText('three homes on Saturday')
      await expect(item.getByTestId('lead-note').locator('time')).not.toBeEmpty()

      // A phone is 360 px wide: nothing is wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      const violations = await axeViolations(page)
      expect(violations, violations.join('\n')).toEqual([])
      // The workspace's dark variant is the `.dark` class (styles.css).
      await page.evaluate(() => document.documentElement.classList.add('dark'))
      const darkViolations = await axeViolations(page)
      expect(darkViolations, darkViolations.join('\n')).toEqual([])

      // Stored: the same after a reload.
      await page.reload()
      const reloaded = page.getByTestId('lead-item').filter({ hasText: visitorEmail })
      await waitForHydration(reloaded.getByTestId('lead-toggle'))
      await expect(reloaded).toHaveAttribute('data-stage', 'contacted')
      await expect(reloaded).toHaveAttribute('data-due', 'true')

      // Filters: by stage, by kind, by e-mail address; on a phone they are folded under "Filters" first.
      const filtersToggle = page.getByTestId('leads-filters-toggle')
      if (await filtersToggle.isVisible()) await filtersToggle.click()
      await page.getByTestId('leads-stage-contacted').click()
      await expect(page.getByTestId('leads-stage-contacted')).toHaveAttribute('aria-pressed', 'true')
      await expect(page.getByTestId('lead-item')).toHaveCount(1)
      await expect(page.getByTestId('lead-item')).toContainText(visitorEmail)
      await page.getByTestId('leads-stage-all').click()
      await expect(page.getByTestId('lead-item')).toHaveCount(2)

      await page.getByTestId('leads-kind').selectOption('saved_search')
      await expect(page.getByTestId('leads-empty')).toBeVisible()
      await page.getByTestId('leads-kind').selectOption('message')
      await expect(page.getByTestId('lead-item')).toHaveCount(2)

      await page.getByTestId('leads-lang').selectOption(lang)
      await expect(page.getByTestId('lead-item')).toHaveCount(1)
      await page.getByTestId('leads-lang').selectOption('')

      await page.getByTestId('leads-search').fill(visitorEmail.toUpperCase())
      await page.getByTestId('leads-search-submit').click()
      await expect(page.getByTestId('lead-item')).toHaveCount(1)
      await expect(page.getByTestId('lead-item')).toContainText(visitorEmail)
      await expect(panel.getByTestId('leads-summary')).toBeVisible()
      const filtered = await axeViolations(page)
      expect(filtered, filtered.join('\n')).toEqual([])

      // The stage's words are the page's language.
      await expect(page.getByTestId('lead-item').getByTestId('lead-stage')).toHaveText(words.contacted)
    },
  )
}
