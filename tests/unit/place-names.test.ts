import { describe, expect, it } from 'vitest'
import { cityName, KOREAN_CITY_NAMES, KOREAN_STATE_NAMES, placeName, serviceAreaName, spelledPlaceName, stateName, typedPlaceName } from '~/lib/place-names'

/*
 * Korean place names (issue 51 item 7, decision 065): every demo city and the largest
 * Korean-American communities in the press's forms, all 50 states and DC, the realtor's own
 * name over the table, and the English name for a city the table does not know.
 */

const DEMO_CITIES = [
  ['Irvine', 'CA', '캘리포니아주 어바인'],
  ['Tustin', 'CA', '캘리포니아주 터스틴'],
  ['Duluth', 'GA', '조지아주 둘루스'],
  ['Suwanee', 'GA', '조지아주 스와니'],
  ['Johns Creek', 'GA', '조지아주 존스크릭'],
  ['Alpharetta', 'GA', '조지아주 알파레타'],
] as const

const COMMUNITIES: ReadonlyArray<readonly [string, string]> = [
  ['Los Angeles', '로스앤젤레스'],
  ['New York', '뉴욕'],
  ['Fort Lee', '포트리'],
  ['Palisades Park', '팰리세이즈파크'],
  ['Flushing', '플러싱'],
  ['Fullerton', '풀러턴'],
  ['Buena Park', '부에나파크'],
  ['Garden Grove', '가든그로브'],
  ['Torrance', '토런스'],
  ['Cerritos', '세리토스'],
  ['La Palma', '라팔마'],
  ['Diamond Bar', '다이아몬드바'],
  ['Rowland Heights', '롤런드하이츠'],
  ['San Jose', '새너제이'],
  ['Santa Clara', '샌타클래라'],
  ['Seattle', '시애틀'],
  ['Federal Way', '페더럴웨이'],
  ['Lynnwood', '린우드'],
  ['Tacoma', '타코마'],
  ['Atlanta', '애틀랜타'],
  ['Annandale', '애넌데일'],
  ['Centreville', '센터빌'],
  ['Fairfax', '페어팩스'],
  ['Ellicott City', '엘리콧시티'],
  ['Chicago', '시카고'],
  ['Glenview', '글렌뷰'],
  ['Niles', '나일스'],
  ['Dallas', '댈러스'],
  ['Carrollton', '캐럴턴'],
  ['Houston', '휴스턴'],
  ['Honolulu', '호놀룰루'],
  ['Philadelphia', '필라델피아'],
  ['Las Vegas', '라스베이거스'],
]

const STATE_CODES =
  'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  )

