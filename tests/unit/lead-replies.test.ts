import { describe, expect, it } from 'vitest'
import { i18nFor, loadCatalog } from '../../src/i18n/i18n'
import { isTimeZone, localMoment } from '../../src/lib/local-time'
import { renderTemplate, safeVisitorName, templateProblems, templateSegments, VISITOR_NAME_MAX, type ReplyValues } from '../../src/lib/reply-placeholders'
import { replySettingsInputSchema } from '../../src/schemas/lead-replies'
import { renderDigestMail } from '../../src/server/lead-replies/digest-mail'
import { defaultReplyBody, defaultReplySubject } from '../../src/server/lead-replies/reply-defaults'
import { renderReplyMail } from '../../src/server/lead-replies/reply-mail'

/*
 * Issue 26 (decision 021): the reply template's placeholders, the visitor's name as a reply may
 * repeat it, the reply and digest mails, and the realtor's local day and hour across
 * daylight-saving changes.
 */

const values: ReplyValues = {
  visitorName: 'Alex',
  realtorName: 'Sora Park',
  listingAddress: '12 Main St, Irvine, CA',
  phone: '+1 949-555-0123',
  email: 'sora@realty.example',
  website: 'https://sora.example',
}

describe('reply placeholders', () => {
  it('accepts every known placeholder, with or without spaces inside the braces', () => {
    expect(templateProblems('Hi {visitorName}, {realtorName} {listingAddress} {phone} {email} { website }')).toEqual([])
    expect(templateProblems('No placeholders at all.')).toEqual([])
  })

  it('names every unknown placeholder and every lone brace at once, where each is, with the likely meaning', () => {
    expect(templateProblems('Hi {visitorname} and {price}')).toEqual([
      { kind: 'unknown', name: 'visitorname', start: 3, end: 16, suggestion: 'visitorName' },
      { kind: 'unknown', name: 'price', start: 21, end: 28 },
    ])
    expect(templateProblems('Hi {visitorName')).toEqual([{ kind: 'unbalanced', start: 3, end: 4 }])
    expect(templateProblems('Hi visitorName}')).toEqual([{ kind: 'unbalanced', start: 14, end: 15 }])
    expect(templateProblems('Hi {{visitorName}}')).toEqual([
      { kind: 'unbalanced', start: 3, end: 4 },
      { kind: 'unbalanced', start: 17, end: 18 },
    ])
    expect(templateProblems('{}')).toEqual([{ kind: 'unknown', name: '', start: 0, end: 2 }])
    // A lone brace does not hide the typos after it (issue 52 item 9).
    expect(templateProblems('{realtorNme} } {phon} {emial').map((problem) => (problem.kind === 'unknown' ? problem.suggestion : problem.kind))).toEqual([
      'realtorName',
      'unbalanced',
      'phone',
      'unbalanced',
    ])
  })

  it('marks the wrong spots in the preview and fills the rest', () => {
    expect(templateSegments('Hi {visitorName}, {pirce} here', values)).toEqual([
      { text: 'Hi Alex, ', wrong: false },
      { text: '{pirce}', wrong: true },
      { text: ' here', wrong: false },
    ])
  })

  it('fills placeholders with their values', () => {
    expect(renderTemplate('Dear {visitorName}, this is { realtorName } ({email}).', values)).toBe('Dear Alex, this is Sora Park (sora@realty.example).')
  })

  it('is a field error on save, in the field that has it', () => {
    const base = {
      replyEnabled: true,
      subjectKo: '감사합니다',
      bodyKo: '{visitorName}님, 안녕하세요.',
      subjectEn: 'Thanks',
      bodyEn: 'Hi {visitorName}',
      lang: 'ko',
      timeZone: 'America/Los_Angeles',
      digestHour: 8,
      digestEnabled: true,
    } as const
    expect(replySettingsInputSchema.safeParse(base).success).toBe(true)
    const result = replySettingsInputSchema.safeParse({
      ...base,
      bodyEn: 'Hi {name}',
      subjectKo: '제목 {visitorName',
      timeZone: 'Nowhere/City',
      digestHour: 25,
    })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['bodyEn', 'digestHour', 'subjectKo', 'timeZone'])
    expect(replySettingsInputSchema.safeParse({ ...base, subjectEn: 'Two\nlines' }).success).toBe(false)
  })
})

describe("the visitor's name in a reply", () => {
  it('drops line breaks, web and mail addresses and markup, and caps the length', () => {
    expect(safeVisitorName('Jin\r\nBcc: victim@example.com')).toBe('Jin')
    expect(safeVisitorName('Lee http://evil.example/x')).toBe('Lee')
    expect(safeVisitorName('Win big at evil.example now')).toBe('Win big at now')
    expect(safeVisitorName('<b>Kim</b>')).toBe('')
    expect(safeVisitorName('Mr. Kim')).toBe('Mr. Kim')
    expect(safeVisitorName('김민지')).toBe('김민지')
    expect(safeVisitorName('a\u202Eb')).toBe('ab')
    expect(Array.from(safeVisitorName('가'.repeat(100)))).toHaveLength(VISITOR_NAME_MAX)
    expect(safeVisitorName(null)).toBe('')
  })
})

