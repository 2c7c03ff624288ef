import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { homeDetailSchema } from '../../src/schemas/home'
import { upsertHomes } from '../../src/server/listings/home-store'
import { getHomeDetail } from '../../src/server/listings/homes'
import { parseResoProperties } from '../../src/server/listings/reso-property'
import type { AppServices } from '../../src/server/services'
import { draftTranslationStatus, translateEditorDraft } from '../../src/server/translation/editor-drafts'
import { sourceHash } from '../../src/server/translation/remarks-hash'
import { remarksToTranslate } from '../../src/server/translation/stored-translation'
import { api, createTestApp, describeOnEachDatabase, type TestApp } from './harness'

/*
 * What a listing's page gets of its remarks' translation (issue 54 item 3, decision 072), on
 * SQLite and PostgreSQL, through the use case and `GET /home/{listingKey}`: the stored Korean
 * text while it matches the current remarks, "pending" while a provider is set and none does,
 * nothing on English pages, for sources whose display profile keeps `translateRemarks` off, or
 * (pending) where no provider is set.
 */

const NOW = new Date(Date.UTC(2026, 11, 2, 12, 0, 0))
const ALLOWED = 'file:translate-on'
const FORBIDDEN = 'file:translate-off'
const REMARKS = 'A bright home near the park.\r\nNew roof in 2024. '
const KOREAN = '공원 가까운 밝은 집입니다.\n2024년에 지붕을 새로 했습니다.'

function record(key: string, remarks: string | null) {
  const [parsed] = parseResoProperties([
    {
      ListingKey: key,
      ListPrice: 1_000_000,
      StandardStatus: 'Active',
      PropertyType: 'Residential',
      PropertySubType: 'SingleFamilyResidence',
      BedroomsTotal: 3,
      BathroomsTotalInteger: 2,
      LivingArea: 1_800,
      UnparsedAddress: `1 ${key} Way`,
      City: 'Irvine',
      StateOrProvince: 'CA',
      PostalCode: '92620',
      ListOfficeName: 'Example Realty',
      OnMarketDate: '2026-11-20',
      ModificationTimestamp: '2026-11-20T10:00:00Z',
      InternetEntireListingDisplayYN: true,
      InternetAddressDisplayYN: true,
      ...(remarks === null ? {} : { PublicRemarks: remarks }),
    },
  ]).records
  if (!parsed) throw new Error(`fixture ${key} did not parse`)
  return parsed
}

async function storeTranslation(services: AppServices, key: string, translatedFrom: string, text: string): Promise<void> {
  const home = await services.db.selectFrom('home').select(['id', 'updatedAt']).where('listingKey', '=', key).executeTakeFirstOrThrow()
  await services.db
    .insertInto('listingRemarksTranslation')
    .values({
      homeId: home.id,
      lang: 'ko',
      sourceHash: sourceHash(remarksToTranslate(translatedFrom)),
      text,
      provider: 'deepl',
      translatedAt: NOW.toISOString(),
      listingUpdatedAt: home.updatedAt,
    })
    .execute()
}

