import { describe, expect, it } from 'vitest'
import { isFollowUpDue, localDay } from '../../src/features/leads/follow-up'
import { LEAD_KINDS, LEAD_KIND_ORDER } from '../../src/features/leads/lead-kinds'
import { leadsCsv, leadsCsvFileName, type CsvLead, type LeadsCsvLabels } from '../../src/features/leads/leads-csv'
import { isCalendarDay, leadKindSchema, leadsQuerySchema, leadUpdateBodySchema } from '../../src/schemas/leads'
import { shorten } from '../../src/server/leads/lead-summaries'
import { likeContains, searchKey } from '../../src/server/leads/leads'

/* The lead desk's pure rules (issue 26): days, follow-ups, search patterns, summaries, the CSV. */

describe('calendar days and follow-ups', () => {
  it('accepts only days that exist, as YYYY-MM-DD', () => {
    expect(isCalendarDay('2026-11-24')).toBe(true)
    expect(isCalendarDay('2028-02-29')).toBe(true)
    expect(isCalendarDay('2026-02-29')).toBe(false)
    expect(isCalendarDay('2026-13-01')).toBe(false)
    expect(isCalendarDay('2026-1-5')).toBe(false)
    expect(isCalendarDay('24/11/2026')).toBe(false)
  })

  it('says a follow-up has come on its day and after, never before or without a day', () => {
    expect(isFollowUpDue('2026-11-24', '2026-11-24')).toBe(true)
    expect(isFollowUpDue('2026-11-01', '2026-11-24')).toBe(true)
    expect(isFollowUpDue('2026-11-25', '2026-11-24')).toBe(false)
    expect(isFollowUpDue(null, '2026-11-24')).toBe(false)
    // Before the device's day is known (rendering on the server), nothing is highlighted.
    expect(isFollowUpDue('2026-11-01', null)).toBe(false)
  })

  it('takes today from the device clock, not UTC', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05')
  })
})

describe('the list query and changes', () => {
  it('treats empty filters as none and refuses unknown values', () => {
    expect(leadsQuerySchema.parse({ kind: '', stage: '', lang: '', q: '  ' })).toEqual({ limit: 50 })
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

describe('the leads CSV', () => {
  const labels: LeadsCsvLabels = {
    headers: {
      kind: 'Kind',
      stage: 'Stage',
      name: 'Name',
      email: 'E-mail',
      phone: 'Phone',
      lang: 'Language',
      sourcePage: 'Source page',
      listing: 'Listing',
      createdAt: 'Received',
      nextFollowUp: 'Next follow-up',
      replyState: 'Automatic reply',
      notesCount: 'Notes',
    },
    kind: { message: 'Message', saved_search: 'Saved search', tour: 'Tour request', seller: 'Seller lead' },
    stage: { new: 'New', contacted: 'Contacted', appointment: 'Appointment', client: 'Client', closed: 'Closed', archived: 'Archived' },
    lang: { ko: 'Korean', en: 'English' },
    replyState: { none: 'None', pending: 'Waiting', sent: 'Sent', skipped: 'Not sent' },
  }
  const lead: CsvLead = {
    kind: 'saved_search',
    stage: 'appointment',
    name: '=HYPERLINK("x")',
    email: 'kim@example.org',
    phone: null,
    lang: 'ko',
    sourcePage: '/kim',
    listingKey: null,
    createdAt: '2026-11-24T10:00:00.000Z',
    nextFollowUp: '2026-12-01',
    replyState: 'none',
    notesCount: 3,
  }

  it('has a BOM, a header row and one row per lead with kind, stage, notes count and source page', () => {
    const csv = leadsCsv([lead], labels, () => '2026-11-24 19:00')
    expect(csv.startsWith('\uFEFF')).toBe(true)
    const [header, row] = csv.slice(1).split('\r\n')
    expect(header).toBe('Kind,Stage,Name,E-mail,Phone,Language,Source page,Listing,Received,Next follow-up,Automatic reply,Notes')
    // A name that looks like a formula is guarded.
    expect(row).toBe(`Saved search,Appointment,"'=HYPERLINK(""x"")",kim@example.org,,Korean,/kim,,2026-11-24 19:00,2026-12-01,None,3`)
  })

  it('names the file after the day', () => {
    expect(leadsCsvFileName(new Date(2026, 10, 24, 12))).toBe('leads-2026-11-24.csv')
  })
})
