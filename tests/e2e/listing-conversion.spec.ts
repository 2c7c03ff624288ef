import { readFile } from 'node:fs/promises'
import ICAL from 'ical.js'
import type { Page, TestInfo } from '@playwright/test'
import { z } from 'zod'
import { createPublishedRealtor, expect, test, type PublishedRealtor } from './fixtures.ts'
import { axeViolations, waitForHydration } from './helpers.ts'
import type { Server } from './own-server.ts'

/*
 * A listing page that converts (issue 51 item 5, decision 063): on a phone the action bar
 * (call, KakaoTalk or a text, the tour form) stays at the screen's bottom, covers nothing at the
 * page's end and steps aside for the consent banner; beds, baths and size sit with the price;
 * a sent tour request says its times back, in the visitor's language on the home's clock, with
 * a calendar file that parses, with JavaScript and without. Its own server: the tour requests
 * it sends would run into the suite server's rate limit.
 */

const LANGS = [
  { lang: 'ko', prefix: '' },
  { lang: 'en', prefix: '/en' },
] as const
const KAKAO = 'open.kakao.com/o/e2eConversion'

let server: Server
let listingKey: string
let withKakao: PublishedRealtor
let withTag: PublishedRealtor

test.describe.configure({ mode: 'serial' })
test.use({ serverWithMailEnv: { RATE_LIMIT_TOUR: '1000' } })

test.beforeAll(async ({ request, serverWithMail }) => {
  ;({ server } = serverWithMail)
  const list = await request.get(`${server.base}/cozying-api/v1/home/list?state=CA&city=Irvine&realtor=sora-park`)
  const body = z.object({ homes: z.array(z.object({ homeId: z.string() })) }).parse(await list.json())
  listingKey = body.homes[0]?.homeId ?? ''
  expect(listingKey).not.toBe('')
  withKakao = await createPublishedRealtor(server, { kakaoLink: KAKAO })
  withTag = await createPublishedRealtor(server, { tagManagerId: 'G-E2ECONV123' })
})

const listingUrl = (prefix: string, desiredUrl: string) => `${server.base}${prefix}/${desiredUrl}/homes/${listingKey}`
const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'phone'

/** Google's hosts never see a request from these pages. */
async function keepOffOtherHosts(page: Page): Promise<void> {
  await page.route(
    (url) => url.hostname !== new URL(server.base).hostname,
    (route) => route.fulfill({ status: 204, body: '' }),
  )
}

for (const { lang, prefix } of LANGS) {
  test(`${lang}: the action bar stays at the bottom on a phone, links right, and covers nothing at the end`, { tag: '@phone' }, async ({ page }, testInfo) => {
    await page.goto(listingUrl(prefix, withKakao.desiredUrl))
    const bar = page.getByTestId('listing-action-bar')
    if (!isPhone(testInfo)) {
      // A wide screen has no bar: the same actions are at the top, the number written out.
      await expect(bar).toBeHidden()
      await expect(page.getByTestId('tour-top')).toHaveAttribute('href', '#tour')
      await expect(page.getByTestId('call-top')).toHaveAttribute('href', 'tel:+19495550123')
      // The number as its own country writes it (decision 070).
      await expect(page.getByTestId('call-top')).toContainText('(949) 555-0123')
      return
    }
    const viewport = page.viewportSize() ?? { width: 360, height: 740 }
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2))
    await expect(bar).toBeInViewport()
    const box = await bar.boundingBox()
    expect(box).not.toBeNull()
    expect(Math.abs((box?.y ?? 0) + (box?.height ?? 0) - viewport.height)).toBeLessThanOrEqual(1)
    await expect(bar.getByTestId('action-call')).toHaveAttribute('href', 'tel:+19495550123')
    await expect(bar.getByTestId('action-kakao')).toHaveAttribute('href', `https://${KAKAO}`)
    await expect(bar.getByTestId('action-tour')).toHaveAttribute('href', '#tour')
    await expect(bar.getByTestId('action-tour')).toHaveText(lang === 'ko' ? '투어 요청하기' : 'Request a tour')

    // At the end of the page the bar rests under the last content, not over it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    const lastContent = await page.evaluate(() => {
      const bar = document.querySelector('[data-listing-action-bar]')
      const before = bar?.previousElementSibling
      return { contentBottom: before?.getBoundingClientRect().bottom ?? 0, barTop: bar?.getBoundingClientRect().top ?? 0 }
    })
    expect(lastContent.contentBottom).toBeLessThanOrEqual(lastContent.barTop + 0.5)
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)

    // "Request a tour" opens the form, closed until then, and brings it into view.
    await waitForHydration(page.getByTestId('tour-request-toggle'))
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2))
    await bar.getByTestId('action-tour').click()
    await expect(page.getByTestId('tour-request')).toHaveAttribute('open', '')
    await expect(page.getByTestId('tour-slot1-date')).toBeInViewport()
    const axe = await axeViolations(page)
    expect.soft(axe, `axe on the listing with its bar:\n${axe.join('\n')}`).toEqual([])
  })
}

