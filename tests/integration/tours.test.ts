import ICAL from 'ical.js'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { demoHome } from '../../src/server/listings/demo-homes'
import { upsertHomes } from '../../src/server/listings/home-store'
import { createMailer } from '../../src/server/mail/mailer'
import type { AppServices } from '../../src/server/services'
import {
  api,
  createTestApp,
  describeOnEachDatabase,
  expectError,
  ORIGIN,
  signUp,
  signUpAdmin,
  uniqueEmail,
  uniqueIp,
  validRealtor,
  type ErrorBody,
  type TestApp,
} from './harness'
import { decodeWords, header, startSmtpSink, type ReceivedMail } from './smtp-sink'

/*
 * Issue 26 item 4: a visitor's tour request over REST and the form without scripts, its consent
 * and lead, the realtor's confirm (one mail with a calendar invitation that parses back) and
 * cancel (METHOD:CANCEL, same UID, higher SEQUENCE), refusals and another realtor's 404.
 */

const FROM = 'Realtor Home <no-reply@test.local>'
const LIMIT = 3
/** Wednesday 2026-10-28, 09:00 in Irvine (PDT): summer time ends on Sunday 2026-11-01. */
const NOW = new Date('2026-10-28T16:00:00Z')

type Created = { id: string; realtorId: string; createdAt: string; status: string; delivery: string }
type TourView = {
  id: string
  status: string
  timeZone: string
  listingAddress: string
  slots: Array<{ start: string; date: string; time: string }>
  confirmedSlot: { start: string; date: string; time: string } | null
  icsSequence: number
  consent: { version: string; text: string; lang: string; page: string | null }
}
type Page = { tours: Array<TourView>; total: number; waiting: number; nextCursor: string | null }

type MimePart = { type: string; head: string; body: string }

/** Every leaf part of a raw message, nested multiparts opened, bodies decoded. */
function leafParts(raw: string): Array<MimePart> {
  const separator = /\r?\n\r?\n/.exec(raw)
  const head = (separator ? raw.slice(0, separator.index) : raw).replace(/\r?\n[ \t]+/g, ' ')
  const body = separator ? raw.slice(separator.index + separator[0].length) : ''
  const type = /content-type:\s*([^;\r\n]+)/i.exec(head)?.[1]?.trim().toLowerCase() ?? 'text/plain'
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)?.[1]
  if (type.startsWith('multipart/') && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1, -1)
      .flatMap((part) => leafParts(part.replace(/^\r?\n/, '')))
  }
  const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(head)?.[1]?.toLowerCase()
  const decoded =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
            'latin1',
          ).toString('utf8')
        : body
  return [{ type, head, body: decoded }]
}

/** The `.ics` attachment of a mail, parsed by ical.js: its METHOD and its one event. */
function invitation(mail: ReceivedMail) {
  const attachment = leafParts(mail.raw).find((part) => part.type === 'text/calendar' && /filename=/i.test(part.head))
  expect(attachment, 'an .ics attachment').toBeDefined()
  // ical.js types its parse result as `any`; a jCal array is what Component takes.
  const jcal: Array<unknown> = ICAL.parse(attachment?.body ?? '') as Array<unknown>
  const calendar = new ICAL.Component(jcal)
  const vevent = calendar.getFirstSubcomponent('vevent')
  expect(vevent).not.toBeNull()
  const event = new ICAL.Event(vevent ?? undefined)
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    location: event.location,
    organizer: String(event.organizer),
    attendees: event.attendees.map((attendee) => String(attendee.getFirstValue())),
    status: String(vevent?.getFirstPropertyValue('status')),
    contentType: attachment?.head ?? '',
  }
}

