import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import ICAL from 'ical.js'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { importFromResoFile } from '../../src/server/listings/import-file'
import type { ResoConfig } from '../../src/server/listings/reso-config'
import { importFromResoWebApi } from '../../src/server/listings/reso-web-api'
import { purgeEndedOpenHouses } from '../../src/server/open-houses/open-house-store'
import {
  api,
  createTestApp,
  describeOnEachDatabase,
  expectError,
  signUp,
  signUpAdmin,
  uniqueEmail,
  validRealtor,
  type RealtorBody,
  type TestApp,
} from './harness'
import { startResoFixtureServer, type ResoFixtureServer, type ResoRecord } from './reso-fixture-server'

/*
 * Open houses (issue 26 item 5) on SQLite and PostgreSQL: the RESO OpenHouse import against the
 * loopback OData server (added, updated, removed when gone, cancelled or ended; a feed without
 * the resource), the file import, `openHouses` on home/list and the listing resource, the
 * realtor's own open houses over REST (permissions, validation), and the public .ics file.
 */

/** Friday 2026-03-06, noon in Irvine: the weekend ahead crosses the spring daylight-saving change. */
const NOW = new Date('2026-03-06T20:00:00.000Z')
const EN = 'en'

function property(key: string, state: 'CA' | 'GA', overrides: ResoRecord = {}): ResoRecord {
  const city = state === 'CA' ? 'Irvine' : 'Duluth'
  return {
    ListingKey: key,
    ListPrice: 900_000,
    StandardStatus: 'Active',
    PropertyType: 'Residential',
    PropertySubType: 'SingleFamilyResidence',
    BedroomsTotal: 3,
    BathroomsTotalInteger: 2,
    UnparsedAddress: `12 ${key} Way`,
    City: city,
    StateOrProvince: state,
    PostalCode: state === 'CA' ? '92620' : '30097',
    ListOfficeName: 'Example Realty',
    OnMarketDate: '2026-03-01',
    ModificationTimestamp: '2026-03-01T10:00:00Z',
    ...overrides,
  }
}

function openHouse(key: string, listingKey: string, start: string, end: string, overrides: ResoRecord = {}): ResoRecord {
  return {
    OpenHouseKey: key,
    ListingKey: listingKey,
    OpenHouseStartTime: start,
    OpenHouseEndTime: end,
    OpenHouseType: 'Public',
    OpenHouseStatus: 'Active',
    OpenHouseRemarks: 'Shoes off, please.',
    ListAgentDirectPhone: 'not requested',
    ...overrides,
  }
}

type OpenHouseBody = { id: string; start: string; end: string; timeZone: string; kind: string; remarks: string | null; source: string; calendarUrl: string }
type HomeBody = { homeId: string; openHouses: Array<OpenHouseBody> }
type ListBody = { homes: Array<HomeBody> }
type RealtorOpenHouseBody = OpenHouseBody & { realtorId: string; listingKey: string; address: string }

