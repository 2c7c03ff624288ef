import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { createMailer } from '../../src/server/mail/mailer'
import { signSavedSearchToken } from '../../src/server/saved-searches/links'
import { confirmSavedSearch, readByManageToken, updateFrequency } from '../../src/server/saved-searches/subscriptions'
import type { AppServices } from '../../src/server/services'
import {
  api,
  createTestApp,
  stringMatching,
  describeOnEachDatabase,
  expectError,
  pinnedInWindow,
  signUp,
  signUpAdmin,
  uniqueEmail,
  uniqueIp,
  validRealtor,
  type ErrorBody,
  type TestApp,
} from './harness'
import { decodeWords, header, mailParts, startSmtpSink } from './smtp-sink'

/*
 * Issue 13, the subscription's life: save → one confirmation mail → confirm → the realtor's
 * list → pause → delete; the visitor's links (manage, one-click unsubscribe); refusals.
 */

const FROM = 'Realtor Home <no-reply@test.local>'
const LIMIT = 4

type Created = { id: string; status: string }
type Page = {
  searches: Array<{ id: string; status: string; email: string; city: string; minPrice: number | null; consent: { version: string; text: string } }>
  total: number
  nextCursor: string | null
}

function request(realtorId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    realtorId,
    email: `visitor-${randomUUID().slice(0, 8)}@example.org`,
    name: 'Minji',
    frequency: 'daily',
    state: 'CA',
    city: 'irvine',
    type: 'sale',
    minPrice: 500000,
    maxPrice: 1200000,
    minBeds: 3,
    consentVersion: 'saved-search-v1',
    consentPage: '/en/some-realtor',
    // A client's own consent text is never what is stored.
    consentText: 'I agree to anything',
    ...overrides,
  }
}

