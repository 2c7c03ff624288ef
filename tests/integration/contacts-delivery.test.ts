import { randomUUID } from 'node:crypto'
import net, { type AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { deliverPendingContacts } from '../../src/server/inbox/deliver-contacts'
import { createMailer, type Mailer } from '../../src/server/mail/mailer'
import type { AppServices } from '../../src/server/services'
import {
  api,
  createTestApp,
  describeOnEachDatabase,
  signUp,
  uniqueEmail,
  validContact,
  validRealtor,
  type TestApp,
  type ContactCreatedBody,
  type MessagesBody,
} from './harness'
import { header, startSmtpSink } from './smtp-sink'

/** A loopback port nothing listens on: connecting to it is refused at once. */
async function closedPortUrl(): Promise<string> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `smtp://127.0.0.1:${port}`
}

const FROM = 'Realtor Home <no-reply@test.local>'

describeOnEachDatabase('contact delivery over SMTP', (database) => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>
  let deadUrl: string
  let target: Mailer | undefined
  let app: TestApp
  let s: AppServices
  let realtor: { id: string; email: string }
  let ownerToken: string

  /** The mailer the services hold; the tests switch where it sends. */
  const switchable: Mailer = {
    send: (message) => {
      if (!target) throw new Error('no mail target')
      return target.send(message)
    },
  }
  const pointAt = (url: string) => {
    target = createMailer(url, FROM)
  }

  const mailsWith = (text: string) => sink.received.filter((mail) => mail.text.includes(text))

  async function row(id: string) {
    return s.db.selectFrom('contactMessage').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  }

  beforeAll(async () => {
    sink = await startSmtpSink()
    deadUrl = await closedPortUrl()
    app = await createTestApp(database.name, { mailer: switchable })
    s = app.services
    ownerToken = await signUp(s, uniqueEmail('mail-owner'))
    const created = await api<{ id: string; email: string }>(s, 'POST', '/realtor', {
      token: ownerToken,
      body: validRealtor({ email: 'jane.kim@realty.example' }),
    })
    expect(created.status, created.text).toBe(201)
    realtor = created.body
  })

  afterEach(() => app?.clock.reset())

  afterAll(async () => {
    await app?.close()
    await sink?.close()
  })

  it("delivers a message to the realtor's e-mail with Reply-To the visitor", async () => {
    pointAt(sink.url)
    const text = `Is the house still for sale? ${randomUUID()}`
    const result = await api<ContactCreatedBody>(s, 'POST', '/realtor-contacts', {
      body: validContact(realtor.id, {
        message: text,
        email: 'visitor@example.org',
        listingKey: 'CRMLS-42',
        consentLang: 'en',
        consentPage: '/en/jane/homes/CRMLS-42',
        phoneContactConsent: true,
      }),
    })
    expect(result.status, result.text).toBe(201)
    expect(result.body.delivery).toBe('sent')

    const mails = mailsWith(text)
    expect(mails).toHaveLength(1)
    const [mail] = mails
    expect(mail?.rcptTo).toEqual(['jane.kim@realty.example'])
    expect(mail?.mailFrom).toBe('no-reply@test.local')
    expect(header(mail?.raw ?? '', 'To')).toBe('jane.kim@realty.example')
    expect(header(mail?.raw ?? '', 'Reply-To')).toBe('visitor@example.org')
    expect(mail?.text).toContain('Listing: CRMLS-42')
    expect(mail?.text).toContain('Lee Minji <visitor@example.org>')
    // The consent as stored with the lead, so a call back from the mail alone is an informed one.
    expect(mail?.text).toMatch(/Consent: “I agree to the terms of use and the privacy notice\.” \(contact-v1, en\) at \S+ on \/en\/jane\/homes\/CRMLS-42/)
    expect(mail?.text).toMatch(/Calls or texts: agreed — “I agree to be called or texted by .+” \(phone-contact-v1\)/)

    const stored = await row(result.body.id)
    expect({ state: stored.deliveryState, attempts: Number(stored.deliveryAttempts), error: stored.lastDeliveryError }).toEqual({
      state: 'sent',
      attempts: 1,
      error: null,
    })
    expect(stored.deliveredAt).not.toBeNull()
    const list = await api<MessagesBody>(s, 'GET', '/realtor-contacts', { token: ownerToken })
    expect(list.body.messages.find((message: { id: string }) => message.id === result.body.id)?.deliveryState).toBe('sent')
  })

  it("tells the realtor in the visitor's language, Korean, that calls or texts were not agreed to", async () => {
    pointAt(sink.url)
    const text = `집을 보고 싶어요 ${randomUUID()}`
    const result = await api<ContactCreatedBody>(s, 'POST', '/realtor-contacts', {
      body: validContact(realtor.id, { message: text, listingKey: 'CRMLS-43', consentLang: 'ko' }),
    })
    expect(result.status, result.text).toBe(201)
    const [mail] = mailsWith(text)
    expect(mail?.text).toContain('매물: CRMLS-43')
    expect(mail?.text).toContain('동의: “이용약관 및 개인정보 처리방침에 동의합니다.”')
    expect(mail?.text).toContain('전화·문자: 동의하지 않음. 이메일로 답해 주세요.')
  })

  it('keeps the message in the outbox while SMTP fails and delivers it exactly once on retry', async () => {
    const start = new Date('2031-03-01T09:00:00.000Z')
    app.clock.set(start)
    pointAt(deadUrl)
    const text = `Please call me back ${randomUUID()}`
    const result = await api<ContactCreatedBody>(s, 'POST', '/realtor-contacts', { body: validContact(realtor.id, { message: text }) })
    expect(result.status, result.text).toBe(201)
    expect(result.body.delivery).toBe('outbox')

    let stored = await row(result.body.id)
    expect(stored.deliveryState).toBe('outbox')
    expect(Number(stored.deliveryAttempts)).toBe(1)
    expect(stored.nextAttemptAt).toBe(new Date(start.getTime() + 60_000).toISOString())
    expect(stored.lastDeliveryError).toMatch(/ECONNREFUSED|connect/i)
    const list = await api<MessagesBody>(s, 'GET', '/realtor-contacts', { token: ownerToken })
    expect(list.body.messages.find((message: { id: string }) => message.id === result.body.id)).toMatchObject({
      deliveryState: 'outbox',
      message: text,
    })

    // Still failing when the retry comes: attempts grow and the wait doubles.
    app.clock.set(new Date(start.getTime() + 61_000))
    expect(await deliverPendingContacts(s)).toEqual({ sent: 0, kept: 1, bounced: 0 })
    stored = await row(result.body.id)
    expect(Number(stored.deliveryAttempts)).toBe(2)
    expect(stored.nextAttemptAt).toBe(new Date(start.getTime() + 61_000 + 120_000).toISOString())

    // SMTP is back, but the message is not due yet.
    pointAt(sink.url)
    app.clock.set(new Date(start.getTime() + 61_000 + 60_000))
    expect(await deliverPendingContacts(s)).toEqual({ sent: 0, kept: 0, bounced: 0 })
    expect(mailsWith(text)).toHaveLength(0)

    // Past nextAttemptAt: delivered, once.
    const deliveredAt = new Date(start.getTime() + 61_000 + 121_000)
    app.clock.set(deliveredAt)
    expect(await deliverPendingContacts(s)).toEqual({ sent: 1, kept: 0, bounced: 0 })
    expect(await deliverPendingContacts(s)).toEqual({ sent: 0, kept: 0, bounced: 0 })
    const mails = mailsWith(text)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.rcptTo).toEqual(['jane.kim@realty.example'])
    expect(header(mails[0]?.raw ?? '', 'Reply-To')).toBe('minji.lee@example.org')

    stored = await row(result.body.id)
    expect({
      state: stored.deliveryState,
      attempts: Number(stored.deliveryAttempts),
      next: stored.nextAttemptAt,
      error: stored.lastDeliveryError,
      at: stored.deliveredAt,
    }).toEqual({ state: 'sent', attempts: 3, next: null, error: null, at: deliveredAt.toISOString() })
  })

  it('sends a due message once even when two retry loops run at the same time', async () => {
    const start = new Date('2032-06-01T12:00:00.000Z')
    app.clock.set(start)
    pointAt(deadUrl)
    const text = `Two workers, one mail ${randomUUID()}`
    const result = await api<ContactCreatedBody>(s, 'POST', '/realtor-contacts', { body: validContact(realtor.id, { message: text }) })
    expect(result.body.delivery).toBe('outbox')

    pointAt(sink.url)
    app.clock.set(new Date(start.getTime() + 10 * 60_000))
    const results = await Promise.all([deliverPendingContacts(s), deliverPendingContacts(s)])
    expect(results.reduce((sum, item) => sum + item.sent, 0)).toBe(1)
    expect(mailsWith(text)).toHaveLength(1)
    expect((await row(result.body.id)).deliveryState).toBe('sent')
  })
})