describeOnEachDatabase('open houses', (database) => {
  let app: TestApp
  let server: ResoFixtureServer
  let source: string

  function config(overrides: Partial<ResoConfig> = {}): ResoConfig {
    return {
      serviceRoot: server.serviceRoot,
      resource: 'Property',
      credentials: { kind: 'token', accessToken: 'unused' },
      states: ['CA', 'GA'],
      cities: [],
      statuses: ['Active'],
      pageSize: 2,
      openHouseResource: 'OpenHouse',
      ...overrides,
    }
  }

  async function run(overrides: Partial<ResoConfig> = {}) {
    // The fixture server issues tokens by client credentials only.
    return importFromResoWebApi(
      app.services,
      config({
        credentials: { kind: 'client-credentials', tokenUrl: server.tokenUrl, clientId: server.clientId, clientSecret: server.clientSecret },
        ...overrides,
      }),
      { sleep: () => Promise.resolve(), baseDelayMs: 1 },
    )
  }

  async function stored() {
    return app.services.db.selectFrom('openHouse').selectAll().orderBy('sourceKey').execute()
  }

  beforeEach(async () => {
    app = await createTestApp(database.name)
    app.clock.set(NOW)
    server = await startResoFixtureServer({ openHouses: true })
    server.records.push(property('IRV-1', 'CA'), property('IRV-2', 'CA'), property('IRV-3', 'CA', { InternetAddressDisplayYN: false }), property('GA-1', 'GA'))
    server.openHouses.push(
      // Saturday 1–4 pm in Irvine (PST, UTC-8) and Sunday 1–4 pm in Duluth (EDT from 2 am that day, UTC-4).
      openHouse('OH-1', 'IRV-1', '2026-03-07T21:00:00Z', '2026-03-08T00:00:00Z'),
      openHouse('OH-2', 'GA-1', '2026-03-08T17:00:00Z', '2026-03-08T20:00:00Z', { OpenHouseType: 'Virtual', OpenHouseRemarks: null }),
      openHouse('OH-3', 'IRV-2', '2026-03-08T20:00:00Z', '2026-03-08T23:00:00Z'),
      // Left out: agents only, cancelled, a listing this source does not hold, already ended.
      openHouse('OH-BROKER', 'IRV-2', '2026-03-09T17:00:00Z', '2026-03-09T19:00:00Z', { OpenHouseType: 'Broker' }),
      openHouse('OH-CANCELLED', 'IRV-1', '2026-03-14T21:00:00Z', '2026-03-15T00:00:00Z', { OpenHouseStatus: 'Cancelled' }),
      openHouse('OH-ELSEWHERE', 'TX-9', '2026-03-07T21:00:00Z', '2026-03-08T00:00:00Z'),
      openHouse('OH-ENDED', 'IRV-1', '2026-03-01T21:00:00Z', '2026-03-02T00:00:00Z'),
    )
    source = `reso:${new URL(server.origin).host}`
  })

  afterEach(async () => {
    await server?.close()
    await app?.close()
  })

  it('imports the feed’s open houses after its listings, paged, with the listing’s zone; leaves out broker-only, cancelled, unknown and ended ones', async () => {
    const summary = await run()
    expect(summary.warnings).toEqual([])
    expect(summary.openHouses).toEqual({ received: 6, stored: 3, removed: 0, skipped: 3 })
    const requests = server.requests.filter((request) => request.path === '/odata/OpenHouse')
    expect(requests.length).toBe(3)
    expect(requests[0]?.query.$filter).toBe(`OpenHouseEndTime gt ${NOW.toISOString()}`)
    expect(requests[0]?.query.$select?.split(',').sort()).toEqual(
      ['ListingKey', 'OpenHouseEndTime', 'OpenHouseKey', 'OpenHouseRemarks', 'OpenHouseStartTime', 'OpenHouseStatus', 'OpenHouseType'].sort(),
    )
    expect(requests[0]?.authorization).toMatch(/^Bearer token-/)
    const rows = await stored()
    expect(
      rows.map((row) => [row.sourceKey, row.feedSource, row.source, row.realtorId, row.timeZone, row.kind, row.startsAt, row.endsAt, row.remarks]),
    ).toEqual([
      ['OH-1', source, 'mls', null, 'America/Los_Angeles', 'in_person', '2026-03-07T21:00:00.000Z', '2026-03-08T00:00:00.000Z', 'Shoes off, please.'],
      ['OH-2', source, 'mls', null, 'America/New_York', 'virtual', '2026-03-08T17:00:00.000Z', '2026-03-08T20:00:00.000Z', null],
      ['OH-3', source, 'mls', null, 'America/Los_Angeles', 'in_person', '2026-03-08T20:00:00.000Z', '2026-03-08T23:00:00.000Z', 'Shoes off, please.'],
    ])
  })

  it('updates changed ones by key and removes those gone from the feed, cancelled, or ended', async () => {
    await run()
    const firstIds = new Map((await stored()).map((row) => [row.sourceKey, row.id]))
    const oh1 = server.openHouses.find((row) => row.OpenHouseKey === 'OH-1')
    if (!oh1) throw new Error('no OH-1')
    oh1.OpenHouseEndTime = '2026-03-08T01:00:00Z'
    server.openHouses.splice(
      server.openHouses.findIndex((row) => row.OpenHouseKey === 'OH-2'),
      1,
    )
    const oh3 = server.openHouses.find((row) => row.OpenHouseKey === 'OH-3')
    if (oh3) oh3.OpenHouseStatus = 'Cancelled'
    const summary = await run()
    expect(summary.openHouses).toMatchObject({ stored: 1, removed: 2 })
    const rows = await stored()
    expect(rows.map((row) => [row.sourceKey, row.endsAt])).toEqual([['OH-1', '2026-03-08T01:00:00.000Z']])
    // Updated in place: the id (and with it the .ics UID) stays.
    expect(rows[0]?.id).toBe(firstIds.get('OH-1'))

    // Once OH-1 has ended, no page shows it even before anything deletes it; the next import (or the daily purge) deletes it.
    app.clock.set(new Date('2026-03-08T01:00:00.000Z'))
    const list = await api<ListBody>(app.services, 'GET', '/home/list?state=CA&city=Irvine')
    expect(list.body.homes.find((home) => home.homeId === 'IRV-1')?.openHouses).toEqual([])
    expect(await purgeEndedOpenHouses(app.services.db, app.clock.now())).toBe(1)
    expect(await stored()).toEqual([])
  })

  it('skips the resource, logged, when the feed does not offer it (404), and the listings import succeeds', async () => {
    const bare = await startResoFixtureServer()
    bare.records.push(property('IRV-1', 'CA'))
    try {
      const summary = await importFromResoWebApi(
        app.services,
        {
          ...config(),
          serviceRoot: bare.serviceRoot,
          credentials: { kind: 'client-credentials', tokenUrl: bare.tokenUrl, clientId: bare.clientId, clientSecret: bare.clientSecret },
        },
        { sleep: () => Promise.resolve() },
      )
      expect(summary.inserted).toBe(1)
      expect(summary.warnings).toEqual([])
      expect(summary.openHouses?.unavailable).toMatch(/no OpenHouse resource \(HTTP 404\)/)
    } finally {
      await bare.close()
    }
  })

  it('keeps the stored open houses, with a warning, when the resource fails', async () => {
    await run()
    server.inject({ when: (request) => request.path === '/odata/OpenHouse', times: 10, action: { status: 503 } })
    const summary = await run()
    expect(summary.warnings.join(' ')).toMatch(/open houses could not be read/)
    expect((await stored()).length).toBe(3)
  })

  it('imports a file’s OpenHouse array, and its next version replaces the source’s open houses', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'open-houses-'))
    try {
      const file = path.join(dir, 'feed.json')
      await writeFile(
        file,
        JSON.stringify({ value: [property('IRV-9', 'CA')], OpenHouse: [openHouse('F-1', 'IRV-9', '2026-03-07T21:00:00Z', '2026-03-08T00:00:00Z')] }),
      )
      const first = await importFromResoFile(app.services, file)
      expect(first.openHouses).toEqual({ received: 1, stored: 1, removed: 0, skipped: 0 })
      await writeFile(
        file,
        JSON.stringify({ value: [property('IRV-9', 'CA')], OpenHouse: [openHouse('F-2', 'IRV-9', '2026-03-14T21:00:00Z', '2026-03-15T00:00:00Z')] }),
      )
      const second = await importFromResoFile(app.services, file)
      expect(second.openHouses).toEqual({ received: 1, stored: 1, removed: 1, skipped: 0 })
      expect((await stored()).map((row) => [row.sourceKey, row.feedSource])).toEqual([['F-2', 'file:feed.json']])
      // A file without the array leaves the open houses alone.
      await writeFile(file, JSON.stringify({ value: [property('IRV-9', 'CA')] }))
      expect((await importFromResoFile(app.services, file)).openHouses).toBeUndefined()
      expect((await stored()).length).toBe(1)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('lists openHouses on every item of home/list (empty when none) and on the listing resource', async () => {
    await run()
    const list = await api<ListBody>(app.services, 'GET', '/home/list?state=CA&city=Irvine&homesPerPage=10')
    expect(list.status).toBe(200)
    const byKey = new Map(list.body.homes.map((home) => [home.homeId, home.openHouses]))
    expect(byKey.get('IRV-1')).toEqual([
      {
        id: expect.any(String) as unknown,
        start: '2026-03-07T21:00:00.000Z',
        end: '2026-03-08T00:00:00.000Z',
        timeZone: 'America/Los_Angeles',
        kind: 'in_person',
        remarks: 'Shoes off, please.',
        source: 'mls',
        calendarUrl: expect.stringMatching(/^\/cozying-api\/v1\/open-houses\/[0-9a-f-]+\.ics$/) as unknown,
      },
    ])
    expect(byKey.get('IRV-2')?.map((item) => item.start)).toEqual(['2026-03-08T20:00:00.000Z'])
    expect(byKey.get('IRV-3')).toEqual([])
    const detail = await api<HomeBody>(app.services, 'GET', '/home/GA-1')
    expect(detail.body.openHouses.map((item) => [item.kind, item.timeZone, item.remarks])).toEqual([['virtual', 'America/New_York', null]])
  })

  describe('a realtor’s own', () => {
    let ownerToken: string
    let owner: RealtorBody
    let otherToken: string
    let other: RealtorBody

    beforeEach(async () => {
      await run()
      ownerToken = await signUp(app.services, uniqueEmail('owner'))
      owner = (await api<RealtorBody>(app.services, 'POST', '/realtor', { token: ownerToken, body: validRealtor() })).body
      otherToken = await signUp(app.services, uniqueEmail('other'))
      other = (await api<RealtorBody>(app.services, 'POST', '/realtor', { token: otherToken, body: validRealtor() })).body
    })

    const input = { listingKey: 'IRV-1', date: '2026-03-08', startTime: '10:00', endTime: '12:00', kind: 'in_person', remarks: 'Coffee on the patio.' }

    it('adds one in the listing’s local time (across the DST change), shown on that realtor’s pages only, and deletes it', async () => {
      const created = await api<RealtorOpenHouseBody>(app.services, 'POST', '/open-houses', { token: ownerToken, body: input })
      expect(created.status, created.text).toBe(201)
      // 10 am Sunday 2026-03-08 in Irvine is already PDT (UTC-7).
      expect(created.body).toMatchObject({
        realtorId: owner.id,
        listingKey: 'IRV-1',
        start: '2026-03-08T17:00:00.000Z',
        end: '2026-03-08T19:00:00.000Z',
        timeZone: 'America/Los_Angeles',
        source: 'realtor',
        remarks: 'Coffee on the patio.',
        address: '12 IRV-1 Way, Irvine, CA 92620',
      })
      const mine = await api<{ openHouses: Array<RealtorOpenHouseBody> }>(app.services, 'GET', '/open-houses', { token: ownerToken })
      expect(mine.body.openHouses.map((item) => item.id)).toEqual([created.body.id])
      expect((await api<{ openHouses: Array<unknown> }>(app.services, 'GET', '/open-houses', { token: otherToken })).body.openHouses).toEqual([])

      const sources = async (realtor?: string) => {
        const query = realtor ? `?realtor=${realtor}` : ''
        const detail = await api<HomeBody>(app.services, 'GET', `/home/IRV-1${query}`)
        const list = await api<ListBody>(app.services, 'GET', `/home/list?state=CA&city=Irvine${realtor ? `&realtor=${realtor}` : ''}`)
        return {
          detail: detail.body.openHouses.map((item) => item.source),
          card: list.body.homes.find((home) => home.homeId === 'IRV-1')?.openHouses.map((item) => item.source),
        }
      }
      expect(await sources(owner.desiredUrl)).toEqual({ detail: ['mls', 'realtor'], card: ['mls', 'realtor'] })
      expect(await sources(other.desiredUrl)).toEqual({ detail: ['mls'], card: ['mls'] })
      expect(await sources()).toEqual({ detail: ['mls'], card: ['mls'] })

      // Another realtor cannot see or delete it: 404, as for leads.
      expectError(await api(app.services, 'DELETE', `/open-houses/${created.body.id}`, { token: otherToken }), 404, 'NOT_FOUND')
      expectError(await api(app.services, 'GET', `/open-houses?realtorId=${owner.id}`, { token: otherToken }), 404, 'NOT_FOUND')
      expectError(await api(app.services, 'POST', '/open-houses', { token: otherToken, body: { ...input, realtorId: owner.id } }), 404, 'NOT_FOUND')
      // The MLS's are not a realtor's to delete.
      const mls = (await stored()).find((row) => row.source === 'mls')
      expectError(await api(app.services, 'DELETE', `/open-houses/${mls?.id ?? ''}`, { token: ownerToken }), 404, 'NOT_FOUND')

      const deleted = await api(app.services, 'DELETE', `/open-houses/${created.body.id}`, { token: ownerToken })
      expect(deleted.status).toBe(200)
      expect(await sources(owner.desiredUrl)).toEqual({ detail: ['mls'], card: ['mls'] })
    })

    it('shows once an open house the MLS already lists at the same time: the realtor’s own on their pages, the MLS’s elsewhere', async () => {
      // The MLS lists IRV-1 on Saturday 7 March, 1–4 pm in Irvine; the realtor adds 1:30–3 pm.
      const created = await api<RealtorOpenHouseBody>(app.services, 'POST', '/open-houses', {
        token: ownerToken,
        body: { ...input, date: '2026-03-07', startTime: '13:30', endTime: '15:00' },
      })
      expect(created.status, created.text).toBe(201)
      const shown = async (realtor?: string) => {
        const detail = await api<HomeBody>(app.services, 'GET', `/home/IRV-1${realtor ? `?realtor=${realtor}` : ''}`)
        const list = await api<ListBody>(app.services, 'GET', `/home/list?state=CA&city=Irvine${realtor ? `&realtor=${realtor}` : ''}`)
        return {
          detail: detail.body.openHouses.map((item) => item.source),
          card: list.body.homes.find((home) => home.homeId === 'IRV-1')?.openHouses.map((item) => item.source),
        }
      }
      expect(await shown(owner.desiredUrl)).toEqual({ detail: ['realtor'], card: ['realtor'] })
      expect(await shown()).toEqual({ detail: ['mls'], card: ['mls'] })
      // The next day does not overlap it: both show.
      const sunday = await api<RealtorOpenHouseBody>(app.services, 'POST', '/open-houses', { token: ownerToken, body: input })
      expect(sunday.status).toBe(201)
      expect((await shown(owner.desiredUrl)).detail).toEqual(['realtor', 'realtor'])
    })

    it('lets an admin manage any realtor’s', async () => {
      const adminToken = await signUpAdmin(app.services, uniqueEmail('admin'))
      const created = await api<RealtorOpenHouseBody>(app.services, 'POST', '/open-houses', { token: adminToken, body: { ...input, realtorId: owner.id } })
      expect(created.status).toBe(201)
      expect((await api(app.services, 'DELETE', `/open-houses/${created.body.id}`, { token: adminToken })).status).toBe(200)
    })

    it('answers 401 without a token and 400 with translated field errors for bad input', async () => {
      expectError(await api(app.services, 'GET', '/open-houses'), 401, 'UNAUTHORIZED')
      expectError(await api(app.services, 'POST', '/open-houses', { body: input }), 401, 'UNAUTHORIZED')
      const past = await api<{ fieldErrors: Record<string, Array<string>> }>(app.services, 'POST', '/open-houses', {
        token: ownerToken,
        lang: EN,
        body: { ...input, date: '2026-03-06', startTime: '11:00' },
      })
      expectError(past, 400, 'VALIDATION_FAILED')
      expect(past.body.fieldErrors).toEqual({ startTime: ['This time has already passed'] })
      const korean = await api<{ fieldErrors: Record<string, Array<string>> }>(app.services, 'POST', '/open-houses', {
        token: ownerToken,
        lang: 'ko',
        body: { ...input, date: '2026-03-06', startTime: '11:00' },
      })
      expect(korean.body.fieldErrors).toEqual({ startTime: ['이미 지난 시간입니다'] })
      const reversed = await api<{ fieldErrors: Record<string, Array<string>> }>(app.services, 'POST', '/open-houses', {
        token: ownerToken,
        lang: EN,
        body: { ...input, startTime: '15:00', endTime: '14:00' },
      })
      expect(reversed.body.fieldErrors).toEqual({ endTime: ['The end must be after the start'] })
      const unknown = await api<{ fieldErrors: Record<string, Array<string>> }>(app.services, 'POST', '/open-houses', {
        token: ownerToken,
        lang: EN,
        body: { ...input, listingKey: 'NOPE-1' },
      })
      expect(unknown.body.fieldErrors).toEqual({ listingKey: ['No listed home has this number'] })
      const malformed = await api<{ fieldErrors: Record<string, Array<string>> }>(app.services, 'POST', '/open-houses', {
        token: ownerToken,
        lang: EN,
        body: { ...input, date: 'soon', kind: 'drive-by' },
      })
      expect(Object.keys(malformed.body.fieldErrors).sort()).toEqual(['date', 'kind'])
      expectError(await api(app.services, 'PATCH', '/open-houses/x', { token: ownerToken, body: {} }), 405, 'METHOD_NOT_ALLOWED')
    })
  })

  describe('the .ics file', () => {
    function parse(text: string) {
      const vevent = ICAL.Component.fromString(text).getFirstSubcomponent('vevent')
      if (!vevent) throw new Error('no VEVENT')
      return { vevent, event: new ICAL.Event(vevent) }
    }

    it('is public, in the visitor’s language, with the right instants, the address, a stable UID; none for a hidden address; 404 once ended', async () => {
      await run()
      const rows = await stored()
      const oh1 = rows.find((row) => row.sourceKey === 'OH-1')
      if (!oh1) throw new Error('no OH-1')
      const file = await api(app.services, 'GET', `/open-houses/${oh1.id}.ics?lang=en`)
      expect(file.status).toBe(200)
      expect(file.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
      expect(file.headers.get('content-disposition')).toBe('attachment; filename="open-house-IRV-1.ics"')
      const { event } = parse(file.text)
      expect(event.startDate.toJSDate().toISOString()).toBe('2026-03-07T21:00:00.000Z')
      expect(event.endDate.toJSDate().toISOString()).toBe('2026-03-08T00:00:00.000Z')
      expect(event.summary).toBe('Open house: 12 IRV-1 Way, Irvine, CA 92620')
      expect(event.location).toBe('12 IRV-1 Way, Irvine, CA 92620')
      expect(event.description).toContain('Shoes off, please.')
      const koreanText = (await api(app.services, 'GET', `/open-houses/${oh1.id}.ics`)).text
      const korean = parse(koreanText).event
      expect(korean.summary).toBe('오픈 하우스: 12 IRV-1 Way, Irvine, CA 92620')
      // Folded at 75 octets of UTF-8 as served (issue 48 item 3), a Korean line longer than that included.
      const octets = (line: string) => Buffer.byteLength(line, 'utf8')
      expect(
        Math.max(
          ...koreanText
            .replace(/\r\n[ \t]/g, '')
            .split('\r\n')
            .map(octets),
        ),
      ).toBeGreaterThan(75)
      for (const line of koreanText.split('\r\n')) expect(octets(line), line).toBeLessThanOrEqual(75)
      expect(korean.uid).toBe(event.uid)

      // The seller hid the address: no LOCATION, and the title names only the city.
      server.openHouses.push(openHouse('OH-HIDDEN', 'IRV-3', '2026-03-07T21:00:00Z', '2026-03-08T00:00:00Z'))
      await run()
      const hidden = (await stored()).find((row) => row.sourceKey === 'OH-HIDDEN')
      const hiddenFile = parse((await api(app.services, 'GET', `/open-houses/${hidden?.id ?? ''}.ics?lang=en`)).text)
      expect(hiddenFile.vevent.getFirstProperty('location')).toBeNull()
      expect(hiddenFile.event.summary).toBe('Open house: Irvine, CA')

      app.clock.set(new Date('2026-03-08T00:00:00.000Z'))
      expectError(await api(app.services, 'GET', `/open-houses/${oh1.id}.ics`), 404, 'NOT_FOUND')
      expectError(await api(app.services, 'GET', '/open-houses/not-an-id.ics'), 404, 'NOT_FOUND')
    })
  })
})
