/**
 * Languages and the URL scheme: Korean has no prefix, English lives under `/en` (spec §2).
 * Pure and isomorphic: used by the router, the request middleware and the API alike.
 */
export const LANGS = ['ko', 'en'] as const
export type Lang = (typeof LANGS)[number]
export const DEFAULT_LANG: Lang = 'ko'

/** The cookie that stores an explicit language choice (spec §9). */
export const LANG_COOKIE = 'i18n_redirected'
export const LANG_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60

/** BCP 47 tags for Intl and `og:locale` (spec §9: ko_KR and en-US). */
export const LOCALE_TAG: Record<Lang, string> = { ko: 'ko-KR', en: 'en-US' }
export const OG_LOCALE: Record<Lang, string> = { ko: 'ko_KR', en: 'en_US' }

export function isLang(value: unknown): value is Lang {
  return value === 'ko' || value === 'en'
}

/** The route param of the optional `{-$lang}` segment: absent means Korean. */
export function langFromParam(param: string | undefined): Lang {
  return param === 'en' ? 'en' : 'ko'
}

/** The URL segment for a language: `undefined` drops the optional segment. */
export function langParam(lang: Lang): 'en' | undefined {
  return lang === 'en' ? 'en' : undefined
}

/** The language a path is in, judged by its first segment only. */
export function langFromPath(pathname: string): Lang {
  return /^\/en(?:\/|$)/.test(pathname) ? 'en' : 'ko'
}

/** The path without its language prefix, always starting with `/`. */
export function stripLangPrefix(pathname: string): string {
  if (!/^\/en(?:\/|$)/.test(pathname)) return pathname || '/'
  const rest = pathname.slice(3)
  return rest === '' ? '/' : rest
}

/** The same page in another language. `path` may carry a query string and a hash. */
export function localizedPath(lang: Lang, pathname: string): string {
  const bare = stripLangPrefix(pathname)
  if (lang === 'ko') return bare
  return bare === '/' ? '/en' : `/en${bare.startsWith('/?') || bare.startsWith('/#') ? bare.slice(1) : bare}`
}

/**
 * Picks ko or en from an Accept-Language header, honouring q-values:
 * `en-US,en;q=0.9,ko;q=0.8` is English, `ko-KR,ko;q=0.9` is Korean.
 * Returns undefined when neither language is acceptable.
 */
export function langFromAcceptLanguage(header: string | null | undefined): Lang | undefined {
  if (!header) return undefined
  let best: { lang: Lang; q: number; order: number } | undefined
  header.split(',').forEach((part, order) => {
    const [rawTag = '', ...params] = part.trim().split(';')
    const primary = rawTag.trim().toLowerCase().split('-')[0]
    if (!isLang(primary)) return
    let q = 1
    for (const param of params) {
      const [key, value] = param.trim().split('=')
      if (key?.trim() === 'q' && value !== undefined) {
        const parsed = Number(value.trim())
        q = Number.isFinite(parsed) ? Math.min(Math.max(parsed, 0), 1) : 0
      }
    }
    if (q <= 0) return
    if (!best || q > best.q) best = { lang: primary, q, order }
  })
  return best?.lang
}

/** Reads one cookie from a Cookie header. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined
  for (const pair of header.split(';')) {
    const index = pair.indexOf('=')
    if (index < 0) continue
    if (pair.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(pair.slice(index + 1).trim())
      } catch {
        return undefined
      }
    }
  }
  return undefined
}

/**
 * The language for a prefix-less `/` (spec §2, §4): the stored choice wins, then the
 * browser's Accept-Language, then Korean.
 */
export function preferredLangAtRoot(input: { cookie?: string | null; acceptLanguage?: string | null }): Lang {
  const stored = readCookie(input.cookie, LANG_COOKIE)
  if (isLang(stored)) return stored
  return langFromAcceptLanguage(input.acceptLanguage) ?? DEFAULT_LANG
}

/** The Set-Cookie-compatible document.cookie string that stores a language choice. */
export function langCookieString(lang: Lang, secure: boolean): string {
  return `${LANG_COOKIE}=${lang}; Max-Age=${LANG_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`
}

/** On the language switch's link: the language it switches to, for code that stores the choice without the router. */
export const LANGUAGE_SWITCH_ATTRIBUTE = 'data-language-switch'
