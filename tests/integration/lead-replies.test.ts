import { randomBytes, randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { openDatabase, type DbConfig } from '../../src/server/db/database'
import { sendDueDigests } from '../../src/server/lead-replies/digest'
import { replyToNewLeadsSoon, sendPendingReplies } from '../../src/server/lead-replies/send-replies'
import { isSuppressed, suppressAddress } from '../../src/server/mail/suppression'
import { recordLead } from '../../src/server/leads/record-lead'
import { createMailer } from '../../src/server/mail/mailer'
import { deliverPendingMail } from '../../src/server/mail/outbox'
import { signSavedSearchToken } from '../../src/server/saved-searches/links'
import { createServices, type AppServices } from '../../src/server/services'
import {
  api,
  createTestApp,
  describeOnEachDatabase,
  expectError,
  postgresUrl,
  SECRET,
  signUp,
  testEnv,
  uniqueEmail,
  validContact,
  validRealtor,
  type ErrorBody,
  type TestApp,
} from './harness'
import { captureLogs } from '../log-capture'
import { decodeWords, header, mailParts, startSmtpSink, type ReceivedMail } from './smtp-sink'

/*
 * Issue 26 items 1 and 3 (decision 021): the instant reply to a new lead and the realtor's daily
 * digest, through the real outbox and a real SMTP server, with two "workers" (two services on
 * one database), on SQLite and PostgreSQL.
 */

const MAIL_FROM = 'Realtor Home <no-reply@test.local>'
const HOUR = 3600_000
/** Monday 2 March 2026, 07:00 in Los Angeles (PST, UTC-8). */
const T0 = Date.UTC(2026, 2, 2, 15, 0, 0)

type Settings = {
  replyEnabled: boolean
  subjectKo: string
  bodyKo: string
  subjectEn: string
  bodyEn: string
  usesDefaultKo: boolean
  usesDefaultEn: boolean
  defaults: Record<'ko' | 'en', { subject: string; body: string }>
  lang: 'ko' | 'en'
  timeZone: string
  digestHour: number
  digestEnabled: boolean
}

/** A second process on the same database: its own connection, the same clock, the same SMTP server. */
async function openSecondServices(dbName: 'sqlite' | 'postgres', first: AppServices, smtpUrl: string): Promise<AppServices> {
  let config: DbConfig
  if (dbName === 'sqlite') {
    const file = (await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(first.db)).rows[0]?.file
    if (!file) throw new Error('no SQLite file')
    config = { kind: 'sqlite', file }
  } else {
    const current = await first.db.selectNoFrom((eb) => eb.fn<string>('current_database', []).as('name')).executeTakeFirstOrThrow()
    if (!postgresUrl) throw new Error('no PostgreSQL')
    const url = new URL(postgresUrl)
    url.pathname = `/${current.name}`
    config = { kind: 'postgres', url: url.toString() }
  }
  return createServices({ database: openDatabase(config), env: testEnv(), secret: SECRET, mailer: createMailer(smtpUrl, MAIL_FROM), now: first.now })
}

function visitorEmail(): string {
  return `${randomBytes(5).toString('hex')}@visitor.example`
}

/** Waits for the background reply of a new lead to reach the SMTP server. */
async function mailTo(received: Array<ReceivedMail>, address: string, timeoutMs = 5000): Promise<ReceivedMail> {
  const started = Date.now()
  for (;;) {
    const found = received.find((mail) => mail.rcptTo.includes(address))
    if (found) return found
    if (Date.now() - started > timeoutMs) throw new Error(`no mail to ${address}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describeOnEachDatabase('instant replies and the daily digest', (database) => {
  let app: TestApp
  let s: AppServices
  let sink: Awaited<ReturnType<typeof startSmtpSink>>
  let ownerToken: string
  let otherToken: string
  let realtorId: string
  let otherRealtorId: string

  async function pendingLead(
    overrides: { realtorId?: string; email?: string; name?: string | null; lang?: 'ko' | 'en'; kind?: 'message' | 'tour' | 'seller' } = {},
  ) {
    const id = randomUUID()
    await recordLead(s.db, {
      id,
      realtorId: overrides.realtorId ?? realtorId,
      kind: overrides.kind ?? 'tour',
      name: overrides.name === undefined ? 'Alex Kim' : overrides.name,
      email: overrides.email ?? visitorEmail(),
      lang: overrides.lang ?? 'en',
      replyState: 'pending',
      at: s.now().toISOString(),
    })
    return id
  }

  async function lead(id: string) {
    return s.db.selectFrom('lead').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  }

  beforeAll(async () => {
    sink = await startSmtpSink()
    app = await createTestApp(database.name, { mailer: createMailer(sink.url, MAIL_FROM) })
    s = app.services
    ownerToken = await signUp(s, uniqueEmail('replies-owner'))
    const created = await api<{ id: string }>(s, 'POST', '/realtor', {
      token: ownerToken,
      body: validRealtor({
        email: 'sora@realty.example',
        displayNameEn: 'Sora Park',
        displayNameKo: '박소라',
        brokerageAddress: '100 Spectrum Center Dr, Irvine, CA 92618',
      }),
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    realtorId = created.body.id
    otherToken = await signUp(s, uniqueEmail('replies-other'))
    const other = await api<{ id: string }>(s, 'POST', '/realtor', {
      token: otherToken,
      body: validRealtor({ email: 'min@realty.example', displayNameEn: 'Min Choi' }),
    })
    expect(other.status, JSON.stringify(other.body)).toBe(201)
    otherRealtorId = other.body.id
  })

  beforeEach(async () => {
    app.clock.set(new Date(T0))
    // Let a background reply of the last test finish before its mails are forgotten.
    await new Promise((resolve) => setTimeout(resolve, 100))
    sink.received.length = 0
  })

  afterAll(async () => {
    await app?.close()
    await sink?.close()
  })

  it('answers a contact message within moments in the visitor language, from the realtor, never echoing what the visitor wrote', async () => {
    const email = visitorEmail()
    const sent = await api<{ id: string }>(s, 'POST', '/realtor-contacts', {
      lang: 'en',
      body: validContact(realtorId, {
        email,
        firstName: 'Jin\nBcc: victim@example.com',
        lastName: 'Lee http://evil.example',
        message: 'Visit http://spam.example now: CHEAP PILLS',
        consentLang: 'en',
      }),
    })
    expect(sent.status, sent.text).toBe(201)
    const mail = await mailTo(sink.received, email)
    expect(mail.rcptTo).toEqual([email])
    expect(decodeWords(header(mail.raw, 'subject') ?? '')).toBe('Thank you for reaching out — Sora Park')
    expect(decodeWords(header(mail.raw, 'from') ?? '')).toContain('Sora Park')
    expect(header(mail.raw, 'reply-to')).toContain('sora@realty.example')
    expect(header(mail.raw, 'auto-submitted')).toBe('auto-replied')
    const { text, html } = mailParts(mail.raw)
    for (const part of [text, html ?? '']) {
      expect(part).not.toContain('PILLS')
      expect(part).not.toContain('spam.example')
      expect(part).not.toContain('evil.example')
      expect(part).not.toContain('victim@example.com')
    }
    expect(text).toMatch(/^Hello (Lee Jin|Jin Lee)/)
    expect(text).toContain('DRE #02345678')
    expect(text).toContain('Orange Coast Realty')
    expect(text).toContain('100 Spectrum Center Dr, Irvine, CA 92618')
    expect(html).toContain('<html lang="en">')
    const stored = await lead(sent.body.id)
    expect(stored.replyState).toBe('sent')
    expect(stored.replySentAt).not.toBeNull()
    const outbox = await s.db.selectFrom('mailOutbox').selectAll().where('kind', '=', 'lead-reply').where('toAddress', '=', email).execute()
    expect(outbox.map((row) => row.state)).toEqual(['sent'])
  })

  it('answers in Korean when the visitor wrote in Korean, even on an English page', async () => {
    const email = visitorEmail()
    const body = validContact(realtorId, { email, consentLang: 'en', consentPage: '/en/sora', message: '안녕하세요, 주말에 집을 볼 수 있을까요?' })
    const sent = await api<{ id: string }>(s, 'POST', '/realtor-contacts', { lang: 'en', body })
    expect(sent.status, sent.text).toBe(201)
    expect((await lead(sent.body.id)).lang).toBe('ko')
    const mail = await mailTo(sink.received, email)
    expect(decodeWords(header(mail.raw, 'subject') ?? '')).toContain('박소라')
    expect(mailParts(mail.raw).html).toContain('<html lang="ko">')
  })

  it('sends exactly one reply per lead when two workers run at once', async () => {
    const other = await openSecondServices(database.name, s, sink.url)
    try {
      const ids = []
      for (let index = 0; index < 8; index++) ids.push(await pendingLead({ kind: index % 2 === 0 ? 'tour' : 'seller' }))
      const [first, second] = await Promise.all([sendPendingReplies(s), sendPendingReplies(other)])
      expect((first.sent ?? 0) + (second.sent ?? 0)).toBe(8)
      await Promise.all([deliverPendingMail(s), deliverPendingMail(other)])
      const rows = await s.db.selectFrom('lead').select(['id', 'replyState', 'email']).where('id', 'in', ids).execute()
      expect(rows.every((row) => row.replyState === 'sent')).toBe(true)
      const addresses = rows.map((row) => row.email).sort()
      expect(sink.received.flatMap((mail) => mail.rcptTo).sort()).toEqual(addresses)
    } finally {
      await other.close()
    }
  })

  it('skips a reply when switched off, to a suppressed address, and to an address answered by this realtor in the last day', async () => {
    const repeat = visitorEmail()
    const firstOfDay = await pendingLead({ email: repeat })
    const secondOfDay = await pendingLead({ email: repeat.toUpperCase() })
    // The same address with another realtor is that realtor's first reply.
    const elsewhere = await pendingLead({ email: repeat, realtorId: otherRealtorId })
    const suppressed = visitorEmail()
    await suppressAddress(s.db, suppressed, 'bounce', s.now())
    const bounced = await pendingLead({ email: suppressed })
    await sendPendingReplies(s)
    expect((await lead(firstOfDay)).replyState).toBe('sent')
    expect(await lead(secondOfDay)).toMatchObject({ replyState: 'skipped', replySkipReason: 'daily-limit', replySentAt: null })
    expect((await lead(elsewhere)).replyState).toBe('sent')
    expect(await lead(bounced)).toMatchObject({ replyState: 'skipped', replySkipReason: 'suppressed' })

    // A day later the same address is answered again.
    app.clock.advance(25 * HOUR)
    const nextDay = await pendingLead({ email: repeat })
    await sendPendingReplies(s)
    expect((await lead(nextDay)).replyState).toBe('sent')

    const settings = await api<Settings>(s, 'GET', `/realtors/${realtorId}/reply-settings`, { token: ownerToken })
    const off = await api<Settings>(s, 'PUT', `/realtors/${realtorId}/reply-settings`, { token: ownerToken, body: { ...settings.body, replyEnabled: false } })
    expect(off.status, off.text).toBe(200)
    const quiet = await pendingLead()
    await sendPendingReplies(s)
    expect(await lead(quiet)).toMatchObject({ replyState: 'skipped', replySkipReason: 'disabled' })
    await api(s, 'PUT', `/realtors/${realtorId}/reply-settings`, { token: ownerToken, body: { ...settings.body, replyEnabled: true } })
  })

  it('puts an address that unsubscribed from saved-search alerts on the suppression list', async () => {
    const email = visitorEmail()
    const id = randomUUID()
    const now = s.now().toISOString()
    const linkSecret = randomBytes(16).toString('hex')
    await s.db
      .insertInto('savedSearch')
      .values({
        id,
        realtorId,
        email,
        emailKey: email,
        name: null,
        lang: 'en',
        siteOrigin: 'http://test.local',
        frequency: 'daily',
        state: 'CA',
        city: 'Irvine',
        cityKey: 'irvine',
        listingType: null,
        minPrice: null,
        maxPrice: null,
        minBeds: null,
        minBaths: null,
        sort: 'newest',
        filtersKey: randomUUID(),
        status: 'active',
        linkSecret,
        consentVersion: 'test',
        consentText: 'I agree to receive alerts.',
        consentLang: 'en',
        consentPage: null,
        consentedAt: now,
        createdAt: now,
        updatedAt: now,
        confirmedAt: now,
        lastAlertedAt: null,
        unsubscribedAt: null,
      })
      .execute()
    const token = signSavedSearchToken(s.config.signingSecret, { id, linkSecret }, 'unsubscribe', null)
    const result = await api(s, 'POST', `/saved-searches/unsubscribe?token=${encodeURIComponent(token)}`)
    expect(result.status, result.text).toBe(200)
    expect(await isSuppressed(s.db, email.toUpperCase())).toBe(true)
    const later = await pendingLead({ email })
    await sendPendingReplies(s)
    expect(await lead(later)).toMatchObject({ replyState: 'skipped', replySkipReason: 'suppressed' })
  })

  it('GET and PUT /realtors/{id}/reply-settings: defaults, field errors, ownership, and the saved template in the next reply', async () => {
    const read = await api<Settings>(s, 'GET', `/realtors/${realtorId}/reply-settings`, { token: ownerToken })
    expect(read.status, read.text).toBe(200)
    expect(read.body).toMatchObject({
      replyEnabled: true,
      usesDefaultKo: true,
      usesDefaultEn: true,
      lang: 'ko',
      timeZone: 'America/Los_Angeles',
      digestHour: 8,
      digestEnabled: true,
    })
    expect(read.body.bodyEn).toContain('{visitorName}')
    // Our wording of each language comes along, for "Restore the default wording" (issue 52 item 9).
    expect(read.body.defaults.en).toEqual({ subject: read.body.subjectEn, body: read.body.bodyEn })
    expect(read.body.defaults.ko.body).toContain('{visitorName}')

    expectError(await api(s, 'GET', `/realtors/${realtorId}/reply-settings`), 401, 'UNAUTHORIZED')
    expectError(await api(s, 'GET', `/realtors/${realtorId}/reply-settings`, { token: otherToken }), 404, 'NOT_FOUND')
    expectError(await api(s, 'PUT', `/realtors/${realtorId}/reply-settings`, { token: otherToken, body: read.body }), 404, 'NOT_FOUND')
    expectError(await api(s, 'GET', `/realtors/${randomUUID()}/reply-settings`, { token: ownerToken }), 404, 'NOT_FOUND')

    const invalid = await api<ErrorBody>(s, 'PUT', `/realtors/${realtorId}/reply-settings`, {
      token: ownerToken,
      lang: 'en',
      body: { ...read.body, subjectEn: 'Hi {visitorname}', bodyKo: '안녕하세요 {visitorName', timeZone: 'Mars/Olympus', digestHour: 24 },
    })
    expectError(invalid, 400, 'VALIDATION_FAILED')
    expect(Object.keys(invalid.body.fieldErrors ?? {}).sort()).toEqual(['bodyKo', 'digestHour', 'subjectEn', 'timeZone'])
    expect(invalid.body.fieldErrors?.subjectEn?.[0]).toContain('placeholders')

    const saved = await api<Settings>(s, 'PUT', `/realtors/${realtorId}/reply-settings`, {
      token: ownerToken,
      body: {
        ...read.body,
        subjectEn: 'Got it, {visitorName}!',
        bodyEn: 'Dear {visitorName},\n\nI will call you about {listingAddress}.\n\n{realtorName}',
        timeZone: 'America/New_York',
      },
    })
    expect(saved.status, saved.text).toBe(200)
    expect(saved.body).toMatchObject({ usesDefaultEn: false, usesDefaultKo: true, timeZone: 'America/New_York' })

    const id = await pendingLead({ name: 'Dana' })
    await sendPendingReplies(s)
    const { email } = await lead(id)
    const mail = await s.db.selectFrom('mailOutbox').selectAll().where('kind', '=', 'lead-reply').where('toAddress', '=', email).executeTakeFirst()
    expect(mail?.subject).toBe('Got it, Dana!')
    expect(mail?.textBody).toContain('I will call you about the home you asked about.')

    // Back to the defaults: saving the default wording (as the editor's restore button puts it) stores no copy of it.
    const reset = await api<Settings>(s, 'PUT', `/realtors/${realtorId}/reply-settings`, {
      token: ownerToken,
      body: { ...saved.body, subjectEn: saved.body.defaults.en.subject, bodyEn: saved.body.defaults.en.body, timeZone: read.body.timeZone },
    })
    expect(reset.body).toMatchObject({ usesDefaultEn: true, usesDefaultKo: true })
  })

  it('sends each realtor one digest per local day across two workers, none when there is nothing to say, and again the next day', async () => {
    const digestToken = await signUp(s, uniqueEmail('digest-owner'))
    const created = await api<{ id: string }>(s, 'POST', '/realtor', {
      token: digestToken,
      body: validRealtor({ email: 'digest@realty.example', displayNameEn: 'Hana Yoon' }),
    })
    const digestRealtor = created.body.id
    const quietToken = await signUp(s, uniqueEmail('digest-quiet'))
    const quiet = await api<{ id: string }>(s, 'POST', '/realtor', { token: quietToken, body: validRealtor({ email: 'quiet@realty.example' }) })
    expect(quiet.status).toBe(201)
    const settings = await api<Settings>(s, 'GET', `/realtors/${digestRealtor}/reply-settings`, { token: digestToken })
    await api(s, 'PUT', `/realtors/${digestRealtor}/reply-settings`, { token: digestToken, body: { ...settings.body, lang: 'en', replyEnabled: false } })

    // 07:00 in Los Angeles: before the digest hour (8).
    app.clock.set(new Date(T0 - 2 * HOUR))
    await pendingLead({ realtorId: digestRealtor, name: 'Tour Visitor', kind: 'tour' })
    app.clock.set(new Date(T0))
    await sendDueDigests(s)
    const digests = () => sink.received.filter((mail) => mail.rcptTo.includes('digest@realty.example'))
    expect(digests()).toHaveLength(0)

    // 08:05 local: two workers at once, one digest.
    app.clock.set(new Date(T0 + HOUR + 5 * 60_000))
    const other = await openSecondServices(database.name, s, sink.url)
    try {
      await Promise.all([sendDueDigests(s), sendDueDigests(other)])
    } finally {
      await other.close()
    }
    expect(digests()).toHaveLength(1)
    const [digest] = digests()
    expect(decodeWords(header(digest?.raw ?? '', 'subject') ?? '')).toBe('Your leads on 2026-03-02')
    const { text } = mailParts(digest?.raw ?? '')
    expect(text).toContain('1 new lead in the last day')
    expect(text).toContain('1 tour request waits for your answer')
    expect(text).toContain('Tour Visitor')
    expect(text).toContain('/admin?tab=messages')
    // The realtor with no leads got nothing.
    expect(sink.received.filter((mail) => mail.rcptTo.includes('quiet@realty.example'))).toHaveLength(0)

    // Later the same day: nothing more.
    app.clock.advance(6 * HOUR)
    await sendDueDigests(s)
    expect(digests()).toHaveLength(1)

    // The next local day at 09:00: the tour still waits, so a second digest.
    app.clock.set(new Date(T0 + 26 * HOUR))
    await sendDueDigests(s)
    expect(digests()).toHaveLength(2)
    expect(decodeWords(header(digests()[1]?.raw ?? '', 'subject') ?? '')).toBe('Your leads on 2026-03-03')

    // Switched off: no digest on the third day.
    await api(s, 'PUT', `/realtors/${digestRealtor}/reply-settings`, { token: digestToken, body: { ...settings.body, lang: 'en', digestEnabled: false } })
    app.clock.set(new Date(T0 + 50 * HOUR))
    await sendDueDigests(s)
    expect(digests()).toHaveLength(2)
  })
})

describeOnEachDatabase('an instant reply still running when the app closes', (database) => {
  it('is finished before the database closes, and one asked for after that is not started', async () => {
    const sink = await startSmtpSink()
    const app = await createTestApp(database.name, { mailer: createMailer(sink.url, MAIL_FROM) })
    let closed = false
    const logs = captureLogs('debug')
    try {
      const s = app.services
      const token = await signUp(s, uniqueEmail('replies-closing'))
      const created = await api<{ id: string }>(s, 'POST', '/realtor', { token, body: validRealtor({ email: 'closing@realty.example' }) })
      expect(created.status, JSON.stringify(created.body)).toBe(201)
      const email = visitorEmail()
      const sent = await api(s, 'POST', '/realtor-contacts', { lang: 'en', body: validContact(created.body.id, { email, consentLang: 'en' }) })
      expect(sent.status, sent.text).toBe(201)
      // At once, as a test's teardown or a stopping script does, while the reply is under way.
      await app.close()
      closed = true
      // Its mail went out before close returned: the job was waited for, not cut off.
      expect(sink.received.filter((mail) => mail.rcptTo.includes(email))).toHaveLength(1)
      // A lead stored by a request still finishing after close: left for the next process's scheduled run.
      replyToNewLeadsSoon(s)
      await new Promise((resolve) => setTimeout(resolve, 100))
      const runs = logs.lines.filter((line) => line.job === 'lead-replies.immediate')
      expect(runs.map((line) => line.outcome)).toEqual(['ok'])
      expect(runs[0]?.counts).toMatchObject({ sent: 1 })
      // Nothing ran against the closed database ("driver has already been destroyed").
      expect(logs.lines.filter((line) => Number(line.level) >= 50)).toEqual([])
    } finally {
      logs.stop()
      if (!closed) await app.close()
      await sink.close()
    }
  })
})
