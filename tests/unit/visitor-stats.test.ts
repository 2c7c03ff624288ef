import { describe, expect, it } from 'vitest'
import { isAutomated, isBotUserAgent, isPrefetch } from '../../src/server/stats/bots'
import { classifyReferrer } from '../../src/server/stats/referrer'

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const SITE = ['realtor.example', 'localhost:3000']

function classify(referrer: string | undefined, userAgent = CHROME) {
  return classifyReferrer({ referrer, siteHosts: SITE, userAgent })
}

describe('classifyReferrer', () => {
  it('counts no referrer, a same-site one and a malformed one as direct', () => {
    expect(classify(undefined)).toEqual({ referrerClass: 'direct', referrerHost: '' })
    expect(classify('')).toEqual({ referrerClass: 'direct', referrerHost: '' })
    expect(classify('https://realtor.example/sora-park?page=2')).toEqual({ referrerClass: 'direct', referrerHost: '' })
    expect(classify('https://www.realtor.example/')).toEqual({ referrerClass: 'direct', referrerHost: '' })
    expect(classify('http://localhost:3000/en/sora-park')).toEqual({ referrerClass: 'direct', referrerHost: '' })
    expect(classify('not a url')).toEqual({ referrerClass: 'direct', referrerHost: '' })
    expect(classify('javascript:alert(1)')).toEqual({ referrerClass: 'direct', referrerHost: '' })
  })

  it.each([
    ['https://www.google.com/', 'google'],
    ['https://www.google.co.kr/search?q=irvine+realtor', 'google'],
    ['https://google.de/', 'google'],
    ['android-app://com.google.android.googlequicksearchbox/', 'google'],
    ['https://www.bing.com/search?q=x', 'bing'],
    ['https://search.naver.com/search.naver?query=%EB%B6%80%EB%8F%99%EC%82%B0', 'naver'],
    ['https://m.search.naver.com/', 'naver'],
    ['https://search.daum.net/search?q=x', 'daum'],
    ['https://m.search.daum.net/', 'daum'],
    ['https://search.yahoo.com/', 'yahoo'],
    ['https://search.yahoo.co.jp/', 'yahoo'],
    ['https://duckduckgo.com/', 'duckduckgo'],
  ])('%s is the search engine %s', (referrer, engine) => {
    expect(classify(referrer)).toEqual({ referrerClass: 'search', referrerHost: engine })
  })

  it.each([
    ['https://blog.naver.com/someone/223', 'naver-blog'],
    ['https://m.blog.naver.com/someone', 'naver-blog'],
    ['https://cafe.naver.com/irvinemoms', 'naver-cafe'],
    ['https://talk.kakao.com/', 'kakaotalk'],
    ['https://open.kakao.com/o/abc', 'kakaotalk'],
    ['android-app://com.kakao.talk/', 'kakaotalk'],
    ['https://l.instagram.com/?u=x', 'instagram'],
    ['https://www.instagram.com/', 'instagram'],
    ['https://m.facebook.com/', 'facebook'],
    ['https://l.facebook.com/l.php?u=x', 'facebook'],
    ['https://www.youtube.com/watch?v=x', 'youtube'],
    ['https://youtu.be/x', 'youtube'],
  ])('%s is the network %s', (referrer, network) => {
    expect(classify(referrer)).toEqual({ referrerClass: 'social', referrerHost: network })
  })

  it('names any other site by its host alone, never its path or query', () => {
    expect(classify('https://www.Zillow.com/homedetails/123?utm=x')).toEqual({ referrerClass: 'other', referrerHost: 'zillow.com' })
    expect(classify('https://news.example.org./a')).toEqual({ referrerClass: 'other', referrerHost: 'news.example.org' })
    // A look-alike is not Google.
    expect(classify('https://google.evil.example/')).toEqual({ referrerClass: 'other', referrerHost: 'google.evil.example' })
    expect(classify('https://notgoogle.com/')).toEqual({ referrerClass: 'other', referrerHost: 'notgoogle.com' })
    const long = `https://${'a'.repeat(60)}.${'b'.repeat(60)}.example/`
    expect(classify(long).referrerHost.length).toBeLessThanOrEqual(100)
  })

  it("takes an in-app browser's app when it sends no referrer", () => {
    expect(classify(undefined, `${IPHONE} KAKAOTALK 10.6.5`)).toEqual({ referrerClass: 'social', referrerHost: 'kakaotalk' })
    expect(classify(undefined, `${IPHONE} Instagram 330.0.0.0`)).toEqual({ referrerClass: 'social', referrerHost: 'instagram' })
    expect(classify(undefined, `${IPHONE} [FBAN/FBIOS;FBAV/470.0]`)).toEqual({ referrerClass: 'social', referrerHost: 'facebook' })
    expect(classify(undefined, `${IPHONE} NAVER(inapp; search; 1000; 12.5.1)`)).toEqual({ referrerClass: 'search', referrerHost: 'naver' })
    // A referrer, when there is one, says more than the app.
    expect(classify('https://www.google.com/', `${IPHONE} KAKAOTALK 10.6.5`)).toEqual({ referrerClass: 'search', referrerHost: 'google' })
  })
})

describe('bot detection', () => {
  it('lets browsers, in-app browsers included, through', () => {
    expect(isBotUserAgent(CHROME)).toBe(false)
    expect(isBotUserAgent(IPHONE)).toBe(false)
    expect(isBotUserAgent(`${IPHONE} KAKAOTALK 10.6.5`)).toBe(false)
    expect(isBotUserAgent('Mozilla/5.0 (Linux; Android 9; CUBOT X19) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36')).toBe(false)
  })

  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0 Safari/537.36',
    'Mozilla/5.0 (compatible; Yeti/1.1; +https://naver.me/spd)',
    'Mozilla/5.0 (compatible; Daum/4.1; +http://cs.daum.net/faq/15/4118.html?faqId=28966) Daumoa',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'Mozilla/5.0 (compatible; kakaotalk-scrap/1.0; +https://devtalk.kakao.com/)',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse',
    'WhatsApp/2.23.20.0',
    'curl/8.5.0',
    'python-requests/2.31.0',
    '',
  ])('leaves out %s', (userAgent) => {
    expect(isBotUserAgent(userAgent)).toBe(true)
  })

  it('leaves out pages fetched ahead of a visit', () => {
    expect(isPrefetch(new Headers({ 'sec-purpose': 'prefetch' }))).toBe(true)
    expect(isPrefetch(new Headers({ 'sec-purpose': 'prefetch;prerender' }))).toBe(true)
    expect(isPrefetch(new Headers({ purpose: 'prefetch' }))).toBe(true)
    expect(isPrefetch(new Headers({ 'x-moz': 'prefetch' }))).toBe(true)
    expect(isPrefetch(new Headers({}))).toBe(false)
    expect(isAutomated(new Headers({ 'user-agent': CHROME }))).toBe(false)
    expect(isAutomated(new Headers({ 'user-agent': CHROME, 'sec-purpose': 'prefetch' }))).toBe(true)
  })
})
