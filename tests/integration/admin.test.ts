import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { translate, loadCatalog } from '../../src/i18n/i18n'
import type { Actor } from '../../src/server/auth/actor'
import { ADMIN_PAGE_SIZE, type AdminRealtorPage } from '../../src/schemas/admin'
import { adminMailOutbox } from '../../src/server/admin/admin-mail-outbox'
import { adminListRealtors, adminSetPublished } from '../../src/server/admin/admin-realtors'
import { sendPendingReplies } from '../../src/server/lead-replies/send-replies'
import { enqueueMail } from '../../src/server/mail/outbox'
import { signSavedSearchToken } from '../../src/server/saved-searches/links'
import { confirmSavedSearch } from '../../src/server/saved-searches/subscriptions'
import { isAppError } from '../../src/server/app-error'
import type { AppServices } from '../../src/server/services'
import {
  actorFor,
  api,
  createTestApp,
  describeOnEachDatabase,
  signUp,
  signUpAdmin,
  uniqueEmail,
  uniqueSlug,
  validContact,
  validRealtor,
  type TestApp,
  type RealtorBody,
} from './harness'

/*
 * The platform admin's list (issue 5 item 7) through its use cases, as the server functions
 * call them: admins see every realtor (published or not), search is case-insensitive on both
 * databases (ASCII case, Korean names, `_` and `%` taken literally), 20 a page without gaps or
 * repeats; anonymous callers get 401, signed-in non-admins 403. On SQLite and PostgreSQL.
 */

const EN = 'en'
const BASE_TIME = Date.UTC(2026, 2, 1, 9, 0, 0)
/** More than one page: the named fixtures plus fillers. */
const FILLERS = 22

type Named = 'jane' | 'minsu' | 'hidden'

type Failure = { status: number; code: string; message: string }

/** The AppError a use case threw, with its English message (as runAction would translate it). */
async function failure(promise: Promise<unknown>): Promise<Failure> {
  try {
    await promise
  } catch (error) {
    if (!isAppError(error)) throw error
    return { status: error.status, code: error.code, message: translate(EN, error.descriptor) }
  }
  throw new Error('expected the use case to fail')
}

