import { afterAll, beforeAll, expect, it } from 'vitest'
import { sellerLeadHome } from '../../src/server/seller-leads/seller-lead-home'
import type { AppServices } from '../../src/server/services'
import { actorFor, api, createTestApp, describeOnEachDatabase, signUp, uniqueEmail, validContact, validRealtor, type TestApp } from './harness'

/*
 * A CMA started from a seller lead (issue 53, decision 075) on SQLite and PostgreSQL: the market
 * analysis tab reads the owner's home as they typed it and the estimate they were shown; only
 * the realtor of the lead may, and only a seller lead has a home (anything else is a 404).
 */

const HOME = { street: '21 Sandpiper', city: 'Irvine', state: 'ca', postalCode: '92618', propertyType: 'condo', beds: 2, baths: 2, livingArea: 1250 }

describeOnEachDatabase('a seller lead’s home for a CMA', (database) => {
  let app: TestApp
  let s: AppServices
  let ownerToken = ''
  let otherToken = ''
  let sellerId = ''
  let messageId = ''

  beforeAll(async () => {
    app = await createTestApp(database.name)
    s = app.services
    ownerToken = await signUp(s, uniqueEmail('slh-owner'))
    otherToken = await signUp(s, uniqueEmail('slh-other'))
    const realtor = await api<{ id: string }>(s, 'POST', '/realtor', { token: ownerToken, body: validRealtor() })
    expect(realtor.status, realtor.text).toBe(201)
    const other = await api<{ id: string }>(s, 'POST', '/realtor', { token: otherToken, body: validRealtor() })
    expect(other.status, other.text).toBe(201)
    const seller = await api<{ id: string }>(s, 'POST', '/seller-leads', {
      body: { realtorId: realtor.body.id, ...HOME, name: '이민지', email: 'minji@example.org', lang: 'ko', timeframe: '0-3', consent: true },
    })
    expect(seller.status, seller.text).toBe(201)
    sellerId = seller.body.id
    const message = await api<{ id: string }>(s, 'POST', '/realtor-contacts', { body: validContact(realtor.body.id) })
    expect(message.status, message.text).toBe(201)
    messageId = message.body.id
  })

  afterAll(async () => {
    await app.close()
  })

  it('gives the lead’s realtor the home as typed (the state in capitals), who asked, their language', async () => {
    const home = await sellerLeadHome(s, await actorFor(s, ownerToken), { id: sellerId })
    expect(home).toMatchObject({ leadId: sellerId, name: '이민지', lang: 'ko', subject: { ...HOME, state: 'CA' } })
    expect(home.subject.yearBuilt).toBeUndefined()
    // The estimate the owner was shown, or null when there were too few homes to give one.
    if (home.estimate) expect(home.estimate.low).toBeLessThanOrEqual(home.estimate.high)
  })

  it('is a 404 for another realtor, for a lead that is not a seller’s, for an unknown id, and a 401 signed out', async () => {
    await expect(sellerLeadHome(s, await actorFor(s, otherToken), { id: sellerId })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await expect(sellerLeadHome(s, await actorFor(s, ownerToken), { id: messageId })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await expect(sellerLeadHome(s, await actorFor(s, ownerToken), { id: 'no-such-lead' })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await expect(sellerLeadHome(s, null, { id: sellerId })).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
  })
})