describe('the instant reply mail', () => {
  it('has the template, the footer with license, brokerage and postal address, and escaped HTML', async () => {
    await loadCatalog('en')
    const i18n = i18nFor('en')
    const mail = renderReplyMail(
      {
        lang: 'en',
        subjectTemplate: 'Hello {visitorName}',
        bodyTemplate: 'Dear {visitorName},\n\nSee you at {listingAddress}.\n{realtorName}',
        values: { ...values, visitorName: 'A & B' },
        realtor: { name: 'Sora <Park>', licenseNumber: 'DRE #1', brokerageName: 'Coast', brokerageLicenseNumber: null, postalAddress: '1 Main St, Irvine, CA' },
      },
      i18n,
    )
    expect(mail.subject).toBe('Hello A & B')
    expect(mail.text).toContain('Dear A & B,\n\nSee you at 12 Main St, Irvine, CA.')
    expect(mail.text).toContain('License number: DRE #1')
    expect(mail.text).toContain('Brokerage: Coast')
    expect(mail.text).toContain('1 Main St, Irvine, CA')
    expect(mail.html).toContain('Dear A &amp; B,</p>')
    expect(mail.html).toContain('Sora &lt;Park&gt;')
    expect(mail.html).not.toContain('<Park>')
  })

  it('has a warm default in both languages that passes its own validation', async () => {
    for (const lang of ['ko', 'en'] as const) {
      await loadCatalog(lang)
      const i18n = i18nFor(lang)
      expect(templateProblems(defaultReplySubject(i18n))).toEqual([])
      expect(templateProblems(defaultReplyBody(i18n))).toEqual([])
      expect(defaultReplyBody(i18n)).toContain('{visitorName}')
    }
    expect(renderTemplate(defaultReplyBody(i18nFor('ko')), values)).toContain('Alex님, 안녕하세요.')
  })
})

describe('the daily digest mail', () => {
  it('counts and lists what is new, due and waiting, in the realtor language', async () => {
    await loadCatalog('ko')
    const mail = renderDigestMail(
      {
        lang: 'ko',
        realtorName: '박소라',
        localDate: '2026-03-08',
        newLeads: [{ name: 'Alex', email: 'alex@example.com', kind: 'message', createdAt: '2026-03-08T01:00:00Z', nextFollowUp: null }],
        newTotal: 3,
        followUps: [],
        followUpTotal: 0,
        toursWaiting: [{ name: null, email: 'tour@example.com', kind: 'tour', createdAt: '2026-03-07T01:00:00Z', nextFollowUp: null }],
        tourTotal: 1,
        workspaceUrl: 'https://example.com/sora/admin?tab=messages',
        settingsUrl: 'https://example.com/sora/admin?tab=replies',
      },
      i18nFor('ko'),
    )
    expect(mail.subject).toBe('2026-03-08 문의 현황')
    expect(mail.text).toContain('지난 하루 동안 새 문의 3건')
    expect(mail.text).toContain('외 2건')
    expect(mail.text).toContain('답변을 기다리는 투어 요청 1건')
    expect(mail.text).not.toContain('후속 연락 예정')
  })
})

describe("a realtor's local day and hour", () => {
  it('knows IANA zones and refuses others', () => {
    expect(isTimeZone('America/Los_Angeles')).toBe(true)
    expect(isTimeZone('Asia/Seoul')).toBe(true)
    expect(isTimeZone('Mars/Olympus')).toBe(false)
    expect(isTimeZone('')).toBe(false)
  })

  it('follows Los Angeles across the spring-forward day (8 March 2026: 02:00 PST becomes 03:00 PDT)', () => {
    const zone = 'America/Los_Angeles'
    // 09:59 UTC = 01:59 PST; a minute later it is 03:00 PDT: hour 2 never comes.
    expect(localMoment(new Date('2026-03-08T09:59:00Z'), zone)).toEqual({ date: '2026-03-08', hour: 1 })
    expect(localMoment(new Date('2026-03-08T10:00:00Z'), zone)).toEqual({ date: '2026-03-08', hour: 3 })
    // 08:00 local is 16:00 UTC the day before the change and 15:00 UTC on it.
    expect(localMoment(new Date('2026-03-07T16:00:00Z'), zone)).toEqual({ date: '2026-03-07', hour: 8 })
    expect(localMoment(new Date('2026-03-08T15:00:00Z'), zone)).toEqual({ date: '2026-03-08', hour: 8 })
    // Still the 7th in Los Angeles while it is already the 8th in UTC.
    expect(localMoment(new Date('2026-03-08T07:30:00Z'), zone)).toEqual({ date: '2026-03-07', hour: 23 })
  })

  it('follows New York across the fall-back day (1 November 2026: 02:00 EDT becomes 01:00 EST)', () => {
    const zone = 'America/New_York'
    // 05:30 UTC = 01:30 EDT, 06:30 UTC = 01:30 EST: hour 1 comes twice, the date stays.
    expect(localMoment(new Date('2026-11-01T05:30:00Z'), zone)).toEqual({ date: '2026-11-01', hour: 1 })
    expect(localMoment(new Date('2026-11-01T06:30:00Z'), zone)).toEqual({ date: '2026-11-01', hour: 1 })
    expect(localMoment(new Date('2026-11-01T07:30:00Z'), zone)).toEqual({ date: '2026-11-01', hour: 2 })
    // 08:00 local is 12:00 UTC before the change and 13:00 UTC after it.
    expect(localMoment(new Date('2026-10-31T12:00:00Z'), zone)).toEqual({ date: '2026-10-31', hour: 8 })
    expect(localMoment(new Date('2026-11-01T13:00:00Z'), zone)).toEqual({ date: '2026-11-01', hour: 8 })
    expect(localMoment(new Date('2026-11-01T12:00:00Z'), zone)).toEqual({ date: '2026-11-01', hour: 7 })
  })
})
