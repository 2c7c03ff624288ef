import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { retireHomesNotIn, upsertHomes, writeImportState } from '../../src/server/listings/home-store'
import { parseResoProperties } from '../../src/server/listings/reso-property'
import { metricsRegistry } from '../../src/server/metrics/registry'
import { answerOpsRequest } from '../../src/server/ops/ops-routes'
import { readRevisions } from '../../src/server/pages/revisions'
import type { AppServices } from '../../src/server/services'
import { budgetDay, charsUsedToday, reserveChars } from '../../src/server/translation/budget'
import type { TranslationProvider } from '../../src/server/translation/provider'
import { translationProviderFor } from '../../src/server/translation/providers/provider-for'
import { translatePendingRemarks } from '../../src/server/translation/remarks-job'
import { checkRemarksTranslation, type ScheduleState } from '../../src/server/translation/remarks-schedule'
import type { RetryPolicy } from '../../src/server/translation/retries'
import { storedRemarksTranslation } from '../../src/server/translation/stored-translation'
import { translateDraft } from '../../src/server/translation/translate-draft'
import { createTestApp, describeOnEachDatabase, openSecondServices, ORIGIN, type TestApp } from './harness'
import { fakeTranslation, startFakeTranslator, type FakeProviderName, type FakeTranslator } from './translation-fakes'

/*
 * Issue 54 items 1, 2 and 5 (decision 071): the listings' remarks translated into Korean by a
 * background pass, and the realtor's drafts, through each provider's documented HTTP API, against
 * loopback servers that implement DeepL's, Google's and Papago's endpoints. On SQLite and
 * PostgreSQL.
 */

const T0 = new Date(Date.UTC(2026, 11, 2, 9, 0, 0))
const DAY = 86_400_000

type Listing = { key: string; remarks: string | null; date: string; price?: number }

/** Immediate retries that remember the waits asked for: no test sleeps. */
function recordingRetry(): RetryPolicy & { waits: Array<number> } {
  const waits: Array<number> = []
  return {
    attempts: 3,
    baseDelayMs: 1_000,
    maxWaitMs: 30_000,
    waits,
    sleep: (ms) => {
      waits.push(ms)
      return Promise.resolve()
    },
  }
}

async function seed(services: AppServices, source: string, listings: ReadonlyArray<Listing>, now: Date): Promise<Map<string, string>> {
  const parsed = parseResoProperties(
    listings.map((listing) => ({
      ListingKey: listing.key,
      ListPrice: listing.price ?? 900_000,
      StandardStatus: 'Active',
      PropertyType: 'Residential',
      PropertySubType: 'SingleFamilyResidence',
      City: 'Irvine',
      StateOrProvince: 'CA',
      PostalCode: '92620',
      ListOfficeName: 'Example Realty',
      OnMarketDate: listing.date,
      ModificationTimestamp: `${listing.date}T10:00:00Z`,
      ...(listing.remarks === null ? {} : { PublicRemarks: listing.remarks }),
    })),
  )
  expect(parsed.rejected).toEqual([])
  await upsertHomes(services.db, parsed.records, { source, isDemo: false, now })
  const rows = await services.db.selectFrom('home').select(['id', 'listingKey']).where('source', '=', source).execute()
  return new Map(rows.map((row) => [row.listingKey, row.id]))
}

/** Takes a test's listings off every page, so the next test's pass sees only its own. */
async function retireAll(services: AppServices, source: string): Promise<void> {
  await retireHomesNotIn(services.db, source, new Set(), services.now())
}

async function storedTexts(services: AppServices, ids: ReadonlyMap<string, string>): Promise<Record<string, string>> {
  const rows = await services.db
    .selectFrom('listingRemarksTranslation')
    .select(['homeId', 'text'])
    .where('homeId', 'in', [...ids.values()])
    .execute()
  const keyOf = new Map([...ids].map(([key, id]) => [id, key]))
  return Object.fromEntries(rows.map((row) => [keyOf.get(row.homeId) ?? row.homeId, row.text]))
}

