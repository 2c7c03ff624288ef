/*
 * Requests that are not a person looking at a page (issue 14, decision 016): crawlers, link
 * previews, monitors, headless browsers and scripts, and pages loaded ahead of a visit
 * (prefetch, prerender). Pure, unit-tested; judged on headers only, and nothing of them kept.
 */

/**
 * Crawlers and previewers by the words their user agents use. The in-app browsers of KakaoTalk,
 * Naver and Instagram are people; their previewers (`kakaotalk-scrap`, `Yeti`,
 * `facebookexternalhit`) are not.
 */
const BOT_USER_AGENT =
  /[a-z]bot\/|\bbot\b|crawl|spider|slurp|scrap|yeti|daumoa|facebookexternalhit|facebookcatalog|embedly|preview|whatsapp|telegram|discord|slack|skypeuri|headless|lighthouse|pagespeed|gtmetrix|phantomjs|selenium|puppeteer|playwright|electron|curl\/|wget|python|java\/|go-http|okhttp|axios|node-fetch|undici|httpclient|libwww|scrapy|feedfetcher|monitor|uptime|pingdom|statuscake|check_http|archive\.org|ia_archiver/i

export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  const value = userAgent?.trim() ?? ''
  // Every browser names itself; a request with no user agent is a script.
  if (value === '' || !/^Mozilla\/|^Opera\//.test(value)) return true
  return BOT_USER_AGENT.test(value)
}

/** Asked ahead of a visit that may never happen (RFC-less but common headers). */
export function isPrefetch(headers: Headers): boolean {
  const purpose = `${headers.get('sec-purpose') ?? ''} ${headers.get('purpose') ?? ''} ${headers.get('x-purpose') ?? ''} ${headers.get('x-moz') ?? ''}`
  return /prefetch|prerender|preview/i.test(purpose)
}

/** Whether a request is to be left out of the statistics. */
export function isAutomated(headers: Headers): boolean {
  return isBotUserAgent(headers.get('user-agent')) || isPrefetch(headers)
}
