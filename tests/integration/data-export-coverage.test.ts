import { afterAll, beforeAll, expect, it } from 'vitest'
import { TABLE_COVERAGE } from '../../src/server/data-export/export-coverage'
import { handleApiRequest } from '../../src/server/http/api'
import { seedDemoHomes } from '../../src/server/listings/seed-homes'
import type { AppServices } from '../../src/server/services'
import {
  ORIGIN,
  V1,
  api,
  createTestApp,
  describeOnEachDatabase,
  signUp,
  uniqueEmail,
  uniqueIp,
  validContact,
  validRealtor,
  type RealtorBody,
  type TestApp,
} from './harness'
import { jsonOf, unzip, type ZipEntries } from './zip-entries'

/*
 * Issue 52 item 5 (decision 069): the export holds everything the realtor sees in the
 * workspace, and export.json names each file with its row count. The schema walk lists every
 * table of the migrated database, whatever branch added it, and fails on one that is neither
 * exported nor excluded with a reason in src/server/data-export/export-coverage.ts.
 */

type Manifest = { formatVersion: number; realtorId: string; files: Array<{ name: string; rows: number }> }

/** The database's own name of a table (Kysely's introspection may answer either spelling). */
const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)

async function exportOf(services: AppServices, realtorId: string, token: string): Promise<ZipEntries> {
  const response = await handleApiRequest(
    new Request(`${ORIGIN}${V1}/realtors/${realtorId}/export`, { headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } }),
    { services, clientIp: uniqueIp() },
  )
  expect(response.status, await response.clone().text()).toBe(200)
  return unzip(Buffer.from(await response.arrayBuffer()))
}

describeOnEachDatabase('data export coverage', (database) => {
  let app: TestApp
  let s: AppServices
  let token: string
  let email: string
  let realtor: RealtorBody

  beforeAll(async () => {
    app = await createTestApp(database.name)
    s = app.services
    app.clock.set(new Date('2026-11-20T16:00:00Z'))
    await seedDemoHomes(s, 20)
    email = uniqueEmail('coverage')
    token = await signUp(s, email)
    const created = await api<RealtorBody>(s, 'POST', '/realtor', { token, body: validRealtor() })
    expect(created.status, created.text).toBe(201)
    realtor = created.body
    const message = await api(s, 'POST', '/realtor-contacts', { body: validContact(realtor.id) })
    expect(message.status, message.text).toBe(201)
  })

  afterAll(async () => {
    await app?.close()
  })

  it('knows every table of the database: exported, or excluded with a reason', async () => {
    const tables = (await s.db.introspection.getTables({ withInternalKyselyTables: true })).map((table) => snakeCase(table.name))
    expect(tables.length).toBeGreaterThan(30)
    const unknown = tables.filter((table) => !(table in TABLE_COVERAGE))
    expect(unknown, `tables neither exported nor excluded in src/server/data-export/export-coverage.ts: ${unknown.join(', ')}`).toEqual([])
    // A table dropped by a migration leaves no stale promise behind.
    expect(Object.keys(TABLE_COVERAGE).filter((table) => !tables.includes(table))).toEqual([])
    for (const [table, coverage] of Object.entries(TABLE_COVERAGE)) {
      if ('excluded' in coverage) expect(coverage.excluded.length, `${table} needs a reason`).toBeGreaterThan(20)
    }
  })

  it('holds open houses, the reply and digest settings and the account; export.json names every file with its row count', async () => {
    const list = await api<{ homes: Array<{ homeId: string }> }>(s, 'GET', '/home/list?state=CA&city=Irvine')
    const listingKey = list.body.homes[0]?.homeId ?? ''
    for (const date of ['2026-11-28', '2026-11-29']) {
      const openHouse = await api(s, 'POST', '/open-houses', {
        token,
        body: { realtorId: realtor.id, listingKey, date, startTime: '13:00', endTime: '15:00', kind: 'in_person', remarks: 'Cookies' },
      })
      expect(openHouse.status, openHouse.text).toBe(201)
    }
    const settings = await api<Record<string, unknown>>(s, 'GET', `/realtors/${realtor.id}/reply-settings`, { token })
    const saved = await api(s, 'PUT', `/realtors/${realtor.id}/reply-settings`, {
      token,
      body: { ...settings.body, replyEnabled: false, subjectEn: 'Thanks, {visitorName}', digestHour: 7, digestEnabled: false },
    })
    expect(saved.status, saved.text).toBe(200)

    const entries = await exportOf(s, realtor.id, token)
    const manifest = jsonOf<Manifest>(entries, 'export.json')
    expect(manifest).toMatchObject({ formatVersion: 1, realtorId: realtor.id })

    // Every file but the photos' bytes and photos/missing.json is named, once, with its rows.
    const named = manifest.files.map((file) => file.name)
    expect(new Set(named).size).toBe(named.length)
    const dataFiles = [...entries.keys()].filter((name) => name !== 'export.json' && name !== 'photos/missing.json' && !/^photos\/(?!index\.json$)/.test(name))
    expect(named.sort()).toEqual(dataFiles.sort())
    for (const file of manifest.files) {
      const bytes = entries.get(file.name) ?? Buffer.alloc(0)
      if (file.name.endsWith('.csv')) {
        const lines = bytes
          .toString('utf8')
          .split('\r\n')
          .filter((line) => line !== '')
        expect(Math.max(lines.length - 1, 0), file.name).toBe(file.rows)
      } else {
        const value: unknown = JSON.parse(bytes.toString('utf8'))
        expect(Array.isArray(value) ? value.length : 1, file.name).toBe(file.rows)
      }
    }
    // Each exported table's files are in the ZIP.
    for (const [table, coverage] of Object.entries(TABLE_COVERAGE)) {
      if ('exportedIn' in coverage) for (const file of coverage.exportedIn) expect(named, `${table} → ${file}`).toContain(file)
    }

    const openHouses = jsonOf<Array<Record<string, unknown>>>(entries, 'open-houses.json')
    expect(openHouses).toHaveLength(2)
    expect(openHouses[0]).toMatchObject({
      realtorId: realtor.id,
      source: 'realtor',
      listingKey,
      remarks: 'Cookies',
      kind: 'in_person',
      startsAt: '2026-11-28T21:00:00.000Z',
    })
    expect(openHouses[0]?.listingAddress).toMatch(/Irvine, CA/)
    expect(manifest.files.find((file) => file.name === 'open-houses.csv')?.rows).toBe(2)
    expect(entries.get('open-houses.csv')?.toString('utf8')).toContain('Cookies')

    expect(jsonOf(entries, 'settings/lead-replies.json')).toMatchObject({
      realtorId: realtor.id,
      replyEnabled: false,
      subjectEn: 'Thanks, {visitorName}',
      usesDefaultEn: false,
      usesDefaultKo: true,
      digestHour: 7,
      digestEnabled: false,
    })
    const account = jsonOf<{ id: string; email: string; emailVerified: unknown; createdAt: string }>(entries, 'account.json')
    expect(account).toMatchObject({ id: realtor.userId, email })
    expect(typeof account.emailVerified).toBe('boolean')
    expect(account.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/)
    expect(JSON.stringify(jsonOf(entries, 'account.json'))).not.toMatch(/password|token/i)
    expect(manifest.files.find((file) => file.name === 'leads/messages.json')?.rows).toBe(1)
  })
})
