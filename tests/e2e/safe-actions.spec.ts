import type { APIRequestContext, Page } from '@playwright/test'
import { z } from 'zod'
import { expect, test, type ServerWithMail } from './fixtures.ts'
import { axeViolations, waitForHydration } from './helpers.ts'
import { calendarOf } from './mail-parts.ts'

/*
 * Issue 52 item 3 (decision 069): a click that mails a visitor or loses data asks first, in a
 * dialog that names what will happen. Escape keeps things as they are; the confirm button does
 * it. The tour's cancellation reaches a real SMTP sink, so this spec starts its own server.
 */

const DESIRED_URL = 'sora-park'
const DEMO_ACCOUNT = { email: 'demo@example.com', password: 'demo-password-2026' }

let server: ServerWithMail['server']
let sink: ServerWithMail['sink']

test.describe.configure({ mode: 'serial' })
test.use({ serverWithMailEnv: { RATE_LIMIT_TOUR: '1000' } })

test.beforeAll(({ serverWithMail }) => {
  ;({ server, sink } = serverWithMail)
})

function irvineDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())
  return new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

const idOf = z.object({ id: z.string() })

/** A visitor's tour request to the demo realtor, confirmed for its first time over the REST API; the tour's id. */
async function confirmedTour(request: APIRequestContext, token: string, email: string, name: string): Promise<string> {
  const realtor = idOf.parse(await (await request.get(`${server.base}/cozying-api/v1/realtor/${DESIRED_URL}`)).json())
  const list = await request.get(`${server.base}/cozying-api/v1/home/list?state=CA&city=Irvine&realtor=${DESIRED_URL}`)
  const listingKey = z.object({ homes: z.array(z.object({ homeId: z.string() })).min(1) }).parse(await list.json()).homes[0]?.homeId ?? ''
  const created = await request.post(`${server.base}/cozying-api/v1/tour-requests`, {
    data: {
      realtorId: realtor.id,
      listingKey,
      mode: 'in_person',
      slots: [
        { date: irvineDate(3), time: '14:00' },
        { date: irvineDate(4), time: '10:00' },
      ],
      name,
      email,
      lang: 'en',
      consent: true,
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const tour = idOf.parse(await created.json())
  const confirmed = await request.post(`${server.base}/cozying-api/v1/tour-requests/${tour.id}/confirm`, {
    headers: { authorization: `Bearer ${token}` },
    data: { slot: 0 },
  })
  expect(confirmed.status(), await confirmed.text()).toBe(200)
  return tour.id
}

async function demoToken(request: APIRequestContext): Promise<string> {
  const answer = await request.post(`${server.base}/cozying-api/v1/auth/token`, { data: DEMO_ACCOUNT })
  expect(answer.status(), await answer.text()).toBe(200)
  return z.object({ token: z.string() }).parse(await answer.json()).token
}

async function signedInWorkspace(page: Page, prefix: string, view: string): Promise<void> {
  const signIn = await page.context().request.post(`${server.base}/api/auth/sign-in/email`, { data: DEMO_ACCOUNT })
  expect(signIn.status(), await signIn.text()).toBe(200)
  await page.goto(`${server.base}${prefix}/${DESIRED_URL}/admin?tab=messages&view=${view}`)
}

async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  const violations = await axeViolations(page)
  expect(violations, `axe ${what}:\n${violations.join('\n')}`).toEqual([])
}

test(
  'ko: cancelling a confirmed tour asks first; Escape keeps it, confirming mails the visitor a cancellation',
  { tag: '@phone' },
  async ({ page, request }) => {
    test.setTimeout(120_000)
    const email = `safe-tour-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
    const name = 'Jane Kim'
    const token = await demoToken(request)
    const tourId = await confirmedTour(request, token, email, name)
    const calendarMails = () => sink.received.filter((mail) => mail.rcptTo.includes(email) && /text\/calendar/i.test(mail.raw))
    await expect.poll(() => calendarMails().length, { timeout: 20_000 }).toBe(1)

    await signedInWorkspace(page, '', 'tours')
    const item = page.getByTestId('tour-item').filter({ hasText: email })
    await expect(item.getByTestId('tour-item-status')).toHaveText('확정됨')
    const cancel = item.getByTestId('tour-cancel')
    await waitForHydration(cancel)

    const dialog = page.getByTestId('tour-confirm-dialog')
    await cancel.click()
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('heading')).toHaveText('이 투어를 취소할까요?')
    // It names who is told, which home and when (in the home's zone), in the realtor's language.
    const consequence = dialog.getByTestId('tour-confirm-dialog-consequence')
    await expect(consequence).toContainText(`에 예정된`)
    await expect(consequence).toContainText(`${name}님에게 캘린더에서 일정을 지우는 취소 안내 이메일이 발송됩니다`)
    await expect(consequence).toContainText('Irvine')
    await expect(consequence).toContainText('태평양')
    // The safe choice has the focus: Enter pressed by habit keeps the tour.
    await expect(dialog.getByTestId('tour-confirm-dialog-keep')).toBeFocused()
    await expectNoAxeViolations(page, 'with the cancel dialog open')
    await page.evaluate(() => document.documentElement.classList.add('dark'))
    await expectNoAxeViolations(page, 'with the cancel dialog open, dark')
    await page.evaluate(() => document.documentElement.classList.remove('dark'))

    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(cancel).toBeFocused()
    await expect(item.getByTestId('tour-item-status')).toHaveText('확정됨')
    const kept = await request.get(`${server.base}/cozying-api/v1/tour-requests?limit=100`, { headers: { authorization: `Bearer ${token}` } })
    const tours = z.object({ tours: z.array(z.object({ id: z.string(), status: z.string() })) }).parse(await kept.json()).tours
    expect(tours.find((tour) => tour.id === tourId)?.status).toBe('confirmed')

    await cancel.click()
    await dialog.getByTestId('tour-confirm-dialog-confirm').click()
    await expect(dialog).toBeHidden()
    await expect(item.getByTestId('tour-item-status')).toHaveText('취소됨')

    // Exactly one more calendar mail: the cancellation of the invitation, in the visitor's language.
    await expect.poll(() => calendarMails().length, { timeout: 20_000 }).toBe(2)
    const cancellation = calendarMails()[1]?.raw ?? ''
    expect(calendarOf(cancellation)).toMatch(/METHOD:CANCEL/)
    expect(cancellation).toMatch(/Tour cancelled/)
  },
)

test('en: deleting a private note asks first, quoting it; Escape keeps it, confirming deletes it', { tag: '@phone' }, async ({ page, request }) => {
  test.setTimeout(120_000)
  const email = `safe-note-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
  const token = await demoToken(request)
  await confirmedTour(request, token, email, 'Noah Lee')
  const leads = await request.get(`${server.base}/cozying-api/v1/leads?q=${encodeURIComponent(email)}`, { headers: { authorization: `Bearer ${token}` } })
  const lead = z.object({ leads: z.array(idOf).length(1) }).parse(await leads.json()).leads[0]
  const note = await request.post(`${server.base}/cozying-api/v1/leads/${lead?.id ?? ''}/notes`, {
    headers: { authorization: `Bearer ${token}` },
    data: { body: 'Prefers weekend mornings' },
  })
  expect(note.status(), await note.text()).toBe(201)

  await signedInWorkspace(page, '/en', 'leads')
  await waitForHydration(page.getByTestId('leads-search-submit'))
  // On a phone the filters are folded under "Filters" first.
  const filtersToggle = page.getByTestId('leads-filters-toggle')
  if (await filtersToggle.isVisible()) await filtersToggle.click()
  await page.getByTestId('leads-search').fill(email)
  await page.getByTestId('leads-search-submit').click()
  const item = page.getByTestId('lead-item').filter({ hasText: email })
  await item.getByTestId('lead-toggle').click()
  const notes = item.getByTestId('lead-note')
  await expect(notes).toHaveCount(1)

  const dialog = page.getByTestId('lead-note-delete-dialog')
  await item.getByTestId('lead-note-delete').click()
  await expect(dialog.getByRole('heading')).toHaveText('Delete this note?')
  await expect(dialog.getByTestId('lead-note-delete-dialog-consequence')).toContainText('is deleted for good: “Prefers weekend mornings”')
  await expectNoAxeViolations(page, 'with the note dialog open')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(notes).toHaveCount(1)

  await item.getByTestId('lead-note-delete').click()
  await dialog.getByTestId('lead-note-delete-dialog-confirm').click()
  await expect(item.getByTestId('lead-note-status')).toHaveText('Note deleted')
  await expect(notes).toHaveCount(0)
})
