import fs from 'node:fs'
import type { APIRequestContext, Page, TestInfo } from '@playwright/test'
import { mailParts, type ReceivedMail } from '../integration/smtp-sink.ts'
import { expect, test, type ServerWithMail } from './fixtures.ts'
import { axeViolations, waitForHydration } from './helpers.ts'
import type { Server } from './own-server.ts'

/*
 * Saved searches end to end (issue 13, decision 017): a visitor saves the search on the demo
 * homepage, with and without JavaScript; the confirmation mail reaches a real SMTP server; its
 * link and the Confirm button subscribe them; the realtor finds the lead in the inbox's "Saved
 * searches" view with its filters in words. The default e2e server sends no mail, so this spec
 * starts a production server of its own whose SMTP_URL points at a sink started here.
 */

const DESIRED_URL = 'sora-park'
const DEMO_ACCOUNT = { email: 'demo@example.com', password: 'demo-password-2026' }
const LANGS = [
  { lang: 'ko', prefix: '' },
  { lang: 'en', prefix: '/en' },
] as const

type Sink = ServerWithMail['sink']

let sink: Sink
let server: Server

test.describe.configure({ mode: 'serial' })

// Its own server: the mails it checks go to this spec's SMTP sink.
test.use({ serverWithMailEnv: { RATE_LIMIT_SAVED_SEARCH: '1000' } })

test.beforeAll(({ serverWithMail }) => {
  ;({ server, sink } = serverWithMail)
})

