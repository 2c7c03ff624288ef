import ICAL from 'ical.js'
import type { Page, TestInfo } from '@playwright/test'
import { z } from 'zod'
import { type ReceivedMail } from '../integration/smtp-sink.ts'
import { expect, test, type ServerWithMail } from './fixtures.ts'
import { axeViolations, waitForHydration } from './helpers.ts'
import { calendarOf } from './mail-parts.ts'
import type { Server } from './own-server.ts'

/*
 * Tour requests end to end (issue 26 item 4, decision 022): a visitor asks for a tour on a
 * listing page of the demo realtor (Irvine, CA: Pacific Time), with JavaScript and without; the
 * realtor confirms a time in the workspace inbox's "Tour requests"; the visitor's mail reaches a
 * real SMTP server with an .ics invitation that a real iCalendar parser reads back. The default
 * e2e server sends no mail, so this spec starts a production server whose SMTP_URL is a sink.
 */

const DESIRED_URL = 'sora-park'
const DEMO_ACCOUNT = { email: 'demo@example.com', password: 'demo-password-2026' }
const LANGS = [
  { lang: 'ko', prefix: '' },
  { lang: 'en', prefix: '/en' },
] as const

let sink: ServerWithMail['sink']
let server: Server
let listingKey: string

test.describe.configure({ mode: 'serial' })

// Its own server: the mails it checks go to this spec's SMTP sink.
test.use({ serverWithMailEnv: { RATE_LIMIT_TOUR: '1000' } })

test.beforeAll(async ({ request, serverWithMail }) => {
  ;({ server, sink } = serverWithMail)
  const list = await request.get(`${server.base}/cozying-api/v1/home/list?state=CA&city=Irvine&realtor=${DESIRED_URL}`)
  const body = z.object({ homes: z.array(z.object({ homeId: z.string() })) }).parse(await list.json())
  listingKey = body.homes[0]?.homeId ?? ''
  expect(listingKey).not.toBe('')
})

