import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PageStore } from '../../src/server/pages/page-store'
import { storeTargetFor } from '../../src/server/pages/public-routes'
import { realtorRevisions } from '../../src/server/pages/revisions'
import { handleApiRequest } from '../../src/server/http/api'
import type { AppServices } from '../../src/server/services'
import {
  api,
  createTestApp,
  describeOnEachDatabase,
  expectError,
  ORIGIN,
  signUp,
  uniqueEmail,
  uniqueIp,
  validRealtor,
  type ErrorBody,
  type TestApp,
} from './harness'

/*
 * Client reviews through the REST face on a real SQLite file and a real PostgreSQL (issue 14):
 * created, edited, ordered and hidden with the realtor; hidden ones reach the owner and never
 * a visitor; bad input is a 400 with field paths and writes nothing; every write moves the
 * realtor's page version; the reviews go with the realtor.
 */

type OwnTestimonial = {
  id: string
  clientName: string
  city: string | null
  textKo: string | null
  textEn: string | null
  rating: number | null
  date: string | null
  source: string | null
  sourceUrl: string | null
  hidden: boolean
}
type OwnRealtor = { id: string; aboutMeEn: string | null; testimonials: Array<OwnTestimonial> }
type PublicTestimonials = { testimonials: Array<Omit<OwnTestimonial, 'hidden'> & { hidden?: unknown }> }

const EN = 'en'

const LEE = {
  clientName: 'The Lee family',
  city: 'Irvine, CA',
  textKo: '친절하게 설명해 주셨어요.',
  textEn: 'She explained everything, patiently.',
  rating: 5,
  date: '2025-09-14',
  source: 'zillow',
  sourceUrl: 'https://www.zillow.com/profile/example',
}
const KIM = { clientName: '김OO 님', textKo: '원격 구매도 걱정 없었습니다.', rating: '4', source: 'naver' }
const PARK = { clientName: 'Daniel P.', textEn: 'Three offers in the first weekend.', hidden: true }

