import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { foldIcs, foldIcsLine, ICS_LINE_OCTETS, unfoldIcs } from '~/server/calendar/ics-event'
import { openHouseIcsText } from '~/server/open-houses/open-house-ics'
import { tourCalendar } from '~/server/tours/tour-calendar'

/*
 * Issue 48 item 3: every `.ics` the app makes is folded at 75 octets of UTF-8 (RFC 5545 §3.1),
 * never inside a character, and reads back as written. Checked on the bytes a calendar gets.
 */

const CRLF = new Uint8Array([0x0d, 0x0a])
const strictUtf8 = new TextDecoder('utf-8', { fatal: true })

/** The file's physical lines as bytes, split at each CRLF (the only line break the file may have). */
function physicalLines(text: string): Uint8Array[] {
  const bytes = new TextEncoder().encode(text)
  const lines: Uint8Array[] = []
  let start = 0
  for (let index = 0; index < bytes.length - 1; index++) {
    if (bytes[index] === CRLF[0] && bytes[index + 1] === CRLF[1]) {
      lines.push(bytes.subarray(start, index))
      start = index + 2
      index++
    }
  }
  lines.push(bytes.subarray(start))
  return lines
}

/** Every line at most 75 octets, each one valid UTF-8 on its own, no bare CR or LF, and the file ends with CRLF. */
function expectFoldedByOctets(text: string): void {
  const lines = physicalLines(text)
  expect(lines.at(-1)?.length, 'the file ends with CRLF').toBe(0)
  for (const line of lines) {
    expect(line.length).toBeLessThanOrEqual(ICS_LINE_OCTETS)
    const decoded = strictUtf8.decode(line)
    expect(decoded).not.toMatch(/[\r\n\uFFFD]/)
  }
}

const KOREAN_ADDRESS = '캘리포니아주 어바인 엘름 스트리트 12번지, 한빛마을 아파트 101동 1203호, CA 92620'
const KOREAN_REMARKS = '남향 거실, 새로 고친 부엌과 욕실. 학군이 좋고 공원이 가깝습니다. 주차는 길가에 해 주세요.\n질문은 언제든 환영합니다.'

describe('folding a content line by octets', () => {
  it('cuts a Korean line into lines of at most 75 octets that unfold to the original', () => {
    const line = `SUMMARY:오픈 하우스: ${KOREAN_ADDRESS}`
    expect(new TextEncoder().encode(line).length).toBeGreaterThan(ICS_LINE_OCTETS)
    const folded = foldIcsLine(line)
    expectFoldedByOctets(`${folded}\r\n`)
    expect(unfoldIcs(folded)).toBe(line)
    // Continuation lines start with exactly one space, which counts in their 75 octets.
    const [first, ...rest] = folded.split('\r\n')
    expect(first?.startsWith('SUMMARY:')).toBe(true)
    for (const continuation of rest) expect(continuation).toMatch(/^ [^ ]/)
  })

  it('fills each line as far as a whole character allows, at every offset of a 3-octet syllable', () => {
    for (let prefix = 0; prefix < 3; prefix++) {
      const line = `${'X'.repeat(prefix)}DESCRIPTION:${'가'.repeat(60)}`
      const folded = foldIcsLine(line)
      expect(unfoldIcs(folded)).toBe(line)
      for (const physical of physicalLines(`${folded}\r\n`).slice(0, -2)) {
        // A line is cut only when the next syllable (3 octets) would not fit.
        expect(physical.length).toBeGreaterThan(ICS_LINE_OCTETS - 3)
      }
      expectFoldedByOctets(`${folded}\r\n`)
    }
  })

  it('never splits a surrogate pair nor a character with its combining marks', () => {
    const line = `SUMMARY:${'🏠'.repeat(30)}${'e\u0301'.repeat(20)}${'👨‍👩‍👧'.repeat(5)}`
    const folded = foldIcsLine(line)
    expect(unfoldIcs(folded)).toBe(line)
    expectFoldedByOctets(`${folded}\r\n`)
    for (const physical of folded.split('\r\n')) {
      expect(physical).not.toMatch(/^ ?[\u0301\u200D]/)
      expect(physical).not.toMatch(/[\uD800-\uDBFF]$/)
    }
  })

  it('leaves a line of 75 octets whole, and refolds a calendar another writer folded by characters', () => {
    const exact = `SUMMARY:${'a'.repeat(ICS_LINE_OCTETS - 8)}`
    expect(foldIcsLine(exact)).toBe(exact)
    const byCharacters = `BEGIN:VCALENDAR\r\nSUMMARY:${'가'.repeat(67)}\r\n\t${'나'.repeat(10)}\r\nEND:VCALENDAR\r\n`
    const refolded = foldIcs(byCharacters)
    expectFoldedByOctets(refolded)
    expect(unfoldIcs(refolded)).toBe(`BEGIN:VCALENDAR\r\nSUMMARY:${'가'.repeat(67)}${'나'.repeat(10)}\r\nEND:VCALENDAR\r\n`)
  })
})