describeOnEachDatabase('platform admin realtors', (database) => {
  let app: TestApp
  let s: AppServices
  let admin: Actor
  let owner: Actor
  let janeToken: string
  const ids = {} as Record<Named, string>
  const allIds: Array<string> = []

  const list = (input: unknown, actor: Actor | null = admin): Promise<AdminRealtorPage> => adminListRealtors(s, actor, input)
  const slugsOf = (page: AdminRealtorPage) => page.realtors.map((row) => row.desiredUrl)

  beforeAll(async () => {
    await loadCatalog(EN)
    app = await createTestApp(database.name)
    s = app.services
    const adminToken = await signUpAdmin(s)
    admin = await actorFor(s, adminToken)
    let minute = 0
    // One minute apart so updatedAt (the list's order) is known.
    const create = async (token: string, overrides: Record<string, unknown>) => {
      app.clock.set(new Date(BASE_TIME + minute * 60_000))
      minute += 1
      const created = await api<RealtorBody>(s, 'POST', '/realtor', { token, body: validRealtor(overrides), lang: EN })
      expect(created.status, created.text).toBe(201)
      allIds.push(created.body.id)
      return created.body as { id: string }
    }

    janeToken = await signUp(s, uniqueEmail('jane'))
    owner = await actorFor(s, janeToken)
    ids.jane = (await create(janeToken, { desiredUrl: 'Jane-Kim', displayNameKo: '김제인', displayNameEn: 'Jane Kim', email: 'jane.kim@example.com' })).id
    ids.minsu = (
      await create(await signUp(s, uniqueEmail('minsu')), {
        desiredUrl: 'Minsu_Park',
        displayNameKo: '박민수',
        displayNameEn: 'Minsu PARK',
        email: 'MINSU@Example.COM',
      })
    ).id
    ids.hidden = (
      await create(await signUp(s, uniqueEmail('hidden')), {
        desiredUrl: 'Hidden-Homepage',
        displayNameEn: 'Quiet Realtor',
        email: 'quiet@example.net',
        isMakeHomepage: 'N',
      })
    ).id
    // An admin may own any number of realtors, which makes the fillers cheap.
    const adminRealtorToken = adminToken
    for (let index = 0; index < FILLERS; index += 1) {
      await create(adminRealtorToken, { desiredUrl: uniqueSlug('filler'), displayNameEn: `Filler ${index}`, email: `filler${index}@example.org` })
    }
    app.clock.set(new Date(BASE_TIME + minute * 60_000))
  })

  afterAll(async () => {
    await app?.close()
  })

  describe('who may list', () => {
    it('answers 401 to an anonymous caller, before reading the input', async () => {
      expect(await failure(list({}, null))).toEqual({ status: 401, code: 'UNAUTHORIZED', message: 'Sign in to continue' })
      expect(await failure(list({ page: -1 }, null))).toMatchObject({ status: 401 })
    })

    it('answers 403 to a signed-in realtor who is not an admin', async () => {
      expect(owner.isAdmin).toBe(false)
      expect(await failure(list({}, owner))).toEqual({ status: 403, code: 'FORBIDDEN', message: 'You are not allowed to do this' })
    })

    it('shows an admin every realtor, published or not, newest change first', async () => {
      const first = await list({})
      expect(first.total).toBe(allIds.length)
      expect(first.pageSize).toBe(ADMIN_PAGE_SIZE)
      expect(first.totalPages).toBe(Math.ceil(allIds.length / ADMIN_PAGE_SIZE))
      const everyone = [...first.realtors, ...(await list({ page: 2 })).realtors]
      expect(everyone.map((row) => row.id).sort()).toEqual([...allIds].sort())
      const hidden = everyone.find((row) => row.id === ids.hidden)
      expect(hidden).toMatchObject({ desiredUrl: 'Hidden-Homepage', published: false, email: 'quiet@example.net' })
      expect(everyone.find((row) => row.id === ids.jane)).toMatchObject({
        desiredUrl: 'Jane-Kim',
        displayNameKo: '김제인',
        displayNameEn: 'Jane Kim',
        published: true,
        userId: owner.userId,
      })
      const times = everyone.map((row) => row.updatedAt)
      expect(times).toEqual([...times].sort().reverse())
    })
  })

  describe('search', () => {
    it.each<[string, string, Array<Named>]>([
      ['desiredUrl in another case', 'jANE-kIM', ['jane']],
      ['part of a desiredUrl', 'ane-k', ['jane']],
      ['an English display name in another case', 'minsu park', ['minsu']],
      ['a Korean display name', '김제인', ['jane']],
      ['part of a Korean display name', '민수', ['minsu']],
      ['an e-mail stored in capitals', 'minsu@example.com', ['minsu']],
      ['an e-mail in capitals', 'JANE.KIM@EXAMPLE.COM', ['jane']],
      ['an unpublished realtor', 'quiet', ['hidden']],
      ['`_` as a literal character', 'u_p', ['minsu']],
      ['spaces around the text', '  Hidden-  ', ['hidden']],
    ])('finds %s (%j)', async (_label, q, expected) => {
      const page = await list({ q })
      expect(page.realtors.map((row) => row.id).sort()).toEqual(expected.map((key) => ids[key]).sort())
      expect(page.total).toBe(expected.length)
      expect(page.q).toBe(q.trim())
    })

    it('treats `%` and `_` as themselves, not as wildcards', async () => {
      expect((await list({ q: '%' })).total).toBe(0)
      expect((await list({ q: 'u%p' })).total).toBe(0)
      // `_` would match any one character, so "Jane_Kim" must not find "Jane-Kim".
      expect((await list({ q: 'Jane_Kim' })).total).toBe(0)
    })

    it('finds nothing for an unknown text, and an empty text lists everyone', async () => {
      expect(await list({ q: 'nobody-like-this' })).toMatchObject({ realtors: [], total: 0, totalPages: 1 })
      expect((await list({ q: '   ' })).total).toBe(allIds.length)
    })

    it('finds decomposed Hangul as typed by some keyboards', async () => {
      expect(slugsOf(await list({ q: '김제인'.normalize('NFD') }))).toEqual(['Jane-Kim'])
    })

    it('pages search results too', async () => {
      const first = await list({ q: 'FILLER' })
      expect(first.total).toBe(FILLERS)
      expect(first.realtors).toHaveLength(ADMIN_PAGE_SIZE)
      const second = await list({ q: 'filler', page: 2 })
      expect(second.realtors).toHaveLength(FILLERS - ADMIN_PAGE_SIZE)
      expect(new Set([...slugsOf(first), ...slugsOf(second)]).size).toBe(FILLERS)
    })

    it('refuses a text that is too long with a field error', async () => {
      const result = await failure(list({ q: 'x'.repeat(101) }))
      expect(result).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' })
    })
  })

  describe('paging', () => {
    it('gives 20 a page, the rest on the next, in order without repeats', async () => {
      const first = await list({ page: 1 })
      const second = await list({ page: '2' })
      expect(first.realtors).toHaveLength(ADMIN_PAGE_SIZE)
      expect(second.realtors).toHaveLength(allIds.length - ADMIN_PAGE_SIZE)
      expect(second.page).toBe(2)
      const order = [...first.realtors, ...second.realtors].map((row) => row.updatedAt)
      expect(order).toEqual([...order].sort().reverse())
      expect(new Set([...first.realtors, ...second.realtors].map((row) => row.id)).size).toBe(allIds.length)
    })

    it('answers an empty page past the end and 400 for a page below 1', async () => {
      expect(await list({ page: 99 })).toMatchObject({ realtors: [], page: 99, total: allIds.length })
      expect(await failure(list({ page: 0 }))).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' })
      expect(await failure(list({ page: 1.5 }))).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' })
    })
  })

  describe('publish and unpublish', () => {
    it('lets an admin unpublish and publish again any realtor', async () => {
      app.clock.advance(60_000)
      const off = await adminSetPublished(s, admin, { id: ids.minsu, published: false })
      expect(off).toMatchObject({ id: ids.minsu, published: false })
      const row = await s.db.selectFrom('realtor').select(['isMakeHomepage', 'updatedAt']).where('id', '=', ids.minsu).executeTakeFirstOrThrow()
      expect(row).toEqual({ isMakeHomepage: 'N', updatedAt: off.updatedAt })
      // The public directory no longer lists it; the admin list still does, first (newest change).
      const directory = await api<{ realtors: Array<{ id: string }> }>(s, 'GET', '/realtor?pageSize=50', { lang: EN })
      expect(directory.body.realtors.map((card: { id: string }) => card.id)).not.toContain(ids.minsu)
      expect((await list({})).realtors[0]).toMatchObject({ id: ids.minsu, published: false })

      app.clock.advance(60_000)
      expect(await adminSetPublished(s, admin, { id: ids.minsu, published: true })).toMatchObject({ published: true })
      const after = await api(s, 'GET', `/realtor/${ids.minsu}`, { lang: EN })
      expect(after.body).toMatchObject({ isMakeHomepage: 'Y', displayNameKo: '박민수', email: 'MINSU@Example.COM' })
    })

    it('is for admins only, even on their own homepage', async () => {
      expect(await failure(adminSetPublished(s, null, { id: ids.jane, published: false }))).toMatchObject({ status: 401 })
      expect(await failure(adminSetPublished(s, owner, { id: ids.jane, published: false }))).toMatchObject({ status: 403, code: 'FORBIDDEN' })
      const row = await s.db.selectFrom('realtor').select('isMakeHomepage').where('id', '=', ids.jane).executeTakeFirstOrThrow()
      expect(row.isMakeHomepage).toBe('Y')
    })

    it('answers 404 for an unknown realtor and 400 for a missing flag', async () => {
      expect(await failure(adminSetPublished(s, admin, { id: 'no-such-realtor', published: false }))).toMatchObject({ status: 404 })
      expect(await failure(adminSetPublished(s, admin, { id: ids.jane }))).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' })
    })
  })

  describe('mail outbox', () => {
    it('shows the admin undelivered mail of both outboxes, oldest first, and says SMTP is missing', async () => {
      // The test app has no mailer: a message and a stored alert both wait.
      const sent = await api<{ id: string; delivery: string }>(s, 'POST', '/realtor-contacts', {
        body: validContact(ids.jane, { message: 'Waiting mail' }),
        lang: EN,
      })
      expect(sent.status, sent.text).toBe(201)
      // The message's instant reply to the visitor waits in the mail outbox too (decision 021).
      await sendPendingReplies(s)
      const later = new Date(app.clock.now().getTime() + 60_000)
      const mailId = await enqueueMail(
        s.db,
        {
          kind: 'saved-search-alert',
          leadId: null,
          realtorId: ids.jane,
          savedSearchId: null,
          toAddress: 'visitor@example.org',
          fromName: 'Jane Kim',
          replyTo: 'jane.kim@example.com',
          subject: '3 new homes in Irvine, CA',
          textBody: 'text',
          htmlBody: null,
        },
        later,
      )
      const outbox = await adminMailOutbox(s, admin)
      expect(outbox.smtpConfigured).toBe(false)
      expect(outbox.pendingContacts).toBeGreaterThanOrEqual(1)
      expect(outbox.pendingMails).toBe(2)
      const kinds = outbox.oldest.map((mail) => [mail.kind, mail.toAddress])
      expect(kinds).toContainEqual(['contact', 'jane.kim@example.com'])
      expect(kinds).toContainEqual(['lead-reply', 'minji.lee@example.org'])
      expect(kinds.at(-1)).toEqual(['saved-search-alert', 'visitor@example.org'])
      expect(outbox.oldest.find((mail) => mail.id === mailId)?.subject).toBe('3 new homes in Irvine, CA')
    })

    it('warns when alerts would go out without the postal address CAN-SPAM requires', async () => {
      expect((await adminMailOutbox(s, admin)).realtorsWithoutPostalAddress).toBe(0)
      const saved = await api<{ id: string }>(s, 'POST', '/saved-searches', {
        body: { realtorId: ids.jane, email: 'alerts@example.org', state: 'CA', city: 'Irvine', consentVersion: 'saved-search-v1' },
        lang: EN,
      })
      expect(saved.status, saved.text).toBe(202)
      const search = await s.db.selectFrom('savedSearch').selectAll().where('id', '=', saved.body.id).executeTakeFirstOrThrow()
      await confirmSavedSearch(s, { token: signSavedSearchToken(s.config.signingSecret, search, 'confirm', null) })
      // Jane gave no brokerage address and the test server sets no MAIL_POSTAL_ADDRESS.
      expect((await adminMailOutbox(s, admin)).realtorsWithoutPostalAddress).toBe(1)
      await api(s, 'PATCH', `/realtor/${ids.jane}`, { token: janeToken, body: { brokerageAddress: '100 Spectrum Center Dr, Irvine, CA 92618' }, lang: EN })
      expect((await adminMailOutbox(s, admin)).realtorsWithoutPostalAddress).toBe(0)
    })

    it('is for admins only', async () => {
      expect(await failure(adminMailOutbox(s, null))).toMatchObject({ status: 401 })
      expect(await failure(adminMailOutbox(s, owner))).toMatchObject({ status: 403 })
    })
  })
})
