import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import type { LeadTimeline, LeadTimelineEntry } from '../../src/schemas/lead-timeline'
import { leadTimelineSchema } from '../../src/schemas/lead-timeline'
import { upsertHomes } from '../../src/server/listings/home-store'
import { importFromResoFile } from '../../src/server/listings/import-file'
import { parseResoProperties } from '../../src/server/listings/reso-property'
import { demoHome } from '../../src/server/listings/demo-homes'
import { createMailer, type Mailer } from '../../src/server/mail/mailer'
import { deliverOutboxMail, enqueueMail, recordMailBounce } from '../../src/server/mail/outbox'
import { isSuppressed } from '../../src/server/mail/suppression'
import { sendMonthlyMarketReports } from '../../src/server/market-subscriptions/monthly-reports'
import { sendPendingReplies } from '../../src/server/lead-replies/send-replies'
import { signSavedSearchToken } from '../../src/server/saved-searches/links'
import { confirmSavedSearch } from '../../src/server/saved-searches/subscriptions'
import type { AppServices } from '../../src/server/services'
import { resoPropertyFixture } from '../reso-property-fixture'
import {
  api,
  createTestApp,
  describeOnEachDatabase,
  expectError,
  marketSnapshotRow,
  signUp,
  signUpAdmin,
  uniqueEmail,
  validContact,
  validRealtor,
  type TestApp,
} from './harness'
import { startSmtpSink } from './smtp-sink'
import { SELLER_HOME } from '../seller-home-fixture'

/*
 * A lead's timeline (issue 52 item 2, decision 068) on SQLite and PostgreSQL: each kind of lead
 * with what its visitor sent and each mail it gets, in order with the realtor's changes and
 * notes; the mail as sent (sandboxed HTML, its .ics); delivery states; 404 for another
 * realtor's lead and an admin's access.
 */

const FROM = 'Realtor Home <no-reply@test.local>'
const T0 = Date.UTC(2026, 10, 20, 16, 0, 0)
const at = (minutes: number) => new Date(T0 + minutes * 60_000)

type Entry = LeadTimelineEntry