function providerOf(services: AppServices): TranslationProvider {
  const provider = translationProviderFor(services.config.translation, services.now)
  if (!provider) throw new Error('no translation provider configured')
  return provider
}

/** The value of one sample of the metrics text (0 when absent). */
async function metric(name: string, labels: Record<string, string>): Promise<number> {
  const text = await metricsRegistry.metrics()
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .join(',')
  const line = text.split('\n').find((entry) => entry.startsWith(`${name}{${wanted}}`) || (wanted === '' && entry.startsWith(`${name} `)))
  return line ? Number(line.split(' ').at(-1)) : 0
}

/** A profile file that lets `file:*` sources be translated, as an operator whose MLS allows it writes. */
async function profileFile(): Promise<{ file: string; remove: () => Promise<void> }> {
  const folder = await mkdtemp(path.join(tmpdir(), 'translation-profiles-'))
  const file = path.join(folder, 'profiles.json')
  await writeFile(file, JSON.stringify({ 'file:*': { translateRemarks: true } }))
  return { file, remove: () => rm(folder, { recursive: true, force: true }) }
}

const CDN_ENV = { CDN_PURGE: 'cloudflare', CLOUDFLARE_ZONE_ID: 'zone', CLOUDFLARE_API_TOKEN: 'token', CLOUDFLARE_API_BASE_URL: 'http://127.0.0.1:9' }

/** What each provider's batches look like for five short remarks. */
const REQUESTS_FOR_FIVE: Record<FakeProviderName, number> = { deepl: 1, google: 1, papago: 5 }
const TARGET_CODE: Record<FakeProviderName, string> = { deepl: 'KO', google: 'ko', papago: 'ko' }

