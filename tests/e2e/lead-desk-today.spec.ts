import fs from 'node:fs'
import type { APIRequestContext } from '@playwright/test'
import { axeViolations, requireBaseURL, waitForHydration } from './helpers.ts'
import { expect, test, type PublishedRealtor } from './fixtures.ts'

/*
 * The realtor's day on one screen (issue 52, decision 067): the lead desk opens on "Today" with
 * its count on the tab, a follow-up whose day has come first, then the new lead; the CSV button
 * of "All leads" downloads the server's file, what the customer wrote in it. On a phone the
 * filters fold away under "Filters", so the first lead is on the first screen.
 */

const LANGS = [
  { lang: 'ko', prefix: '', words: { today: '오늘', due: '오늘 연락할 문의', fresh: '아직 연락하지 않은 새 문의', header: '받은 날짜' } },
  { lang: 'en', prefix: '/en', words: { today: 'Today', due: 'Follow-ups due', fresh: 'New leads to contact', header: 'Received' } },
] as const

/** A visitor's message to the realtor, as the homepage's form sends it; its lead's id. */
async function sendMessage(request: APIRequestContext, base: string, realtor: PublishedRealtor, email: string, message: string): Promise<string> {
  const sent = await request.post(`${base}/cozying-api/v1/realtor-contacts`, {
    data: { realtorId: realtor.id, lastName: 'Kim', firstName: 'Sora', email, phone: '714-555-0188', phoneCountryCode: 'US', message, isTerm: 'Y' },
  })
  expect(sent.status(), await sent.text()).toBe(201)
  const body: unknown = await sent.json()
  if (typeof body !== 'object' || body === null || !('id' in body) || typeof body.id !== 'string') throw new Error('no id in the answer')
  return body.id
}

for (const { lang, prefix, words } of LANGS) {
  test(
    `${lang}: the desk opens on Today with its counts, and the CSV button downloads the server's file`,
    { tag: '@phone' },
    async ({ page, baseURL, realtor }) => {
      const base = requireBaseURL(baseURL)
      const request = page.context().request
      const stamp = Date.now()
      const dueMessage = `Please call me about the school district. ${stamp}`
      const dueId = await sendMessage(request, base, realtor, `due-${stamp}@example.org`, dueMessage)
      await sendMessage(request, base, realtor, `fresh-${stamp}@example.org`, `Is the open house on Sunday? ${stamp}`)
      // A day long past: due on every calendar, whatever the hour.
      const dated = await request.patch(`${base}/cozying-api/v1/leads/${dueId}`, {
        headers: { authorization: `Bearer ${realtor.token}` },
        data: { stage: 'contacted', nextFollowUp: '2026-01-05' },
      })
      expect(dated.status(), await dated.text()).toBe(200)

      await page.goto(`${prefix}/${realtor.desiredUrl}/admin?tab=messages`)
      const tab = page.getByTestId('inbox-view-today')
      await expect(tab).toHaveAttribute('aria-current', 'page')
      await expect(tab).toContainText(words.today)
      await expect(page.getByTestId('inbox-view-today-count')).toHaveText('2')
      const panel = page.getByTestId('today-panel')
      await expect(panel.getByTestId('today-due')).toContainText(words.due)
      await expect(panel.getByTestId('today-due-count')).toHaveText('1')
      await expect(panel.getByTestId('today-fresh')).toContainText(words.fresh)
      await expect(panel.getByTestId('today-fresh-count')).toHaveText('1')
      await expect(panel.getByTestId('today-tours')).toHaveCount(0)
      const dueItem = panel.getByTestId('today-due').getByTestId('lead-item')
      await expect(dueItem).toHaveAttribute('data-due', 'true')
      await expect(dueItem.getByTestId('lead-due')).toBeVisible()
      await expect(dueItem.getByTestId('lead-summary')).toContainText('school district')

      const violations = await axeViolations(page)
      expect(violations, violations.join('\n')).toEqual([])
      await page.evaluate(() => document.documentElement.classList.add('dark'))
      const darkViolations = await axeViolations(page)
      expect(darkViolations, darkViolations.join('\n')).toEqual([])
      await page.evaluate(() => document.documentElement.classList.remove('dark'))

      // Contacted from Today: the new lead leaves it, and the tab counts one fewer.
      const freshItem = panel.getByTestId('today-fresh').getByTestId('lead-item')
      await waitForHydration(freshItem.getByTestId('lead-toggle'))
      await freshItem.getByTestId('lead-toggle').click()
      await freshItem.getByTestId('lead-stage-select').selectOption('contacted')
      await expect(panel.getByTestId('today-fresh')).toHaveCount(0)
      await expect(page.getByTestId('inbox-view-today-count')).toHaveText('1')

      // All leads: the filters are in view on a desktop (folded under "Filters" on a phone), and the CSV comes from the server.
      await page.getByTestId('inbox-view-leads').click()
      await expect(page.getByTestId('lead-item')).toHaveCount(2)
      const filtersToggle = page.getByTestId('leads-filters-toggle')
      if (await filtersToggle.isVisible()) await filtersToggle.click()
      await expect(page.getByTestId('leads-stage-all')).toBeVisible()
      const exportLink = page.getByTestId('leads-export')
      await expect(exportLink).toHaveAttribute('href', new RegExp(`^/cozying-api/v1/leads/export\\.csv\\?realtorId=${realtor.id}&viewerLang=${lang}$`))
      const [download] = await Promise.all([page.waitForEvent('download'), exportLink.click()])
      expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/)
      const bytes = fs.readFileSync(await download.path())
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
      const csv = bytes.subarray(3).toString('utf8')
      const [header, ...records] = csv.trimEnd().split('\r\n')
      expect(header?.split(',')[0]).toBe(words.header)
      expect(records).toHaveLength(2)
      expect(csv).toContain(dueMessage)
      expect(csv).toContain("'+17145550188")
      // Times with the realtor's offset (Los Angeles by default): -08:00 in December, -07:00 in summer.
      expect(records[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-0[78]:00,/)
    },
  )
}

test(
  'on a phone the filters fold away under "Filters" and the first lead is on the first screen',
  { tag: '@phone-only' },
  async ({ page, baseURL, realtor }) => {
    const base = requireBaseURL(baseURL)
    await sendMessage(page.context().request, base, realtor, `phone-${Date.now()}@example.org`, 'A question from a phone')
    await page.goto(`/en/${realtor.desiredUrl}/admin?tab=messages&view=leads`)
    const first = page.getByTestId('lead-item').first()
    await expect(first).toBeVisible()
    await expect(page.getByTestId('leads-stage-all')).toBeHidden()
    const box = await first.boundingBox()
    const viewport = page.viewportSize()
    expect(box && viewport && box.y + 40 < viewport.height, `the first lead starts at ${box?.y ?? '?'} px`).toBe(true)
    const toggle = page.getByTestId('leads-filters-toggle')
    await toggle.click()
    await expect(page.getByTestId('leads-stage-all')).toBeVisible()
    await expect(page.getByTestId('leads-kind')).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    const violations = await axeViolations(page)
    expect(violations, violations.join('\n')).toEqual([])
  },
)
