import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { seededRandom } from '~/lib/seeded-random'
import { envSchema } from '~/server/config/env'
import { openDatabase } from '~/server/db/database'
import type { NewRealtorRow, SavedSearchTable } from '~/server/db/schema'
import { upsertHomes } from '~/server/listings/home-store'
import { parseResoProperties } from '~/server/listings/reso-property'
import { sendDueAlerts } from '~/server/saved-searches/alerts'
import { matchSavedSearches } from '~/server/saved-searches/matcher'
import { createServices } from '~/server/services'

/*
 * `node scripts/run.mjs scripts/bench-alerts.ts [searches] [listings]` (also BENCH_ONLY=alerts
 * npm run bench): saved-search alerts (issue 13) on a fresh SQLite file in a temp folder.
 * 10,000 confirmed searches spread over 50 cities with realistic filters, 1,000 new listings
 * in those cities; times the matcher and the composing of the mails (into the outbox; no SMTP)
 * separately, and the process's peak RSS.
 */

const CITIES = Array.from({ length: 50 }, (_, index) => ({ city: `Bench City ${index + 1}`, state: index % 5 === 0 ? 'GA' : 'CA' }))

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024)

export async function main(args: Array<string>): Promise<number> {
  const searchCount = Number(args[0] ?? 10_000)
  const listingCount = Number(args[1] ?? 1_000)
  const dir = mkdtempSync(path.join(tmpdir(), 'realtor-bench-alerts-'))
  const random = seededRandom(13)
  const pick = <T>(items: ReadonlyArray<T>): T => items[Math.floor(random() * items.length)] as T
  const services = await createServices({
    database: openDatabase({ kind: 'sqlite', file: path.join(dir, 'app.sqlite') }),
    env: envSchema.parse({ DATA_DIR: dir, SEED_DEMO: 'false', PUBLIC_URL: 'http://localhost:3000' }),
    secret: 'bench-alerts-secret-0123456789abcdef0123456789',
  })
  try {
    const start = new Date(Date.UTC(2026, 2, 1, 12))
    const realtors: Array<NewRealtorRow> = Array.from({ length: 200 }, (_, index) => ({
      id: randomUUID(),
      userId: randomUUID(),
      desiredUrl: `bench-alerts-${index}`,
      desiredUrlKey: `bench-alerts-${index}`,
      hompageUrl: null,
      hompageHost: null,
      email: `agent${index}@bench.example.com`,
      contactPhone: null,
      companyPhone: null,
      phoneCountryCode: 'US',
      kakaoLink: null,
      snsYoutubeUrl: null,
      snsInstagramUrl: null,
      recommendedYoutubeUrl: null,
      aboutMeKr: null,
      aboutMeEn: null,
      salesCount: null,
      lastYearSalesTotal: null,
      licenseNumber: `DRE #0${2_000_000 + index}`,
      careerStart: null,
      careerEnd: null,
      designFontSize: 16,
      designMainColor: '#1D4ED8',
      designMainDarkMode: 'N',
      contentDarkMode: 'N',
      isMakeHomepage: 'Y',
      displayNameKo: `리얼터 ${index}`,
      displayNameEn: `Realtor ${index}`,
      brokerageName: 'Bench Realty',
      brokerageLicenseNumber: null,
      brokerageAddress: '1 Bench Way, Irvine, CA',
      revision: 1,
      createdAt: start.toISOString(),
      updatedAt: start.toISOString(),
    }))
    await services.db.insertInto('realtor').values(realtors).execute()
    const searches: Array<SavedSearchTable> = []
    for (let index = 0; index < searchCount; index++) {
      const place = pick(CITIES)
      const min = random() < 0.5 ? pick([300_000, 500_000, 700_000, 900_000]) : null
      const email = `visitor${index}@bench.example.org`
      searches.push({
        id: randomUUID(),
        realtorId: pick(realtors).id,
        email,
        emailKey: email,
        name: null,
        lang: random() < 0.6 ? 'ko' : 'en',
        siteOrigin: 'http://localhost:3000',
        frequency: random() < 0.7 ? 'instant' : 'daily',
        state: place.state,
        city: place.city,
        cityKey: place.city.toLowerCase(),
        listingType: random() < 0.3 ? null : random() < 0.8 ? 'sale' : 'rent',
        minPrice: min,
        maxPrice: random() < 0.5 ? (min ?? 0) + pick([500_000, 1_000_000, 2_000_000]) : null,
        minBeds: random() < 0.5 ? pick([1, 2, 3, 4]) : null,
        minBaths: random() < 0.3 ? pick([1, 2, 3]) : null,
        sort: 'newest',
        filtersKey: randomUUID(),
        status: 'active',
        linkSecret: randomUUID(),
        consentVersion: 'bench',
        consentText: 'bench',
        consentLang: 'en',
        consentPage: null,
        consentedAt: start.toISOString(),
        createdAt: start.toISOString(),
        updatedAt: start.toISOString(),
        confirmedAt: start.toISOString(),
        lastAlertedAt: null,
        unsubscribedAt: null,
      })
    }
    for (let index = 0; index < searches.length; index += 500)
      await services.db
        .insertInto('savedSearch')
        .values(searches.slice(index, index + 500))
        .execute()
    const values = Array.from({ length: listingCount }, (_, index) => {
      const place = pick(CITIES)
      const rent = random() < 0.2
      return {
        ListingKey: `BENCH-${index}`,
        ListPrice: rent ? 2_000 + Math.floor(random() * 4_000) : 300_000 + Math.floor(random() * 2_000_000),
        StandardStatus: 'Active',
        PropertyType: rent ? 'ResidentialLease' : 'Residential',
        PropertySubType: 'SingleFamilyResidence',
        BedroomsTotal: 1 + Math.floor(random() * 5),
        BathroomsTotalInteger: 1 + Math.floor(random() * 3),
        LivingArea: 800 + Math.floor(random() * 2_500),
        UnparsedAddress: `${index} Bench St, ${place.city}, ${place.state}`,
        City: place.city,
        StateOrProvince: place.state,
        ListOfficeName: 'Bench Office',
        ModificationTimestamp: '2026-03-02T00:00:00Z',
        InternetEntireListingDisplayYN: true,
        InternetAddressDisplayYN: true,
        Media: [{ MediaKey: `m${index}`, MediaURL: `https://photos.example/${index}.jpg`, Order: 1 }],
      }
    })
    const { records } = parseResoProperties(values)
    await upsertHomes(services.db, records, { source: 'file:bench', isDemo: false, now: new Date(start.getTime() + 60_000) })

    const before = process.memoryUsage().rss
    let peak = before
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss)
    }, 50)
    const matchStart = performance.now()
    const matched = await matchSavedSearches(services.db, new Date(start.getTime() + 120_000))
    const matchSeconds = (performance.now() - matchStart) / 1000
    const matchPeak = Math.max(peak, process.memoryUsage().rss)
    console.log(`[bench] alerts: after matching, peak RSS ${megabytes(matchPeak)} MB, heap used ${megabytes(process.memoryUsage().heapUsed)} MB`)
    const sendStart = performance.now()
    const sent = await sendDueAlerts({ ...services, now: () => new Date(start.getTime() + 180_000) })
    const sendSeconds = (performance.now() - sendStart) / 1000
    clearInterval(sampler)
    peak = Math.max(peak, process.memoryUsage().rss)
    console.log(
      `alerts (SQLite): ${searchCount.toLocaleString('en-US')} searches × ${listingCount.toLocaleString('en-US')} new listings: ` +
        `matcher ${matched.matches.toLocaleString('en-US')} matches in ${matchSeconds.toFixed(2)} s (${Math.round(matched.matches / matchSeconds).toLocaleString('en-US')} matches/s); ` +
        `composing ${sent.mails.toLocaleString('en-US')} mails in ${sendSeconds.toFixed(2)} s (${Math.round(sent.mails / sendSeconds)} mails/s); ` +
        `total ${(matchSeconds + sendSeconds).toFixed(2)} s; peak RSS ${megabytes(peak)} MB (${megabytes(before)} MB before matching, Vite's module runner included: ` +
        `the alert run's own peak is ${megabytes(peak - before)} MB)`,
    )
    return 0
  } finally {
    await services.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