describeOnEachDatabase('listing remarks translation', (database) => {
  for (const name of ['deepl', 'google', 'papago'] as const) {
    describe(name, () => {
      let app: TestApp
      let s: AppServices
      let fake: FakeTranslator
      let profiles: { file: string; remove: () => Promise<void> }
      let sourceCount = 0
      const nextSource = () => `file:${name}-${(sourceCount += 1)}.json`

      beforeAll(async () => {
        fake = await startFakeTranslator(name)
        profiles = await profileFile()
        app = await createTestApp(database.name, { env: { ...fake.env, ...CDN_ENV, LISTINGS_DISPLAY_PROFILES: profiles.file } })
        s = app.services
        app.clock.set(T0)
      })

      afterAll(async () => {
        await app?.close()
        await fake?.close()
        await profiles?.remove()
      })

      it('translates the active listings of allowed sources into Korean, newest first, in the provider batch shape, and purges the listing pages', async () => {
        const source = nextSource()
        const listings: Array<Listing> = [
          { key: 'A', remarks: 'Sunny corner lot with a new roof.', date: '2026-11-01' },
          { key: 'B', remarks: 'Walk to Northwood High.\r\nQuiet street. ', date: '2026-11-05' },
          { key: 'C', remarks: 'Remodeled kitchen, quartz counters.', date: '2026-11-03' },
          { key: 'D', remarks: 'Pool and spa; solar owned.', date: '2026-11-04' },
          { key: 'E', remarks: 'Cul-de-sac, three-car garage.', date: '2026-11-02' },
          { key: 'NONE', remarks: null, date: '2026-11-06' },
          // A Korean agent's own words: shown as they are, never sent.
          { key: 'HANGUL', remarks: '학군 좋은 조용한 동네, 새 지붕.', date: '2026-11-08' },
        ]
        const ids = await seed(s, source, listings, T0)
        // A feed no profile allows: never sent (some MLSs forbid altering listing content).
        const forbidden = await seed(s, 'reso:mls.example.com', [{ key: 'R', remarks: 'Not to be altered.', date: '2026-11-07' }], T0)
        const before = await readRevisions(s.db)
        await s.db.deleteFrom('cdnPurgeOutbox').execute()

        const summary = await translatePendingRemarks(s, { provider: providerOf(s), retry: recordingRetry() })

        expect(fake.refusals).toEqual([])
        expect(summary).toMatchObject({ translated: 5, unchanged: 0, pending: 0, alreadyKorean: 1, stop: undefined })
        expect(fake.translated).toHaveLength(REQUESTS_FOR_FIVE[name])
        // Newest first, as sent (line ends made \n, the ends trimmed).
        expect(fake.translated.flatMap((request) => request.texts)).toEqual([
          'Walk to Northwood High.\nQuiet street.',
          'Pool and spa; solar owned.',
          'Remodeled kitchen, quartz counters.',
          'Cul-de-sac, three-car garage.',
          'Sunny corner lot with a new roof.',
        ])
        expect(new Set(fake.translated.map((request) => request.target))).toEqual(new Set([TARGET_CODE[name]]))
        expect(await storedTexts(s, ids)).toEqual({
          A: fakeTranslation('Sunny corner lot with a new roof.', TARGET_CODE[name]),
          B: fakeTranslation('Walk to Northwood High.\nQuiet street.', TARGET_CODE[name]),
          C: fakeTranslation('Remodeled kitchen, quartz counters.', TARGET_CODE[name]),
          D: fakeTranslation('Pool and spa; solar owned.', TARGET_CODE[name]),
          E: fakeTranslation('Cul-de-sac, three-car garage.', TARGET_CODE[name]),
        })
        expect(await storedTexts(s, forbidden)).toEqual({})
        // What a page reads: the translation of the remarks it shows, and none for other remarks.
        const homeId = ids.get('B') ?? ''
        expect(await storedRemarksTranslation(s.db, { homeId, remarks: 'Walk to Northwood High.\r\nQuiet street. ' }, 'ko')).toMatchObject({
          text: fakeTranslation('Walk to Northwood High.\nQuiet street.', TARGET_CODE[name]),
          provider: name,
        })
        expect(await storedRemarksTranslation(s.db, { homeId, remarks: 'Price reduced!' }, 'ko')).toBeUndefined()
        expect((await readRevisions(s.db)).listings).toBeGreaterThan(before.listings)
        expect(await s.db.selectFrom('cdnPurgeOutbox').select('key').execute()).toEqual([{ key: 'listings' }])
        expect(await metric('translation_characters_sent_total', { provider: name })).toBeGreaterThanOrEqual(summary.chars)
        await retireAll(s, source)
        await retireAll(s, 'reso:mls.example.com')
      })

      it('never sends unchanged remarks again, even when an import rewrote the listing; changed remarks alone are sent again', async () => {
        const source = nextSource()
        const listings: Array<Listing> = [
          { key: 'K1', remarks: 'Views of the hills.', date: '2026-10-01' },
          { key: 'K2', remarks: 'Close to parks.', date: '2026-10-02' },
        ]
        const ids = await seed(s, source, listings, T0)
        await translatePendingRemarks(s, { provider: providerOf(s), retry: recordingRetry() })
        const sent = fake.translated.length

        expect(await translatePendingRemarks(s, { provider: providerOf(s), retry: recordingRetry() })).toMatchObject({ translated: 0, unchanged: 0 })
        // Every import rewrites a changed listing: a new price, the same remarks.
        await seed(s, source, [{ ...listings[0]!, price: 850_000 }, listings[1]!], new Date(T0.getTime() + 60_000))
        const revision = (await readRevisions(s.db)).listings
        await s.db.deleteFrom('cdnPurgeOutbox').execute()
        expect(await translatePendingRemarks(s, { provider: providerOf(s), retry: recordingRetry() })).toMatchObject({ translated: 0, unchanged: 1 })
        expect(fake.translated.length).toBe(sent)
        expect((await readRevisions(s.db)).listings).toBe(revision)
        expect(await s.db.selectFrom('cdnPurgeOutbox').select('key').execute()).toEqual([])
        // Compared once: the next pass does not read it again.
        expect(await translatePendingRemarks(s, { provider: providerOf(s), retry: recordingRetry() })).toMatchObject({ translated: 0, unchanged: 0 })

        await seed(
          s,
          source,
          [
            { ...listings[0]!, price: 850_000 },
            { ...listings[1]!, remarks: 'Close to parks and the new library.' },
          ],
          new Date(T0.getTime() + 120_000),
        )
        expect(await translatePendingRemarks(s, { provider: providerOf(s), retry: recordingRetry() })).toMatchObject({ translated: 1 })
        expect(fake.translated.slice(sent).flatMap((request) => request.texts)).toEqual(['Close to parks and the new library.'])
        expect((await storedTexts(s, ids)).K2).toBe(fakeTranslation('Close to parks and the new library.', TARGET_CODE[name]))
        expect((await readRevisions(s.db)).listings).toBeGreaterThan(revision)
        await retireAll(s, source)
      })

      it('stops at a used-up quota: nothing stored for what failed, its characters back in the budget, the failure counted', async () => {
        const source = nextSource()
        const ids = await seed(s, source, [{ key: 'Q1', remarks: 'Ocean breeze all year.', date: '2026-09-01' }], T0)
        const used = await charsUsedToday(s.db, s.now())
        const failures = await metric('translation_failures_total', { provider: name, kind: 'quota' })
        fake.failNext({ kind: 'quota' })

        const summary = await translatePendingRemarks(s, { provider: providerOf(s), retry: recordingRetry() })

        expect(summary).toMatchObject({ translated: 0, pending: 1, stop: { reason: 'provider', error: { kind: 'quota' } } })
        expect(await storedTexts(s, ids)).toEqual({})
        expect(await charsUsedToday(s.db, s.now())).toBe(used)
        expect(await metric('translation_failures_total', { provider: name, kind: 'quota' })).toBe(failures + 1)
        // The quota is not asked again in the same pass: one request.
        expect(fake.failed).toBeGreaterThanOrEqual(1)
        // Once the provider takes work again, the next pass translates it.
        expect(await translatePendingRemarks(s, { provider: providerOf(s), retry: recordingRetry() })).toMatchObject({ translated: 1, pending: 0 })
        await retireAll(s, source)
      })

      it('waits as a 429 Retry-After asks and tries again; a wait longer than the policy leaves the listing for a later pass', async () => {
        const source = nextSource()
        const ids = await seed(s, source, [{ key: 'T1', remarks: 'Walk-in closets.', date: '2026-08-01' }], T0)
        fake.failNext({ kind: 'rate_limited', retryAfter: '2' })
        const retry = recordingRetry()
        expect(await translatePendingRemarks(s, { provider: providerOf(s), retry })).toMatchObject({ translated: 1 })
        expect(retry.waits).toEqual([2_000])
        expect(Object.keys(await storedTexts(s, ids))).toEqual(['T1'])

        await seed(s, source, [{ key: 'T2', remarks: 'Corner unit.', date: '2026-08-02' }], T0)
        fake.failNext({ kind: 'rate_limited', retryAfter: '120' })
        const patient = recordingRetry()
        const summary = await translatePendingRemarks(s, { provider: providerOf(s), retry: patient })
        expect(summary).toMatchObject({ translated: 0, pending: 1, stop: { reason: 'provider', error: { kind: 'rate_limited', retryAfterMs: 120_000 } } })
        expect(patient.waits).toEqual([])
        // A 5xx is retried after the doubling wait.
        fake.failNext({ kind: 'server' }, 2)
        const backoff = recordingRetry()
        expect(await translatePendingRemarks(s, { provider: providerOf(s), retry: backoff })).toMatchObject({ translated: 1 })
        expect(backoff.waits).toEqual([1_000, 2_000])
        await retireAll(s, source)
      })
    })
  }

  describe('across processes, budgets, retirement and drafts (DeepL)', () => {
    let app: TestApp
    let s: AppServices
    let fake: FakeTranslator
    let profiles: { file: string; remove: () => Promise<void> }

    /** Another process's settings: the same as this one's. */
    let env: Record<string, string>

    beforeAll(async () => {
      fake = await startFakeTranslator('deepl')
      profiles = await profileFile()
      env = { ...fake.env, LISTINGS_DISPLAY_PROFILES: profiles.file, TRANSLATION_DAILY_CHARS: '1000', RATE_LIMIT_TRANSLATE: '3' }
      app = await createTestApp(database.name, { env })
      s = app.services
      app.clock.set(T0)
    })

    afterAll(async () => {
      await app?.close()
      await fake?.close()
      await profiles?.remove()
    })

    it('refuses a wrong key as auth without asking again', async () => {
      const wrong = translationProviderFor({ provider: 'deepl', apiKey: 'not-the-key', url: fake.url }, s.now)
      if (!wrong) throw new Error('no provider')
      const source = 'file:wrong-key.json'
      await seed(s, source, [{ key: 'W1', remarks: 'Hardwood floors.', date: '2026-07-01' }], T0)
      const before = fake.translated.length
      const summary = await translatePendingRemarks(s, { provider: wrong, retry: recordingRetry() })
      expect(summary).toMatchObject({ translated: 0, pending: 1, stop: { reason: 'provider', error: { kind: 'auth' } } })
      expect(fake.translated.length).toBe(before)
      await retireAll(s, source)
    })

    it('two processes on one database translate the same listings once between them', async () => {
      const source = 'file:two-workers.json'
      const listings = Array.from({ length: 12 }, (_, index) => ({
        key: `P${index}`,
        remarks: `Home number ${index}.`,
        date: `2026-06-${String(index + 1).padStart(2, '0')}`,
      }))
      const ids = await seed(s, source, listings, T0)
      const second = await openSecondServices(database.name, s, env)
      try {
        // Slow answers, small batches: the two passes' claims interleave.
        fake.setDelay(30)
        const before = fake.translated.length
        const [first, other] = await Promise.all([
          translatePendingRemarks(s, { provider: providerOf(s), retry: recordingRetry(), storeBatch: 3 }),
          translatePendingRemarks(second, { provider: providerOf(second), retry: recordingRetry(), storeBatch: 3 }),
        ])
        const sentTexts = fake.translated.slice(before).flatMap((request) => request.texts)
        expect(sentTexts.toSorted()).toEqual(listings.map((listing) => listing.remarks).toSorted())
        expect(first.translated + other.translated).toBe(12)
        expect(Object.keys(await storedTexts(s, ids))).toHaveLength(12)
        expect(await s.db.selectFrom('listingRemarksTranslationClaim').selectAll().execute()).toEqual([])
      } finally {
        fake.setDelay(0)
        await second.close()
      }
      await retireAll(s, source)
    })

    it("spends at most nine tenths of the day's budget, newest first, shared by every process; the rest waits for the next day", async () => {
      const source = 'file:budget.json'
      // 100 characters each: the job may spend 900 of the 1,000 today.
      const remarks = (letter: string) => `${letter.repeat(99)}.`
      const listings = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l'].map((letter, index) => ({
        key: `B-${letter}`,
        remarks: remarks(letter),
        date: `2026-05-${String(30 - index).padStart(2, '0')}`,
      }))
      const ids = await seed(s, source, listings, T0)
      const second = await openSecondServices(database.name, s, env)
      try {
        // A day nothing else spent on; another process took 350 characters of it already.
        app.clock.set(new Date(T0.getTime() + 10 * DAY))
        expect(await charsUsedToday(s.db, s.now())).toBe(0)
        expect(await reserveChars(second.db, budgetDay(s.now()), 350, 1000)).toBe(true)

        const summary = await translatePendingRemarks(s, { provider: providerOf(s), retry: recordingRetry() })
        expect(summary).toMatchObject({ translated: 5, pending: 7, stop: { reason: 'budget' } })
        expect(Object.keys(await storedTexts(s, ids)).toSorted()).toEqual(['B-a', 'B-b', 'B-c', 'B-d', 'B-e'])
        expect(await charsUsedToday(s.db, s.now())).toBe(850)
        expect(await metric('translation_pending', {})).toBe(7)

        // The next UTC day: a new budget.
        app.clock.advance(DAY)
        expect(await translatePendingRemarks(second, { provider: providerOf(second), retry: recordingRetry() })).toMatchObject({ translated: 7, pending: 0 })
        expect(await charsUsedToday(s.db, s.now())).toBe(700)
      } finally {
        await second.close()
        app.clock.set(T0)
      }
      await retireAll(s, source)
    })

    it("deletes a retired listing's translation", async () => {
      const source = 'file:retired.json'
      const ids = await seed(s, source, [{ key: 'GONE', remarks: 'Sold fast.', date: '2026-04-01' }], T0)
      await translatePendingRemarks(s, { provider: providerOf(s), retry: recordingRetry() })
      expect(Object.keys(await storedTexts(s, ids))).toEqual(['GONE'])
      await retireAll(s, source)
      expect(await translatePendingRemarks(s, { provider: providerOf(s), retry: recordingRetry() })).toMatchObject({ deleted: 1 })
      expect(await storedTexts(s, ids)).toEqual({})
    })

    it('runs a pass once after start, after each import, and when a budget-stopped pass may go on the next day', async () => {
      const state: ScheduleState = { lastImportSeen: undefined, retryAt: undefined }
      const provider = providerOf(s)
      expect(await checkRemarksTranslation(s, state, { provider, retry: recordingRetry() })).toBeDefined()
      expect(await checkRemarksTranslation(s, state, { provider, retry: recordingRetry() })).toBeUndefined()
      const source = 'file:schedule.json'
      await seed(s, source, [{ key: 'S1', remarks: 'Fresh paint.', date: '2026-03-01' }], T0)
      app.clock.advance(60_000)
      await writeImportState(s.db, s, source, null, s.now(), { listingsChanged: true })
      expect(await checkRemarksTranslation(s, state, { provider, retry: recordingRetry() })).toMatchObject({ translated: 1 })
      expect(state.retryAt).toBeUndefined()
      app.clock.set(T0)
      await retireAll(s, source)
    })

    it("translates a realtor's draft both ways through the same provider, per-account limited", async () => {
      const accountId = 'account-drafts'
      const long = Array.from({ length: 3 }, (_, index) => `Paragraph ${index}.`).join('\n\n')
      expect(await translateDraft(s, { accountId, text: '  안녕하세요, 김리얼터입니다.  ', from: 'ko', to: 'en' }, recordingRetry())).toEqual({
        ok: true,
        text: fakeTranslation('안녕하세요, 김리얼터입니다.', 'EN-US'),
      })
      const last = fake.translated.at(-1)
      expect(last).toMatchObject({ target: 'EN-US', source: 'KO' })
      expect(await translateDraft(s, { accountId, text: long, from: 'en', to: 'ko' }, recordingRetry())).toEqual({
        ok: true,
        text: fakeTranslation(long, 'KO'),
      })
      fake.failNext({ kind: 'server' }, 3)
      expect(await translateDraft(s, { accountId, text: 'Thank you!', from: 'en', to: 'ko' }, recordingRetry())).toEqual({ ok: false, reason: 'provider' })
      expect(await translateDraft(s, { accountId, text: 'Again', from: 'en', to: 'ko' }, recordingRetry())).toMatchObject({ ok: false, reason: 'rate_limited' })
      // Another account has its own limit; the day's budget is everyone's.
      expect(await translateDraft(s, { accountId: 'other', text: 'x'.repeat(1001), from: 'en', to: 'ko' }, recordingRetry())).toEqual({
        ok: false,
        reason: 'budget',
      })
    })

    it('answers /readyz without asking the provider', async () => {
      const dead = await createTestApp(database.name, { env: { TRANSLATION_PROVIDER: 'deepl', DEEPL_API_KEY: 'k', DEEPL_API_URL: 'http://127.0.0.1:9' } })
      try {
        const response = await answerOpsRequest(new Request(`${ORIGIN}/readyz`), '/readyz', {
          services: () => Promise.resolve(dead.services),
          metricsToken: undefined,
        })
        expect(response?.status).toBe(200)
      } finally {
        await dead.close()
      }
    })
  })

  it('translates nothing with TRANSLATION_PROVIDER=off', async () => {
    const app = await createTestApp(database.name)
    try {
      expect(translationProviderFor(app.services.config.translation, app.services.now)).toBeUndefined()
      expect(await translateDraft(app.services, { accountId: 'a', text: 'Hello', from: 'en', to: 'ko' })).toEqual({ ok: false, reason: 'off' })
    } finally {
      await app.close()
    }
  })
})
