import type { Lang } from './lang'

/*
 * How a Korean page names an American place (issue 51 item 7): in Korean, in the forms the Korean
 * press writes (연합뉴스, 미주 한국일보), so one page never says "Irvine, 캘리포니아" beside "어바인".
 * Korean order runs from the larger place to the smaller ("캘리포니아주 어바인"). An English page
 * keeps the English names ("Irvine, CA"). A city the table does not know keeps its English name
 * on a Korean page too (a guessed transliteration would be worse than the real name), unless the
 * realtor wrote a Korean name for it on one of their service areas, which wins over the table.
 * Shared by the server (titles, mails) and the browser (cards, islands): no imports beyond `lang`.
 */

/** The 50 states and DC, by USPS code. */
export const KOREAN_STATE_NAMES: Readonly<Record<string, string>> = {
  AL: '앨라배마',
  AK: '알래스카',
  AZ: '애리조나',
  AR: '아칸소',
  CA: '캘리포니아',
  CO: '콜로라도',
  CT: '코네티컷',
  DE: '델라웨어',
  DC: '워싱턴DC',
  FL: '플로리다',
  GA: '조지아',
  HI: '하와이',
  ID: '아이다호',
  IL: '일리노이',
  IN: '인디애나',
  IA: '아이오와',
  KS: '캔자스',
  KY: '켄터키',
  LA: '루이지애나',
  ME: '메인',
  MD: '메릴랜드',
  MA: '매사추세츠',
  MI: '미시간',
  MN: '미네소타',
  MS: '미시시피',
  MO: '미주리',
  MT: '몬태나',
  NE: '네브래스카',
  NV: '네바다',
  NH: '뉴햄프셔',
  NJ: '뉴저지',
  NM: '뉴멕시코',
  NY: '뉴욕',
  NC: '노스캐롤라이나',
  ND: '노스다코타',
  OH: '오하이오',
  OK: '오클라호마',
  OR: '오리건',
  PA: '펜실베이니아',
  RI: '로드아일랜드',
  SC: '사우스캐롤라이나',
  SD: '사우스다코타',
  TN: '테네시',
  TX: '텍사스',
  UT: '유타',
  VT: '버몬트',
  VA: '버지니아',
  WA: '워싱턴',
  WV: '웨스트버지니아',
  WI: '위스콘신',
  WY: '와이오밍',
}

/** English state names, for an English page that spells a state out (a service area's line). */
export const ENGLISH_STATE_NAMES: Readonly<Record<string, string>> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
}

/**
 * The cities Korean-American families live in (the demo's cities and the largest Korean-American
 * communities by the Census's American Community Survey, with their neighbours), keyed by the
 * English name in lower case. A name means the same place whatever the state: the table holds
 * no two cities of one name with different Korean forms.
 */
