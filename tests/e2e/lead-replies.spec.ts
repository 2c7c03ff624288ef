import type { Page } from '@playwright/test'
import { decodeWords, header, mailParts, type ReceivedMail } from '../integration/smtp-sink.ts'
import { axeViolations, waitForHydration } from './helpers.ts'
import { createPublishedRealtor, expect, test, type ServerWithMail } from './fixtures.ts'
import type { Server } from './own-server.ts'

/*
 * Issue 26 items 1 and 3 end to end (decision 021): the realtor opens the editor's "Instant
 * reply" tab, types an unknown placeholder and sees the error beside the field, fixes it with a
 * placeholder button, sees the preview, saves; a visitor then sends a message and the reply in
 * the visitor's language, with the realtor's wording, reaches a real SMTP server. The default
 * e2e server sends no mail, so this spec starts a production server of its own whose SMTP_URL
 * points at a sink started here.
 */

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
const LANGS = [
  { lang: 'ko', prefix: '' },
  { lang: 'en', prefix: '/en' },
] as const

let sink: ServerWithMail['sink']
let server: Server

test.describe.configure({ mode: 'serial' })

// Its own server: the mails it checks go to this spec's SMTP sink.
test.use({ serverWithMailEnv: { RATE_LIMIT_CONTACT: '1000' } })

test.beforeAll(({ serverWithMail }) => {
  ;({ server, sink } = serverWithMail)
})

async function mailTo(email: string): Promise<ReceivedMail> {
  await expect
    .poll(() => sink.received.filter((mail) => mail.rcptTo.includes(email)).length, { message: `the instant reply reaches ${email}`, timeout: 45_000 })
    .toBe(1)
  const mail = sink.received.find((item) => item.rcptTo.includes(email))
  if (!mail) throw new Error(`no mail to ${email}`)
  return mail
}

async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  const violations = await axeViolations(page, AXE_TAGS)
  expect(violations, `axe violations on ${where}:\n${violations.join('\n')}`).toEqual([])
}

for (const { lang, prefix } of LANGS) {
  test(`${lang}: the realtor edits the instant reply and a visitor's message gets it by mail`, async ({ browser }, testInfo) => {
    test.setTimeout(120_000)
    const context = await browser.newContext({ baseURL: server.base })
    try {
      const realtor = await createPublishedRealtor(context.request, server.base)
      const page = await context.newPage()
      await page.goto(`${prefix}/${realtor.desiredUrl}/admin?tab=replies`)
      const subject = page.getByTestId(`reply-subject-${lang}`)
      await waitForHydration(subject)
      await expect(page.getByTestId('tab-replies')).toHaveAttribute('aria-current', 'page')
      await expectNoAxeViolations(page, `the ${lang} Instant reply tab`)
      // The workspace's dark variant is the `.dark` class (styles.css).
      await page.evaluate(() => document.documentElement.classList.add('dark'))
      await expectNoAxeViolations(page, `the ${lang} Instant reply tab (dark)`)
      await page.evaluate(() => document.documentElement.classList.remove('dark'))

      // The default wording is there and previews with sample values.
      const preview = page.getByTestId(`reply-preview-${lang}`)
      await expect(preview).toContainText(lang === 'ko' ? '김지민님, 안녕하세요.' : 'Hello Alex Kim,')

      // An unknown placeholder is an error beside the field.
      const marker = `${testInfo.project.name}-${Date.now()}`
      await subject.fill(`Thanks {visitorname} ${marker}`)
      await subject.blur()
      const error = page.getByTestId(`reply-subject${lang === 'ko' ? 'Ko' : 'En'}-error`)
      await expect(error).toContainText(lang === 'ko' ? '자리 표시자' : 'placeholders')
      await expect(subject).toHaveAttribute('aria-invalid', 'true')

      // Fixed with the insert button, where the cursor is.
      await subject.fill(`Thanks  ${marker}`)
      await subject.focus()
      await subject.evaluate((element: HTMLInputElement) => element.setSelectionRange(7, 7))
      await page.getByTestId(`insert-${lang}-visitorName`).click()
      await expect(subject).toHaveValue(`Thanks {visitorName} ${marker}`)
      await expect(error).toHaveCount(0)
      await expect(preview).toContainText(`Thanks ${lang === 'ko' ? '김지민' : 'Alex Kim'} ${marker}`)

      await page.getByTestId('reply-settings-save').click()
      await expect(page.getByTestId('reply-settings-status')).toContainText(lang === 'ko' ? '저장했습니다' : 'Saved', { timeout: 20_000 })
      await page.reload()
      await expect(page.getByTestId(`reply-subject-${lang}`)).toHaveValue(`Thanks {visitorName} ${marker}`)

      // A visitor writes in this language; the reply arrives in it, with the realtor's words.
      const visitorEmail = `visitor-${marker}@example.com`.toLowerCase()
      const sent = await context.request.post(`${server.base}/cozying-api/v1/realtor-contacts`, {
        headers: { 'accept-language': lang },
        data: {
          realtorId: realtor.id,
          lastName: 'Lee',
          firstName: 'Minji',
          email: visitorEmail,
          phone: '9495550100',
          phoneCountryCode: 'US',
          // In the page's language: the reply follows the language the visitor wrote in (decision 070).
          message: lang === 'ko' ? '그 집에 대해 꼭 전화 주세요. SECRET-TEXT' : 'Please call me about the house. SECRET-TEXT',
          isTerm: 'Y',
          consentLang: lang,
        },
      })
      expect(sent.status(), await sent.text()).toBe(201)
      const mail = await mailTo(visitorEmail)
      expect(decodeWords(header(mail.raw, 'subject') ?? '')).toMatch(new RegExp(`^Thanks (Minji Lee|Lee Minji|Lee ?Minji|Minji ?Lee) ${marker}$`))
      const { text, html } = mailParts(mail.raw)
      expect(`${text}${html ?? ''}`).not.toContain('SECRET-TEXT')
      expect(text).toContain('DRE #02777777')
      expect(html).toContain(`<html lang="${lang}">`)
    } finally {
      await context.close()
    }
  })
}
