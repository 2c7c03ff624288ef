import path from 'node:path'
import { QueryClient, type InfiniteData } from '@tanstack/react-query'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'
import {
  afterCmaDeleted,
  afterCmaSaved,
  afterCmaSent,
  afterCmaShareChanged,
  afterCmaStarted,
  afterMessageMarked,
  afterMessageMarkFailed,
  whileMessageMarked,
} from '../../src/queries/changes'
import { cmaKeys } from '../../src/queries/cma'
import { inboxKeys } from '../../src/queries/inbox'
import { leadKeys } from '../../src/queries/leads'
import type { Cma } from '../../src/schemas/cma/cma'
import type { ContactMessage, MessagePage } from '../../src/schemas/inbox'
import { draftCma } from './cma-draft-fixture'

/*
 * What a change makes stale or shows at once, on a real query cache (issue 50: one place for
 * every change, src/queries/changes.ts). A key that matches no query invalidates nothing and
 * fails nothing, so each case checks the entries themselves: stale or not, changed or not.
 */

const REALTOR = 'realtor-1'
const OTHER = 'realtor-2'

const CMA = draftCma({ realtorId: REALTOR, leadId: 'lead-1' })

function message(id: string, status: ContactMessage['status']): ContactMessage {
  return {
    id,
    realtorId: REALTOR,
    name: 'Minji Kim',
    lastName: 'Kim',
    firstName: 'Minji',
    email: 'minji@example.com',
    phone: '',
    phoneCountryCode: 'US',
    message: 'Hello',
    listingKey: null,
    isTerm: 'Y',
    status,
    deliveryState: 'sent',
    createdAt: '2026-12-01T00:00:00.000Z',
    consent: { version: null, text: null, lang: null, page: null, consentedAt: null, phoneContact: null, phoneContactVersion: null, phoneContactText: null },
  }
}

/** A cache with an entry under each key, fresh until a change marks it stale. */
function cacheWith(keys: ReadonlyArray<ReadonlyArray<unknown>>): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } })
  for (const queryKey of keys) queryClient.setQueryData(queryKey, { cached: true })
  return queryClient
}

function isStale(queryClient: QueryClient, queryKey: ReadonlyArray<unknown>): boolean {
  const state = queryClient.getQueryState(queryKey)
  if (!state) throw new Error(`no entry under ${JSON.stringify(queryKey)}`)
  return state.isInvalidated
}

describe('a CMA changed', () => {
  it('sent: the CMA as sent, its list, and the lead desk of its realtor (the mail is on the lead’s timeline), no other realtor’s', async () => {
    const desk = [leadKeys.timeline(REALTOR, 'lead-1'), leadKeys.list(REALTOR), leadKeys.today(REALTOR)]
    const queryClient = cacheWith([...desk, cmaKeys.list(REALTOR), leadKeys.timeline(OTHER, 'lead-9'), cmaKeys.list(OTHER)])
    const sent: Cma = { ...CMA, status: 'sent', sentAt: '2026-12-02T00:00:00.000Z' }
    await afterCmaSent(queryClient, sent)
    for (const key of [...desk, cmaKeys.list(REALTOR)]) expect(isStale(queryClient, key), JSON.stringify(key)).toBe(true)
    expect(isStale(queryClient, leadKeys.timeline(OTHER, 'lead-9'))).toBe(false)
    expect(isStale(queryClient, cmaKeys.list(OTHER))).toBe(false)
    expect(queryClient.getQueryData(cmaKeys.one(CMA.id))).toEqual(sent)
  })

  it('saved: its entry is the saved CMA and its realtor’s list is stale; the desk is not', async () => {
    const queryClient = cacheWith([cmaKeys.list(REALTOR), leadKeys.list(REALTOR)])
    const saved: Cma = { ...CMA, note: 'Priced to sell' }
    await afterCmaSaved(queryClient, saved)
    expect(queryClient.getQueryData(cmaKeys.one(CMA.id))).toEqual(saved)
    expect(isStale(queryClient, cmaKeys.list(REALTOR))).toBe(true)
    expect(isStale(queryClient, leadKeys.list(REALTOR))).toBe(false)
  })

  it('shared or revoked: the link changes on the cached CMA as it is now, not on an older copy', async () => {
    const queryClient = cacheWith([cmaKeys.list(REALTOR)])
    // A save landed after the render that asked for the link.
    queryClient.setQueryData(cmaKeys.one(CMA.id), { ...CMA, note: 'saved meanwhile' })
    const share = {
      token: 'token-1',
      paths: { ko: '/sora-park/cma/token-1', en: '/en/sora-park/cma/token-1' },
      createdAt: '2026-12-02T00:00:00.000Z',
      expiresAt: null,
      revokedAt: null,
    }
    await afterCmaShareChanged(queryClient, CMA, share)
    expect(queryClient.getQueryData(cmaKeys.one(CMA.id))).toEqual({ ...CMA, note: 'saved meanwhile', share })
    await afterCmaShareChanged(queryClient, CMA, null)
    expect(queryClient.getQueryData(cmaKeys.one(CMA.id))).toEqual({ ...CMA, note: 'saved meanwhile', share: null })
    expect(isStale(queryClient, cmaKeys.list(REALTOR))).toBe(true)
  })

  it('started or deleted: the realtor’s list is stale, and a deleted CMA’s entry is gone', async () => {
    const queryClient = cacheWith([cmaKeys.list(REALTOR), cmaKeys.one(CMA.id), cmaKeys.list(OTHER)])
    await afterCmaStarted(queryClient, REALTOR)
    expect(isStale(queryClient, cmaKeys.list(REALTOR))).toBe(true)
    queryClient.setQueryData(cmaKeys.list(REALTOR), { cached: true })
    await afterCmaDeleted(queryClient, { id: CMA.id, realtorId: REALTOR })
    expect(queryClient.getQueryState(cmaKeys.one(CMA.id))).toBeUndefined()
    expect(isStale(queryClient, cmaKeys.list(REALTOR))).toBe(true)
    expect(isStale(queryClient, cmaKeys.list(OTHER))).toBe(false)
  })
})