describe('Korean place names', () => {
  it.each(DEMO_CITIES)('names the demo city %s, %s in Korean, the state first', (city, state, korean) => {
    expect(placeName(city, state, 'ko')).toBe(korean)
    expect(placeName(city, state, 'en')).toBe(`${city}, ${state}`)
  })

  it.each(COMMUNITIES)('knows %s as %s', (city, korean) => {
    expect(cityName(city, 'CA', 'ko')).toBe(korean)
  })

  it('holds the 30 largest Korean-American communities and more', () => {
    expect(COMMUNITIES.length).toBeGreaterThanOrEqual(30)
    expect(Object.keys(KOREAN_CITY_NAMES).length).toBeGreaterThanOrEqual(80)
    // Keys are the lookup's form: lower case, single spaces.
    for (const key of Object.keys(KOREAN_CITY_NAMES)) expect(key).toBe(key.trim().replace(/\s+/g, ' ').toLowerCase())
  })

  it('names all 50 states and DC in Korean and in English', () => {
    expect(STATE_CODES).toHaveLength(50)
    for (const code of [...STATE_CODES, 'DC']) {
      expect(KOREAN_STATE_NAMES[code], code).toMatch(/^[가-힣]+(DC)?$/)
      expect(stateName(code, 'en')).not.toBe(code)
    }
    expect(Object.keys(KOREAN_STATE_NAMES)).toHaveLength(51)
    expect(stateName('ca', 'ko')).toBe('캘리포니아')
    expect(stateName('NY', 'ko')).toBe('뉴욕')
    expect(placeName('Washington', 'DC', 'ko')).toBe('워싱턴DC')
  })

  it('reads the city in any case and spacing', () => {
    expect(placeName(' johns  creek ', 'ga', 'ko')).toBe('조지아주 존스크릭')
  })

  it("lets a realtor's own Korean name win, for that city and state only", () => {
    const overrides = [{ state: 'CA', city: 'Irvine', cityKo: '얼바인' }]
    expect(placeName('Irvine', 'CA', 'ko', overrides)).toBe('캘리포니아주 얼바인')
    expect(cityName('IRVINE', 'CA', 'ko', overrides)).toBe('얼바인')
    // An English page keeps the English name; another state's Irvine keeps the table's.
    expect(placeName('Irvine', 'CA', 'en', overrides)).toBe('Irvine, CA')
    expect(placeName('Irvine', 'GA', 'ko', overrides)).toBe('조지아주 어바인')
    // An empty override is no override.
    expect(placeName('Irvine', 'CA', 'ko', [{ state: 'CA', city: 'Irvine', cityKo: ' ' }])).toBe('캘리포니아주 어바인')
    // A city the table lacks takes the realtor's name.
    expect(placeName('Ladera Ranch', 'CA', 'ko', [{ state: 'CA', city: 'Ladera Ranch', cityKo: '라데라랜치' }])).toBe('캘리포니아주 라데라랜치')
  })

  it('keeps the English name of a city it does not know, never beside a Korean state', () => {
    expect(cityName('Smallville', 'KS', 'ko')).toBe('Smallville')
    expect(placeName('Smallville', 'KS', 'ko')).toBe('Smallville, KS')
    expect(spelledPlaceName('Smallville', 'KS', 'ko')).toBe('Smallville, KS')
  })

  it('writes a service area with its neighborhood in each language', () => {
    const area = { state: 'CA', city: 'Irvine', neighborhood: 'Woodbridge' }
    expect(serviceAreaName(area, 'ko')).toBe('캘리포니아주 어바인 Woodbridge')
    expect(serviceAreaName(area, 'en')).toBe('Woodbridge, Irvine, California')
    expect(serviceAreaName({ ...area, neighborhood: null, cityKo: '얼바인' }, 'ko')).toBe('캘리포니아주 얼바인')
    expect(spelledPlaceName('Duluth', 'GA', 'en')).toBe('Duluth, Georgia')
  })

  it('names a typed city in the page language when it knows it, and keeps anything else as typed', () => {
    expect(typedPlaceName(' Irvine ', 'ko')).toBe('어바인')
    expect(typedPlaceName('irvine, ca', 'ko')).toBe('캘리포니아주 어바인')
    expect(typedPlaceName('어바인', 'en')).toBe('Irvine')
    expect(typedPlaceName('라캐냐다플린트리지', 'en')).toBe('La Cañada Flintridge')
    expect(typedPlaceName('조지아주 둘루스', 'en')).toBe('Duluth, GA')
    expect(typedPlaceName('조지아주 우리 동네', 'en')).toBe('조지아주 우리 동네')
    expect(typedPlaceName('Irvine', 'en')).toBe('Irvine')
    expect(typedPlaceName('어바인', 'ko')).toBe('어바인')
    // The realtor's own Korean name wins both ways.
    const areas = [{ state: 'CA', city: 'Irvine', cityKo: '얼바인' }]
    expect(typedPlaceName('Irvine', 'ko', areas)).toBe('얼바인')
    expect(typedPlaceName('얼바인', 'en', areas)).toBe('Irvine')
    // Unknown places, or more than a city, are the person's words.
    expect(typedPlaceName('Smallville', 'ko')).toBe('Smallville')
    expect(typedPlaceName('Smallville, KS', 'ko')).toBe('Smallville, KS')
    expect(typedPlaceName('Woodbridge, Irvine', 'ko')).toBe('Woodbridge, Irvine')
    expect(typedPlaceName('우리 동네', 'en')).toBe('우리 동네')
  })
})
