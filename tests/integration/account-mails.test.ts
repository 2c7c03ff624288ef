import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createMailer } from '../../src/server/mail/mailer'
import type { AppServices } from '../../src/server/services'
import { authRequest, createTestApp, describeOnEachDatabase, PASSWORD, uniqueEmail, type TestApp } from './harness'
import { decodeWords, header, mailParts, startSmtpSink, type ReceivedMail } from './smtp-sink'

/*
 * The account's own mails (issue 32, item 4, decision 025): the verification link and the
 * password reset link are branded mails in the language of the page the account was created
 * on, stored on the account, whatever language later asks for the mail; a text and an HTML
 * part, the product's name, what the link does, when it expires, what to do if the reader did
 * not ask. Through the app's real nodemailer transport into a real SMTP sink.
 */

const FROM = 'Realtor Home <no-reply@realtor.test>'
const SITE = { ko: '테스트 리얼터 홈', en: 'Test Realtor Home' }

const EXPECTED = {
  ko: {
    verifySubject: `${SITE.ko} 이메일 주소를 확인해 주세요`,
    verifyAction: '이메일 주소 확인하기',
    verifyExpiry: '링크는 24시간 후에 만료됩니다.',
    verifyNotYou: `${SITE.ko}에 계정을 만든 적이 없다면 이 메일을 무시하세요.`,
    resetSubject: `${SITE.ko} 비밀번호 재설정`,
    resetAction: '새 비밀번호 설정',
    resetExpiry: '링크는 1시간 후에 만료되며 한 번만 쓸 수 있습니다.',
    resetNotYou: '요청하신 적이 없다면 이 메일을 무시하세요. 비밀번호는 그대로 유지됩니다.',
  },
  en: {
    verifySubject: `Confirm your e-mail address for ${SITE.en}`,
    verifyAction: 'Confirm my e-mail address',
    verifyExpiry: 'The link expires in 24 hours.',
    verifyNotYou: `If you did not create an account on ${SITE.en}, ignore this e-mail`,
    resetSubject: `Reset your ${SITE.en} password`,
    resetAction: 'Choose a new password',
    resetExpiry: 'The link expires in 1 hour and works once.',
    resetNotYou: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  },
} as const

/** The stored language of an account, read the way better-auth reads the row. */
async function storedLanguage(s: AppServices, email: string): Promise<string | null> {
  const row = await (await s.auth.$context).adapter.findOne<unknown>({ model: 'user', where: [{ field: 'email', value: email }] })
  return z.object({ language: z.string().nullable() }).parse(row).language
}

async function mailTo(received: Array<ReceivedMail>, email: string, count: number): Promise<ReceivedMail> {
  await expect.poll(() => received.filter((mail) => mail.rcptTo.includes(email)).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count)
  const mail = received.filter((item) => item.rcptTo.includes(email))[count - 1]
  if (!mail) throw new Error(`no mail number ${count} to ${email}`)
  return mail
}

describeOnEachDatabase('account mails', (database) => {
  let app: TestApp
  let sink: Awaited<ReturnType<typeof startSmtpSink>>
  // Verification links go to ADMIN_EMAILS addresses only (services.ts): both readers are listed.
  const readers = { ko: uniqueEmail('ko-reader'), en: uniqueEmail('en-reader') }

  beforeAll(async () => {
    sink = await startSmtpSink()
    app = await createTestApp(database.name, {
      mailer: createMailer(sink.url, FROM),
      env: { ADMIN_EMAILS: `${readers.ko},${readers.en}`, SITE_NAME_KO: SITE.ko, SITE_NAME_EN: SITE.en, RATE_LIMIT_AUTH: '100' },
    })
  })

  afterAll(async () => {
    await app.close()
    await sink.close()
  })

  for (const lang of ['ko', 'en'] as const) {
    const other = lang === 'ko' ? 'en' : 'ko'
    const words = EXPECTED[lang]

    describe(`an account created on a ${lang} page`, () => {
      it('stores the language and gets a branded verification mail in it, text and HTML', async () => {
        const email = readers[lang]
        const signUp = await authRequest(app.services, 'POST', '/sign-up/email', { lang, body: { email, password: PASSWORD, name: 'Reader' } })
        expect(signUp.status, signUp.text).toBe(200)
        expect(await storedLanguage(app.services, email)).toBe(lang)

        const mail = await mailTo(sink.received, email, 1)
        expect(decodeWords(header(mail.raw, 'Subject') ?? '')).toBe(words.verifySubject)
        expect(decodeWords(header(mail.raw, 'From') ?? '')).toContain(SITE[lang])
        const { text, html } = mailParts(mail.raw)
        const link = /http:\/\/test\.local\/api\/auth\/verify-email\?token=\S+/.exec(text)?.[0]
        expect(link, text).toBeDefined()
        for (const part of [text, html ?? '']) {
          expect(part).toContain(SITE[lang])
          expect(part).toContain(words.verifyAction)
          expect(part).toContain(words.verifyExpiry)
          expect(part).toContain(words.verifyNotYou)
        }
        expect(html).toContain(`<html lang="${lang}">`)
        expect(html).toContain(`href="${(link ?? '').replace(/&/g, '&amp;')}"`)
      })

      it(`writes the reset mail in the account's language, though the ${other} page asks for it`, async () => {
        const email = readers[lang]
        const asked = await authRequest(app.services, 'POST', '/request-password-reset', { lang: other, body: { email, redirectTo: '/login/reset' } })
        expect(asked.status, asked.text).toBe(200)
        const mail = await mailTo(sink.received, email, 2)
        expect(decodeWords(header(mail.raw, 'Subject') ?? '')).toBe(words.resetSubject)
        const { text, html } = mailParts(mail.raw)
        expect(text).toMatch(/http:\/\/test\.local\/api\/auth\/reset-password\/\S+/)
        for (const part of [text, html ?? '']) {
          expect(part).toContain(SITE[lang])
          expect(part).toContain(words.resetAction)
          expect(part).toContain(words.resetExpiry)
          expect(part).toContain(words.resetNotYou)
        }
      })
    })
  }

  it('gives an account created without a language header Korean, the site default', async () => {
    const email = uniqueEmail('no-header')
    const signUp = await authRequest(app.services, 'POST', '/sign-up/email', { body: { email, password: PASSWORD, name: 'Reader' } })
    expect(signUp.status, signUp.text).toBe(200)
    expect(await storedLanguage(app.services, email)).toBe('ko')
  })

  it('never takes the language from the sign-up body', async () => {
    const email = uniqueEmail('body-language')
    const signUp = await authRequest(app.services, 'POST', '/sign-up/email', {
      lang: 'en',
      body: { email, password: PASSWORD, name: 'Reader', language: 'xx' },
    })
    expect(signUp.status, signUp.text).toBe(400)
  })
})
