import { randomUUID } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { resolveActor } from '../../src/server/auth/actor'
import { createContact } from '../../src/server/inbox/contacts'
import { handleApiRequest } from '../../src/server/http/api'
import { handleUploadRequest } from '../../src/server/http/upload-handler'
import { presignUploads } from '../../src/server/uploads/presign'
import { uploadFolderOf } from '../../src/server/uploads/storage'
import type { AppServices } from '../../src/server/services'
import {
  ORIGIN,
  TEST_LIMITS,
  api,
  createTestApp,
  describeOnEachDatabase,
  expectError,
  makeJpeg,
  pinnedInWindow,
  signUp,
  signUpAdmin,
  uniqueEmail,
  uniqueIp,
  uniqueSlug,
  uploadPhoto,
  uploadRequest,
  validContact,
  validRealtor,
  type PresignedItem,
  type TestApp,
  type ErrorBody,
  type RealtorBody,
  type ContactCreatedBody,
  type MessagesBody,
  type HttpResult,
  anyString,
} from './harness'
import { CURRENT_CONSENT } from '../../src/lib/consent'
import { contactFormDefaults } from '../../src/schemas/contact-defaults'
import { contactFormSchema, toContactRequest } from '../../src/schemas/inbox'

const EN = 'en'

const MESSAGES = {
  unauthorized: 'Sign in to continue',
  forbidden: 'You are not allowed to do this',
  notFound: 'Not found',
  realtorNotFound: 'No realtor was found at this address',
  methodNotAllowed: 'This method is not allowed here',
  validation: 'Some fields need your attention',
  invalidJson: 'The request body is not valid JSON',
  requestTooLarge: 'The request is too large',
  fileTooLarge: 'The file is too large',
  unsupportedImage: 'Only JPEG, PNG, WebP and AVIF images are accepted',
  desiredUrlTaken: 'This homepage address is already taken',
  domainTaken: 'This domain is already used by another homepage',
  oneRealtor: 'Your account already has a homepage',
  rateLimited: 'Too many requests. Please wait a moment and try again',
  reserved: 'This address is reserved. Choose another one',
  badSlug: 'Use only letters, hyphens (-) and underscores (_)',
  agreeTerms: 'Agree to the terms to send your message',
  phone11: 'Enter an 11-digit phone number',
  hexColor: 'Enter a color as # and six hex digits, e.g. #1D4ED8',
  uploadLinkInvalid: 'This upload link is not valid',
} as const

type Role = 'anonymous' | 'another realtor' | 'owner' | 'admin'

