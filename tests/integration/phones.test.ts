import { Migrator } from 'kysely/migration'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { migrationProvider } from '../../src/server/db/migrations'
import { recordLead } from '../../src/server/leads/record-lead'
import type { AppServices } from '../../src/server/services'
import { api, createTestApp, describeOnEachDatabase, signUp, uniqueEmail, validContact, validRealtor, type TestApp } from './harness'

/*
 * Issue 52 item 7 (decision 070) on SQLite and PostgreSQL: phones stored in E.164, and
 * migration 0038 rewriting the rows written before in E.164 where they parse, leaving the rest.
 */

describeOnEachDatabase('phones in E.164', (database) => {
  let app: TestApp
  let s: AppServices

  beforeAll(async () => {
    app = await createTestApp(database.name)
    s = app.services
  })

  afterAll(async () => {
    await app.close()
  })

  it('migration 0039 rewrites stored national numbers in E.164 and leaves numbers that do not parse', async () => {
    const token = await signUp(s, uniqueEmail('phones-owner'))
    const created = await api<{ id: string; contactPhone: string | null }>(s, 'POST', '/realtor', {
      token,
      body: validRealtor({ contactPhone: '(949) 555-0161', companyPhone: '714-555-0100', phoneCountryCode: 'US' }),
    })
    expect(created.status, created.text).toBe(201)
    const realtorId = created.body.id
    expect(created.body.contactPhone).toBe('+19495550161')
    const sent = await api<{ id: string }>(s, 'POST', '/realtor-contacts', {
      body: validContact(realtorId, { phone: '010-1234-5678', phoneCountryCode: 'KR' }),
    })
    expect(sent.status, sent.text).toBe(201)

    const migrator = new Migrator({ db: s.db.withoutPlugins(), provider: migrationProvider })
    const down = await migrator.migrateTo('0038-lead-timeline')
    expect(down.error).toBeUndefined()
    // What the earlier version stored: national digits beside the country.
    expect(await s.db.selectFrom('contactMessage').select('phone').where('id', '=', sent.body.id).executeTakeFirstOrThrow()).toEqual({ phone: '01012345678' })
    expect(await s.db.selectFrom('realtor').select(['contactPhone', 'companyPhone']).where('id', '=', realtorId).executeTakeFirstOrThrow()).toEqual({
      contactPhone: '9495550161',
      companyPhone: '7145550100',
    })
    await s.db.updateTable('lead').set({ phone: '01012345678' }).where('id', '=', sent.body.id).execute()
    // Free-typed numbers of the other kinds, one a number and one not.
    const at = s.now().toISOString()
    const tourLead = crypto.randomUUID()
    const oddLead = crypto.randomUUID()
    await recordLead(s.db, {
      id: tourLead,
      realtorId,
      kind: 'tour',
      name: 'A',
      email: 'a@example.org',
      phone: '(714) 555-0188',
      lang: 'en',
      replyState: 'none',
      at,
    })
    await recordLead(s.db, {
      id: oddLead,
      realtorId,
      kind: 'seller',
      name: 'B',
      email: 'b@example.org',
      phone: 'ask at the office',
      lang: 'en',
      replyState: 'none',
      at,
    })

    const up = await migrator.migrateToLatest()
    expect(up.error).toBeUndefined()
    // 0039 first; later migrations run after it.
    expect(up.results?.map((result) => result.migrationName)[0]).toBe('0039-phones-e164')

    expect(await s.db.selectFrom('contactMessage').select(['phone', 'phoneCountryCode']).where('id', '=', sent.body.id).executeTakeFirstOrThrow()).toEqual({
      phone: '+821012345678',
      phoneCountryCode: 'KR',
    })
    expect(await s.db.selectFrom('realtor').select(['contactPhone', 'companyPhone']).where('id', '=', realtorId).executeTakeFirstOrThrow()).toEqual({
      contactPhone: '+19495550161',
      companyPhone: '+17145550100',
    })
    const leads = await s.db.selectFrom('lead').select(['id', 'phone']).where('id', 'in', [sent.body.id, tourLead, oddLead]).execute()
    expect(Object.fromEntries(leads.map((lead) => [lead.id, lead.phone]))).toEqual({
      [sent.body.id]: '+821012345678',
      [tourLead]: '+17145550188',
      [oddLead]: 'ask at the office',
    })
  })
})
