import { describe, expect, it } from 'vitest'
import { LEAD_KINDS, LEAD_KIND_ORDER } from '../../src/features/leads/lead-kinds'
import { isoInTimeZone } from '../../src/lib/local-time'
import { phoneForExport } from '../../src/lib/phone-e164'
import { isDue } from '../../src/server/leads/realtor-day'
import { isCalendarDay, leadKindSchema, leadsQuerySchema, leadUpdateBodySchema } from '../../src/schemas/leads'
import { shorten } from '../../src/server/leads/lead-summaries'
import { likeContains, searchKey } from '../../src/server/leads/leads'

/* The lead desk's pure rules (issues 26 and 52): days, follow-ups, search patterns, summaries, the CSV's cells. */

describe('calendar days and follow-ups', () => {
  it('accepts only days that exist, as YYYY-MM-DD', () => {
    expect(isCalendarDay('2026-11-24')).toBe(true)
    expect(isCalendarDay('2028-02-29')).toBe(true)
    expect(isCalendarDay('2026-02-29')).toBe(false)
    expect(isCalendarDay('2026-13-01')).toBe(false)
    expect(isCalendarDay('2026-1-5')).toBe(false)
    expect(isCalendarDay('24/11/2026')).toBe(false)
  })

  it('says a follow-up has come on its day and after on the realtor calendar, never before or without a day', () => {
    const day = { today: '2026-11-24', timeZone: 'Asia/Seoul' }
    expect(isDue('2026-11-24', day)).toBe(true)
    expect(isDue('2026-11-01', day)).toBe(true)
    expect(isDue('2026-11-25', day)).toBe(false)
    expect(isDue(null, day)).toBe(false)
    expect(isDue('2026-11-01', undefined)).toBe(false)
  })
})

describe('the list query and changes', () => {
  it('reads the follow-up filter and the order, newest first by default', () => {
    expect(leadsQuerySchema.parse({}).sort).toBe('newest')
    expect(leadsQuerySchema.parse({ nextFollowUp: 'due', sort: 'nextFollowUp' })).toMatchObject({ nextFollowUp: 'due', sort: 'nextFollowUp' })
    expect(leadsQuerySchema.parse({ nextFollowUp: '', sort: '' })).toMatchObject({ nextFollowUp: undefined, sort: 'newest' })
    expect(leadsQuerySchema.safeParse({ nextFollowUp: 'today' }).success).toBe(false)
    expect(leadsQuerySchema.safeParse({ sort: 'oldest' }).success).toBe(false)
  })

  it('treats empty filters as none and refuses unknown values', () => {
    expect(leadsQuerySchema.parse({ kind: '', stage: '', lang: '', q: '  ' })).toEqual({ limit: 50, sort: 'newest' })
    expect(leadsQuerySchema.parse({ kind: 'tour', q: ' Kim ' })).toMatchObject({ kind: 'tour', q: 'Kim' })
    expect(leadsQuerySchema.safeParse({ stage: 'won' }).success).toBe(false)
    expect(leadsQuerySchema.safeParse({ limit: '501' }).success).toBe(false)
  })

  it('needs a stage or a follow-up day; null clears the day', () => {
    expect(leadUpdateBodySchema.safeParse({}).success).toBe(false)
    expect(leadUpdateBodySchema.parse({ nextFollowUp: null })).toEqual({ nextFollowUp: null })
    expect(leadUpdateBodySchema.safeParse({ nextFollowUp: '2026-02-30' }).success).toBe(false)
    expect(leadUpdateBodySchema.parse({ stage: 'client', nextFollowUp: '2026-12-01' })).toEqual({ stage: 'client', nextFollowUp: '2026-12-01' })
  })
})

describe('search and summaries', () => {
  it('searches LIKE wildcards as characters and lowers ASCII as SQLite does', () => {
    expect(likeContains('50%_off!')).toBe('%50!%!_off!!%')
    expect(searchKey('Kim.MINJI@Example.org')).toBe('kim.minji@example.org')
    expect(searchKey('김민지')).toBe('김민지')
  })

  it('cuts a message to 140 characters on whole code points, flattening lines', () => {
    expect(shorten('Hello\n\nthere')).toBe('Hello there')
    const long = '가'.repeat(200)
    expect(Array.from(shorten(long))).toHaveLength(140)
    expect(shorten(long).endsWith('…')).toBe(true)
    const emoji = '🏠'.repeat(150)
    expect(shorten(emoji)).toBe(`${'🏠'.repeat(139)}…`)
  })
})

describe('every kind has its display', () => {
  it('labels all four kinds', () => {
    expect(LEAD_KIND_ORDER).toEqual(leadKindSchema.options)
    for (const kind of leadKindSchema.options) expect(LEAD_KINDS[kind].label.id).toBeTruthy()
  })
})

describe('the leads CSV cells', () => {
  it('writes an instant on the realtor wall clock with the offset of that day', () => {
    expect(isoInTimeZone('2026-11-24T10:00:00.000Z', 'Asia/Seoul')).toBe('2026-11-24T19:00:00+09:00')
    // Daylight-saving time: -07:00 in summer, -08:00 in winter.
    expect(isoInTimeZone('2026-07-01T19:30:05.000Z', 'America/Los_Angeles')).toBe('2026-07-01T12:30:05-07:00')
    expect(isoInTimeZone('2026-12-01T19:30:05.000Z', 'America/Los_Angeles')).toBe('2026-12-01T11:30:05-08:00')
    expect(isoInTimeZone('2026-12-01T19:30:05.000Z', 'UTC')).toBe('2026-12-01T19:30:05+00:00')
    expect(isoInTimeZone('not a time', 'UTC')).toBe('not a time')
  })

  it('writes phones in E.164 when they are valid numbers, else as typed', () => {
    expect(phoneForExport('714-555-0188')).toBe('+17145550188')
    expect(phoneForExport('(714) 555 0188')).toBe('+17145550188')
    expect(phoneForExport('010-1234-5678', 'KR')).toBe('+821012345678')
    expect(phoneForExport('+82 10-1234-5678')).toBe('+821012345678')
    // Not a number anywhere: kept, never made up.
    expect(phoneForExport('010-1234-5678')).toBe('010-1234-5678')
    expect(phoneForExport('call after 6')).toBe('call after 6')
    expect(phoneForExport(null)).toBe('')
  })
})