export const KOREAN_CITY_NAMES: Readonly<Record<string, string>> = {
  // California: Los Angeles, Orange County, the San Gabriel Valley, the Bay Area, San Diego
  'los angeles': '로스앤젤레스',
  koreatown: '코리아타운',
  irvine: '어바인',
  tustin: '터스틴',
  fullerton: '풀러턴',
  'buena park': '부에나파크',
  'garden grove': '가든그로브',
  anaheim: '애너하임',
  'santa ana': '샌타애나',
  orange: '오렌지',
  'costa mesa': '코스타메사',
  'huntington beach': '헌팅턴비치',
  'newport beach': '뉴포트비치',
  'lake forest': '레이크포레스트',
  'mission viejo': '미션비에호',
  'yorba linda': '요바린다',
  cypress: '사이프러스',
  'la palma': '라팔마',
  cerritos: '세리토스',
  torrance: '토런스',
  'long beach': '롱비치',
  glendale: '글렌데일',
  'la cañada flintridge': '라캐냐다플린트리지',
  'la crescenta': '라크레센타',
  pasadena: '패서디나',
  'diamond bar': '다이아몬드바',
  'rowland heights': '롤런드하이츠',
  walnut: '월넛',
  'chino hills': '치노힐스',
  northridge: '노스리지',
  valencia: '밸런시아',
  'san diego': '샌디에이고',
  'san francisco': '샌프란시스코',
  oakland: '오클랜드',
  'san jose': '새너제이',
  'santa clara': '샌타클래라',
  sunnyvale: '서니베일',
  cupertino: '쿠퍼티노',
  fremont: '프리몬트',
  sacramento: '새크라멘토',
  // New York and New Jersey
  'new york': '뉴욕',
  'new york city': '뉴욕시',
  manhattan: '맨해튼',
  queens: '퀸스',
  flushing: '플러싱',
  bayside: '베이사이드',
  'great neck': '그레이트넥',
  manhasset: '맨해셋',
  'fort lee': '포트리',
  'palisades park': '팰리세이즈파크',
  'englewood cliffs': '잉글우드클리프스',
  leonia: '레오니아',
  ridgefield: '리지필드',
  edgewater: '에지워터',
  cresskill: '크레스킬',
  closter: '클로스터',
  tenafly: '테너플라이',
  hackensack: '해컨색',
  // Washington
  seattle: '시애틀',
  'federal way': '페더럴웨이',
  lynnwood: '린우드',
  tacoma: '타코마',
  bellevue: '벨뷰',
  edmonds: '에드먼즈',
  // Georgia
  atlanta: '애틀랜타',
  duluth: '둘루스',
  suwanee: '스와니',
  'johns creek': '존스크릭',
  lawrenceville: '로렌스빌',
  norcross: '노크로스',
  alpharetta: '알파레타',
  buford: '뷰퍼드',
  doraville: '도라빌',
  // Virginia, Maryland and Washington, D.C.
  washington: '워싱턴',
  annandale: '애넌데일',
  centreville: '센터빌',
  fairfax: '페어팩스',
  chantilly: '챈틸리',
  vienna: '비엔나',
  'falls church': '폴스처치',
  springfield: '스프링필드',
  ashburn: '애시번',
  'ellicott city': '엘리콧시티',
  columbia: '컬럼비아',
  rockville: '록빌',
  'silver spring': '실버스프링',
  // Illinois
  chicago: '시카고',
  glenview: '글렌뷰',
  niles: '나일스',
  'morton grove': '모턴그로브',
  skokie: '스코키',
  northbrook: '노스브룩',
  // Texas
  dallas: '댈러스',
  carrollton: '캐럴턴',
  plano: '플레이노',
  frisco: '프리스코',
  irving: '어빙',
  houston: '휴스턴',
  austin: '오스틴',
  // Elsewhere
  honolulu: '호놀룰루',
  philadelphia: '필라델피아',
  'elkins park': '엘킨스파크',
  'las vegas': '라스베이거스',
  henderson: '헨더슨',
  boston: '보스턴',
  denver: '덴버',
  aurora: '오로라',
  anchorage: '앵커리지',
  phoenix: '피닉스',
  portland: '포틀랜드',
  minneapolis: '미니애폴리스',
  orlando: '올랜도',
  miami: '마이애미',
}

/** A realtor's own Korean name for a city they serve (a service area's `cityKo`). */
export type PlaceNameOverride = { state: string; city: string; cityKo?: string | null }

const keyOf = (city: string) => city.trim().replace(/\s+/g, ' ').toLowerCase()

function overrideFor(city: string, state: string, overrides: ReadonlyArray<PlaceNameOverride>): string | undefined {
  const key = keyOf(city)
  const found = overrides.find((item) => item.cityKo?.trim() && item.state.toUpperCase() === state.toUpperCase() && keyOf(item.city) === key)
  return found?.cityKo?.trim()
}

/** A state's name: "캘리포니아" on a Korean page, "California" on an English one; its code when unknown. */
export function stateName(state: string, lang: Lang): string {
  const code = state.trim().toUpperCase()
  return (lang === 'ko' ? KOREAN_STATE_NAMES[code] : ENGLISH_STATE_NAMES[code]) ?? state
}

/** A city's name in the page's language: the realtor's Korean name, the table's, else the English name. */
export function cityName(city: string, state: string, lang: Lang, overrides: ReadonlyArray<PlaceNameOverride> = []): string {
  if (lang !== 'ko') return city
  return overrideFor(city, state, overrides) ?? KOREAN_CITY_NAMES[keyOf(city)] ?? city.trim()
}

/**
 * A city with its state: "캘리포니아주 어바인" on a Korean page (the state first, as Korean writes
 * places), "Irvine, CA" on an English one. A city the table does not know keeps its English name
 * and the state's code ("Smallville, CA"), so no page mixes an English city with a Korean state.
 */