function uniqueEmail(testInfo: TestInfo, label: string): string {
  return `tour-${label}-${testInfo.project.name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
}

/** A date `days` after today in Irvine, as a date input takes it. */
function irvineDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())
  return new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

async function fillTourForm(page: Page, email: string, name: string): Promise<void> {
  const form = page.getByTestId('tour-request')
  await form.getByTestId('tour-request-toggle').click()
  await form.getByTestId('tour-mode-video').check()
  await form.getByTestId('tour-slot1-date').fill(irvineDate(2))
  await form.getByTestId('tour-slot1-time').selectOption('10:00')
  await form.getByTestId('tour-slot2-date').fill(irvineDate(3))
  await form.getByTestId('tour-slot2-time').selectOption('16:30')
  await form.getByTestId('tour-name').fill(name)
  await form.getByTestId('tour-email').fill(email)
  await form.getByTestId('tour-phone').fill('(949) 555-0188')
  await form.getByTestId('tour-consent').check()
}

/** The visitor's invitations (their instant reply, from the scheduler, is another mail). */
async function invitationsTo(email: string, count: number): Promise<Array<ReceivedMail>> {
  const invitations = () => sink.received.filter((mail) => mail.rcptTo.includes(email) && /text\/calendar/i.test(mail.raw))
  await expect.poll(() => invitations().length, { timeout: 20_000 }).toBe(count)
  return invitations()
}

for (const { lang, prefix } of LANGS) {
  test(
    `${lang}: a visitor requests a tour with and without JavaScript; the realtor confirms; the mail carries a valid .ics`,
    { tag: '@phone' },
    async ({ browser }, testInfo) => {
      // Three browser contexts, axe four times and a mail round trip: minutes on a shared machine.
      test.setTimeout(300_000)
      const listing = `${server.base}${prefix}/${DESIRED_URL}/homes/${listingKey}`

      // With JavaScript: sent in place.
      const visitor = await browser.newContext({ viewport: testInfo.project.use.viewport ?? undefined })
      const page = await visitor.newPage()
      await page.goto(listing)
      await waitForHydration(page.getByTestId('tour-request-toggle'))
      await expect(page.getByTestId('tour-request')).toBeVisible()
      const email = uniqueEmail(testInfo, `js-${lang}`)
      await fillTourForm(page, email, lang === 'ko' ? '김민지' : 'Minji Kim')
      await expect(page.getByTestId('tour-zone')).toContainText(lang === 'ko' ? '태평양' : 'Pacific Time')
      const axe = await axeViolations(page)
      expect.soft(axe, `axe on the open tour form:\n${axe.join('\n')}`).toEqual([])
      await page.getByTestId('tour-submit').click()
      await expect(page.getByTestId('tour-request-sent')).toBeVisible()
      await visitor.close()

      // A refusal with JavaScript: the error beside the field.
      const again = await browser.newContext()
      const retry = await again.newPage()
      await retry.goto(listing)
      await waitForHydration(retry.getByTestId('tour-request-toggle'))
      await fillTourForm(retry, uniqueEmail(testInfo, 'refused'), 'X')
      await retry.getByTestId('tour-slot2-date').fill(irvineDate(2))
      await retry.getByTestId('tour-slot2-time').selectOption('10:00')
      await retry.getByTestId('tour-submit').click()
      await expect(retry.getByTestId('tour-slot2-error')).toBeVisible()
      await again.close()

      // Without JavaScript: a plain form post and a 303 to the status page.
      const noScript = await browser.newContext({ javaScriptEnabled: false })
      const plain = await noScript.newPage()
      await plain.goto(listing)
      const plainEmail = uniqueEmail(testInfo, `nojs-${lang}`)
      await fillTourForm(plain, plainEmail, 'Jin Park')
      await plain.getByTestId('tour-submit').click()
      await expect(plain.getByTestId('tour-status-sent')).toBeVisible()
      await expect(plain).toHaveURL(/\/homes\/tour-request\?/)
      const statusUrl = plain.url()
      await plain.getByTestId('tour-status-back').click()
      await expect(plain).toHaveURL(new RegExp(`/homes/${listingKey}$`))
      await noScript.close()
      // axe runs in the page's own scripts, so the status page is checked where they run.
      const checker = await browser.newContext()
      const statusPage = await checker.newPage()
      await statusPage.goto(statusUrl)
      await expect(statusPage.getByTestId('tour-status-sent')).toBeVisible()
      const statusAxe = await axeViolations(statusPage)
      expect.soft(statusAxe, `axe on the status page:\n${statusAxe.join('\n')}`).toEqual([])
      await checker.close()

      // The realtor confirms the first time in the workspace.
      const realtor = await browser.newContext({ viewport: testInfo.project.use.viewport ?? undefined })
      const workspace = await realtor.newPage()
      const signIn = await realtor.request.post(`${server.base}/api/auth/sign-in/email`, { data: DEMO_ACCOUNT })
      expect(signIn.status(), await signIn.text()).toBe(200)
      await workspace.goto(`${server.base}${prefix}/${DESIRED_URL}/admin?tab=messages&view=tours`)
      const item = workspace.getByTestId('tour-item').filter({ hasText: email })
      await expect(item).toBeVisible({ timeout: 15_000 })
      await expect(item.getByTestId('tour-item-slot')).toHaveCount(2)
      await expect(item.getByTestId('tour-item-consent')).toContainText('tour-v1')
      const inboxAxe = await axeViolations(workspace)
      expect.soft(inboxAxe, `axe on the inbox's tour requests:\n${inboxAxe.join('\n')}`).toEqual([])
      await waitForHydration(item.getByTestId('tour-confirm-slot').first())
      await item.getByTestId('tour-confirm-slot').first().click()
      // The invitation is mailed only once the realtor says so in the dialog (decision 069).
      await workspace.getByTestId('tour-confirm-dialog-confirm').click()
      await expect(item.getByTestId('tour-item-chosen')).toBeVisible()
      expect(await workspace.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      await realtor.close()

      // The visitor's invitation: one, in their language, that parses back.
      const [mail] = await invitationsTo(email, 1)
      const jcal: Array<unknown> = ICAL.parse(calendarOf(mail?.raw ?? '')) as Array<unknown>
      const calendar = new ICAL.Component(jcal)
      expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST')
      const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined)
      expect(event.uid).toMatch(/^tour-[0-9a-f-]+@127\.0\.0\.1:\d+$/)
      expect(event.sequence).toBe(1)
      // 10:00 in Irvine, an hour long.
      const start = event.startDate.toJSDate()
      expect(new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(start)).toBe(
        '10:00',
      )
      expect(event.endDate.toJSDate().getTime() - start.getTime()).toBe(3_600_000)
      expect(event.location).toMatch(/Irvine, CA/)
    },
  )
}