function tourBody(realtorId: string, listingKey: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    realtorId,
    listingKey,
    mode: 'in_person',
    // Saturday before the change (PDT) and Monday after it (PST).
    slots: [
      { date: '2026-10-31', time: '10:00' },
      { date: '2026-11-02', time: '10:00' },
    ],
    timeZone: 'America/Los_Angeles',
    name: 'Minji Kim',
    email: `visitor-${Math.random().toString(36).slice(2, 10)}@example.org`,
    phone: '(949) 555-0134',
    message: 'Can we see the backyard?',
    lang: 'en',
    consent: true,
    consentVersion: 'tour-v1',
    consentPage: '/en/some-realtor/homes/X',
    ...overrides,
  }
}

describeOnEachDatabase('tour requests', (database) => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>
  let app: TestApp
  let s: AppServices
  let ownerToken: string
  let otherToken: string
  let adminToken: string
  let realtor: { id: string; desiredUrl: string }
  let listingKey: string
  let listingAddress: string

  const mailsTo = (address: string) => sink.received.filter((mail) => mail.rcptTo.includes(address))

  async function createTour(overrides: Record<string, unknown> = {}): Promise<{ id: string; email: string }> {
    const body = tourBody(realtor.id, listingKey, overrides)
    const created = await api<Created>(s, 'POST', '/tour-requests', { body })
    expect(created.status, created.text).toBe(201)
    return { id: created.body.id, email: String(body.email) }
  }

  beforeAll(async () => {
    sink = await startSmtpSink()
    app = await createTestApp(database.name, { mailer: createMailer(sink.url, FROM), env: { RATE_LIMIT_TOUR: String(LIMIT) } })
    s = app.services
    ownerToken = await signUp(s, uniqueEmail('tour-owner'))
    otherToken = await signUp(s, uniqueEmail('tour-other'))
    adminToken = await signUpAdmin(s, uniqueEmail('tour-admin'))
    const created = await api<{ id: string; desiredUrl: string }>(s, 'POST', '/realtor', {
      token: ownerToken,
      body: validRealtor({
        email: 'jane.kim@realty.example',
        displayNameEn: 'Jane Kim',
        displayNameKo: '김제인',
        licenseNumber: '01234567',
        brokerageName: 'Sunrise Realty',
        brokerageAddress: '1 Main St, Irvine, CA 92618',
      }),
    })
    expect(created.status, created.text).toBe(201)
    realtor = created.body
    const home = { ...demoHome(1, [], new Date()), listingKey: 'TOUR-CA-1', stateOrProvince: 'CA', city: 'Irvine' }
    await upsertHomes(s.db, [home], { source: 'demo', isDemo: true, now: new Date() })
    listingKey = home.listingKey
    const detail = await api<{ fullAddress: string }>(s, 'GET', `/home/${listingKey}`)
    expect(detail.status, detail.text).toBe(200)
    listingAddress = detail.body.fullAddress
  })

  afterEach(() => app?.clock.reset())

  afterAll(async () => {
    await app?.close()
    await sink?.close()
  })

  it('stores a request with its times in UTC across the change of clocks, the consent and a tour lead', async () => {
    app.clock.set(NOW)
    const body = tourBody(realtor.id, listingKey, { consentText: 'I agree to anything' })
    const created = await api<Created>(s, 'POST', '/tour-requests', { body })
    expect(created.status, created.text).toBe(201)
    expect(created.body).toEqual({ id: created.body.id, realtorId: realtor.id, createdAt: NOW.toISOString(), status: 'requested', delivery: 'outbox' })

    const row = await s.db.selectFrom('tourRequest').selectAll().where('id', '=', created.body.id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ status: 'requested', timeZone: 'America/Los_Angeles', listingKey, listingAddress, lang: 'en', consentVersion: 'tour-v1' })
    // 10:00 PDT (UTC−7) on Saturday, 10:00 PST (UTC−8) on Monday.
    expect(JSON.parse(row.slots)).toEqual([
      { start: '2026-10-31T17:00:00.000Z', date: '2026-10-31', time: '10:00' },
      { start: '2026-11-02T18:00:00.000Z', date: '2026-11-02', time: '10:00' },
    ])
    // The words the form shows, from the server's registry, never the client's.
    expect(row.consentText).toBe('I agree that Jane Kim may contact me by e-mail or phone about this tour request, and to the privacy notice.')
    expect(row.consentedAt).toBe(NOW.toISOString())

    const lead = await s.db.selectFrom('lead').selectAll().where('id', '=', created.body.id).executeTakeFirstOrThrow()
    expect(lead).toMatchObject({ kind: 'tour', replyState: 'pending', stage: 'new', realtorId: realtor.id, listingKey, lang: 'en', email: body.email })
    // The lead desk's one line says what the lead is about and that it waits for an answer.
    const leads = await api<{ leads: Array<{ id: string; summary: string | null }> }>(s, 'GET', '/leads?kind=tour', {
      token: ownerToken,
      headers: { 'accept-language': 'en' },
    })
    expect(leads.status, leads.text).toBe(200)
    expect(leads.body.leads.find((item) => item.id === created.body.id)?.summary).toBe(`In-person tour of ${listingAddress} · waiting for your answer`)
    // Nothing is mailed to the visitor before the realtor answers (the instant reply is the scheduler's).
    expect(mailsTo(String(body.email))).toHaveLength(0)
  })

  it('takes the form posted without scripts and answers with a 303 to the status page', async () => {
    app.clock.set(NOW)
    const email = `form-${Date.now()}@example.org`
    const form = new URLSearchParams({
      realtorId: realtor.id,
      listingKey,
      mode: 'video',
      slot1Date: '2026-11-03',
      slot1Time: '09:30',
      slot2Date: '2026-11-04',
      slot2Time: '18:00',
      slot3Date: '',
      slot3Time: '',
      timeZone: 'America/Los_Angeles',
      name: '김민지',
      email,
      lang: 'ko',
      consent: 'on',
      consentVersion: 'tour-v1',
      consentPage: `/${realtor.desiredUrl}/homes/${listingKey}`,
    })
    const sent = await api(s, 'POST', '/tour-requests', { rawBody: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(sent.status).toBe(303)
    const location = new URL(sent.headers.get('location') ?? '', ORIGIN)
    expect(location.pathname).toBe(`/${realtor.desiredUrl}/homes/tour-request`)
    expect(location.searchParams.get('status')).toBe('sent')
    expect(location.searchParams.get('back')).toBe(`/${realtor.desiredUrl}/homes/${listingKey}`)
    const row = await s.db.selectFrom('tourRequest').selectAll().where('email', '=', email).executeTakeFirstOrThrow()
    // The status page is given the request's id to say its times back, never what was typed.
    expect(location.searchParams.get('receipt')).toBe(row.id)
    expect(location.search).not.toContain('2026-11-03')
    expect(row).toMatchObject({ mode: 'video', lang: 'ko', consentLang: 'ko' })
    expect(row.consentText).toContain('김제인')

    // Without the consent ticked: back to the status page naming the field, nothing stored.
    form.delete('consent')
    form.set('email', `form-refused-${Date.now()}@example.org`)
    const refused = await api(s, 'POST', '/tour-requests', { rawBody: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(refused.status).toBe(303)
    expect(new URL(refused.headers.get('location') ?? '', ORIGIN).searchParams.get('failed')).toBe('consent')
    expect(
      await s.db
        .selectFrom('tourRequest')
        .select('id')
        .where('email', '=', form.get('email') ?? '')
        .executeTakeFirst(),
    ).toBeUndefined()
  })

  it('refuses bad input with translated field errors', async () => {
    app.clock.set(NOW)
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ slots: [{ date: '2026-10-31', time: '10:00' }] }, 'slots', /at least two/],
      [
        {
          slots: [
            { date: '2026-10-31', time: '10:00' },
            { date: '2026-11-02', time: '10:00' },
            { date: '2026-11-03', time: '10:00' },
            { date: '2026-11-04', time: '10:00' },
          ],
        },
        'slots',
        /at most three/,
      ],
      [
        {
          slots: [
            { date: '2026-10-31', time: '10:00' },
            { date: '2026-10-31', time: '10:00' },
          ],
        },
        'slots.1',
        /different time/,
      ],
      // Today (in Irvine) and the past are refused; tomorrow onward only.
      [
        {
          slots: [
            { date: '2026-10-28', time: '15:00' },
            { date: '2026-11-02', time: '10:00' },
          ],
        },
        'slots.0',
        /from tomorrow/,
      ],
      [
        {
          slots: [
            { date: '2026-11-02', time: '10:00' },
            { date: '2026-12-15', time: '10:00' },
          ],
        },
        'slots.1',
        /30 days/,
      ],
      [
        {
          slots: [
            { date: '2026-11-02', time: '10:00' },
            { date: '2026-11-03', time: '23:00' },
          ],
        },
        'slots.1',
        /between 8:00 and 19:30/,
      ],
      [{ timeZone: 'Europe/Paris' }, 'timeZone', /time zone/],
      [{ timeZone: 'America/New_York' }, 'timeZone', /time zone/],
      [{ consent: false }, 'consent', /Agree/],
      [{ mode: 'drive-by' }, 'mode', /in person or video/],
      [{ email: 'not-an-address' }, 'email', /valid e-mail/],
    ]
    for (const [overrides, field, english] of cases) {
      const result = await api<ErrorBody>(s, 'POST', '/tour-requests', { body: tourBody(realtor.id, listingKey, overrides), lang: 'en' })
      expectError(result, 400, 'VALIDATION_FAILED')
      expect(result.body.fieldErrors?.[field]?.join(' '), `${field} of ${JSON.stringify(overrides)}: ${result.text}`).toMatch(english)
    }
    // In Korean too.
    const korean = await api<ErrorBody>(s, 'POST', '/tour-requests', { body: tourBody(realtor.id, listingKey, { consent: false }), lang: 'ko' })
    expect(korean.body.fieldErrors?.consent?.join(' ')).toMatch(/\p{Script=Hangul}/u)
    // A home that is not listed: 404.
    const gone = await api<ErrorBody>(s, 'POST', '/tour-requests', { body: tourBody(realtor.id, 'NO-SUCH-HOME') })
    expectError(gone, 404, 'NOT_FOUND')
  })

  it('stores nothing for a filled honeypot but answers like a success', async () => {
    app.clock.set(NOW)
    const body = tourBody(realtor.id, listingKey, { website: 'http://spam.example' })
    const created = await api<Created>(s, 'POST', '/tour-requests', { body })
    expect(created.status).toBe(201)
    expect(await s.db.selectFrom('tourRequest').select('id').where('id', '=', created.body.id).executeTakeFirst()).toBeUndefined()
    expect(await s.db.selectFrom('lead').select('id').where('id', '=', created.body.id).executeTakeFirst()).toBeUndefined()
  })

  it('limits requests per client address', async () => {
    app.clock.set(NOW)
    const ip = uniqueIp()
    for (let index = 0; index < LIMIT; index += 1) {
      const result = await api(s, 'POST', '/tour-requests', { body: tourBody(realtor.id, listingKey), ip })
      expect(result.status, result.text).toBe(201)
    }
    const limited = await api<ErrorBody>(s, 'POST', '/tour-requests', { body: tourBody(realtor.id, listingKey), ip })
    expectError(limited, 429, 'RATE_LIMITED')
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
  })

  it('gives the sender the times asked for as tentative events, then the confirmed time under the invitation’s UID, then nothing once cancelled', async () => {
    app.clock.set(NOW)
    const tour = await createTour()
    const calendarOf = async (lang: 'ko' | 'en') => {
      const file = await api(s, 'GET', `/tour-requests/${tour.id}.ics?lang=${lang}`)
      return { status: file.status, type: file.headers.get('content-type'), cache: file.headers.get('cache-control'), text: file.text }
    }
    const events = (text: string) =>
      new ICAL.Component(ICAL.parse(text) as Array<unknown>).getAllSubcomponents('vevent').map((component) => ({
        event: new ICAL.Event(component),
        status: String(component.getFirstPropertyValue('status')),
      }))

    const requested = await calendarOf('ko')
    expect(requested.status, requested.text).toBe(200)
    expect(requested.type).toMatch(/^text\/calendar/)
    expect(requested.cache).toBe('private, no-store')
    const held = events(requested.text)
    expect(held.map(({ event }) => event.startDate.toJSDate().toISOString())).toEqual(['2026-10-31T17:00:00.000Z', '2026-11-02T18:00:00.000Z'])
    expect(held.map(({ status }) => status)).toEqual(['TENTATIVE', 'TENTATIVE'])
    expect(held[0]?.event.summary).toContain('아직 확정 전')
    expect(held[0]?.event.location).toBe(listingAddress)
    // The visitor is not named in it: the file goes by the id alone.
    expect(requested.text).not.toContain('Minji')
    expect(requested.text).not.toContain(tour.email)

    const confirmed = await api(s, 'POST', `/tour-requests/${tour.id}/confirm`, { token: ownerToken, body: { slot: 0 } })
    expect(confirmed.status, confirmed.text).toBe(200)
    const after = events((await calendarOf('en')).text)
    expect(after).toHaveLength(1)
    expect(after[0]?.status).toBe('CONFIRMED')
    expect(after[0]?.event.uid).toMatch(new RegExp(`^tour-${tour.id}@`))
    expect(after[0]?.event.sequence).toBe(1)
    expect(after[0]?.event.startDate.toJSDate().toISOString()).toBe('2026-10-31T17:00:00.000Z')

    expect((await api(s, 'POST', `/tour-requests/${tour.id}/cancel`, { token: ownerToken })).status).toBe(200)
    expect((await calendarOf('en')).status).toBe(404)
    expect((await api(s, 'GET', '/tour-requests/not-an-id.ics')).status).toBe(404)
    expect((await api(s, 'GET', '/tour-requests/00000000-0000-4000-8000-000000000000.ics')).status).toBe(404)
  })

  it('confirms a time with exactly one mail carrying an invitation, and cancels it with the same UID and a higher SEQUENCE', async () => {
    app.clock.set(NOW)
    const tour = await createTour()
    const confirmed = await api<TourView>(s, 'POST', `/tour-requests/${tour.id}/confirm`, { token: ownerToken, body: { slot: 1 } })
    expect(confirmed.status, confirmed.text).toBe(200)
    expect(confirmed.body).toMatchObject({ status: 'confirmed', confirmedSlot: { start: '2026-11-02T18:00:00.000Z' }, icsSequence: 1 })
    // The lead has an appointment now.
    expect((await s.db.selectFrom('lead').select('stage').where('id', '=', tour.id).executeTakeFirstOrThrow()).stage).toBe('appointment')

    const mails = mailsTo(tour.email)
    expect(mails).toHaveLength(1)
    const mail = mails[0]!
    expect(decodeWords(header(mail.raw, 'From') ?? '')).toMatch(/Jane Kim.*<no-reply@test\.local>/)
    expect(header(mail.raw, 'Reply-To')).toContain('jane.kim@realty.example')
    expect(decodeWords(header(mail.raw, 'Subject') ?? '')).toBe(`Tour confirmed: ${listingAddress}`)
    const text = leafParts(mail.raw).find((part) => part.type === 'text/plain')?.body ?? ''
    expect(text).toContain('Monday, November 2, 2026')
    expect(text).toContain('Pacific Time')
    expect(text).toContain('License number: 01234567')
    expect(text).toContain('1 Main St, Irvine, CA 92618')
    // The visitor's own words are never echoed.
    expect(text).not.toContain('backyard')
    const invite = invitation(mail)
    expect(invite).toMatchObject({
      method: 'REQUEST',
      uid: `tour-${tour.id}@test.local`,
      sequence: 1,
      start: '2026-11-02T18:00:00.000Z',
      end: '2026-11-02T19:00:00.000Z',
      location: listingAddress,
      status: 'CONFIRMED',
    })
    expect(invite.organizer.toLowerCase()).toBe('mailto:jane.kim@realty.example')
    expect(invite.attendees.map((attendee) => attendee.toLowerCase())).toEqual([`mailto:${tour.email}`])
    expect(invite.contentType).toMatch(/method=REQUEST/i)

    const cancelled = await api<TourView>(s, 'POST', `/tour-requests/${tour.id}/cancel`, { token: ownerToken })
    expect(cancelled.status, cancelled.text).toBe(200)
    expect(cancelled.body).toMatchObject({ status: 'cancelled', icsSequence: 2 })
    expect(mailsTo(tour.email)).toHaveLength(2)
    // The cancellation the workspace's dialog promises (decision 069): which home, when, and a calendar update.
    const cancelMail = mailsTo(tour.email)[1]!
    expect(decodeWords(header(cancelMail.raw, 'Subject') ?? '')).toBe(`Tour cancelled: ${listingAddress}`)
    const cancelText = leafParts(cancelMail.raw).find((part) => part.type === 'text/plain')?.body ?? ''
    expect(cancelText).toContain(`cancelled your tour of ${listingAddress}`)
    expect(cancelText).toContain('Monday, November 2, 2026')
    expect(cancelText).toContain('removes it from your calendar')
    const cancel = invitation(cancelMail)
    expect(cancel).toMatchObject({ method: 'CANCEL', uid: invite.uid, status: 'CANCELLED', start: invite.start })
    expect(cancel.sequence).toBeGreaterThan(invite.sequence)
    // Cancelling again sends nothing; confirming a cancelled tour is refused.
    expect((await api(s, 'POST', `/tour-requests/${tour.id}/cancel`, { token: ownerToken })).status).toBe(200)
    expect(mailsTo(tour.email)).toHaveLength(2)
    expectError(await api(s, 'POST', `/tour-requests/${tour.id}/confirm`, { token: ownerToken, body: { slot: 0 } }), 409, 'CONFLICT')
  })

  it('proposes another time in the visitor’s language, then a second update raises the SEQUENCE', async () => {
    app.clock.set(NOW)
    // A Korean visitor writes in Korean: the tour's language is the one they wrote in (decision 070).
    const tour = await createTour({ lang: 'ko', message: '뒷마당도 볼 수 있을까요?' })
    const proposed = await api<TourView>(s, 'POST', `/tour-requests/${tour.id}/confirm`, {
      token: ownerToken,
      body: { start: { date: '2026-11-05', time: '17:30' } },
    })
    expect(proposed.status, proposed.text).toBe(200)
    expect(proposed.body).toMatchObject({ status: 'proposed', confirmedSlot: { start: '2026-11-06T01:30:00.000Z', date: '2026-11-05', time: '17:30' } })
    const [first] = mailsTo(tour.email)
    expect(decodeWords(header(first!.raw, 'From') ?? '')).toMatch(/김제인/)
    expect(decodeWords(header(first!.raw, 'Subject') ?? '')).toMatch(/\p{Script=Hangul}/u)
    const again = await api<TourView>(s, 'POST', `/tour-requests/${tour.id}/confirm`, { token: ownerToken, body: { slot: 0 } })
    expect(again.body).toMatchObject({ status: 'confirmed', icsSequence: 2 })
    const [a, b] = mailsTo(tour.email).map(invitation)
    expect(a?.uid).toBe(b?.uid)
    expect(b?.sequence).toBeGreaterThan(a?.sequence ?? 0)
    expect(b?.start).toBe('2026-10-31T17:00:00.000Z')

    // Refusals: a time in the past, an index past the visitor's times, neither or both.
    for (const body of [{ start: { date: '2026-10-01', time: '10:00' } }, { slot: 2 }, {}, { slot: 0, start: { date: '2026-11-05', time: '10:00' } }]) {
      const refused = await api<ErrorBody>(s, 'POST', `/tour-requests/${tour.id}/confirm`, { token: ownerToken, body })
      expectError(refused, 400, 'VALIDATION_FAILED')
    }
  })

  it('declines an unanswered request with a mail and no calendar file', async () => {
    app.clock.set(NOW)
    const tour = await createTour()
    const declined = await api<TourView>(s, 'POST', `/tour-requests/${tour.id}/cancel`, { token: ownerToken })
    expect(declined.body).toMatchObject({ status: 'declined', icsSequence: 0 })
    const mails = mailsTo(tour.email)
    expect(mails).toHaveLength(1)
    expect(leafParts(mails[0]!.raw).some((part) => part.type === 'text/calendar')).toBe(false)
  })

  it('lists the owner’s requests newest first; another realtor gets 404 for every method, an admin may act', async () => {
    // Later than every request before it.
    app.clock.set(new Date(NOW.getTime() + 3_600_000))
    const tour = await createTour()
    const page = await api<Page>(s, 'GET', `/tour-requests?realtorId=${realtor.id}&limit=2`, { token: ownerToken })
    expect(page.status, page.text).toBe(200)
    expect(page.body.tours[0]?.id).toBe(tour.id)
    expect(page.body.tours).toHaveLength(2)
    expect(page.body.nextCursor).toEqual(expect.any(String))
    expect(page.body.total).toBeGreaterThan(2)
    const next = await api<Page>(s, 'GET', `/tour-requests?realtorId=${realtor.id}&limit=2&cursor=${page.body.nextCursor}`, { token: ownerToken })
    expect(next.body.tours.map((item) => item.id)).not.toContain(tour.id)

    expectError(await api(s, 'GET', `/tour-requests?realtorId=${realtor.id}`, { token: otherToken }), 404, 'NOT_FOUND')
    expect((await api<Page>(s, 'GET', '/tour-requests', { token: otherToken })).body.tours).toEqual([])
    expectError(await api(s, 'POST', `/tour-requests/${tour.id}/confirm`, { token: otherToken, body: { slot: 0 } }), 404, 'NOT_FOUND')
    expectError(await api(s, 'POST', `/tour-requests/${tour.id}/cancel`, { token: otherToken }), 404, 'NOT_FOUND')
    expectError(await api(s, 'POST', `/tour-requests/${tour.id}/cancel`), 401, 'UNAUTHORIZED')
    expectError(await api(s, 'GET', '/tour-requests'), 401, 'UNAUTHORIZED')
    expectError(await api(s, 'DELETE', `/tour-requests/${tour.id}/cancel`, { token: ownerToken }), 405, 'METHOD_NOT_ALLOWED')
    expect(mailsTo(tour.email)).toHaveLength(0)

    const byAdmin = await api<TourView>(s, 'POST', `/tour-requests/${tour.id}/confirm`, { token: adminToken, body: { slot: 0 } })
    expect(byAdmin.status, byAdmin.text).toBe(200)
    expect(mailsTo(tour.email)).toHaveLength(1)
  })

  it('is gone with its realtor', async () => {
    app.clock.set(NOW)
    const token = await signUp(s, uniqueEmail('tour-gone'))
    const other = await api<{ id: string }>(s, 'POST', '/realtor', { token, body: validRealtor() })
    const created = await api<Created>(s, 'POST', '/tour-requests', { body: tourBody(other.body.id, listingKey) })
    expect(created.status, created.text).toBe(201)
    expect((await api(s, 'DELETE', `/realtor/${other.body.id}`, { token })).status).toBe(200)
    expect(await s.db.selectFrom('tourRequest').select('id').where('id', '=', created.body.id).executeTakeFirst()).toBeUndefined()
  })
})