describe('every .ics the app makes, with Korean text', () => {
  it('an open house', () => {
    const event = {
      id: '0b9d3c1e-5a4f-4c7e-9f0a-1b2c3d4e5f60',
      title: `오픈 하우스: ${KOREAN_ADDRESS}`,
      description: `${KOREAN_REMARKS}\n매물 번호 IRV-1\n중개: 한빛 부동산 어바인 지점`,
      location: KOREAN_ADDRESS,
      start: '2026-03-08T20:00:00.000Z',
      end: '2026-03-08T23:00:00.000Z',
      updatedAt: '2026-03-01T10:00:00.000Z',
    }
    const text = openHouseIcsText(event)
    expectFoldedByOctets(text)
    const parsed = new ICAL.Event(ICAL.Component.fromString(text).getFirstSubcomponent('vevent') ?? undefined)
    expect(parsed.summary).toBe(event.title)
    expect(parsed.location).toBe(event.location)
    expect(parsed.description).toBe(event.description)
  })

  const tour = {
    tourId: '5f0c2b8e-3d1a-4e6f-8a9b-0c1d2e3f4a5b',
    host: 'homes.example',
    start: new Date('2026-11-02T18:00:00Z'),
    title: `방문 투어: ${KOREAN_ADDRESS}`,
    description: '중개사 김하늘 님과 함께합니다. 신분증을 지참해 주세요. 일정 변경은 메일로 알려 주세요.',
    location: KOREAN_ADDRESS,
    organizer: { name: '김하늘 공인중개사 (한빛 부동산 어바인 지점)', email: 'haneul@realty.example' },
    attendee: { name: '박민지와 가족 (방문 투어 신청자)', email: 'minji@example.org' },
    createdAt: new Date('2026-10-28T16:00:00Z'),
    updatedAt: new Date('2026-10-29T16:00:00Z'),
  }

  for (const [method, sequence] of [
    ['REQUEST', 1],
    ['CANCEL', 2],
  ] as const) {
    it(`a tour ${method === 'REQUEST' ? 'invitation' : 'cancellation'}`, () => {
      const text = tourCalendar({ ...tour, method, sequence })
      expectFoldedByOctets(text)
      const calendar = ICAL.Component.fromString(text)
      expect(calendar.getFirstPropertyValue('method')).toBe(method)
      const vevent = calendar.getFirstSubcomponent('vevent') ?? undefined
      const parsed = new ICAL.Event(vevent)
      expect(parsed.summary).toBe(tour.title)
      expect(parsed.location).toBe(tour.location)
      expect(parsed.description).toBe(tour.description)
      expect(vevent?.getFirstProperty('organizer')?.getParameter('cn')).toBe(tour.organizer.name)
      expect(vevent?.getFirstProperty('attendee')?.getParameter('cn')).toBe(tour.attendee.name)
    })
  }
})
