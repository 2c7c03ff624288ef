/*
 * Where a visit came from, as a class and a name (issue 14, decision 016): never the referring
 * URL itself, whose path and query may carry a search phrase or someone's identifier. Pure, so
 * the rules are unit-tested on their own.
 */

export const REFERRER_CLASSES = ['direct', 'search', 'social', 'other'] as const
export type ReferrerClass = (typeof REFERRER_CLASSES)[number]

export type ReferrerSource = { referrerClass: ReferrerClass; referrerHost: string }

export const DIRECT: ReferrerSource = { referrerClass: 'direct', referrerHost: '' }

/** Hosts are cut to this length: a long made-up one must not fill a row. */
const HOST_MAX_LENGTH = 100

type Rule = { source: ReferrerSource; matches: (host: string) => boolean }

/** `host` is `domain` or one of its subdomains. */
function under(domain: string): (host: string) => boolean {
  return (host) => host === domain || host.endsWith(`.${domain}`)
}

/** A Google or Yahoo site in any country: `google.co.kr`, `www.google.de`, `search.yahoo.co.jp`. */
function anyCountry(name: string): (host: string) => boolean {
  const pattern = new RegExp(`(?:^|\\.)${name}\\.(?:[a-z]{2,3}|co\\.[a-z]{2}|com\\.[a-z]{2})$`)
  return (host) => pattern.test(host)
}

const search = (name: string): ReferrerSource => ({ referrerClass: 'search', referrerHost: name })
const social = (name: string): ReferrerSource => ({ referrerClass: 'social', referrerHost: name })

/** First match wins: Naver's blog and cafe before Naver's search. */
const RULES: ReadonlyArray<Rule> = [
  { source: social('naver-blog'), matches: (host) => under('blog.naver.com')(host) || host === 'blog.me' },
  { source: social('naver-cafe'), matches: under('cafe.naver.com') },
  { source: search('naver'), matches: under('naver.com') },
  { source: search('google'), matches: (host) => anyCountry('google')(host) },
  { source: search('bing'), matches: under('bing.com') },
  { source: search('daum'), matches: (host) => under('daum.net')(host) },
  { source: search('yahoo'), matches: (host) => anyCountry('yahoo')(host) },
  { source: search('duckduckgo'), matches: under('duckduckgo.com') },
  { source: social('kakaotalk'), matches: (host) => under('kakao.com')(host) || host === 'kakaotalk' },
  { source: social('instagram'), matches: under('instagram.com') },
  { source: social('facebook'), matches: (host) => under('facebook.com')(host) || host === 'fb.me' || host === 'fb.com' },
  { source: social('youtube'), matches: (host) => under('youtube.com')(host) || host === 'youtu.be' },
]

/**
 * Android apps send `android-app://<package>/` as the referrer: the Google app and Naver's and
 * Kakao's apps are how many Korean visitors arrive.
 */
const ANDROID_APPS: ReadonlyArray<[string, ReferrerSource]> = [
  ['com.google.android.googlequicksearchbox', search('google')],
  ['com.google.android.gm', { referrerClass: 'other', referrerHost: 'gmail' }],
  ['com.nhn.android.search', search('naver')],
  ['com.nhn.android.blog', social('naver-blog')],
  ['com.kakao.talk', social('kakaotalk')],
  ['com.instagram.android', social('instagram')],
  ['com.facebook.katana', social('facebook')],
  ['com.google.android.youtube', social('youtube')],
]

/**
 * In-app browsers often send no referrer at all; their user agent still names the app
 * (KakaoTalk's `KAKAOTALK`, Instagram's, Facebook's `FBAN`/`FBAV`, Naver's `NAVER(inapp`).
 * Used only when there is no referrer, and only to pick a class: the user agent is not kept.
 */
const IN_APP_BROWSERS: ReadonlyArray<[RegExp, ReferrerSource]> = [
  [/\bKAKAOTALK\b/i, social('kakaotalk')],
  [/\bInstagram\b/, social('instagram')],
  [/\bFBA[NV]\//, social('facebook')],
  [/\bNAVER\(inapp/, search('naver')],
  [/\bDaumApps\b/, search('daum')],
]

function normalisedHost(host: string): string {
  return host
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '')
    .slice(0, HOST_MAX_LENGTH)
}

/**
 * The source of a visit. `referrer` is the Referer header or `document.referrer`; `siteHosts`
 * the hosts that are this site (the request's host, a realtor's own domain): a referrer from
 * them is a visitor moving within the site, counted as direct like no referrer at all.
 */
export function classifyReferrer(input: { referrer: string | null | undefined; siteHosts: ReadonlyArray<string>; userAgent?: string | null }): ReferrerSource {
  const referrer = input.referrer?.trim() ?? ''
  if (referrer === '') {
    const userAgent = input.userAgent ?? ''
    for (const [pattern, source] of IN_APP_BROWSERS) if (pattern.test(userAgent)) return source
    return DIRECT
  }
  let url: URL
  try {
    url = new URL(referrer)
  } catch {
    return DIRECT
  }
  if (url.protocol === 'android-app:') {
    const app = url.hostname.toLowerCase()
    for (const [name, source] of ANDROID_APPS) if (app === name) return source
    return { referrerClass: 'other', referrerHost: normalisedHost(app) }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return DIRECT
  const host = normalisedHost(url.hostname)
  if (host === '') return DIRECT
  if (input.siteHosts.some((site) => normalisedHost(site.replace(/:\d+$/, '')) === host)) return DIRECT
  for (const rule of RULES) if (rule.matches(host)) return rule.source
  return { referrerClass: 'other', referrerHost: host }
}