/** An address no other test of this run uses. */
function uniqueEmail(testInfo: TestInfo, label: string): string {
  return `saved-${label}-${testInfo.project.name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
}

/** The one mail sent to `email`, once it has arrived. */
async function mailTo(email: string): Promise<ReceivedMail> {
  await expect
    .poll(() => sink.received.filter((mail) => mail.rcptTo.includes(email)).length, { message: `a confirmation mail reaches ${email}`, timeout: 20_000 })
    .toBe(1)
  const mail = sink.received.find((item) => item.rcptTo.includes(email))
  if (!mail) throw new Error(`no mail to ${email}`)
  return mail
}

/** The confirm link of a mail, on the own server whatever origin the mail names. */
function confirmLinkOf(mail: ReceivedMail): string {
  const { text, html } = mailParts(mail.raw)
  const found = /https?:\/\/[^\s"'<>]+\/alerts\/confirm\?token=[^\s"'<>]+/.exec(`${text}\n${html ?? ''}`)?.[0]
  expect(found, `a confirm link in the mail:\n${text}`).toBeTruthy()
  const url = new URL((found ?? '').replaceAll('&amp;', '&'))
  return `${server.base}${url.pathname}${url.search}`
}

async function openSaveForm(page: Page, path: string): Promise<void> {
  await page.goto(`${server.base}${path}`)
  const form = page.getByTestId('save-search-form')
  await waitForHydration(form)
  await page.getByTestId('save-search-toggle').click()
  await expect(form).toBeVisible()
}

/** A bearer token of the demo realtor, from a request context that shares no cookie with the pages. */
async function demoToken(request: APIRequestContext): Promise<string> {
  const response = await request.post(`${server.base}/api/auth/sign-in/email`, { data: DEMO_ACCOUNT })
  expect(response.status(), await response.text()).toBe(200)
  const token = response.headers()['set-auth-token']
  expect(token).toBeTruthy()
  return token ?? ''
}

for (const { lang, prefix } of LANGS) {
  test(`${lang}: save the homepage's search, confirm it from the mail, find it in the inbox`, { tag: '@phone' }, async ({ page }, testInfo) => {
    test.setTimeout(90_000)
    const email = uniqueEmail(testInfo, lang)
    const homepage = `${prefix}/${DESIRED_URL}`
    await openSaveForm(page, homepage)

    // What will be saved is said in words, in the page's language.
    const words = (await page.getByTestId('save-search-words').textContent())?.trim() ?? ''
    expect(words).not.toBe('')
    if (lang === 'en') expect(words).toMatch(/^Homes for sale in /)
    // The consent names the realtor, in the page's language (the registry's words, decision 017).
    if (lang === 'en') await expect(page.getByTestId('save-search-consent')).toContainText('I agree to receive e-mails from')
    await expect(page.getByTestId('save-search-consent').getByRole('link')).toHaveAttribute('href', `${homepage}/agreement`)

    // An empty address is caught beside the field, without a request.
    await page.getByTestId('save-search-submit').click()
    const emailField = page.getByTestId('save-search-email')
    await expect(emailField).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByTestId('save-search-email-error')).toBeVisible()
    await expect(emailField).toHaveAttribute('aria-describedby', 'save-search-email-error')

    await emailField.fill(email)
    await page.getByTestId('save-search-frequency').selectOption('weekly')
    const posted = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/cozying-api/v1/saved-searches'))
    await page.getByTestId('save-search-submit').click()
    const request = await posted
    // With scripts the form sends JSON and stays on the page.
    expect(request.headers()['content-type']).toContain('application/json')
    expect(request.postDataJSON()).toMatchObject({ email, frequency: 'weekly', consentVersion: 'saved-search-v1', consentPage: homepage, sort: 'newest' })
    await expect(page.getByTestId('save-search-sent')).toBeVisible()
    expect(new URL(page.url()).pathname).toBe(homepage)

    // The confirmation mail; its link only shows a button (a mail scanner confirms nothing).
    const mail = await mailTo(email)
    await page.goto(confirmLinkOf(mail))
    await expect(page.getByTestId('alert-summary')).toContainText(words)
    await page.getByTestId('alert-confirm').click()
    await expect(page.getByTestId('alert-confirmed')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang === 'en' ? "You're subscribed" : '구독되었습니다')

    // The manage page, reached from the confirmed page's link.
    await page.getByTestId('alert-manage-link').click()
    await expect(page.getByTestId('alert-frequency-form')).toBeVisible()
    await expect(page.getByTestId('alert-summary')).toContainText(email)

    // The realtor's inbox: signed in through the page's own context, so its cookie is used.
    const signIn = await page.context().request.post(`${server.base}/api/auth/sign-in/email`, { data: DEMO_ACCOUNT })
    expect(signIn.status(), await signIn.text()).toBe(200)
    await page.goto(`${server.base}${homepage}/admin?tab=messages`)
    const savedView = page.getByTestId('inbox-view-saved-searches')
    await waitForHydration(savedView)
    await savedView.click()
    await expect(page).toHaveURL(/[?&]view=saved-searches\b/)
    await expect(savedView).toHaveAttribute('aria-current', 'page')
    const item = page.getByTestId('saved-search-item').filter({ hasText: email })
    await expect(item).toBeVisible()
    await expect(item.getByTestId('saved-search-words')).toHaveText(words)
    await expect(item).toHaveAttribute('data-status', 'active')
    await expect(item.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`)
    // A long address wraps: nothing is wider than a 360 px phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    await item.getByTestId('saved-search-consent').locator('summary').click()
    await expect(item.getByTestId('saved-search-consent')).toContainText('saved-search-v1')
    await expect(item.getByTestId('saved-search-consent')).toContainText(homepage)

    // Pause and resume.
    await item.getByTestId('saved-search-pause').click()
    await expect(item).toHaveAttribute('data-status', 'paused')
    await item.getByTestId('saved-search-pause').click()
    await expect(item).toHaveAttribute('data-status', 'active')

    // The CSV holds the lead with its consent record.
    const download = page.waitForEvent('download')
    await page.getByTestId('saved-searches-export').click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^saved-searches-\d{4}-\d{2}-\d{2}\.csv$/)
    const text = fs.readFileSync(await file.path(), 'utf8')
    expect(text).toContain(email)
    expect(text).toContain('saved-search-v1')
  })
}

test('the hidden fields follow the search on screen', async ({ page }) => {
  await openSaveForm(page, `/en/${DESIRED_URL}`)
  const form = page.getByTestId('save-search-form')
  await expect(form.locator('input[name="type"]')).toHaveValue('sale')
  await page.getByLabel('Sale or rent').selectOption('rent')
  await page.getByRole('button', { name: 'Show homes' }).click()
  await expect(page).toHaveURL(/[?&]type=rent\b/)
  await expect(form.locator('input[name="type"]')).toHaveValue('rent')
  await expect(page.getByTestId('save-search-words')).toHaveText(/^Homes for rent in /)
})

test('without JavaScript the form posts and lands on the status page', { tag: '@phone' }, async ({ browser }, testInfo) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: testInfo.project.use.viewport ?? null })
  const page = await context.newPage()
  try {
    const email = uniqueEmail(testInfo, 'nojs')
    await page.goto(`${server.base}/en/${DESIRED_URL}`)
    // <details> opens without scripts.
    await page.getByTestId('save-search-toggle').click()
    await page.getByTestId('save-search-email').fill(email)
    await page.getByTestId('save-search-submit').click()
    await expect(page).toHaveURL(new RegExp(`/en/${DESIRED_URL}/alerts/saved\\?status=sent`))
    await expect(page.getByTestId('alert-saved')).toBeVisible()
    // Never the address itself in the URL.
    expect(page.url()).not.toContain(encodeURIComponent(email))
    expect(page.url()).not.toContain(email)
    await mailTo(email)
  } finally {
    await context.close()
  }
})

test('axe finds no violation on the open form (light and dark), the manage page and the inbox view', { tag: '@phone' }, async ({ page, request }, testInfo) => {
  test.setTimeout(120_000)
  const token = await demoToken(request)
  const found = await request.get(`${server.base}/cozying-api/v1/realtor/${DESIRED_URL}`)
  const { id } = (await found.json()) as { id: string }
  const setDark = async (value: 'Y' | 'N') => {
    const response = await request.patch(`${server.base}/cozying-api/v1/realtor/${id}`, {
      headers: { authorization: `Bearer ${token}`, origin: server.base },
      data: { contentDarkMode: value, designMainDarkMode: value },
    })
    expect(response.status(), await response.text()).toBe(200)
  }

  for (const dark of [false, true]) {
    await setDark(dark ? 'Y' : 'N')
    for (const { prefix } of LANGS) {
      await openSaveForm(page, `${prefix}/${DESIRED_URL}`)
      await expect(page.locator('div.dark')).toHaveCount(dark ? 1 : 0)
      // An error beside the field and the general alert are part of what axe checks.
      await page.getByTestId('save-search-submit').click()
      await expect(page.getByTestId('save-search-email-error')).toBeVisible()
      const violations = await axeViolations(page)
      expect.soft(violations, `axe on the open form at ${prefix || '/'} (${dark ? 'dark' : 'light'}):\n${violations.join('\n')}`).toEqual([])
    }
  }
  await setDark('N')

  // A confirmed search's manage page (the alert pages and the workspace have one light theme).
  const email = uniqueEmail(testInfo, 'axe')
  await openSaveForm(page, `/en/${DESIRED_URL}`)
  await page.getByTestId('save-search-email').fill(email)
  await page.getByTestId('save-search-submit').click()
  await expect(page.getByTestId('save-search-sent')).toBeVisible()
  await page.goto(confirmLinkOf(await mailTo(email)))
  await page.getByTestId('alert-confirm').click()
  await expect(page.getByTestId('alert-confirmed')).toBeVisible()
  await page.getByTestId('alert-manage-link').click()
  await expect(page.getByTestId('alert-frequency-form')).toBeVisible()
  const manage = await axeViolations(page)
  expect.soft(manage, `axe on the manage page:\n${manage.join('\n')}`).toEqual([])

  const signIn = await page.context().request.post(`${server.base}/api/auth/sign-in/email`, { data: DEMO_ACCOUNT })
  expect(signIn.status()).toBe(200)
  await page.goto(`${server.base}/en/${DESIRED_URL}/admin?tab=messages&view=saved-searches`)
  const item = page.getByTestId('saved-search-item').filter({ hasText: email })
  await expect(item).toBeVisible()
  await item.getByTestId('saved-search-consent').locator('summary').click()
  const inbox = await axeViolations(page)
  expect.soft(inbox, `axe on the inbox's saved searches:\n${inbox.join('\n')}`).toEqual([])
})