describeOnEachDatabase('a listing page and its remarks translation', (database) => {
  let dir: string
  let withProvider: TestApp
  let withoutProvider: AppServices

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'translation-profiles-'))
    const profiles = path.join(dir, 'profiles.json')
    await writeFile(profiles, JSON.stringify({ [ALLOWED]: { translateRemarks: true }, [FORBIDDEN]: { translateRemarks: false } }))
    withProvider = await createTestApp(database.name, {
      env: {
        LISTINGS_DISPLAY_PROFILES: profiles,
        TRANSLATION_PROVIDER: 'deepl',
        DEEPL_API_KEY: 'test-key:fx',
        // Never called: a page only reads what the job stored.
        DEEPL_API_URL: 'http://127.0.0.1:9',
      },
    })
    withProvider.clock.set(NOW)
    const db = withProvider.services.db
    await upsertHomes(
      db,
      [record('TR-STORED', REMARKS), record('TR-NONE', REMARKS), record('TR-CHANGED', 'Remarks as the last import wrote them.'), record('TR-EMPTY', null)],
      {
        source: ALLOWED,
        isDemo: false,
        now: NOW,
      },
    )
    await upsertHomes(db, [record('TR-FORBIDDEN', REMARKS)], { source: FORBIDDEN, isDemo: false, now: NOW })
    // Stored for the remarks as sent (trimmed, \n line ends): the page's remarks still hash to it.
    await storeTranslation(withProvider.services, 'TR-STORED', REMARKS, KOREAN)
    // Made from remarks an import has since replaced: never shown.
    await storeTranslation(withProvider.services, 'TR-CHANGED', 'The remarks before the import.', '가져오기 전의 설명.')
    // A source whose MLS forbids altering its content: a translation that somehow exists stays unseen.
    await storeTranslation(withProvider.services, 'TR-FORBIDDEN', REMARKS, KOREAN)
    // The same database and profiles without a provider, as TRANSLATION_PROVIDER unset (`off`) configures it.
    const { config } = withProvider.services
    withoutProvider = {
      ...withProvider.services,
      config: { ...config, translation: { provider: 'off', dailyChars: config.translation.dailyChars, draftsPerHour: config.translation.draftsPerHour } },
    }
  })

  afterAll(async () => {
    await withProvider.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('a Korean page gets the stored translation of the current remarks; the English page gets none', async () => {
    const services = withProvider.services
    const korean = await getHomeDetail(services, 'TR-STORED', { lang: 'ko' })
    expect(korean.remarksTranslation).toEqual({ status: 'translated', lang: 'ko', text: KOREAN })
    expect(korean.publicRemarks, 'the original stays beside it').toBe(REMARKS)
    expect((await getHomeDetail(services, 'TR-STORED', { lang: 'en' })).remarksTranslation).toBeNull()
  })

  it('"pending" while no translation matches the remarks (none yet, or made from older remarks)', async () => {
    const services = withProvider.services
    expect((await getHomeDetail(services, 'TR-NONE', { lang: 'ko' })).remarksTranslation).toEqual({ status: 'pending', lang: 'ko' })
    expect((await getHomeDetail(services, 'TR-CHANGED', { lang: 'ko' })).remarksTranslation).toEqual({ status: 'pending', lang: 'ko' })
  })

  it('nothing where the profile forbids it or there are no remarks', async () => {
    const services = withProvider.services
    expect((await getHomeDetail(services, 'TR-FORBIDDEN', { lang: 'ko' })).remarksTranslation).toBeNull()
    expect((await getHomeDetail(services, 'TR-EMPTY', { lang: 'ko' })).remarksTranslation).toBeNull()
  })

  it('without a provider no translation is coming: no "pending", while one already stored still shows', async () => {
    const services = withoutProvider
    expect((await getHomeDetail(services, 'TR-NONE', { lang: 'ko' })).remarksTranslation).toBeNull()
    expect((await getHomeDetail(services, 'TR-STORED', { lang: 'ko' })).remarksTranslation).toEqual({ status: 'translated', lang: 'ko', text: KOREAN })
  })

  it('GET /home/{listingKey} answers with it in the documented shape (Korean by default, as the pages)', async () => {
    const korean = await api(withProvider.services, 'GET', '/home/TR-STORED')
    expect(korean.status).toBe(200)
    expect(homeDetailSchema.parse(korean.body).remarksTranslation).toEqual({ status: 'translated', lang: 'ko', text: KOREAN })
    const english = await api(withProvider.services, 'GET', '/home/TR-STORED?lang=en')
    expect(homeDetailSchema.parse(english.body).remarksTranslation).toBeNull()
  })
})

describeOnEachDatabase("the editors' translate button", (database) => {
  let app: TestApp
  const actor = { userId: 'translate-button-user', email: 'translate-button@example.com', isAdmin: false }

  beforeAll(async () => {
    app = await createTestApp(database.name)
  })

  afterAll(async () => {
    await app.close()
  })

  it('asks who is signed in, refuses bad input with a 400 naming the field, and says "off" without a provider', async () => {
    const services = app.services
    expect(draftTranslationStatus(services, actor)).toEqual({ available: false })
    expect(() => draftTranslationStatus(services, null)).toThrow(expect.objectContaining({ code: 'UNAUTHORIZED' }))
    await expect(translateEditorDraft(services, null, { text: '안녕하세요', from: 'ko', to: 'en' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
    await expect(translateEditorDraft(services, actor, { text: 'Hello', from: 'en', to: 'en' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      status: 400,
    })
    await expect(translateEditorDraft(services, actor, { text: '   ', from: 'ko', to: 'en' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED', status: 400 })
    expect(await translateEditorDraft(services, actor, { text: '안녕하세요', from: 'ko', to: 'en' })).toEqual({ ok: false, reason: 'off' })
  })
})
