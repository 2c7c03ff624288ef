import { describe, expect, it } from 'vitest'
import { UTF8_BOM, csvCell, csvDate, toCsv } from '../../src/lib/csv'
import {
  csvFileName,
  messagesCsv,
  savedSearchesCsv,
  savedSearchesCsvFileName,
  type CsvMessage,
  type CsvSavedSearch,
  type MessagesCsvLabels,
  type SavedSearchesCsvLabels,
} from '../../src/features/inbox/csv'

/*
 * The inbox's CSV export (issue 5 item 6): RFC 4180 quoting, UTF-8 with a BOM, header row in
 * the page's language, and the formula-injection guard.
 */

/** A strict RFC 4180 reader, to prove that what we write reads back cell for cell. */
function parseCsv(text: string): Array<Array<string>> {
  const rows: Array<Array<string>> = []
  let row: Array<string> = []
  let cell = ''
  let quoted = false
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"'
        index += 1
      } else if (char === '"') {
        quoted = false
      } else {
        cell += char
      }
    } else if (char === '"') {
      if (cell !== '') throw new Error(`a quote inside an unquoted cell at ${index}`)
      quoted = true
    } else if (char === ',') {
      row.push(cell)
      cell = ''
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      index += 1
    } else if (char === '\r' || char === '\n') {
      throw new Error(`a bare line break outside quotes at ${index}`)
    } else {
      cell += char
    }
  }
  if (quoted) throw new Error('an unterminated quoted cell')
  if (cell !== '' || row.length > 0) rows.push([...row, cell])
  return rows
}

const EN_LABELS: MessagesCsvLabels = {
  headers: {
    date: 'Date',
    name: 'Name',
    email: 'E-mail',
    phone: 'Phone',
    message: 'Message',
    listing: 'Listing',
    status: 'Status',
    consentVersion: 'Consent version',
    consentedAt: 'Consent time',
    consentLang: 'Consent language',
    consentPage: 'Consent page',
    consentText: 'Consent text',
    phoneContact: 'Calls and texts',
    phoneContactVersion: 'Calls and texts consent version',
    phoneContactText: 'Calls and texts consent text',
  },
  status: { new: 'New', read: 'Read', handled: 'Handled' },
  phoneContact: { agreed: 'Agreed', notAgreed: 'Not agreed' },
}

const EN_HEADER = [
  'Date',
  'Name',
  'E-mail',
  'Phone',
  'Message',
  'Listing',
  'Status',
  'Consent version',
  'Consent time',
  'Consent language',
  'Consent page',
  'Consent text',
  'Calls and texts',
  'Calls and texts consent version',
  'Calls and texts consent text',
]

/** The consent cells of a message sent before consent was recorded. */
const NO_CONSENT = ['', '', '', '', '', '', '', '']

const UNRECORDED: CsvMessage['consent'] = {
  version: null,
  text: null,
  lang: null,
  page: null,
  consentedAt: null,
  phoneContact: null,
  phoneContactVersion: null,
  phoneContactText: null,
}

const KO_LABELS: MessagesCsvLabels = {
  headers: {
    date: '날짜',
    name: '이름',
    email: '이메일',
    phone: '전화번호',
    message: '메시지',
    listing: '매물',
    status: '상태',
    consentVersion: '동의 버전',
    consentedAt: '동의 시각',
    consentLang: '동의 언어',
    consentPage: '동의 페이지',
    consentText: '동의 문구',
    phoneContact: '전화·문자 수신',
    phoneContactVersion: '전화·문자 수신 동의 버전',
    phoneContactText: '전화·문자 수신 동의 문구',
  },
  status: { new: '새 메시지', read: '읽음', handled: '처리 완료' },
  phoneContact: { agreed: '동의함', notAgreed: '동의하지 않음' },
}