test('a realtor without KakaoTalk gets a text to their mobile in the bar', { tag: '@phone-only' }, async ({ page }) => {
  await page.goto(listingUrl('/en', withTag.desiredUrl))
  await expect(page.getByTestId('action-sms')).toHaveAttribute('href', 'sms:+19495550123')
  await expect(page.getByTestId('action-kakao')).toHaveCount(0)
})

test('the bar steps aside while the consent banner asks, and comes back after the answer', { tag: '@phone-only' }, async ({ page }) => {
  await keepOffOtherHosts(page)
  await page.goto(listingUrl('/en', withTag.desiredUrl))
  const consent = page.getByTestId('analytics-consent')
  await expect(consent).toBeVisible({ timeout: 15_000 })
  await expect(page.getByTestId('listing-action-bar')).toBeHidden()
  const axe = await axeViolations(page)
  expect.soft(axe, `axe with the banner:\n${axe.join('\n')}`).toEqual([])
  await consent.getByRole('button', { name: 'Decline' }).click()
  await expect(consent).toBeHidden()
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2))
  await expect(page.getByTestId('listing-action-bar')).toBeInViewport()
})

test('beds, baths and size stand beside the price at the top', async ({ page, request }) => {
  const answer = await request.get(`${server.base}/cozying-api/v1/home/${encodeURIComponent(listingKey)}?lang=en`)
  const home = z.object({ beds: z.number().nullable(), baths: z.number().nullable(), size: z.number().nullable() }).parse(await answer.json())
  await page.goto(listingUrl('/en', withKakao.desiredUrl))
  const facts = page.getByTestId('listing-key-facts')
  if (home.beds !== null) await expect(facts).toContainText(`${home.beds} bd`)
  if (home.baths !== null) await expect(facts).toContainText(`${home.baths} ba`)
  if (home.size !== null) await expect(facts).toContainText('sqft')
  const price = await page.getByTestId('listing-price').boundingBox()
  const factsBox = await facts.boundingBox()
  // On the price's line, or the line under it: far above the photos.
  expect((factsBox?.y ?? 1e9) - (price?.y ?? 0)).toBeLessThan(80)
})

/** A date `days` after today in Irvine, as a date input takes it. */
function irvineDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())
  return new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

async function fillTour(page: Page, label: string): Promise<void> {
  const form = page.getByTestId('tour-request')
  await form.getByTestId('tour-request-toggle').click()
  // In person unless the visitor says otherwise: the question never stands unanswered.
  await expect(form.getByTestId('tour-mode-in_person')).toBeChecked()
  await form.getByTestId('tour-slot1-date').fill(irvineDate(2))
  await form.getByTestId('tour-slot1-time').selectOption('10:00')
  await form.getByTestId('tour-slot2-date').fill(irvineDate(3))
  await form.getByTestId('tour-slot2-time').selectOption('16:30')
  await form.getByTestId('tour-name').fill('Minji Kim')
  await form.getByTestId('tour-email').fill(`conversion-${label}-${Date.now()}@example.com`)
  await form.getByTestId('tour-consent').check()
}

/** The times as the page must say them: the visitor's language, the home's clock, the zone named. */
function expectedTimes(lang: 'ko' | 'en'): Array<RegExp> {
  return lang === 'ko' ? [/오전 10:00.*\(미국 태평양 시간\)/, /오후 4:30.*\(미국 태평양 시간\)/] : [/10:00\sAM.*\(Pacific Time\)/, /4:30\sPM.*\(Pacific Time\)/]
}

