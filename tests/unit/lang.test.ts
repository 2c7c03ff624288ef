import { describe, expect, it } from 'vitest'
import { langCookieString, langFromAcceptLanguage, langFromPath, localizedPath, preferredLangAtRoot, readCookie, stripLangPrefix } from '~/lib/lang'
import { isReservedPath } from '~/lib/reserved-paths'
import { buildIdFrom, isChunkLoadError, isNewBuild, latestBuildUrl, mayReloadAfterChunkError } from '~/lib/new-version'

describe('language from Accept-Language, q-values honoured', () => {
  it('reads the examples of the issue', () => {
    expect(langFromAcceptLanguage('en-US,en;q=0.9,ko;q=0.8')).toBe('en')
    expect(langFromAcceptLanguage('ko-KR,ko;q=0.9')).toBe('ko')
  })
  it('prefers the higher q whatever the order', () => {
    expect(langFromAcceptLanguage('en;q=0.5,ko;q=0.9')).toBe('ko')
    expect(langFromAcceptLanguage('fr-FR,en;q=0.3,ko;q=0.2')).toBe('en')
  })
  it('ignores q=0 and languages we do not offer', () => {
    expect(langFromAcceptLanguage('en;q=0,ko;q=0.1')).toBe('ko')
    expect(langFromAcceptLanguage('fr,de;q=0.8')).toBeUndefined()
    expect(langFromAcceptLanguage('')).toBeUndefined()
    expect(langFromAcceptLanguage(null)).toBeUndefined()
  })
})

describe('language at / : cookie, then Accept-Language, then Korean', () => {
  it('lets the stored choice win', () => {
    expect(preferredLangAtRoot({ cookie: 'a=1; i18n_redirected=ko', acceptLanguage: 'en-US,en;q=0.9' })).toBe('ko')
    expect(preferredLangAtRoot({ cookie: 'i18n_redirected=en', acceptLanguage: 'ko-KR' })).toBe('en')
  })
  it('falls back to Accept-Language and then Korean', () => {
    expect(preferredLangAtRoot({ cookie: 'i18n_redirected=fr', acceptLanguage: 'en-US,en;q=0.9' })).toBe('en')
    expect(preferredLangAtRoot({})).toBe('ko')
  })
  it('reads cookies exactly by name', () => {
    expect(readCookie('xi18n_redirected=en; i18n_redirected=ko', 'i18n_redirected')).toBe('ko')
  })
  it('stores the choice for 365 days, SameSite=Lax, Path=/', () => {
    expect(langCookieString('en', false)).toBe('i18n_redirected=en; Max-Age=31536000; Path=/; SameSite=Lax')
  })
})

describe('language prefix in paths', () => {
  it('treats /en and /en/... as English only', () => {
    expect(langFromPath('/en')).toBe('en')
    expect(langFromPath('/en/login')).toBe('en')
    expect(langFromPath('/english')).toBe('ko')
    expect(langFromPath('/')).toBe('ko')
  })
  it('maps a page to the other language', () => {
    expect(localizedPath('en', '/')).toBe('/en')
    expect(localizedPath('en', '/login')).toBe('/en/login')
    expect(localizedPath('ko', '/en')).toBe('/')
    expect(localizedPath('ko', '/en/sora-park/agreement')).toBe('/sora-park/agreement')
    expect(stripLangPrefix('/en/english')).toBe('/english')
  })
})

describe('reserved top-level paths', () => {
  it('covers languages, pages and machine paths, case-insensitively', () => {
    for (const word of ['en', 'login', 'admin', 'process', 'agreement', 'cozying-api', 'api', 'builds', 'uploads', 'Admin']) {
      expect(isReservedPath(word)).toBe(true)
    }
    expect(isReservedPath('sora-park')).toBe(false)
  })
})

describe('§4 new-version detection and the chunk reload guard', () => {
  it('adds a cache-busting query to the latest-build URL', () => {
    expect(latestBuildUrl(123)).toBe('/builds/latest.json?t=123')
  })
  it('sees a new build only when the id differs', () => {
    expect(isNewBuild('a', buildIdFrom({ id: 'b' }))).toBe(true)
    expect(isNewBuild('a', buildIdFrom({ id: 'a' }))).toBe(false)
    expect(isNewBuild('a', buildIdFrom({ nope: 1 }))).toBe(false)
    expect(isNewBuild('a', buildIdFrom(null))).toBe(false)
  })
  it('recognises failed chunk loads', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true)
    expect(isChunkLoadError(new Error('Something else'))).toBe(false)
  })
  it('reloads at most once per 10 seconds', () => {
    expect(mayReloadAfterChunkError(100_000, null)).toBe(true)
    expect(mayReloadAfterChunkError(100_000, '95000')).toBe(false)
    expect(mayReloadAfterChunkError(100_000, '90000')).toBe(true)
    expect(mayReloadAfterChunkError(100_000, 'garbage')).toBe(true)
  })
})