describeOnEachDatabase('REST API', (database) => {
  let app: TestApp
  let s: AppServices
  const tokens: Partial<Record<Role, string>> = {}
  let ownerUserId: string
  let ownerRealtor: { id: string; desiredUrl: string }
  let otherRealtor: { id: string; desiredUrl: string }

  const tokenOf = (role: Role) => (role === 'anonymous' ? undefined : tokens[role])

  async function newRealtorOwner(overrides: Record<string, unknown> = {}) {
    const token = await signUp(s, uniqueEmail('realtor'))
    const created = await api(s, 'POST', '/realtor', { token, body: validRealtor(overrides), lang: EN })
    expect(created.status, created.text).toBe(201)
    return { token, realtor: created.body as { id: string; desiredUrl: string; userId: string } }
  }

  async function countContacts(realtorId: string): Promise<number> {
    const row = await s.db
      .selectFrom('contactMessage')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('realtorId', '=', realtorId)
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  beforeAll(async () => {
    app = await createTestApp(database.name)
    s = app.services
    tokens.owner = await signUp(s, uniqueEmail('owner'))
    tokens['another realtor'] = await signUp(s, uniqueEmail('other'))
    tokens.admin = await signUpAdmin(s)
    const owner = await api<RealtorBody>(s, 'POST', '/realtor', {
      token: tokens.owner,
      body: validRealtor({ desiredUrl: 'Jane-Kim', hompageUrl: 'https://janekim-realty.com' }),
      lang: EN,
    })
    expect(owner.status, owner.text).toBe(201)
    ownerRealtor = owner.body
    ownerUserId = owner.body.userId
    const other = await api<RealtorBody>(s, 'POST', '/realtor', {
      token: tokens['another realtor'],
      body: validRealtor({ desiredUrl: 'Minsu-Park', email: 'minsu@example.com' }),
      lang: EN,
    })
    expect(other.status, other.text).toBe(201)
    otherRealtor = other.body
  })

  afterEach(() => app?.clock.reset())
  afterAll(async () => {
    await app?.close()
  })

  // Create ------------------------------------------------------------------------------------

  describe('POST /realtor', () => {
    it('creates the realtor (201) with normalised fields, owned by the caller', async () => {
      const { token, realtor } = await newRealtorOwner({ contactPhone: '(949) 555-0100', designMainColor: '#1d4ed8' })
      const read = await api(s, 'GET', `/realtor/${realtor.id}`)
      expect(read.status).toBe(200)
      expect(read.body).toMatchObject({
        id: realtor.id,
        // Stored and answered in E.164 (issue 52 item 7, decision 070).
        contactPhone: '+19495550100',
        designMainColor: '#1D4ED8',
        designFontSize: 16,
        isMakeHomepage: 'Y',
        activityRegion: [{ state: 'CA', city: 'Irvine', neighborhood: null }],
        photos: [],
        seoMeta: { en: { title: 'Jane Kim', description: null }, ko: { title: '제인 김' } },
      })
      // The owner is the caller: the same token may edit it.
      const patched = await api(s, 'PATCH', `/realtor/${realtor.id}`, { token, body: { aboutMeEn: 'Mine' } })
      expect(patched.status).toBe(200)
    })

    it("keeps a service area's own Korean city name (decision 065), and an empty one as none", async () => {
      const { token, realtor } = await newRealtorOwner()
      const activityRegion = [
        { state: 'CA', city: 'Irvine', neighborhood: null, cityKo: '얼바인' },
        { state: 'CA', city: 'Tustin', neighborhood: null, cityKo: ' ' },
      ]
      const patched = await api(s, 'PATCH', `/realtor/${realtor.id}`, { token, body: { activityRegion } })
      expect(patched.status, patched.text).toBe(200)
      const read = await api(s, 'GET', `/realtor/${realtor.id}`)
      expect(read.body).toMatchObject({
        activityRegion: [
          { state: 'CA', city: 'Irvine', cityKo: '얼바인' },
          { state: 'CA', city: 'Tustin', cityKo: null },
        ],
      })
    })

    it.each<[Role, number, string | undefined]>([
      ['anonymous', 401, MESSAGES.unauthorized],
      ['another realtor', 409, MESSAGES.oneRealtor],
      ['owner', 409, MESSAGES.oneRealtor],
      ['admin', 201, undefined],
    ])('authorisation: %s creating a realtor → %i', async (role, status, message) => {
      const body = validRealtor()
      const result = await api(s, 'POST', '/realtor', { token: tokenOf(role), body, lang: EN })
      if (status === 201) {
        expect(result.status, result.text).toBe(201)
      } else {
        expectError(result, status, status === 401 ? 'UNAUTHORIZED' : 'CONFLICT', message)
        // Nothing was written.
        expectError(await api(s, 'GET', `/realtor/${String(body.desiredUrl)}`, { lang: EN }), 404, 'NOT_FOUND')
      }
    })

    it('lets an admin create a second realtor, a normal account only one', async () => {
      const first = await api<RealtorBody>(s, 'POST', '/realtor', { token: tokens.admin, body: validRealtor(), lang: EN })
      const second = await api<RealtorBody>(s, 'POST', '/realtor', { token: tokens.admin, body: validRealtor(), lang: EN })
      expect([first.status, second.status]).toEqual([201, 201])
      expect(first.body.userId).toBe(second.body.userId)

      const { token } = await newRealtorOwner()
      expectError(await api(s, 'POST', '/realtor', { token, body: validRealtor(), lang: EN }), 409, 'CONFLICT', MESSAGES.oneRealtor)
    })

    it('refuses an invalid body with 400 and translated fieldErrors', async () => {
      const result = await api<ErrorBody>(s, 'POST', '/realtor', {
        token: await signUp(s, uniqueEmail('invalid')),
        body: { desiredUrl: 'jane2', email: 'not-an-email', designMainColor: 'blue', activityRegion: [{ state: 'NY', city: 'NYC' }] },
        lang: EN,
      })
      expectError(result, 400, 'VALIDATION_FAILED', MESSAGES.validation)
      expect(result.body.fieldErrors).toMatchObject({
        desiredUrl: [MESSAGES.badSlug],
        email: ['Enter a valid e-mail address'],
        designMainColor: [MESSAGES.hexColor],
        'activityRegion.0.state': ['Choose California or Georgia'],
      })
    })

    it('refuses to publish without the disclosures the realtor’s states require, in both languages, and writes nothing (issue 15)', async () => {
      const token = await signUp(s, uniqueEmail('disclosures'))
      const georgia = { activityRegion: [{ state: 'GA' as const, city: 'Duluth' }], licenseNumber: '', brokerageName: undefined, companyPhone: undefined }
      const english = await api<ErrorBody>(s, 'POST', '/realtor', { token, body: validRealtor(georgia), lang: EN })
      expectError(english, 400, 'VALIDATION_FAILED', MESSAGES.validation)
      expect(english.body.fieldErrors).toEqual({
        licenseNumber: ['California and Georgia require your license number on a published homepage'],
        brokerageName: ["California and Georgia require your brokerage's name on a published homepage"],
        companyPhone: ["Georgia requires your brokerage's office phone on a published homepage"],
      })
      const korean = await api<ErrorBody>(s, 'POST', '/realtor', {
        token,
        body: validRealtor({ ...georgia, activityRegion: [{ state: 'CA', city: 'Irvine' }] }),
      })
      expect(korean.status).toBe(400)
      expect(Object.keys(korean.body.fieldErrors ?? {})).toEqual(['licenseNumber', 'brokerageName'])
      expect(korean.body.fieldErrors?.licenseNumber?.[0]).toMatch(/[가-힣]/)
      expect(await s.db.selectFrom('realtor').select('id').where('email', '=', 'jane.kim@example.com').where('licenseNumber', 'is', null).execute()).toEqual([])
      // Unpublished, the homepage may wait for them; publishing it later asks for them again.
      const draft = await api<RealtorBody>(s, 'POST', '/realtor', { token, body: validRealtor({ ...georgia, isMakeHomepage: 'N' }), lang: EN })
      expect(draft.status).toBe(201)
      const publish = await api<ErrorBody>(s, 'PATCH', `/realtor/${draft.body.id}`, { token, body: { isMakeHomepage: 'Y' }, lang: EN })
      expectError(publish, 400, 'VALIDATION_FAILED', MESSAGES.validation)
      expect(Object.keys(publish.body.fieldErrors ?? {})).toEqual(['licenseNumber', 'brokerageName', 'companyPhone'])
      const filled = { isMakeHomepage: 'Y', licenseNumber: 'GA #412345', brokerageName: 'Peach Realty', companyPhone: '770-555-0100' }
      expect((await api(s, 'PATCH', `/realtor/${draft.body.id}`, { token, body: filled, lang: EN })).status).toBe(200)
    })

    it.each(['admin', 'EN', 'Cozying-API', 'uploads'])('refuses the reserved desiredUrl %s with 400', async (desiredUrl) => {
      const result = await api<ErrorBody>(s, 'POST', '/realtor', {
        token: await signUp(s, uniqueEmail('reserved')),
        body: validRealtor({ desiredUrl }),
        lang: EN,
      })
      expectError(result, 400, 'VALIDATION_FAILED', MESSAGES.validation)
      expect(result.body.fieldErrors).toEqual({ desiredUrl: [MESSAGES.reserved] })
    })

    it('answers 409 for a desiredUrl taken in another case (Jane-Kim vs jane-kim)', async () => {
      const token = await signUp(s, uniqueEmail('clash'))
      const result = await api<ErrorBody>(s, 'POST', '/realtor', { token, body: validRealtor({ desiredUrl: 'jane-kim' }), lang: EN })
      expectError(result, 409, 'CONFLICT', MESSAGES.desiredUrlTaken)
      expect(result.body.fieldErrors).toEqual({ desiredUrl: [MESSAGES.desiredUrlTaken] })
      // The same account can still create one under a free address: the refusal wrote nothing.
      expect((await api(s, 'POST', '/realtor', { token, body: validRealtor(), lang: EN })).status).toBe(201)
    })

    it.each(['https://janekim-realty.com', 'JaneKim-Realty.com/', 'http://janekim-realty.com/about'])(
      'answers 409 when the own domain is taken (%s)',
      async (hompageUrl) => {
        const token = await signUp(s, uniqueEmail('domain'))
        const result = await api<ErrorBody>(s, 'POST', '/realtor', { token, body: validRealtor({ hompageUrl }), lang: EN })
        expectError(result, 409, 'CONFLICT', MESSAGES.domainTaken)
        expect(result.body.fieldErrors).toEqual({ hompageUrl: [MESSAGES.domainTaken] })
      },
    )
  })

  // Read --------------------------------------------------------------------------------------

  describe('GET /realtor/{key}', () => {
    it.each([
      ['its id', () => ownerRealtor.id],
      ['its desiredUrl', () => 'Jane-Kim'],
      ['its desiredUrl in another case', () => 'jane-kim'],
      ['its URL-encoded origin', () => 'https%3A%2F%2Fjanekim-realty.com'],
      ['its URL-encoded origin with a trailing slash', () => encodeURIComponent('https://JaneKim-Realty.com/')],
      ['its bare host', () => 'janekim-realty.com'],
    ])('finds the same realtor by %s, without a token', async (_label, key) => {
      const result = await api<RealtorBody>(s, 'GET', `/realtor/${key()}`)
      expect(result.status, result.text).toBe(200)
      expect(result.body.id).toBe(ownerRealtor.id)
      expect(result.body.desiredUrl).toBe('Jane-Kim')
    })

    it("answers only what a visitor may see: exactly these keys, never the owner's account id (issue 15)", async () => {
      // Written out, not derived from the schema: a new field reaches the public only by being added here.
      const allowed = [
        'id',
        'desiredUrl',
        'email',
        'contactPhone',
        'companyPhone',
        'phoneCountryCode',
        'kakaoLink',
        'snsYoutubeUrl',
        'snsInstagramUrl',
        'recommendedYoutubeUrl',
        'hompageUrl',
        'aboutMeKr',
        'aboutMeEn',
        'salesCount',
        'lastYearSalesTotal',
        'licenseNumber',
        'careerStart',
        'careerEnd',
        'designFontSize',
        'designMainColor',
        'designMainDarkMode',
        'contentDarkMode',
        'isMakeHomepage',
        'activityRegion',
        'photos',
        'additionalSections',
        'seoMeta',
        // Public by nature: the page writes the tokens into its head and loads the tag (decision 015).
        'googleSiteVerification',
        'naverSiteVerification',
        'tagManagerId',
        'displayNameKo',
        'displayNameEn',
        'brokerageName',
        'brokerageLicenseNumber',
        'brokerageAddress',
        'testimonials',
      ]
      // And each review's: never the `hidden` flag (hidden reviews are not there at all, issue 14).
      const allowedTestimonialKeys = ['id', 'clientName', 'city', 'textKo', 'textEn', 'rating', 'date', 'source', 'sourceUrl']
      const patched = await api(s, 'PATCH', `/realtor/${ownerRealtor.id}`, {
        token: tokens.owner,
        body: {
          testimonials: [
            { clientName: 'Shown', textEn: 'Great help.', rating: 5, date: '2025-01-02', source: 'yelp', sourceUrl: 'https://www.yelp.com/biz/x' },
            { clientName: 'Kept back', textKo: '비공개 후기', hidden: true },
          ],
        },
      })
      expect(patched.status, patched.text).toBe(200)
      const result = await api<Record<string, unknown> & { testimonials: Array<Record<string, unknown>> }>(s, 'GET', `/realtor/${ownerRealtor.id}`)
      expect(result.status).toBe(200)
      expect(Object.keys(result.body).sort()).toEqual(allowed.sort())
      expect(result.text).not.toContain(ownerUserId)
      expect(result.body.testimonials).toHaveLength(1)
      for (const testimonial of result.body.testimonials) expect(Object.keys(testimonial).sort()).toEqual(allowedTestimonialKeys.sort())
      expect(result.text).not.toContain('Kept back')
    })

    it.each([
      ['an unknown id', () => randomUUID()],
      ['an unknown desiredUrl', () => uniqueSlug('nobody')],
      ['an unknown domain', () => 'https%3A%2F%2Fnobody-realty.com'],
      ['a malformed escape', () => '%E0%A4%A'],
    ])('answers 404 JSON for %s', async (_label, key) => {
      expectError(await api(s, 'GET', `/realtor/${key()}`, { lang: EN }), 404, 'NOT_FOUND', MESSAGES.realtorNotFound)
    })
  })

  // Update ------------------------------------------------------------------------------------

  describe('PATCH /realtor/{id}', () => {
    it("answers a wrong type with our sentence naming the field, in the caller's language, never zod's (issues 17, 48)", async () => {
      const { token, realtor } = await newRealtorOwner()
      const ko = await api<ErrorBody>(s, 'PATCH', `/realtor/${realtor.id}`, { token, body: { photos: 'x', designFontSize: 'big' }, lang: 'ko' })
      expect(ko.status, ko.text).toBe(400)
      expect(ko.body.fieldErrors?.photos).toEqual(['사진 목록의 값은 목록이어야 합니다'])
      // A rule that words its own message keeps it, from the catalog.
      expect(ko.body.fieldErrors?.designFontSize).toEqual(['숫자를 입력해 주세요'])
      const en = await api<ErrorBody>(s, 'PATCH', `/realtor/${realtor.id}`, { token, body: { photos: 'x' }, lang: 'en' })
      expect(en.body.fieldErrors?.photos).toEqual(['Photo list must be a list'])
      // Our own rules keep their catalog messages beside ours.
      const mixed = await api<ErrorBody>(s, 'PATCH', `/realtor/${realtor.id}`, { token, body: { photos: 'x', desiredUrl: '!' }, lang: 'en' })
      expect(mixed.body.fieldErrors?.photos).toEqual(['Photo list must be a list'])
      expect(mixed.body.fieldErrors?.desiredUrl?.[0]).not.toMatch(/^Invalid input/)
      expect(mixed.body.fieldErrors?.desiredUrl?.[0]).not.toContain('\u0000')
    })

    it("answers a missing field of the contact form with its label, not zod's sentence (issue 48)", async () => {
      const { phoneCountryCode: _left, ...body } = validContact(ownerRealtor.id)
      const ko = await api<ErrorBody>(s, 'POST', '/realtor-contacts', { body, lang: 'ko', ip: uniqueIp() })
      expect(ko.status, ko.text).toBe(400)
      expect(ko.body.fieldErrors).toEqual({ phoneCountryCode: ['전화 국가 번호 입력이 필요합니다'] })
      const en = await api<ErrorBody>(s, 'POST', '/realtor-contacts', { body, lang: 'en', ip: uniqueIp() })
      expect(en.body.fieldErrors).toEqual({ phoneCountryCode: ['Phone country code is required'] })
    })

    it('answers a mistyped key or a non-number with 400 and keeps what was saved (decision 078)', async () => {
      const { token, realtor } = await newRealtorOwner({ salesCount: 12, additionalSections: [{ titleEn: 'Why me', bodyEn: 'Twenty years here.' }] })
      for (const body of [
        { seoMeta: { a: 1 } },
        { additionalSections: [{ a: 1 }] },
        { salesCount: [7] },
        { designFontSize: '0x10' },
        { lastYearSalesTotal: true },
      ]) {
        const refused = await api<ErrorBody>(s, 'PATCH', `/realtor/${realtor.id}`, { token, body, lang: EN })
        expectError(refused, 400, 'VALIDATION_FAILED', MESSAGES.validation)
        expect(Object.keys(refused.body.fieldErrors ?? {}), JSON.stringify(body)).toHaveLength(1)
      }
      const kept = await api<{
        seoMeta: { en: { title: string | null } }
        additionalSections: Array<{ titleEn: string | null }>
        salesCount: number
        designFontSize: number
      }>(s, 'GET', `/realtor/${realtor.id}`, { lang: EN })
      // JSON that is no set of fields: the same 400 as every body endpoint's, not "not valid JSON".
      for (const rawBody of ['null', '[]', '7']) {
        const refused = await api<ErrorBody>(s, 'PATCH', `/realtor/${realtor.id}`, {
          token,
          rawBody,
          headers: { 'content-type': 'application/json' },
          lang: EN,
        })
        expectError(refused, 400, 'VALIDATION_FAILED', MESSAGES.validation)
        expect(Object.keys(refused.body.fieldErrors ?? {})).toEqual(['_'])
      }
      expect(kept.body.seoMeta.en.title).toBe('Jane Kim')
      expect(kept.body.additionalSections.map((section) => section.titleEn)).toEqual(['Why me'])
      expect(kept.body).toMatchObject({ salesCount: 12, designFontSize: 16 })
    })

    it("keeps each section's id across saves; PATCH {} changes nothing but updatedAt (issue 17)", async () => {
      const { token, realtor } = await newRealtorOwner({
        additionalSections: [
          { titleEn: 'First', bodyEn: 'One' },
          { titleEn: 'Second', bodyEn: 'Two' },
        ],
      })
      type Section = { id: string; titleEn: string | null }
      type Visible = { additionalSections: Array<Section> } & Record<string, unknown>
      type Saved = Visible & { updatedAt: string }
      const read = async () => (await api<Visible>(s, 'GET', `/realtor/${realtor.id}`)).body
      const saved = await read()
      const [first, second] = saved.additionalSections
      expect(first?.id && second?.id && first.id !== second.id).toBeTruthy()

      // The owner's answers carry updatedAt; the public GET does not (issue 15).
      app.clock.advance(1000)
      const once = await api<Saved>(s, 'PATCH', `/realtor/${realtor.id}`, { token, body: {} })
      expect(once.status).toBe(200)
      app.clock.advance(1000)
      const twice = await api<Saved>(s, 'PATCH', `/realtor/${realtor.id}`, { token, body: {} })
      expect(await read()).toEqual(saved)
      expect({ ...twice.body, updatedAt: undefined }).toEqual({ ...once.body, updatedAt: undefined })
      expect(twice.body.updatedAt).not.toBe(once.body.updatedAt)

      // Sent back reordered with their ids, plus a new one, an invented id and another realtor's.
      const stranger = await newRealtorOwner({ additionalSections: [{ titleEn: 'Theirs', bodyEn: 'Not yours' }] })
      const foreign = (await api(s, 'GET', `/realtor/${stranger.realtor.id}`)).body as { additionalSections: Array<Section> }
      expect(foreign.additionalSections).toHaveLength(1)
      const sections = [
        { id: second!.id, titleEn: 'Second, edited' },
        { id: first!.id, titleEn: 'First' },
        { titleEn: 'New' },
        { id: 'invented', titleEn: 'Invented' },
        { id: foreign.additionalSections[0]!.id, titleEn: 'Taken' },
        { id: first!.id, titleEn: 'Duplicate' },
      ]
      const patched = await api(s, 'PATCH', `/realtor/${realtor.id}`, { token, body: { additionalSections: sections } })
      expect(patched.status, patched.text).toBe(200)
      const ids = (await read()).additionalSections.map((section) => section.id)
      expect(ids.slice(0, 2)).toEqual([second!.id, first!.id])
      expect(new Set(ids).size).toBe(ids.length)
      expect(ids).not.toContain('invented')
      for (const section of foreign.additionalSections) expect(ids).not.toContain(section.id)
      // The other realtor's sections are untouched.
      expect(((await api(s, 'GET', `/realtor/${stranger.realtor.id}`)).body as { additionalSections: Array<Section> }).additionalSections).toEqual(
        foreign.additionalSections,
      )
    })

    it.each<[Role, number]>([
      ['anonymous', 401],
      ['another realtor', 403],
      ['owner', 200],
      ['admin', 200],
    ])("authorisation: %s updating the owner's realtor → %i", async (role, status) => {
      const text = `Updated by ${role} ${randomUUID()}`
      const result = await api<RealtorBody>(s, 'PATCH', `/realtor/${ownerRealtor.id}`, { token: tokenOf(role), body: { aboutMeEn: text }, lang: EN })
      const after = await api<RealtorBody>(s, 'GET', `/realtor/${ownerRealtor.id}`)
      if (status === 200) {
        expect(result.status, result.text).toBe(200)
        expect(result.body.aboutMeEn).toBe(text)
        expect(after.body.aboutMeEn).toBe(text)
        // An admin edits, but does not take the realtor over.
        expect(result.body.userId).toBe(ownerUserId)
      } else {
        expectError(result, status, status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN', status === 401 ? MESSAGES.unauthorized : MESSAGES.forbidden)
        expect(after.body.aboutMeEn).not.toBe(text)
      }
    })

    it('refuses a bad bearer token with 401', async () => {
      const result = await api(s, 'PATCH', `/realtor/${ownerRealtor.id}`, { token: 'forged.token', body: { aboutMeEn: 'x' }, lang: EN })
      expectError(result, 401, 'UNAUTHORIZED', MESSAGES.unauthorized)
    })

    it('keeps unspecified fields, and the owner may change the case of its own desiredUrl', async () => {
      const { token, realtor } = await newRealtorOwner({ desiredUrl: 'Case-Test', licenseNumber: '01234567' })
      const result = await api(s, 'PATCH', `/realtor/${realtor.id}`, { token, body: { desiredUrl: 'case-test' }, lang: EN })
      expect(result.status, result.text).toBe(200)
      expect(result.body).toMatchObject({ desiredUrl: 'case-test', licenseNumber: '01234567', contactPhone: '+19495550123' })
    })

    it('answers 409 for a desiredUrl or domain of another realtor', async () => {
      const { token, realtor } = await newRealtorOwner()
      expectError(
        await api(s, 'PATCH', `/realtor/${realtor.id}`, { token, body: { desiredUrl: 'MINSU-park' }, lang: EN }),
        409,
        'CONFLICT',
        MESSAGES.desiredUrlTaken,
      )
      expectError(
        await api(s, 'PATCH', `/realtor/${realtor.id}`, { token, body: { hompageUrl: 'https://JaneKim-Realty.com/' }, lang: EN }),
        409,
        'CONFLICT',
        MESSAGES.domainTaken,
      )
      expect((await api<RealtorBody>(s, 'GET', `/realtor/${realtor.id}`)).body.desiredUrl).toBe(realtor.desiredUrl)
    })

    it('answers 400 with fieldErrors for invalid fields and for a body that is not an object', async () => {
      const invalid = await api<ErrorBody>(s, 'PATCH', `/realtor/${ownerRealtor.id}`, {
        token: tokens.owner,
        body: { designMainColor: 'blue', desiredUrl: 'admin' },
        lang: EN,
      })
      expectError(invalid, 400, 'VALIDATION_FAILED', MESSAGES.validation)
      expect(invalid.body.fieldErrors).toEqual({ designMainColor: [MESSAGES.hexColor], desiredUrl: [MESSAGES.reserved] })
      // A list is valid JSON, but no set of fields: the validation error every body endpoint gives.
      const list = await api<ErrorBody>(s, 'PATCH', `/realtor/${ownerRealtor.id}`, { token: tokens.owner, body: [{ aboutMeEn: 'x' }], lang: EN })
      expectError(list, 400, 'VALIDATION_FAILED', MESSAGES.validation)
      expect(Object.keys(list.body.fieldErrors ?? {})).toEqual(['_'])
    })

    it('answers 404 for an unknown id', async () => {
      expectError(
        await api(s, 'PATCH', `/realtor/${randomUUID()}`, { token: tokens.owner, body: { aboutMeEn: 'x' }, lang: EN }),
        404,
        'NOT_FOUND',
        MESSAGES.realtorNotFound,
      )
    })

    it('replaces the photo list and deletes the dropped file from storage', async () => {
      const { token, realtor } = await newRealtorOwner()
      const logo = await uploadPhoto(s, token, 'logo')
      const gallery = await uploadPhoto(s, token, 'gallery')
      const both = await api<RealtorBody>(s, 'PATCH', `/realtor/${realtor.id}`, {
        token,
        body: {
          photos: [
            { path: 'logo', url: logo.url },
            { path: 'gallery', url: gallery.url },
          ],
        },
      })
      expect(both.status, both.text).toBe(200)
      // The uploads are 32 px wide: each got one WebP variant at its own width (decision 050).
      expect(both.body.photos).toEqual([
        { path: 'logo', imageType: 'fullsize', url: logo.url, widths: [32] },
        { path: 'gallery', imageType: 'fullsize', url: gallery.url, widths: [32] },
      ])

      const onlyGallery = await api<RealtorBody>(s, 'PATCH', `/realtor/${realtor.id}`, { token, body: { photos: [{ path: 'gallery', url: gallery.url }] } })
      expect(onlyGallery.status, onlyGallery.text).toBe(200)
      expect(onlyGallery.body.photos).toEqual([{ path: 'gallery', imageType: 'fullsize', url: gallery.url, widths: [32] }])
      expect((await api<RealtorBody>(s, 'GET', `/realtor/${realtor.id}`)).body.photos).toEqual(onlyGallery.body.photos)

      expect(await s.storage.get(logo.key)).toBeUndefined()
      expect(await s.storage.get(`${logo.key}.w32.webp`)).toBeUndefined()
      expect((await uploadRequest(s, 'GET', logo.url)).status).toBe(404)
      expect(await s.storage.get(gallery.key)).toBeDefined()
      expect((await uploadRequest(s, 'GET', gallery.url)).status).toBe(200)
    })

    it('refuses a photo of our store that was never uploaded, in both languages, and saves nothing', async () => {
      const { token, realtor } = await newRealtorOwner()
      const logo = await uploadPhoto(s, token, 'logo')
      expect((await api(s, 'PATCH', `/realtor/${realtor.id}`, { token, body: { photos: [{ path: 'logo', url: logo.url }] } })).status).toBe(200)
      const before = (await api(s, 'GET', `/realtor/${realtor.id}`)).body
      const neverUploaded = s.storage.publicUrl(`realtors/${uploadFolderOf(s.config.signingSecret, realtor.userId)}/top/${randomUUID()}.jpg`)
      const body = {
        aboutMeEn: 'Changed',
        photos: [
          { path: 'logo', url: logo.url },
          { path: 'top', url: neverUploaded },
        ],
      }
      const english = await api<ErrorBody>(s, 'PATCH', `/realtor/${realtor.id}`, { token, body, lang: EN })
      expectError(english, 400, 'VALIDATION_FAILED', 'A photo has not finished uploading. Please upload it again')
      expect(english.body.fieldErrors).toEqual({ photos: ['A photo has not finished uploading. Please upload it again'] })
      const korean = await api<ErrorBody>(s, 'PATCH', `/realtor/${realtor.id}`, { token, body })
      expectError(korean, 400, 'VALIDATION_FAILED', '사진 업로드가 끝나지 않았습니다. 다시 올려 주세요')
      expect(korean.body.fieldErrors).toEqual({ photos: ['사진 업로드가 끝나지 않았습니다. 다시 올려 주세요'] })
      expect((await api(s, 'GET', `/realtor/${realtor.id}`)).body).toEqual(before)
    })

    it("refuses a URL into our store that names no upload of this homepage's account (issue 17)", async () => {
      const { token, realtor } = await newRealtorOwner()
      for (const url of [`${ORIGIN}/uploads/..%2f..%2fauth-secret`, `${ORIGIN}/uploads/realtors/${randomUUID()}/top/${randomUUID()}.jpg`]) {
        const result = await api<ErrorBody>(s, 'PATCH', `/realtor/${realtor.id}`, { token, body: { photos: [{ path: 'top', url }] }, lang: 'ko' })
        expect(result.status, url).toBe(400)
        expect(result.body.fieldErrors).toEqual({ photos: ['이 홈페이지에서 올린 사진이 아닙니다. 다시 올려 주세요'] })
      }
      // The owner's own upload is taken; so is an admin's own, added while editing the page.
      const own = await uploadPhoto(s, token, 'top')
      expect((await api(s, 'PATCH', `/realtor/${realtor.id}`, { token, body: { photos: [{ path: 'top', url: own.url }] } })).status).toBe(200)
      const adminUpload = await uploadPhoto(s, tokens.admin!, 'logo')
      const byAdmin = await api(s, 'PATCH', `/realtor/${realtor.id}`, {
        token: tokens.admin,
        body: {
          photos: [
            { path: 'top', url: own.url },
            { path: 'logo', url: adminUpload.url },
          ],
        },
      })
      expect(byAdmin.status, byAdmin.text).toBe(200)
    })

    it('never deletes a file another realtor still shows, when it is dropped or its realtor deleted', async () => {
      const victim = await newRealtorOwner()
      const photo = await uploadPhoto(s, victim.token, 'gallery')
      const thumbnailUrl = `${photo.url}.thumb.webp`
      const shown = await api(s, 'PATCH', `/realtor/${victim.realtor.id}`, {
        token: victim.token,
        body: {
          photos: [
            { path: 'gallery', url: photo.url },
            { path: 'gallery', imageType: 'thumbnail', url: thumbnailUrl },
          ],
        },
      })
      expect(shown.status, shown.text).toBe(200)

      // Another account cannot add them (issue 17) …
      const other = await newRealtorOwner()
      const borrowed = {
        photos: [
          { path: 'top', url: photo.url },
          { path: 'logo', url: thumbnailUrl },
        ],
      }
      expectError(
        await api(s, 'PATCH', `/realtor/${other.realtor.id}`, { token: other.token, body: borrowed, lang: EN }),
        400,
        'VALIDATION_FAILED',
        "This photo is not one of this homepage's uploads. Please upload it again",
      )
      // … but a homepage saved before that rule may still show them: dropping them, or
      // deleting that homepage, must not delete the files the owner shows.
      const borrow = () =>
        s.db
          .insertInto('realtorPhoto')
          .values(
            borrowed.photos.map((item, index) => ({
              id: randomUUID(),
              realtorId: other.realtor.id,
              path: item.path,
              imageType: 'fullsize',
              url: item.url,
              sortOrder: index,
            })),
          )
          .execute()
      await borrow()
      expect((await api(s, 'PATCH', `/realtor/${other.realtor.id}`, { token: other.token, body: { photos: [] } })).status).toBe(200)
      expect(await s.storage.get(photo.key)).toBeDefined()
      expect(await s.storage.get(`${photo.key}.thumb.webp`)).toBeDefined()
      await borrow()
      expect((await api(s, 'DELETE', `/realtor/${other.realtor.id}`, { token: other.token })).status).toBe(200)
      expect(await s.storage.get(photo.key)).toBeDefined()
      expect(await s.storage.get(`${photo.key}.thumb.webp`)).toBeDefined()

      // Dropping only the full-size photo keeps the thumbnail the realtor still shows.
      const thumbnailOnly = { photos: [{ path: 'gallery', imageType: 'thumbnail', url: thumbnailUrl }] }
      expect((await api(s, 'PATCH', `/realtor/${victim.realtor.id}`, { token: victim.token, body: thumbnailOnly })).status).toBe(200)
      expect(await s.storage.get(photo.key)).toBeUndefined()
      expect(await s.storage.get(`${photo.key}.thumb.webp`)).toBeDefined()
    })
  })

  // Delete ------------------------------------------------------------------------------------

  describe('DELETE /realtor/{id}', () => {
    it.each<[Role, number]>([
      ['anonymous', 401],
      ['another realtor', 403],
      ['owner', 200],
      ['admin', 200],
    ])('authorisation: %s deleting a realtor → %i', async (role, status) => {
      // A fresh realtor per case; "owner" here is its own account.
      const { token, realtor } = await newRealtorOwner()
      const actorToken = role === 'owner' ? token : tokenOf(role)
      const result = await api(s, 'DELETE', `/realtor/${realtor.id}`, { token: actorToken, lang: EN })
      const after = await api(s, 'GET', `/realtor/${realtor.id}`, { lang: EN })
      if (status === 200) {
        expect(result.status, result.text).toBe(200)
        expect(result.body).toEqual({ id: realtor.id })
        expectError(after, 404, 'NOT_FOUND', MESSAGES.realtorNotFound)
      } else {
        expectError(result, status, status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN', status === 401 ? MESSAGES.unauthorized : MESSAGES.forbidden)
        expect(after.status).toBe(200)
      }
    })

    it('answers 404 for an unknown id', async () => {
      expectError(await api(s, 'DELETE', `/realtor/${randomUUID()}`, { token: tokens.admin, lang: EN }), 404, 'NOT_FOUND', MESSAGES.realtorNotFound)
    })

    it('removes the photos (and gallery thumbnails) from storage', async () => {
      const { token, realtor } = await newRealtorOwner()
      const top = await uploadPhoto(s, token, 'top')
      const gallery = await uploadPhoto(s, token, 'gallery')
      expect(await s.storage.get(`${gallery.key}.thumb.webp`)).toBeDefined()
      const patched = await api(s, 'PATCH', `/realtor/${realtor.id}`, {
        token,
        body: {
          photos: [
            { path: 'top', url: top.url },
            { path: 'gallery', url: gallery.url },
          ],
        },
      })
      expect(patched.status).toBe(200)
      expect((await api(s, 'DELETE', `/realtor/${realtor.id}`, { token })).status).toBe(200)
      expect(await s.storage.get(top.key)).toBeUndefined()
      expect(await s.storage.get(gallery.key)).toBeUndefined()
      expect(await s.storage.get(`${gallery.key}.thumb.webp`)).toBeUndefined()
      expect((await uploadRequest(s, 'GET', top.url)).status).toBe(404)
    })

    it('lets the account create a new realtor after deleting its own', async () => {
      const { token, realtor } = await newRealtorOwner()
      expect((await api(s, 'DELETE', `/realtor/${realtor.id}`, { token })).status).toBe(200)
      // The freed desiredUrl can be taken again.
      const again = await api(s, 'POST', '/realtor', { token, body: validRealtor({ desiredUrl: realtor.desiredUrl }), lang: EN })
      expect(again.status, again.text).toBe(201)
    })
  })

  // Contacts ----------------------------------------------------------------------------------

  describe('POST /realtor-contacts', () => {
    it('stores the message (201) without a mailer: delivery stays in the outbox', async () => {
      const before = await countContacts(ownerRealtor.id)
      const result = await api<ContactCreatedBody>(s, 'POST', '/realtor-contacts', { body: validContact(ownerRealtor.id, { phone: '010 1234 5678' }) })
      expect(result.status, result.text).toBe(201)
      expect(result.body).toEqual({ id: anyString, realtorId: ownerRealtor.id, createdAt: anyString, delivery: 'outbox' })
      expect(await countContacts(ownerRealtor.id)).toBe(before + 1)
      const list = await api<MessagesBody>(s, 'GET', '/realtor-contacts', { token: tokens.owner })
      const stored = (list.body.messages as Array<Record<string, unknown>>).find((message) => message.id === result.body.id)
      expect(stored).toMatchObject({
        realtorId: ownerRealtor.id,
        name: 'Lee Minji',
        lastName: 'Lee',
        firstName: 'Minji',
        phone: '+821012345678',
        phoneCountryCode: 'KR',
        isTerm: 'Y',
        status: 'new',
        deliveryState: 'outbox',
        listingKey: null,
      })
    })

    it('takes the form posted without scripts and answers with a 303 to the status page, never the visitor’s words in the address (issue 31)', async () => {
      const before = await countContacts(ownerRealtor.id)
      const stamp = Date.now()
      const page = `/${ownerRealtor.desiredUrl}/homes/CRMLS-123`
      // The fields the page's form holds (src/features/homepage/contact-form-view.tsx).
      const formOf = (email: string, lang: 'ko' | 'en') =>
        new URLSearchParams({
          lastName: '김',
          firstName: '민지',
          email,
          phoneCountryCode: 'KR',
          phone: '010-1234-5678',
          phoneContactConsent: 'on',
          message: '집을 보고 싶어요',
          website: '',
          isTerm: 'on',
          realtorId: ownerRealtor.id,
          lang,
          listingKey: 'CRMLS-123',
          consentVersion: CURRENT_CONSENT.contact,
          phoneContactConsentVersion: CURRENT_CONSENT.phoneContact,
          consentPage: page,
        })
      const post = (body: URLSearchParams, headers: Record<string, string> = {}) =>
        api(s, 'POST', '/realtor-contacts', {
          rawBody: body.toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
          ip: uniqueIp(),
        })
      const locationOf = (result: HttpResult) => new URL(result.headers.get('location') ?? '', ORIGIN)
      const rowOf = (email: string) => s.db.selectFrom('contactMessage').selectAll().where('email', '=', email).executeTakeFirstOrThrow()

      const formEmail = `plain-form-${stamp}@example.org`
      const sent = await post(formOf(formEmail, 'ko'), { origin: ORIGIN, 'sec-fetch-site': 'same-origin' })
      expect(sent.status, sent.text).toBe(303)
      expect(locationOf(sent).pathname).toBe(`/${ownerRealtor.desiredUrl}/contact-message`)
      expect(locationOf(sent).searchParams.get('status')).toBe('sent')
      expect(locationOf(sent).searchParams.get('back')).toBe(page)
      expect(locationOf(sent).search).not.toContain('plain-form')

      // The same visitor through the JSON the live form sends (toContactRequest): the same record.
      const jsonEmail = `json-form-${stamp}@example.org`
      const form = contactFormSchema.parse({
        ...contactFormDefaults('ko'),
        lastName: '김',
        firstName: '민지',
        email: jsonEmail,
        phone: '010-1234-5678',
        message: '집을 보고 싶어요',
        phoneContactConsent: true,
      })
      const json = await api(s, 'POST', '/realtor-contacts', {
        body: toContactRequest(form, ownerRealtor.id, { lang: 'ko', page, listingKey: 'CRMLS-123' }),
        lang: 'ko',
      })
      expect(json.status, json.text).toBe(201)
      const comparable = ({
        id: _id,
        email: _email,
        createdAt: _createdAt,
        consentedAt: _consentedAt,
        nextAttemptAt: _next,
        ...rest
      }: Record<string, unknown>) => rest
      const fromForm = await rowOf(formEmail)
      expect(comparable(fromForm)).toEqual(comparable(await rowOf(jsonEmail)))
      expect(fromForm).toMatchObject({
        name: '김민지',
        phone: '+821012345678',
        isTerm: 'Y',
        listingKey: 'CRMLS-123',
        consentLang: 'ko',
        consentPage: page,
        phoneContactConsent: 1,
      })
      expect(fromForm.consentText).toContain('약관')
      expect(await countContacts(ownerRealtor.id)).toBe(before + 2)

      // An English page's form lands on the English status page.
      const english = await post(formOf(`plain-form-en-${stamp}@example.org`, 'en'))
      expect(locationOf(english).pathname).toBe(`/en/${ownerRealtor.desiredUrl}/contact-message`)
      expect((await rowOf(`plain-form-en-${stamp}@example.org`)).consentLang).toBe('en')

      // The terms not ticked: the status page names the field, and nothing is stored.
      const unticked = formOf(`plain-form-refused-${stamp}@example.org`, 'ko')
      unticked.delete('isTerm')
      const refused = await post(unticked)
      expect(refused.status).toBe(303)
      expect(locationOf(refused).searchParams.get('failed')).toBe('isTerm')

      // A bot that fills the honeypot is told "sent" and nothing is stored.
      const bot = formOf(`plain-form-bot-${stamp}@example.org`, 'ko')
      bot.set('website', 'https://spam.example')
      expect(locationOf(await post(bot)).searchParams.get('status')).toBe('sent')

      // A form another site's page posts here is refused, and nothing is stored.
      const forgeries: Array<Record<string, string>> = [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://elsewhere.example' }, { origin: 'null' }]
      for (const headers of forgeries) {
        const forged = await post(formOf(`plain-form-forged-${stamp}@example.org`, 'ko'), headers)
        expect(forged.status, JSON.stringify(headers)).toBe(403)
      }

      // A form that names no realtor of ours has no status page to land on: the API's 404, in words.
      for (const realtorId of ['nope', '']) {
        const nobody = formOf(`plain-form-nobody-${stamp}@example.org`, 'en')
        nobody.set('realtorId', realtorId)
        const answer = await api<ErrorBody>(s, 'POST', '/realtor-contacts', {
          rawBody: nobody.toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          lang: EN,
          ip: uniqueIp(),
        })
        expectError(answer, 404, 'NOT_FOUND', MESSAGES.realtorNotFound)
      }
      // A page of ours whose referrer policy hides its origin: the browser's Sec-Fetch-Site vouches for it.
      const hidden = await post(formOf(`plain-form-hidden-${stamp}@example.org`, 'ko'), { origin: 'null', 'sec-fetch-site': 'same-origin' })
      expect(locationOf(hidden).searchParams.get('status')).toBe('sent')
      expect(await countContacts(ownerRealtor.id)).toBe(before + 4)
    })

    it('answers 400 with fieldErrors when the terms are not accepted or the phone is wrong', async () => {
      const result = await api<ErrorBody>(s, 'POST', '/realtor-contacts', {
        body: validContact(ownerRealtor.id, { isTerm: 'N', phone: '010-1234-567' }),
        lang: EN,
      })
      expectError(result, 400, 'VALIDATION_FAILED', MESSAGES.validation)
      expect(result.body.fieldErrors).toEqual({ isTerm: [MESSAGES.agreeTerms], phone: [MESSAGES.phone11] })
    })

    it('refuses with a translated 400 a number of the right length that no country uses, and stores a real one in E.164', async () => {
      // Ten digits, but no US area code starts with 1 (issue 52 item 7): the numbering plan decides.
      const body = validContact(ownerRealtor.id, { phone: '123-456-7890', phoneCountryCode: 'US' })
      const en = await api<ErrorBody>(s, 'POST', '/realtor-contacts', { body, lang: EN })
      expectError(en, 400, 'VALIDATION_FAILED', MESSAGES.validation)
      expect(en.body.fieldErrors).toEqual({ phone: ['Enter a valid phone number'] })
      const ko = await api<ErrorBody>(s, 'POST', '/realtor-contacts', { body, lang: 'ko' })
      expect(ko.status).toBe(400)
      expect(ko.body.fieldErrors).toEqual({ phone: ['올바른 전화번호를 입력해 주세요'] })

      const sent = await api<ContactCreatedBody>(s, 'POST', '/realtor-contacts', {
        body: validContact(ownerRealtor.id, { phone: '(949) 555-0142', phoneCountryCode: 'us' }),
      })
      expect(sent.status, sent.text).toBe(201)
      const row = await s.db.selectFrom('contactMessage').select(['phone', 'phoneCountryCode']).where('id', '=', sent.body.id).executeTakeFirstOrThrow()
      expect(row).toEqual({ phone: '+19495550142', phoneCountryCode: 'US' })
      const lead = await s.db.selectFrom('lead').select(['phone']).where('id', '=', sent.body.id).executeTakeFirstOrThrow()
      expect(lead.phone).toBe('+19495550142')
    })

    it('answers 404 for an unknown realtor', async () => {
      expectError(await api(s, 'POST', '/realtor-contacts', { body: validContact(randomUUID()), lang: EN }), 404, 'NOT_FOUND', MESSAGES.realtorNotFound)
    })

    it('answers 201 to a filled honeypot but stores nothing', async () => {
      const before = await countContacts(otherRealtor.id)
      const result = await api<ContactCreatedBody>(s, 'POST', '/realtor-contacts', { body: validContact(otherRealtor.id, { website: 'https://spam.example' }) })
      expect(result.status).toBe(201)
      expect(result.body.realtorId).toBe(otherRealtor.id)
      expect(await countContacts(otherRealtor.id)).toBe(before)
      const list = await api<MessagesBody>(s, 'GET', '/realtor-contacts', { token: tokens['another realtor'] })
      expect((list.body.messages as Array<{ id: string }>).map((message) => message.id)).not.toContain(result.body.id)
    })

    it(`answers 429 with Retry-After after ${TEST_LIMITS.contact} messages from one address`, async () => {
      const retryAfter = pinnedInWindow(app.clock, 10)
      const ip = uniqueIp()
      for (let index = 0; index < TEST_LIMITS.contact; index += 1) {
        const ok = await api(s, 'POST', '/realtor-contacts', { body: validContact(otherRealtor.id), ip })
        expect(ok.status, ok.text).toBe(201)
      }
      const limited = await api(s, 'POST', '/realtor-contacts', { body: validContact(otherRealtor.id), ip, lang: EN })
      expectError(limited, 429, 'RATE_LIMITED', MESSAGES.rateLimited)
      expect(limited.headers.get('retry-after')).toBe(String(retryAfter))
      // Another address is not affected; the same address is welcome again in the next window.
      expect((await api(s, 'POST', '/realtor-contacts', { body: validContact(otherRealtor.id) })).status).toBe(201)
      app.clock.advance(retryAfter * 1000)
      expect((await api(s, 'POST', '/realtor-contacts', { body: validContact(otherRealtor.id), ip })).status).toBe(201)
    })
  })

  describe('rate limits are counted in the use cases, whatever face is used (issue 17)', () => {
    it('the upload limit is one count for the REST route and the editor (the use case the server function calls)', async () => {
      pinnedInWindow(app.clock, 10)
      const { token, realtor } = await newRealtorOwner()
      const actor = await resolveActor(s.auth, new Headers({ authorization: `Bearer ${token}` }), s.config.adminEmails)
      expect(actor?.userId).toBe((realtor as { userId: string }).userId)
      const files = { files: [{ path: 'gallery', contentType: 'image/jpeg', size: 1000 }] }
      const limit = s.config.rateLimits.upload.limit
      for (let index = 0; index < limit - 1; index += 1) {
        expect((await api(s, 'POST', '/realtor/presigned-multi-file-upload', { token, body: files })).status).toBe(200)
      }
      // The last one through the server function's path, then REST is over the same limit.
      expect(await presignUploads(s, actor, files)).toHaveLength(1)
      expectError(await api(s, 'POST', '/realtor/presigned-multi-file-upload', { token, body: files, lang: EN }), 429, 'RATE_LIMITED', MESSAGES.rateLimited)
      await expect(presignUploads(s, actor, files)).rejects.toMatchObject({ code: 'RATE_LIMITED' })
    })

    it('a contact message counts against its address however it arrives', async () => {
      pinnedInWindow(app.clock, 10)
      const ip = uniqueIp()
      for (let index = 0; index < TEST_LIMITS.contact; index += 1) await createContact(s, validContact(otherRealtor.id), { clientIp: ip, lang: 'en' })
      expectError(await api(s, 'POST', '/realtor-contacts', { body: validContact(otherRealtor.id), ip, lang: EN }), 429, 'RATE_LIMITED', MESSAGES.rateLimited)
    })
  })

  describe('every message reachable (issue 17)', () => {
    it('pages through 5,000 messages newest first with a stable cursor, filters by status, counts the whole list', async () => {
      const { token, realtor } = await newRealtorOwner()
      const base = Date.parse('2026-01-01T00:00:00.000Z')
      const rows = Array.from({ length: 5000 }, (_, index) => ({
        id: randomUUID(),
        realtorId: realtor.id,
        name: `Visitor ${index}`,
        lastName: 'Visitor',
        firstName: String(index),
        email: `visitor${index}@example.org`,
        phone: '9495550100',
        phoneCountryCode: 'US',
        message: `Message ${index}`,
        listingKey: null,
        isTerm: 'Y',
        status: index % 5 === 0 ? 'handled' : index % 2 === 0 ? 'read' : 'new',
        deliveryState: 'sent',
        deliveryAttempts: 1,
        lastDeliveryError: null,
        nextAttemptAt: null,
        deliveredAt: null,
        // Pairs of messages share a second, so the id must break ties.
        createdAt: new Date(base + Math.floor(index / 2) * 1000).toISOString(),
      }))
      for (let start = 0; start < rows.length; start += 250)
        await s.db
          .insertInto('contactMessage')
          .values(rows.slice(start, start + 250))
          .execute()

      const seen: Array<{ id: string; createdAt: string }> = []
      let cursor: string | undefined
      let pages = 0
      do {
        const page = await api<MessagesBody>(s, 'GET', `/realtor-contacts?limit=500${cursor ? `&cursor=${cursor}` : ''}`, { token })
        expect(page.status, page.text).toBe(200)
        const arrived = pages >= 2 ? 1 : 0
        expect(page.body.total).toBe(5000 + arrived)
        expect(page.body.unread).toBe(rows.filter((row) => row.status === 'new').length + arrived)
        seen.push(...(page.body.messages as Array<{ id: string; createdAt: string }>))
        cursor = page.body.nextCursor ?? undefined
        pages += 1
        // A message arriving meanwhile sorts before the cursor: it does not shift the pages.
        if (pages === 2) await api(s, 'POST', '/realtor-contacts', { body: validContact(realtor.id) })
      } while (cursor)
      expect(pages).toBe(10)
      expect(new Set(seen.map((message) => message.id)).size).toBe(5000)
      expect(new Set(seen.map((message) => message.id))).toEqual(new Set(rows.map((row) => row.id)))
      const order = seen.map((message) => `${message.createdAt} ${message.id}`)
      expect(order).toEqual([...order].sort().reverse())

      // The one that arrived is on a first page asked for now.
      expect((await api<MessagesBody>(s, 'GET', '/realtor-contacts?limit=1', { token })).body.messages[0]?.id).not.toBeOneOf(rows.map((row) => row.id))
      const handled = await api<MessagesBody>(s, 'GET', '/realtor-contacts?status=handled&limit=500', { token })
      expect(handled.body.total).toBe(1000)
      expect((handled.body.messages as Array<{ status: string }>).every((message) => message.status === 'handled')).toBe(true)
      expect((await api<MessagesBody>(s, 'GET', '/realtor-contacts', { token })).body.messages).toHaveLength(100)
      expectError(await api(s, 'GET', '/realtor-contacts?cursor=not-a-cursor', { token, lang: EN }), 400, 'VALIDATION_FAILED')
      expectError(await api(s, 'GET', '/realtor-contacts?limit=501', { token, lang: EN }), 400, 'VALIDATION_FAILED')
    }, 60_000)
  })

  describe('GET /realtor-contacts (list messages)', () => {
    let messageId: string

    beforeAll(async () => {
      const sent = await api<ContactCreatedBody>(s, 'POST', '/realtor-contacts', { body: validContact(ownerRealtor.id, { message: 'For the owner only' }) })
      expect(sent.status).toBe(201)
      messageId = sent.body.id
    })

    it.each<[Role, number]>([
      ['anonymous', 401],
      ['another realtor', 403],
      ['owner', 200],
      ['admin', 200],
    ])("authorisation: %s listing the owner's messages → %i", async (role, status) => {
      const result = await api<MessagesBody>(s, 'GET', `/realtor-contacts?realtorId=${ownerRealtor.id}`, { token: tokenOf(role), lang: EN })
      if (status === 200) {
        expect(result.status, result.text).toBe(200)
        const messages = result.body.messages as Array<{ id: string; realtorId: string }>
        expect(messages.map((message) => message.id)).toContain(messageId)
        expect(messages.every((message) => message.realtorId === ownerRealtor.id)).toBe(true)
      } else {
        expectError(result, status, status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN', status === 401 ? MESSAGES.unauthorized : MESSAGES.forbidden)
      }
    })

    it('shows another realtor only its own messages when no realtorId is given', async () => {
      const result = await api<MessagesBody>(s, 'GET', '/realtor-contacts', { token: tokens['another realtor'] })
      expect(result.status).toBe(200)
      const messages = result.body.messages as Array<{ id: string; realtorId: string }>
      expect(messages.map((message) => message.id)).not.toContain(messageId)
      expect(messages.every((message) => message.realtorId === otherRealtor.id)).toBe(true)
    })

    it('lists newest first', async () => {
      const { token, realtor } = await newRealtorOwner()
      app.clock.set(new Date('2030-01-01T00:00:00Z'))
      const first = await api<ContactCreatedBody>(s, 'POST', '/realtor-contacts', { body: validContact(realtor.id, { message: 'first' }) })
      app.clock.advance(60_000)
      const second = await api<ContactCreatedBody>(s, 'POST', '/realtor-contacts', { body: validContact(realtor.id, { message: 'second' }) })
      const list = await api<MessagesBody>(s, 'GET', '/realtor-contacts', { token })
      expect((list.body.messages as Array<{ id: string }>).map((message) => message.id)).toEqual([second.body.id, first.body.id])
    })

    it('answers 404 for an unknown realtorId', async () => {
      expectError(
        await api(s, 'GET', `/realtor-contacts?realtorId=${randomUUID()}`, { token: tokens.admin, lang: EN }),
        404,
        'NOT_FOUND',
        MESSAGES.realtorNotFound,
      )
    })

    it.each<[Role, number, string]>([
      ['anonymous', 401, 'read'],
      // Another realtor's message does not exist for them, as for DELETE (issue 32 item 6).
      ['another realtor', 404, 'read'],
      ['owner', 200, 'read'],
      ['admin', 200, 'handled'],
    ])('authorisation: %s marking a message → %i', async (role, status, newStatus) => {
      const result = await api(s, 'PATCH', `/realtor-contacts/${messageId}`, { token: tokenOf(role), body: { status: newStatus }, lang: EN })
      if (status === 200) {
        expect(result.status, result.text).toBe(200)
        expect(result.body).toMatchObject({ id: messageId, status: newStatus })
      } else {
        expectError(result, status, status === 401 ? 'UNAUTHORIZED' : 'NOT_FOUND')
      }
    })

    it('answers 400 for an unknown status and 404 for an unknown message', async () => {
      const invalid = await api<ErrorBody>(s, 'PATCH', `/realtor-contacts/${messageId}`, { token: tokens.owner, body: { status: 'archived' }, lang: EN })
      expectError(invalid, 400, 'VALIDATION_FAILED', MESSAGES.validation)
      expect(Object.keys(invalid.body.fieldErrors ?? {})).toEqual(['status'])
      expectError(
        await api(s, 'PATCH', `/realtor-contacts/${randomUUID()}`, { token: tokens.owner, body: { status: 'read' }, lang: EN }),
        404,
        'NOT_FOUND',
        MESSAGES.notFound,
      )
    })
  })

  // Consent and deletion (issue 15 item 4) --------------------------------------------------

  describe('lead consent', () => {
    type Consent = {
      version: string | null
      text: string | null
      lang: string | null
      page: string | null
      consentedAt: string | null
      phoneContact: boolean | null
      phoneContactVersion: string | null
      phoneContactText: string | null
    }
    const PHONE_TEXT_EN =
      'I agree to be called or texted by Jane Kim about my inquiry. This is not a condition of any purchase; message and data rates may apply.'

    async function consentOf(token: string, id: string): Promise<Consent | undefined> {
      const list = await api<{ messages: Array<{ id: string; consent: Consent }> }>(s, 'GET', '/realtor-contacts?limit=500', { token })
      expect(list.status, list.text).toBe(200)
      return list.body.messages.find((message) => message.id === id)?.consent
    }

    it("stores the server's own words of the versions shown, the language, the page and the time; never the client's text", async () => {
      const { token, realtor } = await newRealtorOwner({ displayNameEn: 'Jane Kim', displayNameKo: '김제인' })
      app.clock.set(new Date('2031-02-03T04:05:06Z'))
      const sent = await api<ContactCreatedBody>(s, 'POST', '/realtor-contacts', {
        body: validContact(realtor.id, {
          consentVersion: 'contact-v1',
          consentLang: 'en',
          consentPage: `/en/${realtor.desiredUrl}/homes/CRMLS-1`,
          phoneContactConsent: true,
          phoneContactConsentVersion: 'phone-contact-v1',
          // Not part of the request: a client cannot choose the words a lead records.
          consentText: 'I agree to anything at all.',
          phoneContactConsentText: 'Call me at 3 a.m.',
        }),
      })
      expect(sent.status, sent.text).toBe(201)
      expect(await consentOf(token, sent.body.id)).toEqual({
        version: 'contact-v1',
        text: 'I agree to the terms of use and the privacy notice.',
        lang: 'en',
        page: `/en/${realtor.desiredUrl}/homes/CRMLS-1`,
        consentedAt: '2031-02-03T04:05:06.000Z',
        phoneContact: true,
        phoneContactVersion: 'phone-contact-v1',
        phoneContactText: PHONE_TEXT_EN,
      })
    })

    it("records an unticked calls-or-texts box as not agreed, and an older client (no consent fields) under today's wording", async () => {
      const { token, realtor } = await newRealtorOwner({ displayNameEn: 'Jane Kim' })
      const unticked = await api<ContactCreatedBody>(s, 'POST', '/realtor-contacts', {
        body: validContact(realtor.id, { consentLang: 'en', phoneContactConsentVersion: 'phone-contact-v1' }),
      })
      expect(await consentOf(token, unticked.body.id)).toMatchObject({
        phoneContact: false,
        phoneContactVersion: 'phone-contact-v1',
        phoneContactText: PHONE_TEXT_EN,
      })
      const older = await api<ContactCreatedBody>(s, 'POST', '/realtor-contacts', { body: validContact(realtor.id), lang: EN })
      expect(await consentOf(token, older.body.id)).toMatchObject({
        version: 'contact-v1',
        lang: 'en',
        page: null,
        phoneContact: false,
        phoneContactVersion: null,
        phoneContactText: null,
      })
    })

    it('answers 400 with translated field errors for an unknown version or a page of another site', async () => {
      const { realtor } = await newRealtorOwner()
      const before = await countContacts(realtor.id)
      const result = await api<ErrorBody>(s, 'POST', '/realtor-contacts', {
        body: validContact(realtor.id, { consentVersion: 'contact-v99', phoneContactConsentVersion: 'contact-v1', consentPage: '//evil.example/x' }),
        lang: EN,
      })
      expectError(result, 400, 'VALIDATION_FAILED', MESSAGES.validation)
      expect(result.body.fieldErrors).toEqual({
        consentVersion: ['This consent wording is not known. Reload the page and try again.'],
        phoneContactConsentVersion: ['This consent wording is not known. Reload the page and try again.'],
        consentPage: ['This is not a page of this site'],
      })
      expect(await countContacts(realtor.id)).toBe(before)
    })

    it('shows a message stored before consent was recorded as unknown (nulls), not as agreed', async () => {
      const { token, realtor } = await newRealtorOwner()
      const id = randomUUID()
      await s.db
        .insertInto('contactMessage')
        .values({
          id,
          realtorId: realtor.id,
          name: 'Old Lead',
          lastName: 'Old',
          firstName: 'Lead',
          email: 'old@example.org',
          phone: '01012345678',
          phoneCountryCode: 'KR',
          message: 'Sent in 2025',
          listingKey: null,
          isTerm: 'Y',
          status: 'new',
          deliveryState: 'sent',
          deliveryAttempts: 1,
          lastDeliveryError: null,
          nextAttemptAt: null,
          deliveredAt: null,
          createdAt: '2025-01-01T00:00:00.000Z',
        })
        .execute()
      expect(await consentOf(token, id)).toEqual({
        version: null,
        text: null,
        lang: null,
        page: null,
        consentedAt: null,
        phoneContact: null,
        phoneContactVersion: null,
        phoneContactText: null,
      })
    })
  })

  describe('DELETE /realtor-contacts/{id}', () => {
    it.each<[Role, number]>([
      ['anonymous', 401],
      ['another realtor', 404],
      ['owner', 200],
      ['admin', 200],
    ])('authorisation: %s deleting a message → %i', async (role, status) => {
      const sent = await api<ContactCreatedBody>(s, 'POST', '/realtor-contacts', { body: validContact(ownerRealtor.id) })
      expect(sent.status, sent.text).toBe(201)
      const result = await api(s, 'DELETE', `/realtor-contacts/${sent.body.id}`, { token: tokenOf(role), lang: EN })
      const stored = await s.db.selectFrom('contactMessage').select('id').where('id', '=', sent.body.id).executeTakeFirst()
      if (status === 200) {
        expect(result.status, result.text).toBe(200)
        expect(result.body).toEqual({ id: sent.body.id })
        // Gone completely: the row, and with it its outbox entry (nothing left to deliver).
        expect(stored).toBeUndefined()
        const list = await api<MessagesBody>(s, 'GET', `/realtor-contacts?realtorId=${ownerRealtor.id}&limit=500`, { token: tokens.owner })
        expect(list.body.messages.map((message) => message.id)).not.toContain(sent.body.id)
      } else {
        expectError(result, status, status === 401 ? 'UNAUTHORIZED' : 'NOT_FOUND', status === 401 ? MESSAGES.unauthorized : MESSAGES.notFound)
        expect(stored).toEqual({ id: sent.body.id })
      }
    })

    it('answers 404 for an unknown or already deleted message', async () => {
      expectError(await api(s, 'DELETE', `/realtor-contacts/${randomUUID()}`, { token: tokens.owner, lang: EN }), 404, 'NOT_FOUND', MESSAGES.notFound)
    })
  })

  // Uploads -----------------------------------------------------------------------------------

  describe('presign and upload (local driver)', () => {
    const presignPath = '/realtor/presigned-multi-file-upload'

    async function presign<T = unknown>(token: string | undefined, files: Array<Record<string, unknown>>) {
      return api<T>(s, 'POST', presignPath, { token, body: { files }, lang: EN })
    }

    it.each<[Role, number]>([
      ['anonymous', 401],
      ['another realtor', 200],
      ['owner', 200],
      ['admin', 200],
    ])('authorisation: %s asking for upload URLs → %i', async (role, status) => {
      const result = await presign(tokenOf(role), [{ path: 'logo', contentType: 'image/jpeg', name: '../../etc/passwd.jpg' }])
      if (status === 401) {
        expectError(result, 401, 'UNAUTHORIZED', MESSAGES.unauthorized)
        return
      }
      expect(result.status, result.text).toBe(200)
      const [item] = result.body as Array<PresignedItem>
      expect(item).toMatchObject({ path: 'logo', imageType: 'fullsize', contentType: 'image/jpeg' })
      // The key is the server's, never the file name.
      expect(item?.key).toMatch(/^realtors\/[A-Za-z0-9_-]+\/logo\/[0-9a-f-]{36}\.jpg$/)
      expect(item?.url).toBe(item?.uploadUrl.split('?')[0])
      expect(new Date(item?.expiresAt ?? 0).getTime()).toBeGreaterThan(Date.now())
    })

    it('accepts the bare-array body of the spec and one URL per file', async () => {
      const result = await api(s, 'POST', presignPath, {
        token: tokens.owner,
        body: [
          { path: 'gallery', contentType: 'image/png' },
          { path: 'gallery', contentType: 'image/webp' },
        ],
      })
      expect(result.status, result.text).toBe(200)
      const items = result.body as Array<PresignedItem>
      expect(items.map((item) => item.key.split('.').pop())).toEqual(['png', 'webp'])
      expect(new Set(items.map((item) => item.key)).size).toBe(2)
    })

    it('presign → PUT → GET of the stored URL returns the bytes', async () => {
      const presigned = await presign(tokens.owner, [{ path: 'top', contentType: 'image/jpeg', name: 'house.jpg' }])
      const item = (presigned.body as Array<PresignedItem>)[0]
      if (!item) throw new Error('no presigned item')
      const bytes = await makeJpeg(64, 48)
      const put = await uploadRequest(s, 'PUT', item.uploadUrl, bytes, { 'content-type': 'image/jpeg' })
      expect(put.status, put.text).toBe(200)
      expect(put.body).toEqual({ url: item.url })
      const get = await uploadRequest(s, 'GET', item.url)
      expect(get.status).toBe(200)
      expect(get.headers.get('content-type')).toBe('image/jpeg')
      expect(get.headers.get('x-content-type-options')).toBe('nosniff')
      expect(Buffer.from(get.bytes).equals(Buffer.from(bytes))).toBe(true)

      // The link works once: a second PUT cannot replace a photo served as immutable (issue 17).
      const again = await uploadRequest(s, 'PUT', item.uploadUrl, await makeJpeg(32, 32), { 'content-type': 'image/jpeg', 'accept-language': EN })
      expectError(again, 409, 'CONFLICT', 'This upload link has already been used. Please upload the photo again')
      expect(Buffer.from((await uploadRequest(s, 'GET', item.url)).bytes).equals(Buffer.from(bytes))).toBe(true)
    })

    it('limits an upload while it streams: a chunked body past the limit is refused after the limit plus a chunk', async () => {
      const presigned = await presign(tokens.owner, [{ path: 'top', contentType: 'image/jpeg', name: 'huge.jpg' }])
      const item = (presigned.body as Array<PresignedItem>)[0]
      if (!item) throw new Error('no presigned item')
      const chunk = new Uint8Array(64 * 1024)
      let pulled = 0
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (pulled >= 200 * 1024 * 1024) return controller.close()
          pulled += chunk.byteLength
          controller.enqueue(chunk)
        },
      })
      const init: RequestInit & { duplex: 'half' } = { method: 'PUT', headers: { 'content-type': 'image/jpeg', 'accept-language': 'en' }, body, duplex: 'half' }
      const response = await handleUploadRequest(new Request(item.uploadUrl, init), s)
      expect(response.status).toBe(413)
      expect(pulled).toBeLessThanOrEqual(TEST_LIMITS.uploadMaxBytes + 4 * chunk.byteLength)
      expect((await uploadRequest(s, 'GET', item.url)).status).toBe(404)
    })

    it.each([
      ['a text file', 'notes.jpg', new TextEncoder().encode('just some text, not an image\n')],
      ['an HTML page', 'page.jpg', new TextEncoder().encode('<!doctype html><html><script>alert(1)</script></html>')],
    ])('refuses %s named .jpg with 415 and stores nothing', async (_label, name, bytes) => {
      const presigned = await presign(tokens.owner, [{ path: 'logo', contentType: 'image/jpeg', name }])
      const item = (presigned.body as Array<PresignedItem>)[0]
      if (!item) throw new Error('no presigned item')
      const put = await uploadRequest(s, 'PUT', item.uploadUrl, bytes, { 'content-type': 'image/jpeg', 'accept-language': EN })
      expectError(put, 415, 'UNSUPPORTED_MEDIA_TYPE', MESSAGES.unsupportedImage)
      expect(await s.storage.get(item.key)).toBeUndefined()
      expect((await uploadRequest(s, 'GET', item.url)).status).toBe(404)
    })

    it('refuses a non-image content type at presign with 415', async () => {
      expectError(await presign(tokens.owner, [{ path: 'logo', contentType: 'text/html' }]), 415, 'UNSUPPORTED_MEDIA_TYPE', MESSAGES.unsupportedImage)
    })

    it('refuses an oversized file at presign and at PUT with 413', async () => {
      const max = TEST_LIMITS.uploadMaxBytes
      expectError(await presign(tokens.owner, [{ path: 'logo', contentType: 'image/jpeg', size: max + 1 }]), 413, 'PAYLOAD_TOO_LARGE', MESSAGES.fileTooLarge)
      const presigned = await presign(tokens.owner, [{ path: 'logo', contentType: 'image/jpeg', size: 1000 }])
      const item = (presigned.body as Array<PresignedItem>)[0]
      if (!item) throw new Error('no presigned item')
      const oversized = new Uint8Array(max + 1)
      oversized.set([0xff, 0xd8, 0xff, 0xe0])
      const put = await uploadRequest(s, 'PUT', item.uploadUrl, oversized, { 'content-type': 'image/jpeg', 'accept-language': EN })
      expectError(put, 413, 'PAYLOAD_TOO_LARGE', MESSAGES.fileTooLarge)
      const declared = await uploadRequest(s, 'PUT', item.uploadUrl, oversized, {
        'content-type': 'image/jpeg',
        'content-length': String(oversized.byteLength),
        'accept-language': EN,
      })
      expectError(declared, 413, 'PAYLOAD_TOO_LARGE', MESSAGES.fileTooLarge)
      expect(await s.storage.get(item.key)).toBeUndefined()
    })

    it('refuses a tampered upload URL with 403 and an unknown method with 405', async () => {
      const presigned = await presign(tokens.owner, [{ path: 'logo', contentType: 'image/jpeg' }])
      const item = (presigned.body as Array<PresignedItem>)[0]
      if (!item) throw new Error('no presigned item')
      const tampered = new URL(item.uploadUrl)
      tampered.searchParams.set('max', String(TEST_LIMITS.uploadMaxBytes * 100))
      const put = await uploadRequest(s, 'PUT', tampered.toString(), await makeJpeg(), { 'content-type': 'image/jpeg', 'accept-language': EN })
      expectError(put, 403, 'FORBIDDEN', MESSAGES.uploadLinkInvalid)
      const del = await uploadRequest(s, 'DELETE', item.url, undefined, { 'accept-language': EN })
      expectError(del, 405, 'METHOD_NOT_ALLOWED', MESSAGES.methodNotAllowed)
      expect(del.headers.get('allow')).toBe('GET, HEAD, PUT')
      expectError(await uploadRequest(s, 'GET', 'http://test.local/uploads/%E0%A4%A'), 404, 'NOT_FOUND')
    })

    it('answers 400 with fieldErrors for an unknown photo path', async () => {
      const result = await presign<ErrorBody>(tokens.owner, [{ path: 'banner', contentType: 'image/jpeg' }])
      expectError(result, 400, 'VALIDATION_FAILED', MESSAGES.validation)
      expect(result.body.fieldErrors).toBeTypeOf('object')
    })
  })

  // Protocol-level errors ---------------------------------------------------------------------

  describe('errors', () => {
    it('answers 404 JSON for an unknown API path', async () => {
      expectError(await api(s, 'GET', '/no-such-thing', { lang: EN }), 404, 'NOT_FOUND', MESSAGES.notFound)
      expectError(await api(s, 'GET', '/cozying-api/v2/realtor', { lang: EN }), 404, 'NOT_FOUND', MESSAGES.notFound)
    })

    it.each([
      ['PUT', '/realtor', 'GET, HEAD, POST'],
      ['DELETE', '/realtor', 'GET, HEAD, POST'],
      ['POST', '/realtor/some-id', 'GET, HEAD, PATCH, DELETE'],
      ['PUT', '/realtor/some-id', 'GET, HEAD, PATCH, DELETE'],
      ['DELETE', '/realtor-contacts', 'POST, GET, HEAD'],
      ['GET', '/realtor/presigned-multi-file-upload', 'POST'],
      ['GET', '/realtor-contacts/some-id', 'PATCH, DELETE'],
      ['OPTIONS', '/realtor', 'GET, HEAD, POST'],
      ['POST', '/openapi.json', 'GET, HEAD'],
      // A download made on request is work and counts against a limit: a HEAD would do it for nothing.
      ['HEAD', '/realtors/some-id/export', 'GET'],
      ['HEAD', '/leads/export.csv', 'GET'],
      ['HEAD', '/realtor-contacts/export.csv', 'GET'],
      ['HEAD', '/saved-searches/export.csv', 'GET'],
    ])('answers 405 for %s %s with Allow: %s', async (method, path, allow) => {
      const result = await api(s, method, path, { token: tokens.owner, lang: EN })
      expectError(result, 405, 'METHOD_NOT_ALLOWED', MESSAGES.methodNotAllowed)
      expect(result.headers.get('allow')).toBe(allow)
    })

    it('answers 400 for a body that is not JSON', async () => {
      const result = await api<ErrorBody>(s, 'POST', '/realtor', { token: tokens.owner, rawBody: '{"desiredUrl": "jane', lang: EN })
      expectError(result, 400, 'BAD_REQUEST', MESSAGES.invalidJson)
      expect(result.body.fieldErrors).toBeUndefined()
    })

    it('answers 413 for a 2 MB JSON body, with or without Content-Length', async () => {
      const big = JSON.stringify(validRealtor({ aboutMeEn: 'x'.repeat(2 * 1024 * 1024) }))
      expectError(await api(s, 'POST', '/realtor-contacts', { rawBody: big, lang: EN }), 413, 'PAYLOAD_TOO_LARGE', MESSAGES.requestTooLarge)
      expectError(
        await api(s, 'POST', '/realtor', {
          token: tokens.owner,
          rawBody: big,
          headers: { 'content-length': String(Buffer.byteLength(big)) },
          lang: EN,
        }),
        413,
        'PAYLOAD_TOO_LARGE',
        MESSAGES.requestTooLarge,
      )
    })

    it('refuses a chunked body as soon as it passes 1 MiB: at most the limit plus one chunk is read (issue 17)', async () => {
      const chunk = new Uint8Array(64 * 1024).fill(0x20)
      const total = 200 * 1024 * 1024
      let pulled = 0
      // 200 MB, chunked (no Content-Length), produced only as fast as the server reads it.
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (pulled >= total) return controller.close()
          pulled += chunk.byteLength
          controller.enqueue(chunk)
        },
      })
      // Node needs `duplex` for a streamed body; the DOM's RequestInit does not name it yet.
      const init: RequestInit & { duplex: 'half' } = {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        body,
        duplex: 'half',
      }
      const request = new Request(`${ORIGIN}/cozying-api/v1/realtor-contacts`, init)
      const response = await handleApiRequest(request, { services: s, clientIp: uniqueIp() })
      expect(response.status).toBe(413)
      expect(((await response.json()) as { code: string }).code).toBe('PAYLOAD_TOO_LARGE')
      // The stream may have queued a chunk or two ahead of the reader, never the body.
      expect(pulled).toBeLessThanOrEqual(1024 * 1024 + 4 * chunk.byteLength)
    })

    it('answers 415 for a body sent as anything but JSON, and stores nothing (issue 17)', async () => {
      const before = await countContacts(ownerRealtor.id)
      const message = JSON.stringify(validContact(ownerRealtor.id))
      // A plain HTML form is the form posted without scripts (the next test); anything else is refused.
      for (const contentType of ['text/plain', 'multipart/form-data; boundary=x', 'application/jsonx']) {
        const result = await api(s, 'POST', '/realtor-contacts', { rawBody: message, headers: { 'content-type': contentType }, lang: EN })
        expectError(result, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the request body as JSON (Content-Type: application/json)')
      }
      const korean = await api<ErrorBody>(s, 'PATCH', `/realtor/${ownerRealtor.id}`, {
        token: tokens.owner,
        rawBody: '{}',
        headers: { 'content-type': 'text/plain' },
        lang: 'ko',
      })
      expect(korean.status).toBe(415)
      expect(korean.body.message).toBe('요청 본문을 JSON으로 보내 주세요 (Content-Type: application/json)')
      expect(await countContacts(ownerRealtor.id)).toBe(before)
      // JSON by another name is JSON.
      const patched = await api(s, 'PATCH', `/realtor/${ownerRealtor.id}`, {
        token: tokens.owner,
        rawBody: '{}',
        headers: { 'content-type': 'application/merge-patch+json; charset=utf-8' },
        lang: EN,
      })
      expect(patched.status, patched.text).toBe(200)
    })

    const weirdBodies: Array<[string, string]> = [
      ['null', 'null'],
      ['an array', '[]'],
      ['a string', '"hello"'],
      ['a number', '42'],
      ['an object with wrong types', '{"desiredUrl":{"$gt":""},"email":["a"],"realtorId":7,"files":"x","status":false,"photos":"x"}'],
    ]
    const endpoints: Array<[string, string, () => string, boolean]> = [
      ['POST', '/realtor', () => '/realtor', true],
      ['PATCH', '/realtor/{id}', () => `/realtor/${ownerRealtor.id}`, true],
      ['POST', '/realtor-contacts', () => '/realtor-contacts', false],
      ['POST', '/realtor/presigned-multi-file-upload', () => '/realtor/presigned-multi-file-upload', true],
      ['PATCH', '/realtor-contacts/{id}', () => `/realtor-contacts/${randomUUID()}`, true],
    ]
    it.each(endpoints.flatMap(([method, route, path, signedIn]) => weirdBodies.map(([label, body]) => ({ method, route, path, signedIn, label, body }))))(
      '$method $route with $label → 400, never 500',
      async ({ method, path, signedIn, body }) => {
        const result = await api<ErrorBody>(s, method, path(), { token: signedIn ? tokens.owner : undefined, rawBody: body, lang: EN })
        expect(result.status, result.text).toBe(400)
        expectError(result, 400, result.body.code)
        expect(['VALIDATION_FAILED', 'BAD_REQUEST']).toContain(result.body.code)
      },
    )

    it.each([
      ['an integer beyond 32 bits', { salesCount: 5_000_000_000 }],
      ['a NUL character in a text', { aboutMeEn: 'before\u0000after' }],
      ['a very long unknown field', { notAField: 'x'.repeat(100_000) }],
    ])('never answers 500 to %s', async (_label, fields) => {
      const { token, realtor } = await newRealtorOwner()
      const patched = await api(s, 'PATCH', `/realtor/${realtor.id}`, { token, body: fields, lang: EN })
      expect(patched.status, patched.text).toBeLessThan(500)
      expect([200, 400]).toContain(patched.status)
      const created = await api(s, 'POST', '/realtor', { token: await signUp(s, uniqueEmail('edge')), body: validRealtor(fields), lang: EN })
      expect([201, 400], created.text).toContain(created.status)
      const contact = await api(s, 'POST', '/realtor-contacts', {
        body: validContact(realtor.id, { message: `hi ${JSON.stringify(fields).slice(0, 60)}` }),
        lang: EN,
      })
      expect(contact.status, contact.text).toBe(201)
    })

    it('translates messages by Accept-Language: English, Korean, and Korean by default', async () => {
      const english = await api(s, 'GET', `/realtor/${uniqueSlug('nobody')}`, { lang: 'en-US,en;q=0.9,ko;q=0.8' })
      expectError(english, 404, 'NOT_FOUND', MESSAGES.realtorNotFound)
      expect(english.headers.get('content-language')).toBe('en')

      const korean = await api<ErrorBody>(s, 'GET', `/realtor/${uniqueSlug('nobody')}`, { lang: 'ko-KR,ko;q=0.9,en;q=0.5' })
      expectError(korean, 404, 'NOT_FOUND')
      expect(korean.headers.get('content-language')).toBe('ko')

      const none = await api<ErrorBody>(s, 'GET', `/realtor/${uniqueSlug('nobody')}`)
      expectError(none, 404, 'NOT_FOUND')
      expect(none.headers.get('content-language')).toBe('ko')
      expect(none.body.message).toBe(korean.body.message)
    })

    it('translates fieldErrors too', async () => {
      const body = validContact(ownerRealtor.id, { isTerm: 'N' })
      const english = await api<ErrorBody>(s, 'POST', '/realtor-contacts', { body, lang: 'en' })
      const korean = await api<ErrorBody>(s, 'POST', '/realtor-contacts', { body, lang: 'ko' })
      expect(english.body.fieldErrors).toEqual({ isTerm: [MESSAGES.agreeTerms] })
      expect(korean.headers.get('content-language')).toBe('ko')
      expect(korean.body.fieldErrors?.isTerm).toHaveLength(1)
      expect(korean.body.fieldErrors?.isTerm?.[0]).toBeTypeOf('string')
      expect(korean.body.fieldErrors?.isTerm?.[0]?.length).toBeGreaterThan(0)
    })
  })
})
