import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { signSavedSearchToken } from '../../src/server/saved-searches/links'
import { confirmSavedSearch } from '../../src/server/saved-searches/subscriptions'
import type { AppServices } from '../../src/server/services'
import {
  api,
  createTestApp,
  describeOnEachDatabase,
  expectError,
  signUp,
  signUpAdmin,
  uniqueEmail,
  validContact,
  validRealtor,
  type ErrorBody,
  type TestApp,
} from './harness'

/*
 * The lead desk's REST contract (issue 26 items 2 and 6, decision 020) on SQLite and
 * PostgreSQL: every kind in one list, filters, paging, stages, follow-up days, notes, and the
 * one answer for "not yours" (404 for every method, issue 32 item 6).
 */

type Lead = {
  id: string
  kind: string
  stage: string
  name: string | null
  email: string
  lang: string
  sourcePage: string | null
  listingKey: string | null
  nextFollowUp: string | null
  replyState: string
  notesCount: number
  createdAt: string
  summary: string | null
}
type LeadPage = { leads: Array<Lead>; nextCursor: string | null; total: number; stageCounts: Record<string, number> }
type Note = { id: string; leadId: string; body: string; createdAt: string }

const EN = 'en'

describeOnEachDatabase('the lead desk', (database) => {
  let app: TestApp
  let s: AppServices
  let ownerToken: string
  let otherToken: string
  let adminToken: string
  let realtorId: string
  let otherRealtorId: string
  let messageIds: Array<string>
  let searchId: string
  let otherMessageId: string

  const at = (minute: number) => new Date(Date.UTC(2026, 10, 2, 9, minute))

  async function sendMessage(toRealtor: string, overrides: Record<string, unknown>, minute: number): Promise<string> {
    app.clock.set(at(minute))
    const sent = await api<{ id: string }>(s, 'POST', '/realtor-contacts', { body: validContact(toRealtor, overrides) })
    expect(sent.status, sent.text).toBe(201)
    return sent.body.id
  }

  beforeAll(async () => {
    app = await createTestApp(database.name)
    s = app.services
    ownerToken = await signUp(s, uniqueEmail('desk-owner'))
    otherToken = await signUp(s, uniqueEmail('desk-other'))
    adminToken = await signUpAdmin(s, uniqueEmail('desk-admin'))
    const own = await api<{ id: string }>(s, 'POST', '/realtor', { token: ownerToken, body: validRealtor() })
    const other = await api<{ id: string }>(s, 'POST', '/realtor', { token: otherToken, body: validRealtor() })
    expect(own.status, own.text).toBe(201)
    realtorId = own.body.id
    otherRealtorId = other.body.id

    messageIds = [
      await sendMessage(
        realtorId,
        { lastName: 'Lee', firstName: 'Minji', email: 'Minji.Lee@Example.org', consentLang: 'ko', consentPage: '/jane', message: '가'.repeat(300) },
        1,
      ),
      await sendMessage(
        realtorId,
        { lastName: 'Park', firstName: 'Daniel', email: 'dan_park@example.org', consentLang: 'en', consentPage: '/en/jane', listingKey: 'L-1' },
        2,
      ),
      await sendMessage(
        realtorId,
        { lastName: '김', firstName: '서연', email: 'seoyeon%kim@example.org', consentLang: 'ko', message: '주말에 집을 보고 싶어요.' },
        3,
      ),
    ]
    otherMessageId = await sendMessage(otherRealtorId, { email: 'someone@example.org' }, 4)

    // A saved search becomes a lead once its owner confirms it (decision 020).
    app.clock.set(at(5))
    const saved = await api<{ id: string }>(s, 'POST', '/saved-searches', {
      body: {
        realtorId,
        email: 'Searcher@Example.org',
        name: 'Searcher',
        state: 'CA',
        city: 'Irvine',
        type: 'sale',
        minBeds: 3,
        consentVersion: 'saved-search-v1',
        lang: 'en',
      },
    })
    expect(saved.status, saved.text).toBe(202)
    searchId = saved.body.id
    const pending = await api<LeadPage>(s, 'GET', '/leads?kind=saved_search', { token: ownerToken })
    expect(pending.body.leads).toEqual([])
    const row = await s.db.selectFrom('savedSearch').selectAll().where('id', '=', searchId).executeTakeFirstOrThrow()
    app.clock.set(at(6))
    await confirmSavedSearch(s, { token: signSavedSearchToken(s.config.signingSecret, row, 'confirm', null) })
    app.clock.reset()
  })

  afterAll(async () => {
    await app?.close()
  })

  it('lists every kind of the owner’s leads, newest first, with a summary of each and counts per stage', async () => {
    const list = await api<LeadPage>(s, 'GET', '/leads', { token: ownerToken, lang: EN })
    expect(list.status, list.text).toBe(200)
    expect(list.body.leads.map((lead) => lead.id)).toEqual([searchId, messageIds[2], messageIds[1], messageIds[0]])
    expect(list.body.total).toBe(4)
    expect(list.body.stageCounts).toEqual({ new: 4, contacted: 0, appointment: 0, client: 0, closed: 0, archived: 0 })
    expect(list.body.nextCursor).toBeNull()
    const [search, , daniel, minji] = list.body.leads
    expect(search).toMatchObject({ kind: 'saved_search', name: 'Searcher', email: 'Searcher@Example.org', lang: 'en', stage: 'new', notesCount: 0 })
    // The search in words, in the reader's language (Accept-Language).
    expect(search?.summary).toMatch(/^Homes for sale in Irvine, California/)
    expect(daniel).toMatchObject({ kind: 'message', lang: 'en', sourcePage: '/en/jane', listingKey: 'L-1', nextFollowUp: null })
    // The instant reply (decision 021) goes out in the background right after the message.
    expect(['pending', 'sent']).toContain(daniel?.replyState)
    // A message's opening words only: the first 140 characters, cut with an ellipsis.
    expect(minji?.summary).toBe(`${'가'.repeat(139)}…`)
    const korean = await api<LeadPage>(s, 'GET', '/leads?kind=saved_search', { token: ownerToken, lang: 'ko' })
    expect(korean.body.leads[0]?.summary).toMatch(/어바인|Irvine/)
    expect(korean.body.leads[0]?.summary).not.toMatch(/^Homes for sale/)
  })

  it('filters by kind, stage and language, and searches names and e-mail addresses in any case', async () => {
    const ids = async (query: string) => (await api<LeadPage>(s, 'GET', `/leads?${query}`, { token: ownerToken })).body.leads.map((lead) => lead.id)
    expect(await ids('kind=message')).toEqual([messageIds[2], messageIds[1], messageIds[0]])
    expect(await ids('kind=saved_search')).toEqual([searchId])
    expect(await ids('kind=tour')).toEqual([])
    expect(await ids('lang=en')).toEqual([searchId, messageIds[1]])
    expect(await ids('lang=ko&kind=message')).toEqual([messageIds[2], messageIds[0]])
    expect(await ids('q=MINJI')).toEqual([messageIds[0]])
    expect(await ids('q=minji.lee@example')).toEqual([messageIds[0]])
    expect(await ids(`q=${encodeURIComponent('서연')}`)).toEqual([messageIds[2]])
    expect(await ids('q=SEARCHER')).toEqual([searchId])
    // LIKE's wildcards are searched for as characters.
    expect(await ids('q=_')).toEqual([messageIds[1]])
    expect(await ids(`q=${encodeURIComponent('%')}`)).toEqual([messageIds[2]])
    expect(await ids('q=nobody')).toEqual([])
    // An empty value is no filter.
    expect(await ids('q=&kind=&stage=')).toHaveLength(4)
  })

  it('moves a lead along the pipeline, sets and clears its follow-up day, and counts stages with the other filters', async () => {
    const target = messageIds[1] ?? ''
    const moved = await api<Lead>(s, 'PATCH', `/leads/${target}`, { token: ownerToken, body: { stage: 'appointment', nextFollowUp: '2026-11-05' } })
    expect(moved.status, moved.text).toBe(200)
    expect(moved.body).toMatchObject({ id: target, stage: 'appointment', nextFollowUp: '2026-11-05', kind: 'message' })
    const stored = await s.db.selectFrom('lead').selectAll().where('id', '=', target).executeTakeFirstOrThrow()
    expect(stored.stage).toBe('appointment')
    expect(stored.stageChangedAt > stored.createdAt).toBe(true)
    // The message's own status keeps its meaning on its own endpoint.
    const message = await s.db.selectFrom('contactMessage').select('status').where('id', '=', target).executeTakeFirstOrThrow()
    expect(message.status).toBe('new')

    const byStage = await api<LeadPage>(s, 'GET', '/leads?stage=appointment', { token: ownerToken })
    expect(byStage.body.leads.map((lead) => lead.id)).toEqual([target])
    expect(byStage.body.total).toBe(1)
    expect(byStage.body.stageCounts).toMatchObject({ new: 3, appointment: 1 })
    const englishOnly = await api<LeadPage>(s, 'GET', '/leads?lang=en', { token: ownerToken })
    expect(englishOnly.body.stageCounts).toMatchObject({ new: 1, appointment: 1 })

    const cleared = await api<Lead>(s, 'PATCH', `/leads/${target}`, { token: adminToken, body: { nextFollowUp: null } })
    expect(cleared.body).toMatchObject({ stage: 'appointment', nextFollowUp: null })
    const back = await api<Lead>(s, 'PATCH', `/leads/${target}`, { token: ownerToken, body: { stage: 'new' } })
    expect(back.body.stage).toBe('new')
  })

  it('takes the language the visitor wrote in, and lets the realtor correct it', async () => {
    // A Korean message on an English page is a Korean lead (issue 52 item 6).
    const id = await sendMessage(
      realtorId,
      { email: 'hangul-on-en@example.org', consentLang: 'en', consentPage: '/en/jane', message: '안녕하세요. 이 집 아직 있나요? 3 beds' },
      6,
    )
    const recorded = await s.db.selectFrom('lead').select(['lang']).where('id', '=', id).executeTakeFirstOrThrow()
    expect(recorded.lang).toBe('ko')
    // The consent keeps the words the page showed.
    const message = await s.db.selectFrom('contactMessage').select(['consentLang']).where('id', '=', id).executeTakeFirstOrThrow()
    expect(message.consentLang).toBe('en')

    const corrected = await api<Lead>(s, 'PATCH', `/leads/${id}`, { token: ownerToken, body: { lang: 'en' } })
    expect(corrected.status, corrected.text).toBe(200)
    expect(corrected.body).toMatchObject({ id, lang: 'en', stage: 'new' })
    const french = await api<ErrorBody>(s, 'PATCH', `/leads/${id}`, { token: ownerToken, body: { lang: 'fr' }, lang: EN })
    expectError(french, 400, 'VALIDATION_FAILED', 'Some fields need your attention')
    expect(french.body.fieldErrors?.lang).toEqual(['Choose Korean or English'])
    expectError(await api(s, 'PATCH', `/leads/${id}`, { token: otherToken, body: { lang: 'ko' } }), 404, 'NOT_FOUND')
    await s.db.deleteFrom('contactMessage').where('id', '=', id).execute()
    await s.db.deleteFrom('lead').where('id', '=', id).execute()
  })

  it('refuses bad input with 400 and the fields that need attention', async () => {
    const target = messageIds[0] ?? ''
    const cases: Array<[string, unknown, string]> = [
      ['stage', { stage: 'won' }, 'stage'],
      ['follow-up format', { nextFollowUp: '5 Nov' }, 'nextFollowUp'],
      ['follow-up day', { nextFollowUp: '2026-02-30' }, 'nextFollowUp'],
      ['nothing to change', {}, 'stage'],
    ]
    for (const [label, body, field] of cases) {
      const result = await api<ErrorBody>(s, 'PATCH', `/leads/${target}`, { token: ownerToken, body, lang: EN })
      expectError(result, 400, 'VALIDATION_FAILED', 'Some fields need your attention')
      expect(Object.keys(result.body.fieldErrors ?? {}), label).toContain(field)
    }
    const badDay = await api<ErrorBody>(s, 'PATCH', `/leads/${target}`, { token: ownerToken, body: { nextFollowUp: '2026-13-01' }, lang: EN })
    expect(badDay.body.fieldErrors?.nextFollowUp).toEqual(['Enter a date as YYYY-MM-DD'])
    const korean = await api<ErrorBody>(s, 'PATCH', `/leads/${target}`, { token: ownerToken, body: { nextFollowUp: '2026-13-01' }, lang: 'ko' })
    expect(korean.body.fieldErrors?.nextFollowUp?.[0]).not.toBe('Enter a date as YYYY-MM-DD')
    // Year 0000 is a typo, and 9999-12-31 is what the list's order reads as "no date".
    for (const day of ['0000-01-01', '1999-12-31', '2100-01-01', '9999-12-31']) {
      const outOfRange = await api<ErrorBody>(s, 'PATCH', `/leads/${target}`, { token: ownerToken, body: { nextFollowUp: day }, lang: EN })
      expect(outOfRange.status, day).toBe(400)
      expect(outOfRange.body.fieldErrors?.nextFollowUp, day).toEqual(['Choose a date from 2000 to 2099'])
    }

    for (const query of ['kind=call', 'stage=won', 'lang=fr', 'limit=0', 'limit=501', `q=${'x'.repeat(101)}`, 'cursor=forged']) {
      const result = await api<ErrorBody>(s, 'GET', `/leads?${query}`, { token: ownerToken, lang: EN })
      expect(result.status, query).toBe(400)
      expect(Object.keys(result.body.fieldErrors ?? {}).length, query).toBeGreaterThan(0)
    }
    const emptyNote = await api<ErrorBody>(s, 'POST', `/leads/${target}/notes`, { token: ownerToken, body: { body: '   ' }, lang: EN })
    expectError(emptyNote, 400, 'VALIDATION_FAILED')
    expect(emptyNote.body.fieldErrors?.body).toEqual(['Write a note'])
    const longNote = await api<ErrorBody>(s, 'POST', `/leads/${target}/notes`, { token: ownerToken, body: { body: 'x'.repeat(2001) }, lang: EN })
    expect(longNote.body.fieldErrors?.body).toEqual(['Use at most 2,000 characters'])
  })

  it('pages newest first with a cursor, keeping the filters', async () => {
    const first = await api<LeadPage>(s, 'GET', '/leads?limit=2', { token: ownerToken })
    expect(first.body.leads.map((lead) => lead.id)).toEqual([searchId, messageIds[2]])
    expect(first.body.total).toBe(4)
    expect(first.body.nextCursor).toEqual(expect.any(String))
    const second = await api<LeadPage>(s, 'GET', `/leads?limit=2&cursor=${first.body.nextCursor}`, { token: ownerToken })
    expect(second.body.leads.map((lead) => lead.id)).toEqual([messageIds[1], messageIds[0]])
    expect(second.body.nextCursor).toBeNull()
    const filtered = await api<LeadPage>(s, 'GET', '/leads?kind=message&limit=1', { token: ownerToken })
    const next = await api<LeadPage>(s, 'GET', `/leads?kind=message&limit=1&cursor=${filtered.body.nextCursor}`, { token: ownerToken })
    expect(next.body.leads.map((lead) => lead.id)).toEqual([messageIds[1]])
  })

  it('keeps private, dated notes, newest first, counted in the list, and gone with the lead', async () => {
    const target = messageIds[2] ?? ''
    app.clock.set(at(30))
    const first = await api<Note>(s, 'POST', `/leads/${target}/notes`, { token: ownerToken, body: { body: '  Called back, no answer  ' } })
    expect(first.status, first.text).toBe(201)
    expect(first.body).toMatchObject({ leadId: target, body: 'Called back, no answer', createdAt: at(30).toISOString() })
    app.clock.set(at(40))
    const second = await api<Note>(s, 'POST', `/leads/${target}/notes`, { token: adminToken, body: { body: '토요일 투어 약속' } })
    app.clock.reset()
    const notes = await api<{ notes: Array<Note> }>(s, 'GET', `/leads/${target}/notes`, { token: ownerToken })
    expect(notes.body.notes.map((note) => note.id)).toEqual([second.body.id, first.body.id])
    const listed = await api<LeadPage>(s, 'GET', `/leads?q=${encodeURIComponent('서연')}`, { token: ownerToken })
    expect(listed.body.leads[0]?.notesCount).toBe(2)

    // A note is deleted only through its own lead.
    expectError(await api(s, 'DELETE', `/leads/${messageIds[0]}/notes/${first.body.id}`, { token: ownerToken }), 404, 'NOT_FOUND')
    expect((await api(s, 'DELETE', `/leads/${target}/notes/${first.body.id}`, { token: ownerToken })).status).toBe(200)
    expectError(await api(s, 'DELETE', `/leads/${target}/notes/${first.body.id}`, { token: ownerToken }), 404, 'NOT_FOUND')

    // Deleting the message deletes its lead and notes with it.
    expect((await api(s, 'DELETE', `/realtor-contacts/${target}`, { token: ownerToken })).status).toBe(200)
    expectError(await api(s, 'GET', `/leads/${target}/notes`, { token: ownerToken }), 404, 'NOT_FOUND')
    expect(await s.db.selectFrom('leadNote').select('id').where('leadId', '=', target).execute()).toEqual([])
    messageIds = messageIds.filter((id) => id !== target)
  })

  it('answers 404 to another realtor for every method on a lead, 401 without a token, and lists only their own', async () => {
    const target = messageIds[0] ?? ''
    const note = await api<Note>(s, 'POST', `/leads/${target}/notes`, { token: ownerToken, body: { body: 'mine' } })
    const probes: Array<[string, string, unknown]> = [
      ['PATCH', `/leads/${target}`, { stage: 'client' }],
      ['GET', `/leads/${target}/notes`, undefined],
      ['POST', `/leads/${target}/notes`, { body: 'theirs' }],
      ['DELETE', `/leads/${target}/notes/${note.body.id}`, undefined],
      // The other kinds' own endpoints answer the same (issue 32 item 6).
      ['PATCH', `/realtor-contacts/${target}`, { status: 'read' }],
      ['DELETE', `/realtor-contacts/${target}`, undefined],
      ['PATCH', `/saved-searches/${searchId}`, { paused: true }],
      ['DELETE', `/saved-searches/${searchId}`, undefined],
    ]
    for (const [method, path, body] of probes) {
      const foreign = await api(s, method, path, { token: otherToken, body, lang: EN })
      expectError(foreign, 404, 'NOT_FOUND', 'Not found')
      // The same answer as for an id that does not exist: nothing to tell them apart.
      const unknown = await api(s, method, path.replace(target, randomUUID()).replace(searchId, randomUUID()), { token: otherToken, body, lang: EN })
      expect(unknown.body, `${method} ${path}`).toEqual(foreign.body)
      expectError(await api(s, method, path, { body, lang: EN }), 401, 'UNAUTHORIZED', 'Sign in to continue')
    }
    // Nothing changed.
    const lead = await s.db.selectFrom('lead').select('stage').where('id', '=', target).executeTakeFirstOrThrow()
    expect(lead.stage).toBe('new')

    const theirs = await api<LeadPage>(s, 'GET', '/leads', { token: otherToken })
    expect(theirs.body.leads.map((item) => item.id)).toEqual([otherMessageId])
    expectError(await api(s, 'GET', `/leads?realtorId=${realtorId}`, { token: otherToken }), 403, 'FORBIDDEN')
    const adminView = await api<LeadPage>(s, 'GET', `/leads?realtorId=${otherRealtorId}`, { token: adminToken })
    expect(adminView.body.leads.map((item) => item.id)).toEqual([otherMessageId])
    expectError(await api(s, 'GET', '/leads'), 401, 'UNAUTHORIZED')
  })
})