/** The calendar file: two tentative events at 10:00 and 16:30 in Irvine, at the home. */
function expectRequestedCalendar(text: string): void {
  const calendar = new ICAL.Component(ICAL.parse(text) as Array<unknown>)
  const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component))
  expect(events).toHaveLength(2)
  const clock = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
  expect(events.map((event) => clock.format(event.startDate.toJSDate()))).toEqual(['10:00', '16:30'])
  for (const event of events) {
    expect(event.component.getFirstPropertyValue('status')).toBe('TENTATIVE')
    expect(event.location).not.toBe('')
  }
}

for (const { lang, prefix } of LANGS) {
  test(`${lang}: a sent tour request comes into view with its times on the home's clock and a calendar file, with and without JavaScript`, async ({
    browser,
  }) => {
    test.setTimeout(120_000)
    const context = await browser.newContext({ acceptDownloads: true })
    const page = await context.newPage()
    await page.goto(listingUrl(prefix, withKakao.desiredUrl))
    await waitForHydration(page.getByTestId('tour-request-toggle'))
    await fillTour(page, `js-${lang}`)
    await page.getByTestId('tour-submit').click()
    const sent = page.getByTestId('tour-request-sent')
    await expect(sent).toBeFocused()
    await expect(sent).toBeInViewport()
    const times = sent.getByTestId('tour-receipt-times').getByRole('listitem')
    await expect(times).toHaveCount(2)
    for (const [index, pattern] of expectedTimes(lang).entries()) await expect(times.nth(index)).toHaveText(pattern)
    await expect(sent.getByTestId('tour-receipt-mode')).toHaveText(lang === 'ko' ? '방문 투어' : 'In-person tour')
    const axe = await axeViolations(page)
    expect.soft(axe, `axe on the sent request:\n${axe.join('\n')}`).toEqual([])
    const [download] = await Promise.all([page.waitForEvent('download'), sent.getByTestId('tour-ics').click()])
    expect(download.suggestedFilename()).toBe('tour-request.ics')
    expectRequestedCalendar(await readFile((await download.path()) ?? '', 'utf8'))
    await context.close()

    const noScript = await browser.newContext({ javaScriptEnabled: false })
    const plain = await noScript.newPage()
    await plain.goto(listingUrl(prefix, withKakao.desiredUrl))
    await fillTour(plain, `nojs-${lang}`)
    await plain.getByTestId('tour-submit').click()
    await expect(plain.getByTestId('tour-status-sent')).toBeVisible()
    const statusTimes = plain.getByTestId('tour-receipt-times').getByRole('listitem')
    await expect(statusTimes).toHaveCount(2)
    for (const [index, pattern] of expectedTimes(lang).entries()) await expect(statusTimes.nth(index)).toHaveText(pattern)
    const href = (await plain.getByTestId('tour-ics').getAttribute('href')) ?? ''
    const file = await plain.request.get(new URL(href, server.base).href)
    expect(file.status()).toBe(200)
    expect(file.headers()['content-type']).toMatch(/^text\/calendar/)
    expectRequestedCalendar(await file.text())
    await noScript.close()
  })
}

test('a request without a way to see the home is refused with a translated error for that field; an unknown request has no calendar', async ({ request }) => {
  const answer = await request.post(`${server.base}/cozying-api/v1/tour-requests`, {
    headers: { 'accept-language': 'ko' },
    data: {
      realtorId: withKakao.id,
      listingKey,
      slots: [
        { date: irvineDate(2), time: '10:00' },
        { date: irvineDate(3), time: '11:00' },
      ],
      name: 'Minji Kim',
      email: 'no-mode@example.com',
      consent: true,
    },
  })
  expect(answer.status()).toBe(400)
  const body = z.object({ fieldErrors: z.record(z.string(), z.array(z.string())) }).parse(await answer.json())
  expect(body.fieldErrors.mode?.join(' ')).toContain('방문 또는 영상')
  const unknown = await request.get(`${server.base}/cozying-api/v1/tour-requests/00000000-0000-4000-8000-000000000000.ics?lang=en`)
  expect(unknown.status()).toBe(404)
})
