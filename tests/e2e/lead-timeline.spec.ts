import { readFile } from 'node:fs/promises'
import { axeViolations, requireBaseURL, waitForHydration } from './helpers.ts'
import { expect, test } from './fixtures.ts'

/*
 * A lead's timeline (issue 52 item 2, decision 068): a visitor asks for a tour, the realtor
 * confirms a time; on the lead desk the realtor opens the lead and finds, in order, the request
 * with its times, the stage the confirmation set and the tour confirmation mail; opens the mail
 * as sent in its sandboxed frame and downloads its .ics. axe finds nothing on the open timeline.
 */

const LANGS = [
  { lang: 'ko', prefix: '', words: { confirmation: '투어 확정', show: '보낸 이메일 그대로 보기' } },
  { lang: 'en', prefix: '/en', words: { confirmation: 'Tour confirmation', show: 'Show the e-mail as sent' } },
] as const

for (const { lang, prefix, words } of LANGS) {
  test(
    `${lang}: the realtor opens a tour lead and sees its timeline, the confirmation mail as sent, and downloads its .ics`,
    { tag: '@phone' },
    async ({ page, baseURL, realtor }) => {
      test.setTimeout(60_000)
      const base = requireBaseURL(baseURL)
      const api = page.context().request
      const list = await api.get(`${base}/cozying-api/v1/home/list?state=CA&city=Irvine&homesPerPage=1`)
      const listingKey = ((await list.json()) as { homes: Array<{ homeId: string }> }).homes[0]?.homeId ?? ''
      expect(listingKey, 'a listing in Irvine').not.toBe('')
      const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
      const email = `timeline-${lang}-${Date.now()}@example.org`
      const created = await api.post(`${base}/cozying-api/v1/tour-requests`, {
        data: {
          realtorId: realtor.id,
          listingKey,
          mode: 'in_person',
          slots: [
            { date: dayIn(7), time: '10:00' },
            { date: dayIn(8), time: '14:00' },
          ],
          timeZone: 'America/Los_Angeles',
          name: 'Minji Lee',
          email,
          message: 'Can we see the backyard?',
          lang,
          consent: true,
          consentVersion: 'tour-v1',
        },
      })
      expect(created.status(), await created.text()).toBe(201)
      const tourId = ((await created.json()) as { id: string }).id
      const confirmed = await api.post(`${base}/cozying-api/v1/tour-requests/${tourId}/confirm`, {
        data: { slot: 0 },
        headers: { authorization: `Bearer ${realtor.token}` },
      })
      expect(confirmed.status(), await confirmed.text()).toBe(200)

      // The desk opens on Today; a confirmed tour is under "All leads".
      await page.goto(`${prefix}/${realtor.desiredUrl}/admin?tab=messages&view=leads`)
      const item = page.getByTestId('lead-item').filter({ hasText: email })
      const toggle = item.getByTestId('lead-toggle')
      await waitForHydration(toggle)
      await toggle.click()
      const timeline = item.getByTestId('lead-timeline')
      const entries = timeline.getByTestId('timeline-entry')
      // The request, the stage the confirmation set, then the mail (the instant reply is the scheduler's, maybe not yet).
      await expect(entries.first()).toHaveAttribute('data-type', 'tour_request')
      await expect(entries.and(page.locator('[data-type="stage"]'))).toHaveCount(1)
      const confirmation = timeline.locator('[data-testid="timeline-mail"][data-kind="tour-confirmed"]')
      await expect(confirmation).toHaveCount(1)
      await expect(confirmation).toContainText(words.confirmation)
      await expect(confirmation.getByTestId('timeline-mail-state')).not.toBeEmpty()

      // axe on the open timeline, light and dark. The sent mail's own frame is not ours to check
      // (and axe cannot run inside a frame that runs no script), so it is opened after.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      const violations = await axeViolations(page)
      expect(violations, violations.join('\n')).toEqual([])
      await page.evaluate(() => document.documentElement.classList.add('dark'))
      const darkViolations = await axeViolations(page)
      expect(darkViolations, darkViolations.join('\n')).toEqual([])

      // The mail as sent, in a frame that runs nothing and cannot reach the workspace.
      await expect(confirmation.getByTestId('timeline-mail-toggle')).toHaveText(words.show)
      await confirmation.getByTestId('timeline-mail-toggle').click()
      await expect(confirmation.getByTestId('timeline-mail-toggle')).toHaveAttribute('aria-expanded', 'true')
      const frame = confirmation.getByTestId('timeline-mail-frame')
      await expect(frame).toHaveAttribute('sandbox', '')
      await expect(frame.contentFrame().locator('body')).toContainText(/\S/)
      expect(await page.locator('[data-testid="lead-timeline"] script').count()).toBe(0)

      // Its .ics downloads exactly as sent.
      const [download] = await Promise.all([page.waitForEvent('download'), confirmation.getByTestId('timeline-mail-attachment').click()])
      expect(download.suggestedFilename()).toBe('tour.ics')
      const ics = await readFile(await download.path(), 'utf8')
      expect(ics).toContain('METHOD:REQUEST')
      expect(ics).toContain('BEGIN:VEVENT')
    },
  )
}