describeOnEachDatabase('saved searches', (database) => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>
  let app: TestApp
  let s: AppServices
  let ownerToken: string
  let otherToken: string
  let adminToken: string
  let realtor: { id: string; desiredUrl: string }

  const mailsTo = (address: string) => sink.received.filter((mail) => mail.rcptTo.includes(address))

  async function row(id: string) {
    return s.db.selectFrom('savedSearch').selectAll().where('id', '=', id).executeTakeFirst()
  }

  /** Saves a search and confirms it through the link of its mail, as a visitor would. */
  async function confirmedSearch(overrides: Record<string, unknown> = {}): Promise<{ id: string; email: string }> {
    const body = request(realtor.id, overrides)
    const created = await api<Created>(s, 'POST', '/saved-searches', { body })
    expect(created.status, created.text).toBe(202)
    const [mail] = mailsTo(String(body.email))
    const token = new URL(/https?:\/\/\S+alerts\/confirm\?token=\S+/.exec(mailParts(mail?.raw ?? '').text)?.[0] ?? 'http://x').searchParams.get('token')
    await confirmSavedSearch(s, { token })
    return { id: created.body.id, email: String(body.email) }
  }

  beforeAll(async () => {
    sink = await startSmtpSink()
    app = await createTestApp(database.name, { mailer: createMailer(sink.url, FROM), env: { RATE_LIMIT_SAVED_SEARCH: String(LIMIT) } })
    s = app.services
    ownerToken = await signUp(s, uniqueEmail('alerts-owner'))
    otherToken = await signUp(s, uniqueEmail('alerts-other'))
    adminToken = await signUpAdmin(s, uniqueEmail('alerts-admin'))
    const created = await api<{ id: string; desiredUrl: string }>(s, 'POST', '/realtor', {
      token: ownerToken,
      body: validRealtor({ email: 'jane.kim@realty.example', displayNameEn: 'Jane Kim', displayNameKo: '김제인' }),
    })
    expect(created.status, created.text).toBe(201)
    realtor = created.body
  })

  afterEach(() => app?.clock.reset())

  afterAll(async () => {
    await app?.close()
    await sink?.close()
  })

  it('sends exactly one confirmation, in the visitor’s language, from the realtor, and lists the search once confirmed', async () => {
    const body = request(realtor.id, { lang: 'ko' })
    const created = await api<Created>(s, 'POST', '/saved-searches', { body })
    expect(created.status, created.text).toBe(202)
    expect(created.body).toEqual({ id: created.body.id, status: 'pending' })

    const stored = await row(created.body.id)
    expect(stored).toMatchObject({
      status: 'pending',
      city: 'Irvine',
      cityKey: 'irvine',
      minPrice: 500000,
      consentVersion: 'saved-search-v1',
      consentLang: 'ko',
    })
    expect(stored?.consentText).not.toBe('I agree to anything')
    expect(stored?.consentText).toContain('김제인')
    expect(stored?.siteOrigin).toMatch(/^https?:\/\//)

    const mails = mailsTo(String(body.email))
    expect(mails).toHaveLength(1)
    const [mail] = mails
    expect(decodeWords(header(mail!.raw, 'From') ?? '')).toMatch(/김제인.*<no-reply@test\.local>/)
    expect(header(mail!.raw, 'Reply-To')).toContain('jane.kim@realty.example')
    const parts = mailParts(mail!.raw)
    expect(parts.text).toMatch(/\p{Script=Hangul}|Irvine/u)
    expect(parts.html).toContain('alerts/confirm?token=')
    const link = /https?:\/\/\S+\/alerts\/confirm\?token=\S+/.exec(parts.text)?.[0]
    expect(link, parts.text).toBeDefined()
    // Korean pages have no language prefix; the link names the realtor's page.
    expect(new URL(link!).pathname).toBe(`/${realtor.desiredUrl}/alerts/confirm`)
    const token = new URL(link!).searchParams.get('token')

    // Nothing is listed, and nothing else sent, before the visitor confirms.
    const before = await api<Page>(s, 'GET', '/saved-searches', { token: ownerToken })
    expect(before.body.searches.map((search) => search.id)).not.toContain(created.body.id)

    const countedBefore = s.visits.pendingEvents()
    const view = await confirmSavedSearch(s, { token })
    expect(view).toMatchObject({ status: 'active', city: 'Irvine', realtorName: '김제인' })
    expect(view.manageToken).toEqual(expect.any(String))
    // The confirmed lead is counted in the realtor's statistics, once.
    expect(s.visits.pendingEvents()).toBe(countedBefore + 1)
    // Idempotent: confirming again changes nothing.
    expect((await confirmSavedSearch(s, { token })).status).toBe('active')
    expect(s.visits.pendingEvents()).toBe(countedBefore + 1)
    expect((await row(created.body.id))?.confirmedAt).toEqual(expect.any(String))

    // Saving the same search again once active: the same answer, no second mail.
    const again = await api<Created>(s, 'POST', '/saved-searches', { body: { ...body, email: String(body.email).toUpperCase() } })
    expect(again.status).toBe(202)
    expect(again.body.id).toBe(created.body.id)
    expect(mailsTo(String(body.email))).toHaveLength(1)

    const list = await api<Page>(s, 'GET', '/saved-searches', { token: ownerToken })
    expect(list.status, list.text).toBe(200)
    const listed = list.body.searches.find((search) => search.id === created.body.id)
    expect(listed).toMatchObject({ status: 'active', email: body.email, city: 'Irvine', minPrice: 500000, consent: { version: 'saved-search-v1' } })

    const paused = await api(s, 'PATCH', `/saved-searches/${created.body.id}`, { token: ownerToken, body: { paused: true } })
    expect(paused.status, paused.text).toBe(200)
    expect((await row(created.body.id))?.status).toBe('paused')
    const resumed = await api(s, 'PATCH', `/saved-searches/${created.body.id}`, { token: adminToken, body: { paused: false } })
    expect(resumed.status, resumed.text).toBe(200)
    expect((await row(created.body.id))?.status).toBe('active')

    expectError(await api(s, 'DELETE', `/saved-searches/${created.body.id}`, { token: otherToken }), 404, 'NOT_FOUND')
    expectError(await api(s, 'DELETE', `/saved-searches/${created.body.id}`), 401, 'UNAUTHORIZED')
    const deleted = await api(s, 'DELETE', `/saved-searches/${created.body.id}`, { token: ownerToken })
    expect(deleted.status, deleted.text).toBe(200)
    expect(await row(created.body.id)).toBeUndefined()
    // Its links died with it.
    await expect(confirmSavedSearch(s, { token })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
  })

  it('sends the confirmation again for a pending search saved again, and pages the realtor’s list', async () => {
    const body = request(realtor.id, { lang: 'en', city: 'Irvine', minPrice: 700000 })
    const first = await api<Created>(s, 'POST', '/saved-searches', { body })
    const second = await api<Created>(s, 'POST', '/saved-searches', { body: { ...body, frequency: 'weekly' } })
    expect(second.body.id).toBe(first.body.id)
    const mails = mailsTo(String(body.email))
    expect(mails).toHaveLength(2)
    expect(decodeWords(header(mails[1]!.raw, 'Subject') ?? '')).toBe('Confirm your home alerts from Jane Kim')
    expect(mailParts(mails[1]!.raw).text).toContain('Once a week')
    expect((await row(first.body.id))?.frequency).toBe('weekly')

    await confirmedSearch({ minBeds: 1 })
    await confirmedSearch({ minBeds: 2 })
    const page = await api<Page>(s, 'GET', '/saved-searches?limit=1', { token: ownerToken })
    expect(page.body.searches).toHaveLength(1)
    expect(page.body.nextCursor).toEqual(expect.any(String))
    const next = await api<Page>(s, 'GET', `/saved-searches?limit=1&cursor=${page.body.nextCursor}`, { token: ownerToken })
    expect(next.body.searches[0]?.id).not.toBe(page.body.searches[0]?.id)
    expectError(await api(s, 'GET', '/saved-searches?cursor=bogus', { token: ownerToken }), 400, 'VALIDATION_FAILED')
    // Another realtor's owner sees none of them.
    const others = await api<Page>(s, 'GET', '/saved-searches', { token: otherToken })
    expect(others.body.searches).toEqual([])
  })

  it('stores nothing and sends nothing for a filled honeypot, and answers like a success', async () => {
    const body = request(realtor.id, { website: 'https://spam.example' })
    const result = await api<Created>(s, 'POST', '/saved-searches', { body })
    expect(result.status).toBe(202)
    expect(result.body.status).toBe('pending')
    expect(await row(result.body.id)).toBeUndefined()
    expect(mailsTo(String(body.email))).toHaveLength(0)
  })

  it('refuses bad input with translated field errors and stores nothing', async () => {
    const body = request(realtor.id, {
      email: 'not-an-address',
      minPrice: 900000,
      maxPrice: 100000,
      frequency: 'hourly',
      consentVersion: 'made-up',
      consentPage: '//evil.example',
    })
    const result = await api<ErrorBody>(s, 'POST', '/saved-searches', { body, lang: 'ko' })
    expectError(result, 400, 'VALIDATION_FAILED')
    expect(Object.keys(result.body.fieldErrors ?? {}).sort()).toEqual(['consentPage', 'consentVersion', 'email', 'frequency'])
    expect(result.body.fieldErrors?.email?.[0]).toBe('올바른 이메일 주소를 입력해 주세요')
    // The price band is checked once the fields themselves are right.
    const band = await api<ErrorBody>(s, 'POST', '/saved-searches', { body: request(realtor.id, { minPrice: 900000, maxPrice: 100000 }) })
    expectError(band, 400, 'VALIDATION_FAILED')
    expect(Object.keys(band.body.fieldErrors ?? {})).toEqual(['maxPrice'])

    const outside = await api<ErrorBody>(s, 'POST', '/saved-searches', { body: request(realtor.id, { city: 'Atlanta', state: 'GA' }) })
    expectError(outside, 400, 'VALIDATION_FAILED')
    expect(Object.keys(outside.body.fieldErrors ?? {})).toEqual(['city'])
    expectError(await api(s, 'POST', '/saved-searches', { body: request(randomUUID()) }), 404, 'NOT_FOUND')
    const count = await s.db
      .selectFrom('savedSearch')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('email', '=', 'not-an-address')
      .executeTakeFirst()
    expect(Number(count?.n)).toBe(0)
  })

  it('limits saves per client address and per e-mail address (429)', async () => {
    // All in one rate-limit window: a window that turns over mid-test would start the counts again.
    pinnedInWindow(app.clock)
    const ip = uniqueIp()
    for (let index = 0; index < LIMIT; index++) {
      const result = await api(s, 'POST', '/saved-searches', { ip, body: request(realtor.id, { minBeds: index + 1 }) })
      expect(result.status, result.text).toBe(202)
    }
    const blocked = await api(s, 'POST', '/saved-searches', { ip, body: request(realtor.id) })
    expectError(blocked, 429, 'RATE_LIMITED')
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/)

    // One address from many clients: the address's own limit.
    const email = `flood-${randomUUID().slice(0, 8)}@example.org`
    for (let index = 0; index < LIMIT; index++) {
      const result = await api(s, 'POST', '/saved-searches', { body: request(realtor.id, { email, minBeds: index + 1 }) })
      expect(result.status, result.text).toBe(202)
    }
    expectError(await api(s, 'POST', '/saved-searches', { body: request(realtor.id, { email, minBeds: 9 }) }), 429, 'RATE_LIMITED')
    expect(mailsTo(email)).toHaveLength(LIMIT)
  })

  it('refuses an invalid or expired link with a translated error', async () => {
    const created = await api<Created>(s, 'POST', '/saved-searches', { body: request(realtor.id) })
    const stored = await row(created.body.id)
    const expired = signSavedSearchToken(s.config.signingSecret, stored!, 'confirm', new Date(Date.now() - 1000))
    await expect(confirmSavedSearch(s, { token: expired })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      descriptor: { message: stringMatching(/expired/) },
    })
    await expect(confirmSavedSearch(s, { token: 'nonsense' })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    // A manage link cannot confirm, and an unsubscribe link cannot manage.
    const unsubscribe = signSavedSearchToken(s.config.signingSecret, stored!, 'unsubscribe', null)
    await expect(readByManageToken(s, { token: unsubscribe })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    const forged = signSavedSearchToken('another-secret', stored!, 'manage', null)
    await expect(readByManageToken(s, { token: forged })).rejects.toMatchObject({ code: 'BAD_REQUEST' })

    const bad = await api<ErrorBody>(s, 'POST', '/saved-searches/unsubscribe?token=nonsense', { lang: 'ko' })
    expectError(bad, 400, 'BAD_REQUEST')
    expect(bad.headers.get('content-language')).toBe('ko')
    expect(bad.body.message).toBe('유효하지 않은 링크입니다. 이메일의 링크를 다시 열어 주세요.')
    expect((await row(created.body.id))?.status).toBe('pending')
  })

  it('unsubscribes in one click from a mail provider (no Origin, a form body), twice alike', async () => {
    const { id } = await confirmedSearch({ minBaths: 2 })
    const stored = await row(id)
    const token = signSavedSearchToken(s.config.signingSecret, stored!, 'unsubscribe', null)
    const post = () =>
      api(s, 'POST', `/saved-searches/unsubscribe?token=${encodeURIComponent(token)}`, {
        rawBody: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
    const first = await post()
    expect(first.status, first.text).toBe(200)
    expect(first.body).toEqual({ status: 'unsubscribed' })
    const after = await row(id)
    expect(after?.status).toBe('unsubscribed')
    expect(after?.unsubscribedAt).toEqual(expect.any(String))
    expect((await post()).status).toBe(200)
    // The realtor can no longer resume it.
    expectError(await api(s, 'PATCH', `/saved-searches/${id}`, { token: ownerToken, body: { paused: false } }), 409, 'CONFLICT')
  })

  it('lets the visitor change how often and delete the search with the manage link', async () => {
    const { id } = await confirmedSearch({ minBaths: 3 })
    const manage = signSavedSearchToken(s.config.signingSecret, (await row(id))!, 'manage', null)
    expect((await updateFrequency(s, { token: manage, frequency: 'instant' })).frequency).toBe('instant')
    await expect(updateFrequency(s, { token: manage, frequency: 'hourly' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' })

    // The no-JavaScript manage form: a 303 back to the page with what happened.
    const form = new URLSearchParams({ token: manage, action: 'delete', back: `/en/${realtor.desiredUrl}/alerts` })
    const deleted = await api(s, 'POST', '/saved-searches/manage', {
      rawBody: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(deleted.status).toBe(303)
    expect(deleted.headers.get('location')).toBe(`/en/${realtor.desiredUrl}/alerts?done=deleted`)
    expect(await row(id)).toBeUndefined()
  })

  it('saves from a form without JavaScript and sends the visitor to the status page', async () => {
    const email = `nojs-${randomUUID().slice(0, 8)}@example.org`
    const fields = { ...request(realtor.id, { email, lang: 'en', consentPage: `/en/${realtor.desiredUrl}`, minBaths: '', type: '' }) }
    const form = new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)]))
    const sent = await api(s, 'POST', '/saved-searches', { rawBody: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(sent.status).toBe(303)
    const location = new URL(sent.headers.get('location') ?? '', 'http://x')
    expect(location.pathname).toBe(`/en/${realtor.desiredUrl}/alerts/saved`)
    expect(location.searchParams.get('status')).toBe('sent')
    expect(location.searchParams.get('back')).toBe(`/en/${realtor.desiredUrl}`)
    expect(mailsTo(email)).toHaveLength(1)

    form.set('email', 'broken')
    const refused = await api(s, 'POST', '/saved-searches', { rawBody: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(refused.status).toBe(303)
    expect(new URL(refused.headers.get('location') ?? '', 'http://x').searchParams.get('failed')).toBe('email')
  })

  it('deletes a realtor’s searches with the realtor', async () => {
    const token = await signUp(s, uniqueEmail('alerts-leaving'))
    const created = await api<{ id: string }>(s, 'POST', '/realtor', { token, body: validRealtor() })
    const saved = await api<Created>(s, 'POST', '/saved-searches', { body: request(created.body.id) })
    expect(await row(saved.body.id)).toBeDefined()
    expect((await api(s, 'DELETE', `/realtor/${created.body.id}`, { token })).status).toBe(200)
    expect(await row(saved.body.id)).toBeUndefined()
    const mails = await s.db.selectFrom('mailOutbox').select('id').where('savedSearchId', '=', saved.body.id).execute()
    expect(mails).toEqual([])
  })
})