describe('a message marked', () => {
  const pages = (messages: Array<ContactMessage>): InfiniteData<MessagePage, string> => ({
    pages: [{ messages, nextCursor: null, total: messages.length, unread: 1 }],
    pageParams: [''],
  })
  // Two lists of the same messages (two page sizes): both show the change.
  const lists = [
    [...inboxKeys.messages(REALTOR), { limit: 50 }],
    [...inboxKeys.messages(REALTOR), { limit: 10 }],
  ]
  const statuses = (queryClient: QueryClient) =>
    lists.map((key) => queryClient.getQueryData<InfiniteData<MessagePage, string>>(key)?.pages[0]?.messages.map((each) => each.status))

  it('shows the new status at once, then the message as stored, or the old status back when the save failed', async () => {
    const queryClient = new QueryClient()
    for (const key of lists) queryClient.setQueryData(key, pages([message('m-1', 'new'), message('m-2', 'new')]))
    await whileMessageMarked(queryClient, { realtorId: REALTOR, id: 'm-1', status: 'handled' })
    expect(statuses(queryClient)).toEqual([
      ['handled', 'new'],
      ['handled', 'new'],
    ])
    afterMessageMarkFailed(queryClient, { realtorId: REALTOR, id: 'm-1', previous: 'new' })
    expect(statuses(queryClient)).toEqual([
      ['new', 'new'],
      ['new', 'new'],
    ])
    afterMessageMarked(queryClient, REALTOR, message('m-2', 'read'))
    expect(statuses(queryClient)).toEqual([
      ['new', 'read'],
      ['new', 'read'],
    ])
  })
})

describe('the cache has one door', () => {
  const ROOT = path.resolve(import.meta.dirname, '../..')
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfigFile: path.join(ROOT, 'eslint.config.js'),
    overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
    ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-syntax',
  })
  const byHand = [
    "queryClient.invalidateQueries({ queryKey: ['leads'] })",
    'queryClient.setQueryData(key, value)',
    'queryClient.removeQueries({ queryKey: key })',
    "useQuery({ queryKey: ['homes', q], queryFn: () => search(q) })",
  ]
  const refusals = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(`${code}\n`, { filePath: path.join(ROOT, filePath) })
    if (!result) throw new Error(`ESLint gave no result for ${filePath}`)
    const fatal = result.messages.find((each) => each.fatal)
    if (fatal) throw new Error(`${filePath}: ${fatal.message}`)
    return result.messages.filter((each) => each.ruleId === 'no-restricted-syntax').length
  }

  it.each(byHand)('a feature, a component or a route may not write %s', { timeout: 60_000 }, async (code) => {
    for (const file of ['src/features/cma/cma-x.tsx', 'src/components/x.tsx', 'src/routes/{-$lang}/x.tsx']) expect(await refusals(file, code), file).toBe(1)
  })

  it('src/queries/ may', { timeout: 60_000 }, async () => {
    for (const code of byHand) expect(await refusals('src/queries/changes.ts', code), code).toBe(0)
  })
})