function message(overrides: Partial<CsvMessage> = {}): CsvMessage {
  return {
    createdAt: '2026-03-01T09:05:00.000Z',
    name: '이민지',
    email: 'minji.lee@example.org',
    phone: '01012345678',
    phoneCountryCode: 'KR',
    message: '집을 보고 싶습니다.',
    listingKey: null,
    status: 'new',
    consent: UNRECORDED,
    ...overrides,
  }
}

const isoDate = (iso: string) => iso.slice(0, 16).replace('T', ' ')

describe('csvCell (RFC 4180)', () => {
  it('leaves plain text alone', () => {
    expect(csvCell('Jane Kim')).toBe('Jane Kim')
    expect(csvCell('')).toBe('')
  })

  it('quotes cells with commas, quotes, CR or LF, doubling the quotes', () => {
    expect(csvCell('Kim, Jane')).toBe('"Kim, Jane"')
    expect(csvCell('She said "hi"')).toBe('"She said ""hi"""')
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"')
    expect(csvCell('line one\r\nline two')).toBe('"line one\r\nline two"')
    expect(csvCell('"')).toBe('""""')
  })

  it('keeps Korean text as it is', () => {
    expect(csvCell('오렌지 카운티의 집')).toBe('오렌지 카운티의 집')
    expect(csvCell('김민지, 박민수')).toBe('"김민지, 박민수"')
  })

  it.each([
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+1 949 555 0123', "'+1 949 555 0123"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\t=1+1', "'\t=1+1"],
  ])('guards %j against formula injection', (input, expected) => {
    expect(csvCell(input)).toBe(expected)
  })

  it('guards first, then quotes, so the apostrophe sits inside the quotes', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","click")')).toBe('"\'=HYPERLINK(""http://evil.example"",""click"")"')
    expect(csvCell('\rfoo')).toBe('"\'\rfoo"')
  })

  it('does not guard those characters after the first position', () => {
    expect(csvCell('a=b')).toBe('a=b')
    expect(csvCell('jane@example.com')).toBe('jane@example.com')
    expect(csvCell('2026-03-01')).toBe('2026-03-01')
  })
})

describe('toCsv', () => {
  it('joins cells with commas and records with CRLF, ending with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['c', 'd'],
      ]),
    ).toBe('a,b\r\nc,d\r\n')
    expect(toCsv([])).toBe('')
  })

  it('reads back cell for cell, whatever the cells hold', () => {
    const rows = [
      ['plain', 'with, comma', 'with "quotes"'],
      ['multi\nline', 'crlf\r\ninside', '한국어, 그리고 "따옴표"'],
      ['', ' spaces ', 'emoji 🏡'],
    ]
    expect(parseCsv(toCsv(rows))).toEqual(rows)
  })
})