describeOnEachDatabase('lead timeline', (database) => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>
  let app: TestApp
  let s: AppServices
  let ownerToken: string
  let otherToken: string
  let adminToken: string
  let realtor: { id: string; email: string }
  let dir: string

  async function timeline(id: string, token = ownerToken): Promise<LeadTimeline> {
    const answer = await api<LeadTimeline>(s, 'GET', `/leads/${id}/timeline`, { token, lang: 'en' })
    expect(answer.status, answer.text).toBe(200)
    // The answer is what the schema (and so the OpenAPI document) says.
    return leadTimelineSchema.parse(answer.body)
  }

  /**
   * The instant reply: a message's starts in the background right after it is stored, other
   * kinds wait for the scheduled run (run here). Waits until it is decided and delivered.
   */
  async function replyDecided(id: string): Promise<void> {
    await sendPendingReplies(s)
    await vi.waitFor(async () => {
      const lead = await s.db.selectFrom('lead').select('replyState').where('id', '=', id).executeTakeFirstOrThrow()
      expect(lead.replyState).toBe('sent')
      const replies = await s.db.selectFrom('mailOutbox').select('state').where('leadId', '=', id).where('kind', '=', 'lead-reply').execute()
      expect(replies.map((reply) => reply.state)).toEqual(['sent'])
    })
  }

  const types = (entries: Array<Entry>) => entries.map((entry) => (entry.type === 'mail' ? `mail:${entry.kind}` : entry.type))
  const mails = (entries: Array<Entry>) => entries.flatMap((entry) => (entry.type === 'mail' ? [entry] : []))

  beforeAll(async () => {
    sink = await startSmtpSink()
    dir = await mkdtemp(path.join(tmpdir(), 'timeline-'))
    app = await createTestApp(database.name, { mailer: createMailer(sink.url, FROM) })
    s = app.services
    ownerToken = await signUp(s, uniqueEmail('timeline-owner'))
    otherToken = await signUp(s, uniqueEmail('timeline-other'))
    adminToken = await signUpAdmin(s, uniqueEmail('timeline-admin'))
    const created = await api<{ id: string; email: string }>(s, 'POST', '/realtor', {
      token: ownerToken,
      body: validRealtor({ email: 'jane.kim@realty.example', displayNameEn: 'Jane Kim', displayNameKo: '김제인' }),
    })
    expect(created.status, created.text).toBe(201)
    realtor = created.body
    const other = await api(s, 'POST', '/realtor', { token: otherToken, body: validRealtor() })
    expect(other.status, other.text).toBe(201)
    const parsed = parseResoProperties([1, 2, 3, 4].map((n) => resoPropertyFixture(`TL-${n}`, 'Timeline Way', { ListPrice: 1_000_000 + n * 10_000 })))
    await upsertHomes(s.db, parsed.records, { source: 'demo', isDemo: true, now: at(0) })
    await upsertHomes(s.db, [{ ...demoHome(1, [], at(0)), listingKey: 'TL-TOUR', stateOrProvince: 'CA', city: 'Irvine' }], {
      source: 'demo',
      isDemo: true,
      now: at(0),
    })
  })

  afterEach(() => app.clock.reset())

  afterAll(async () => {
    await app?.close()
    await sink?.close()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('holds a contact message, its instant reply, stage and follow-up changes and notes, oldest first', async () => {
    app.clock.set(at(1))
    const sent = await api<{ id: string }>(s, 'POST', '/realtor-contacts', {
      body: validContact(realtor.id, { email: 'minji@example.org', message: 'Is the house on Elm still available?', consentLang: 'en' }),
    })
    expect(sent.status, sent.text).toBe(201)
    const id = sent.body.id
    await replyDecided(id)
    app.clock.set(at(2))
    expect((await api(s, 'PATCH', `/leads/${id}`, { token: ownerToken, body: { stage: 'contacted' } })).status).toBe(200)
    // The same stage again is no change, and records none.
    expect((await api(s, 'PATCH', `/leads/${id}`, { token: ownerToken, body: { stage: 'contacted' } })).status).toBe(200)
    app.clock.set(at(3))
    expect((await api(s, 'PATCH', `/leads/${id}`, { token: ownerToken, body: { nextFollowUp: '2026-11-25' } })).status).toBe(200)
    app.clock.set(at(4))
    expect((await api(s, 'POST', `/leads/${id}/notes`, { token: ownerToken, body: { body: 'Called, will visit Saturday' } })).status).toBe(201)
    app.clock.set(at(5))
    expect((await api(s, 'PATCH', `/leads/${id}`, { token: ownerToken, body: { nextFollowUp: null } })).status).toBe(200)

    const { entries } = await timeline(id)
    expect(types(entries)).toEqual(['message', 'mail:lead-reply', 'stage', 'follow_up', 'note', 'follow_up'])
    expect(entries[0]).toMatchObject({ type: 'message', at: at(1).toISOString(), text: 'Is the house on Elm still available?' })
    expect(entries[1]).toMatchObject({ type: 'mail', to: 'minji@example.org', state: 'sent', hasHtml: true, attachments: [], bouncedAt: null })
    expect(entries[2]).toMatchObject({ type: 'stage', from: 'new', to: 'contacted', at: at(2).toISOString() })
    expect(entries[3]).toMatchObject({ type: 'follow_up', from: null, to: '2026-11-25' })
    expect(entries[4]).toMatchObject({ type: 'note', body: 'Called, will visit Saturday' })
    expect(entries[5]).toMatchObject({ type: 'follow_up', from: '2026-11-25', to: null })

    // The reply as sent: its own HTML, under a policy that sandboxes it (no script, an opaque origin).
    const [reply] = mails(entries)
    const html = await api(s, 'GET', `/leads/${id}/mails/${reply?.id}/html`, { token: ownerToken })
    expect(html.status, html.text).toBe(200)
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(html.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none';/)
    expect(html.headers.get('cache-control')).toBe('private, no-store')
    expect(html.text).toContain('<html')
    // A mail without files has none to download.
    expect((await api(s, 'GET', `/leads/${id}/mails/${reply?.id}/attachments/0`, { token: ownerToken })).status).toBe(404)
  })

  it('holds a tour request with its times, the confirmation with its .ics and the cancellation, and the stage the confirmation set', async () => {
    app.clock.set(at(10))
    const email = 'tour-visitor@example.org'
    const created = await api<{ id: string }>(s, 'POST', '/tour-requests', {
      body: {
        realtorId: realtor.id,
        listingKey: 'TL-TOUR',
        mode: 'in_person',
        slots: [
          { date: '2026-11-28', time: '10:00' },
          { date: '2026-11-29', time: '14:00' },
        ],
        timeZone: 'America/Los_Angeles',
        name: 'Daniel Park',
        email,
        message: 'Can we see the backyard?',
        lang: 'en',
        consent: true,
        consentVersion: 'tour-v1',
      },
    })
    expect(created.status, created.text).toBe(201)
    const id = created.body.id
    await replyDecided(id)
    app.clock.set(at(11))
    const confirmed = await api(s, 'POST', `/tour-requests/${id}/confirm`, { token: ownerToken, body: { slot: 1 } })
    expect(confirmed.status, confirmed.text).toBe(200)
    app.clock.set(at(12))
    const cancelled = await api(s, 'POST', `/tour-requests/${id}/cancel`, { token: ownerToken, body: {} })
    expect(cancelled.status, cancelled.text).toBe(200)

    const { entries } = await timeline(id)
    // At the same instant the realtor's stage change comes before the mail it went with.
    expect(types(entries)).toEqual(['tour_request', 'mail:lead-reply', 'stage', 'mail:tour-confirmed', 'mail:tour-cancelled'])
    expect(entries[0]).toMatchObject({
      type: 'tour_request',
      mode: 'in_person',
      listingKey: 'TL-TOUR',
      timeZone: 'America/Los_Angeles',
      message: 'Can we see the backyard?',
      slots: [
        { start: '2026-11-28T18:00:00.000Z', date: '2026-11-28', time: '10:00' },
        { start: '2026-11-29T22:00:00.000Z', date: '2026-11-29', time: '14:00' },
      ],
    })
    expect(entries[2]).toMatchObject({ type: 'stage', from: 'new', to: 'appointment', at: at(11).toISOString() })
    const [, confirmation, cancellation] = mails(entries)
    expect(confirmation).toMatchObject({ to: email, state: 'sent', sentAt: at(11).toISOString(), attachments: [{ index: 0, filename: 'tour.ics' }] })
    expect(confirmation?.attachments[0]?.contentType).toMatch(/^text\/calendar/)
    expect(cancellation?.attachments).toHaveLength(1)

    // The .ics exactly as sent, as a download.
    const ics = await api(s, 'GET', `/leads/${id}/mails/${confirmation?.id}/attachments/0`, { token: ownerToken })
    expect(ics.status, ics.text).toBe(200)
    expect(ics.headers.get('content-type')).toMatch(/^text\/calendar/)
    expect(ics.headers.get('content-disposition')).toBe('attachment; filename="tour.ics"')
    expect(ics.text).toContain('METHOD:REQUEST')
    expect(ics.text).toContain('BEGIN:VEVENT')
    const cancelIcs = await api(s, 'GET', `/leads/${id}/mails/${cancellation?.id}/attachments/0`, { token: ownerToken })
    expect(cancelIcs.text).toContain('METHOD:CANCEL')
    expect((await api(s, 'GET', `/leads/${id}/mails/${confirmation?.id}/attachments/1`, { token: ownerToken })).status).toBe(404)
  })

  it("holds a seller's home and the estimate shown, the instant reply and the market report mails its box asked for; not the realtor's notice", async () => {
    await s.db
      .insertInto('marketSnapshot')
      .values(
        marketSnapshotRow('2026-10', {
          listingCount: 4,
          activeCount: 4,
          medianListPrice: 1_010_000,
          medianPricePerSquareFoot: 505,
          medianDaysOnMarket: 50,
          asOf: at(0).toISOString(),
        }),
      )
      .onConflict((conflict) => conflict.columns(['stateOrProvince', 'cityKey', 'month']).doNothing())
      .execute()
    app.clock.set(at(20))
    const email = 'owner-timeline@example.org'
    const created = await api<{ id: string; marketReport?: string }>(s, 'POST', '/seller-leads', {
      lang: 'en',
      body: {
        realtorId: realtor.id,
        ...SELLER_HOME,
        name: 'Jiwoo Han',
        email,
        lang: 'en',
        timeframe: '3-6',
        consent: true,
        consentVersion: 'seller-v1',
        marketReport: true,
      },
    })
    expect(created.status, created.text).toBe(201)
    expect(created.body.marketReport).toBe('pending')
    const id = created.body.id
    await replyDecided(id)

    const { entries } = await timeline(id)
    expect(types(entries).sort()).toEqual(['mail:lead-reply', 'mail:market-confirm', 'seller_request'])
    expect(entries[0]).toMatchObject({
      type: 'seller_request',
      address: '12 Elm Street, Irvine, CA 92618',
      beds: 3,
      baths: 2,
      livingArea: 2000,
      yearBuilt: 1998,
      timeframe: '3-6',
    })
    // The estimate the visitor was shown, as stored with the lead.
    const stored = await s.db.selectFrom('sellerLead').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    expect(entries[0]).toMatchObject({
      comparableCount: Number(stored.comparableCount),
      estimate: { low: Number(stored.estimateLow), typical: Number(stored.estimateTypical), high: Number(stored.estimateHigh) },
    })
    expect(Number(stored.estimateLow)).toBeGreaterThan(0)
    // Every mail is the visitor's: the realtor's own notice is not on the visitor's timeline.
    for (const mail of mails(entries)) expect(mail.to).toBe(email)
    const subscription = await s.db.selectFrom('marketSubscription').select(['id', 'leadId']).where('email', '=', email).executeTakeFirstOrThrow()
    expect(subscription.leadId).toBe(id)

    // Once confirmed, the month's report goes to the same timeline.
    await s.db
      .updateTable('marketSubscription')
      .set({ status: 'active', confirmedAt: at(21).toISOString() })
      .where('id', '=', subscription.id)
      .execute()
    app.clock.set(at(22))
    expect((await sendMonthlyMarketReports(s)).mails).toBe(1)
    const after = await timeline(id)
    expect(types(after.entries).at(-1)).toBe('mail:market-report')
    expect(mails(after.entries).at(-1)).toMatchObject({ to: email, at: at(22).toISOString() })
  })

  it("holds a saved search's criteria, its confirmation (sent before the lead existed) and its alerts", async () => {
    app.clock.set(at(30))
    const email = 'searcher-timeline@example.org'
    const saved = await api<{ id: string }>(s, 'POST', '/saved-searches', {
      body: {
        realtorId: realtor.id,
        email,
        name: 'Searcher',
        state: 'CA',
        city: 'Irvine',
        type: 'sale',
        minBeds: 3,
        frequency: 'instant',
        consentVersion: 'saved-search-v1',
        lang: 'en',
      },
    })
    expect(saved.status, saved.text).toBe(202)
    const id = saved.body.id
    app.clock.set(at(31))
    const row = await s.db.selectFrom('savedSearch').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    await confirmSavedSearch(s, { token: signSavedSearchToken(s.config.signingSecret, row, 'confirm', null) })
    app.clock.set(at(32))
    const file = path.join(dir, 'feed.json')
    await writeFile(file, JSON.stringify({ value: [resoPropertyFixture('TL-NEW', 'Alert Lane', { BedroomsTotal: 4, City: 'Irvine', StateOrProvince: 'CA' })] }))
    const summary = await importFromResoFile(s, file, { source: 'file:timeline', retireMissing: false })
    expect(summary.alerts?.mails).toBe(1)

    const { entries } = await timeline(id)
    expect(types(entries)).toEqual(['saved_search', 'mail:saved-search-confirm', 'mail:saved-search-alert'])
    expect(entries[0]).toMatchObject({ type: 'saved_search', frequency: 'instant', at: at(30).toISOString() })
    const criteria = entries[0]?.type === 'saved_search' ? entries[0].criteria : ''
    expect(criteria).toMatch(/^Homes for sale in Irvine, California/)
    expect(mails(entries).map((mail) => mail.state)).toEqual(['sent', 'sent'])
    // The criteria in the reader's language.
    const korean = await api<LeadTimeline>(s, 'GET', `/leads/${id}/timeline`, { token: ownerToken, lang: 'ko' })
    expect(korean.body.entries[0]).toMatchObject({ type: 'saved_search' })
    expect(JSON.stringify(korean.body.entries[0])).toMatch(/어바인|Irvine/)
  })

  it("answers 404 for another realtor's lead and its mails, 401 without a token, and an admin reads any", async () => {
    app.clock.set(at(40))
    const sent = await api<{ id: string }>(s, 'POST', '/realtor-contacts', { body: validContact(realtor.id, { email: 'private@example.org' }) })
    const id = sent.body.id
    await replyDecided(id)
    const mail = await s.db.selectFrom('mailOutbox').select('id').where('leadId', '=', id).executeTakeFirstOrThrow()
    expectError(await api(s, 'GET', `/leads/${id}/timeline`, { token: otherToken }), 404, 'NOT_FOUND')
    expectError(await api(s, 'GET', `/leads/${id}/mails/${mail.id}/html`, { token: otherToken }), 404, 'NOT_FOUND')
    expectError(await api(s, 'GET', `/leads/${id}/mails/${mail.id}/attachments/0`, { token: otherToken }), 404, 'NOT_FOUND')
    expectError(await api(s, 'GET', `/leads/missing-lead/timeline`, { token: ownerToken }), 404, 'NOT_FOUND')
    expectError(await api(s, 'GET', `/leads/${id}/timeline`), 401, 'UNAUTHORIZED')
    // A mail of another lead is not found under this one, even for its owner.
    const otherLead = await s.db.selectFrom('mailOutbox').select('leadId').where('leadId', 'is not', null).where('leadId', '!=', id).executeTakeFirstOrThrow()
    expectError(await api(s, 'GET', `/leads/${otherLead.leadId}/mails/${mail.id}/html`, { token: ownerToken }), 404, 'NOT_FOUND')
    const admin = await timeline(id, adminToken)
    expect(types(admin.entries)).toEqual(['message', 'mail:lead-reply'])
    expect((await api(s, 'GET', `/leads/${id}/mails/${mail.id}/html`, { token: adminToken })).status).toBe(200)
  })

  it('says each mail’s delivery state: queued, failed (tried again later), sent, bounced (its address suppressed too)', async () => {
    app.clock.set(at(50))
    const sent = await api<{ id: string }>(s, 'POST', '/realtor-contacts', { body: validContact(realtor.id, { email: 'states@example.org' }) })
    const id = sent.body.id
    await replyDecided(id)
    const stateOf = async (mailId: string) => mails((await timeline(id)).entries).find((mail) => mail.id === mailId)?.state
    const mail = {
      kind: 'lead-reply' as const,
      leadId: id,
      realtorId: realtor.id,
      savedSearchId: null,
      toAddress: 'states@example.org',
      fromName: 'Jane Kim',
      replyTo: realtor.email,
      subject: 'A follow-up',
      textBody: 'Hello',
      htmlBody: null,
    }
    const mailId = await enqueueMail(s.db, mail, at(51))
    expect(await stateOf(mailId)).toBe('queued')
    const refusing: Mailer = { send: () => Promise.reject(new Error('421 try later')) }
    app.clock.set(at(52))
    expect(await deliverOutboxMail({ ...s, mailer: refusing }, mailId)).toBe('kept')
    expect(await stateOf(mailId)).toBe('failed')
    // Its retry time comes; the mail server takes it.
    app.clock.set(at(60))
    expect(await deliverOutboxMail(s, mailId)).toBe('sent')
    expect(await stateOf(mailId)).toBe('sent')
    app.clock.set(at(70))
    expect(await recordMailBounce(s.db, mailId, '550 no such user', s.now())).toBe(true)
    const bounced = mails((await timeline(id)).entries).find((entry) => entry.id === mailId)
    expect(bounced).toMatchObject({ state: 'bounced', bouncedAt: at(70).toISOString(), sentAt: at(60).toISOString() })
    expect(await isSuppressed(s.db, 'States@Example.org')).toBe(true)
    // The other mail to the same address did not bounce: its own state stands.
    expect(mails((await timeline(id)).entries).find((entry) => entry.id !== mailId)?.state).toBe('sent')
    // A text-only mail is shown as its text, escaped.
    const html = await api(s, 'GET', `/leads/${id}/mails/${mailId}/html`, { token: ownerToken })
    expect(html.text).toContain('<pre')
    expect(html.text).toContain('Hello')
    expect(await recordMailBounce(s.db, 'no-such-mail', 'x', s.now())).toBe(false)
  })

  it('takes a recipient the mail server refuses for good as a bounce: never tried again, the address suppressed', async () => {
    const refusing = await startSmtpSink({ refuse: ['nobody@example.org'] })
    try {
      app.clock.set(at(80))
      const sent = await api<{ id: string }>(s, 'POST', '/realtor-contacts', { body: validContact(realtor.id, { email: 'refused-lead@example.org' }) })
      const id = sent.body.id
      const mailId = await enqueueMail(
        s.db,
        {
          kind: 'lead-reply',
          leadId: id,
          realtorId: realtor.id,
          savedSearchId: null,
          toAddress: 'nobody@example.org',
          fromName: 'Jane Kim',
          replyTo: realtor.email,
          subject: 'A follow-up',
          textBody: 'Hello',
          htmlBody: null,
        },
        at(81),
      )
      app.clock.set(at(82))
      expect(await deliverOutboxMail({ ...s, mailer: createMailer(refusing.url, FROM) }, mailId)).toBe('bounced')
      const row = await s.db
        .selectFrom('mailOutbox')
        .select(['state', 'nextAttemptAt', 'bouncedAt', 'bounceReason'])
        .where('id', '=', mailId)
        .executeTakeFirstOrThrow()
      expect(row).toMatchObject({ state: 'bounced', nextAttemptAt: null, bouncedAt: at(82).toISOString() })
      expect(row.bounceReason).toContain('550')
      expect(mails((await timeline(id)).entries).find((mail) => mail.id === mailId)?.state).toBe('bounced')
      expect(await isSuppressed(s.db, 'nobody@example.org')).toBe(true)
      // Never due again: a later run leaves it alone.
      app.clock.set(at(200))
      expect(await deliverOutboxMail({ ...s, mailer: createMailer(refusing.url, FROM) }, mailId)).toBe('skipped')
      expect(refusing.received).toEqual([])
    } finally {
      await refusing.close()
    }
  })
})