describeOnEachDatabase('testimonials', (database) => {
  let app: TestApp
  let s: AppServices
  let token: string
  let otherToken: string
  let realtorId: string

  const own = async () => {
    // The owner reads the whole resource back from a save; an empty PATCH changes nothing but answers it.
    const result = await api<OwnRealtor>(s, 'PATCH', `/realtor/${realtorId}`, { token, body: {} })
    expect(result.status, result.text).toBe(200)
    return result.body
  }
  const visitor = async (key = realtorId) => {
    const result = await api<PublicTestimonials>(s, 'GET', `/realtor/${key}`)
    expect(result.status, result.text).toBe(200)
    return result
  }
  const rowCount = async (id: string) =>
    Number(
      (
        await s.db
          .selectFrom('realtorTestimonial')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('realtorId', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    )

  beforeAll(async () => {
    app = await createTestApp(database.name)
    s = app.services
    token = await signUp(s, uniqueEmail('reviews'))
    otherToken = await signUp(s, uniqueEmail('stranger'))
    const created = await api<OwnRealtor>(s, 'POST', '/realtor', { token, body: validRealtor({ testimonials: [LEE, KIM, PARK] }), lang: EN })
    expect(created.status, created.text).toBe(201)
    realtorId = created.body.id
  })

  afterAll(async () => {
    await app?.close()
  })

  it('creates reviews with the realtor, in order, normalised; the owner sees the hidden one with its flag', async () => {
    const { testimonials } = await own()
    expect(testimonials.map((item) => item.clientName)).toEqual(['The Lee family', '김OO 님', 'Daniel P.'])
    expect(testimonials[0]).toEqual({ id: expect.any(String) as unknown, ...LEE, hidden: false })
    // The rating typed as text is a number; what was not given is null.
    expect(testimonials[1]).toMatchObject({ rating: 4, textEn: null, city: null, date: null, sourceUrl: null, source: 'naver', hidden: false })
    expect(testimonials[2]).toMatchObject({ clientName: 'Daniel P.', hidden: true, rating: null, source: null })
    expect(new Set(testimonials.map((item) => item.id)).size).toBe(3)
  })

  it('answers a visitor the visible reviews only, without the flag', async () => {
    const result = await visitor()
    expect(result.body.testimonials.map((item) => item.clientName)).toEqual(['The Lee family', '김OO 님'])
    for (const item of result.body.testimonials) expect(item).not.toHaveProperty('hidden')
    expect(result.text).not.toContain('Three offers')
  })

  it('keeps the reviews, hidden ones too, when a change does not name them', async () => {
    const before = (await own()).testimonials
    const patched = await api<OwnRealtor>(s, 'PATCH', `/realtor/${realtorId}`, { token, body: { aboutMeEn: 'Still here.' } })
    expect(patched.status, patched.text).toBe(200)
    expect(patched.body.testimonials).toEqual(before)
  })

  it('orders, edits, hides and shows reviews; each keeps its id', async () => {
    const [lee, kim, park] = (await own()).testimonials
    if (!lee || !kim || !park) throw new Error('three reviews were created')
    const patched = await api<OwnRealtor>(s, 'PATCH', `/realtor/${realtorId}`, {
      token,
      body: {
        testimonials: [
          { ...park, hidden: false },
          { ...lee, textEn: 'Patient, clear and kind.', rating: null },
          { ...kim, hidden: true },
        ],
      },
    })
    expect(patched.status, patched.text).toBe(200)
    expect(patched.body.testimonials.map((item) => [item.id, item.hidden])).toEqual([
      [park.id, false],
      [lee.id, false],
      [kim.id, true],
    ])
    expect(patched.body.testimonials[1]).toMatchObject({ textEn: 'Patient, clear and kind.', rating: null })
    const shown = (await visitor()).body.testimonials
    expect(shown.map((item) => item.id)).toEqual([park.id, lee.id])
  })

  it('an invented id or another realtor’s gets a new one', async () => {
    const stranger = await api<OwnRealtor>(s, 'POST', '/realtor', {
      token: otherToken,
      body: validRealtor({ testimonials: [{ clientName: 'Theirs', textEn: 'Not yours.' }] }),
    })
    expect(stranger.status, stranger.text).toBe(201)
    const foreignId = stranger.body.testimonials[0]?.id
    const patched = await api<OwnRealtor>(s, 'PATCH', `/realtor/${realtorId}`, {
      token,
      body: {
        testimonials: [
          { id: foreignId, clientName: 'Taken', textEn: 'x' },
          { id: 'invented', clientName: 'Invented', textEn: 'y' },
        ],
      },
    })
    expect(patched.status, patched.text).toBe(200)
    const ids = patched.body.testimonials.map((item) => item.id)
    expect(ids).not.toContain(foreignId)
    expect(ids).not.toContain('invented')
    // The other realtor's review is untouched.
    expect((await visitor(stranger.body.id)).body.testimonials.map((item) => item.clientName)).toEqual(['Theirs'])
  })

  it('refuses bad reviews with 400 and field paths, and writes nothing of the request', async () => {
    const seeded = await api<OwnRealtor>(s, 'PATCH', `/realtor/${realtorId}`, { token, body: { aboutMeEn: 'Before', testimonials: [LEE] } })
    expect(seeded.status, seeded.text).toBe(200)
    const result = await api<ErrorBody>(s, 'PATCH', `/realtor/${realtorId}`, {
      token,
      lang: EN,
      body: {
        aboutMeEn: 'After',
        testimonials: [
          { clientName: '  ', textEn: 'No name' },
          { clientName: 'No text' },
          { clientName: 'Bad', textEn: 'x', rating: 6, date: '2025-02-30', source: 'facebook', sourceUrl: 'http://example.com/review' },
          { clientName: 'Script', textKo: 'y', sourceUrl: 'javascript:alert(1)', hidden: 'yes' },
        ],
      },
    })
    expectError(result, 400, 'VALIDATION_FAILED', 'Some fields need your attention')
    expect(result.body.fieldErrors).toEqual({
      'testimonials.0.clientName': ["Enter the client's name"],
      'testimonials.1.textKo': ['Write the review in Korean, English or both'],
      'testimonials.2.rating': ['Choose a rating from 1 to 5 stars'],
      'testimonials.2.date': ['Enter a date as YYYY-MM-DD'],
      'testimonials.2.source': ['Choose where the review was posted'],
      'testimonials.2.sourceUrl': ['Enter a web address starting with https://'],
      'testimonials.3.sourceUrl': ['Enter a web address starting with https://'],
      'testimonials.3.hidden': ['Choose whether the review is shown'],
    })
    const after = await own()
    expect(after.aboutMeEn).toBe('Before')
    expect(after.testimonials.map((item) => item.clientName)).toEqual([LEE.clientName])
  })

  it('refuses more than 30 reviews, and a list that is not a list', async () => {
    const many = Array.from({ length: 31 }, (_, index) => ({ clientName: `Client ${index}`, textEn: 'Good.' }))
    const tooMany = await api<ErrorBody>(s, 'PATCH', `/realtor/${realtorId}`, { token, lang: EN, body: { testimonials: many } })
    expectError(tooMany, 400, 'VALIDATION_FAILED')
    expect(tooMany.body.fieldErrors).toEqual({ testimonials: ['Show at most 30 reviews'] })
    const notList = await api<ErrorBody>(s, 'PATCH', `/realtor/${realtorId}`, { token, lang: EN, body: { testimonials: 'great' } })
    expectError(notList, 400, 'VALIDATION_FAILED')
    expect(Object.keys(notList.body.fieldErrors ?? {})).toEqual(['testimonials'])
  })

  it("only the owner changes the reviews; another realtor's attempt changes nothing", async () => {
    const before = (await own()).testimonials
    const result = await api(s, 'PATCH', `/realtor/${realtorId}`, { token: otherToken, body: { testimonials: [] } })
    expectError(result, 403, 'FORBIDDEN')
    expect((await own()).testimonials).toEqual(before)
  })

  it("a review's write moves the realtor's page version, and a stored page shows it at the next request", async () => {
    const store = new PageStore({
      maxBytes: 4 * 1024 * 1024,
      revisions: () => s.revisions.current(),
      realtorRevisions: (ids) => realtorRevisions(s.db, ids),
      cacheControl: { sMaxAge: 60, staleWhileRevalidate: 60 },
    })
    const get = async () => {
      const request = new Request(`${ORIGIN}/cozying-api/v1/realtor/${realtorId}`)
      const target = storeTargetFor(request, new URL(request.url), ORIGIN)
      if (!target) throw new Error('the public realtor is a stored answer')
      const response = await store.respond(request, target, (fresh) => handleApiRequest(fresh, { services: s, clientIp: uniqueIp() }))
      return { cache: response.headers.get('x-cache'), body: (await response.json()) as PublicTestimonials }
    }
    const current = (await own()).testimonials
    const revision = (await realtorRevisions(s.db, [realtorId])).get(realtorId) ?? 0
    expect((await get()).body.testimonials.length).toBeGreaterThan(0)
    expect((await get()).cache).toBe('HIT')
    const hide = await api(s, 'PATCH', `/realtor/${realtorId}`, { token, body: { testimonials: current.map((item) => ({ ...item, hidden: true })) } })
    expect(hide.status, hide.text).toBe(200)
    expect((await realtorRevisions(s.db, [realtorId])).get(realtorId)).toBe(revision + 1)
    const fresh = await get()
    expect(fresh.cache).toBe('MISS')
    expect(fresh.body.testimonials).toEqual([])
  })

  describe('deleting the realtor', () => {
    it('deletes its reviews with it', async () => {
      const owner = await signUp(s, uniqueEmail('leaving'))
      const created = await api<OwnRealtor>(s, 'POST', '/realtor', { token: owner, body: validRealtor({ testimonials: [LEE, PARK] }) })
      expect(created.status, created.text).toBe(201)
      expect(await rowCount(created.body.id)).toBe(2)
      expect((await api(s, 'DELETE', `/realtor/${created.body.id}`, { token: owner })).status).toBe(200)
      expect(await rowCount(created.body.id)).toBe(0)
      // Others' reviews stay.
      expect(await rowCount(realtorId)).toBeGreaterThan(0)
    })
  })
})