describe('messagesCsv', () => {
  const fixedDate = isoDate

  it('starts with a UTF-8 BOM and the header row in English', () => {
    const csv = messagesCsv([], EN_LABELS, fixedDate)
    expect(csv.startsWith(UTF8_BOM)).toBe(true)
    expect(csv).toBe(`${UTF8_BOM}${EN_HEADER.join(',')}\r\n`)
    // The BOM is the three bytes EF BB BF once the browser encodes the Blob as UTF-8.
    expect([...new TextEncoder().encode(csv).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  })

  it('writes the header row and statuses in Korean for a Korean page', () => {
    const rows = parseCsv(messagesCsv([message({ status: 'handled' })], KO_LABELS, fixedDate).slice(UTF8_BOM.length))
    expect(rows[0]?.slice(0, 8)).toEqual(['날짜', '이름', '이메일', '전화번호', '메시지', '매물', '상태', '동의 버전'])
    expect(rows[1]?.[6]).toBe('처리 완료')
  })

  it('writes one row per message in the given order, columns date, name, e-mail, phone, message, listing, status', () => {
    const csv = messagesCsv(
      [
        message({ createdAt: '2026-03-02T10:30:00.000Z', listingKey: 'OC24123456', status: 'read' }),
        message({
          createdAt: '2026-03-01T08:00:00.000Z',
          name: 'Kim, Jane',
          email: 'jane@example.com',
          phone: '9495550123',
          phoneCountryCode: 'US',
          message: 'Is the house "as is"?\nCall me after 5.',
        }),
      ],
      EN_LABELS,
      fixedDate,
    )
    expect(parseCsv(csv.slice(UTF8_BOM.length))).toEqual([
      EN_HEADER,
      ['2026-03-02 10:30', '이민지', 'minji.lee@example.org', "'+82 10 1234 5678", '집을 보고 싶습니다.', 'OC24123456', 'Read', ...NO_CONSENT],
      ['2026-03-01 08:00', 'Kim, Jane', 'jane@example.com', "'+1 949 555 0123", 'Is the house "as is"?\nCall me after 5.', '', 'New', ...NO_CONSENT],
    ])
  })

  it('writes the consent stored with each message: version, time, language, page, exact words, calls and texts', () => {
    const consent: CsvMessage['consent'] = {
      version: 'contact-v1',
      text: '이용약관 및 개인정보 처리방침에 동의합니다.',
      lang: 'ko',
      page: '/kim/homes/OC1',
      consentedAt: '2026-03-01T09:05:00.000Z',
      phoneContact: true,
      phoneContactVersion: 'phone-contact-v1',
      phoneContactText: 'I agree to be called or texted by Jane Kim about my inquiry.',
    }
    const csv = messagesCsv([message({ consent }), message({ consent: { ...consent, phoneContact: false } })], KO_LABELS, fixedDate)
    const [, agreed, declined] = parseCsv(csv.slice(UTF8_BOM.length))
    expect(agreed?.slice(7)).toEqual([
      'contact-v1',
      '2026-03-01 09:05',
      'ko',
      '/kim/homes/OC1',
      '이용약관 및 개인정보 처리방침에 동의합니다.',
      '동의함',
      'phone-contact-v1',
      'I agree to be called or texted by Jane Kim about my inquiry.',
    ])
    expect(declined?.[12]).toBe('동의하지 않음')
  })

  it('guards a visitor-written formula in any column', () => {
    const csv = messagesCsv([message({ name: '=cmd|"/c calc"!A1', message: '@SUM(1)', listingKey: '-1' })], EN_LABELS, fixedDate)
    const [, row] = parseCsv(csv.slice(UTF8_BOM.length))
    expect(row?.[1]).toBe('\'=cmd|"/c calc"!A1')
    expect(row?.[4]).toBe("'@SUM(1)")
    expect(row?.[5]).toBe("'-1")
  })

  it('formats dates as local YYYY-MM-DD HH:mm by default', () => {
    const csv = messagesCsv([message()], EN_LABELS)
    const [, row] = parseCsv(csv.slice(UTF8_BOM.length))
    expect(row?.[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
    const local = new Date('2026-03-01T09:05:00.000Z')
    expect(row?.[0]).toBe(
      `2026-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')} ${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}`,
    )
  })
})

describe('csvDate and csvFileName', () => {
  it('keeps a value that is not a date as it is', () => {
    expect(csvDate('not a date')).toBe('not a date')
  })

  it('names the file messages-YYYY-MM-DD.csv after the local day', () => {
    expect(csvFileName(new Date(2026, 0, 5, 23, 59))).toBe('messages-2026-01-05.csv')
    expect(csvFileName(new Date(2026, 11, 31, 0, 0))).toBe('messages-2026-12-31.csv')
  })
})

describe('savedSearchesCsv (issue 13)', () => {
  const labels: SavedSearchesCsvLabels = {
    headers: {
      confirmedAt: 'Confirmed',
      name: 'Name',
      email: 'E-mail',
      area: 'Area',
      type: 'Sale or rent',
      minPrice: 'Lowest price',
      maxPrice: 'Highest price',
      beds: 'Bedrooms',
      baths: 'Bathrooms',
      frequency: 'How often',
      status: 'Status',
      consentVersion: 'Consent version',
      consentText: 'Consent text',
      consentLang: 'Consent language',
      consentPage: 'Consent page',
      consentedAt: 'Consent time',
    },
    type: { sale: 'For sale', rent: 'For rent' },
    frequency: { instant: 'As soon as there are new homes', daily: 'Once a day', weekly: 'Once a week' },
    status: { pending: 'Waiting for confirmation', active: 'Active', paused: 'Paused', unsubscribed: 'Unsubscribed' },
  }
  const words = '이민지 님, Sora Park의 새 매물 알림을 받는 데 동의합니다. "언제든" 수신을 거부할 수 있습니다.'
  function search(overrides: Partial<CsvSavedSearch> = {}): CsvSavedSearch {
    return {
      confirmedAt: '2026-03-02T10:30:00.000Z',
      name: '이민지',
      email: 'minji.lee@example.org',
      state: 'CA',
      city: 'Irvine',
      listingType: 'sale',
      minPrice: 500_000,
      maxPrice: 1_200_000,
      minBeds: 3,
      minBaths: null,
      frequency: 'daily',
      status: 'active',
      consent: { version: 'saved-search-v1', text: words, lang: 'ko', page: '/sora-park', consentedAt: '2026-03-02T10:00:00.000Z' },
      ...overrides,
    }
  }

  it('writes a header row and one row per search, filters one per column, with the consent record', () => {
    const text = savedSearchesCsv(
      [
        search(),
        search({
          name: null,
          listingType: null,
          minPrice: null,
          maxPrice: null,
          minBeds: null,
          minBaths: 2,
          frequency: 'weekly',
          status: 'paused',
          consent: { version: 'saved-search-v1', text: 'I agree.', lang: 'en', page: null, consentedAt: '2026-03-03T08:00:00.000Z' },
        }),
      ],
      labels,
      isoDate,
    )
    expect(text.startsWith(UTF8_BOM)).toBe(true)
    expect(parseCsv(text.slice(UTF8_BOM.length))).toEqual([
      [
        'Confirmed',
        'Name',
        'E-mail',
        'Area',
        'Sale or rent',
        'Lowest price',
        'Highest price',
        'Bedrooms',
        'Bathrooms',
        'How often',
        'Status',
        'Consent version',
        'Consent text',
        'Consent language',
        'Consent page',
        'Consent time',
      ],
      [
        '2026-03-02 10:30',
        '이민지',
        'minji.lee@example.org',
        'Irvine, CA',
        'For sale',
        '500000',
        '1200000',
        '3',
        '',
        'Once a day',
        'Active',
        'saved-search-v1',
        words,
        'ko',
        '/sora-park',
        '2026-03-02 10:00',
      ],
      [
        '2026-03-02 10:30',
        '',
        'minji.lee@example.org',
        'Irvine, CA',
        '',
        '',
        '',
        '',
        '2',
        'Once a week',
        'Paused',
        'saved-search-v1',
        'I agree.',
        'en',
        '',
        '2026-03-03 08:00',
      ],
    ])
  })

  it('guards a name that looks like a formula', () => {
    const rows = parseCsv(savedSearchesCsv([search({ name: '=HYPERLINK("http://evil.example")' })], labels, isoDate).slice(UTF8_BOM.length))
    expect(rows[1]?.[1]).toBe('\'=HYPERLINK("http://evil.example")')
  })

  it('writes only the header row when there are none', () => {
    expect(parseCsv(savedSearchesCsv([], labels).slice(UTF8_BOM.length))).toHaveLength(1)
  })

  it('names the file by the day of the export', () => {
    expect(savedSearchesCsvFileName(new Date(2026, 2, 5, 23, 59))).toBe('saved-searches-2026-03-05.csv')
  })
})