export function placeName(city: string, state: string, lang: Lang, overrides: ReadonlyArray<PlaceNameOverride> = []): string {
  const code = state.trim().toUpperCase()
  const english = `${city.trim()}, ${code}`
  if (lang !== 'ko') return english
  const koreanCity = overrideFor(city, code, overrides) ?? KOREAN_CITY_NAMES[keyOf(city)]
  const koreanState = KOREAN_STATE_NAMES[code]
  if (!koreanCity || !koreanState) return english
  // The capital is one place name in Korean ("워싱턴DC"), not a city of a state.
  if (code === 'DC') return keyOf(city) === 'washington' ? koreanState : `${koreanState} ${koreanCity}`
  return `${koreanState}주 ${koreanCity}`
}

/** A place with its state spelled out in English ("Irvine, California"), as `placeName` in Korean. */
export function spelledPlaceName(city: string, state: string, lang: Lang, overrides: ReadonlyArray<PlaceNameOverride> = []): string {
  return lang === 'ko' ? placeName(city, state, lang, overrides) : `${city.trim()}, ${stateName(state, 'en')}`
}

/** A service area with its neighbourhood: "캘리포니아주 어바인 Woodbridge", "Woodbridge, Irvine, California". */
export function serviceAreaName(
  area: { city: string; state: string; neighborhood?: string | null; cityKo?: string | null },
  lang: Lang,
  overrides: ReadonlyArray<PlaceNameOverride> = [area],
): string {
  const place = spelledPlaceName(area.city, area.state, lang, overrides)
  const neighborhood = area.neighborhood?.trim()
  if (!neighborhood) return place
  return lang === 'ko' ? `${place} ${neighborhood}` : `${neighborhood}, ${place}`
}

/** The table read the other way: a Korean city name to its English key (the first, where two share one). */
const ENGLISH_CITY_KEYS: ReadonlyMap<string, string> = new Map(
  Object.entries(KOREAN_CITY_NAMES)
    .reverse()
    .map(([english, korean]) => [korean, english]),
)

const titleCase = (key: string) => key.replace(/(^|[\s-])(\p{L})/gu, (_whole, before: string, letter: string) => before + letter.toUpperCase())

/**
 * A place a person typed, such as a review's city ("Irvine", "Irvine, CA", "어바인"), in the
 * page's language when it names a city we know: the realtor's own Korean name for a city they
 * serve first, the table next. Anything else stays as typed: a guess would be worse than the
 * person's own words.
 */
export function typedPlaceName(typed: string, lang: Lang, overrides: ReadonlyArray<PlaceNameOverride> = []): string {
  const text = typed.trim().replace(/\s+/g, ' ')
  if (lang === 'ko') {
    const withState = /^(.+?),\s*([A-Za-z]{2})$/.exec(text)
    if (withState) {
      const [, city = '', state = ''] = withState
      const named = placeName(city, state, 'ko', overrides)
      return named === `${city.trim()}, ${state.toUpperCase()}` ? text : named
    }
    const own = overrides.find((item) => item.cityKo?.trim() && keyOf(item.city) === keyOf(text))?.cityKo?.trim()
    return own ?? KOREAN_CITY_NAMES[keyOf(text)] ?? text
  }
  // "조지아주 둘루스", as placeName writes a Korean place: back to "Duluth, GA".
  const withState = /^(\S+?)주 (.+)$/.exec(text)
  const stateCode = withState ? STATE_CODES_BY_KOREAN_NAME.get(withState[1] ?? '') : undefined
  if (withState && stateCode) {
    const city = englishCityOf(withState[2] ?? '', overrides)
    return city === undefined ? text : `${city}, ${stateCode}`
  }
  return englishCityOf(text, overrides) ?? text
}

const STATE_CODES_BY_KOREAN_NAME: ReadonlyMap<string, string> = new Map(Object.entries(KOREAN_STATE_NAMES).map(([code, korean]) => [korean, code]))

/** The English name of a city written in Korean: the realtor's own name for it, else the table's. */
function englishCityOf(korean: string, overrides: ReadonlyArray<PlaceNameOverride>): string | undefined {
  const own = overrides.find((item) => item.cityKo?.trim() === korean)?.city.trim()
  if (own) return own
  const key = ENGLISH_CITY_KEYS.get(korean)
  return key === undefined ? undefined : titleCase(key)
}
