import { describe, expect, it } from 'vitest'
import { compressHtmlResponse, pickEncoding } from '~/server/web/compress'
import { deferScriptsUntilPainted } from '~/server/web/defer-scripts'
import { finishPage } from '~/server/http/finish-page'
import { withoutPageScripts } from '~/server/web/page-scripts'
import { GONE_PAGE_HEADER, noPageScripts, PAGE_SCRIPTS_HEADER } from '~/lib/page-scripts'

describe('compression of server-rendered pages', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(pickEncoding('gzip')).toBe('gzip')
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip')
    expect(pickEncoding('identity')).toBeUndefined()
    expect(pickEncoding(null)).toBeUndefined()
  })
  it('compresses HTML and nothing else', async () => {
    const html = '<!DOCTYPE html><html><body>' + '안녕하세요 '.repeat(500) + '</body></html>'
    const request = new Request('http://localhost/sora-park', { headers: { 'accept-encoding': 'gzip' } })
    const page = await compressHtmlResponse(request, new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'content-length': '1' } }))
    expect(page.headers.get('content-encoding')).toBe('gzip')
    expect(Number(page.headers.get('content-length'))).toBeLessThan(html.length / 10)
    expect(page.headers.get('vary')).toContain('Accept-Encoding')
    const body = new Uint8Array(await page.arrayBuffer())
    expect(body.byteLength).toBeLessThan(html.length / 10)
    expect(await new Response(new Blob([body]).stream().pipeThrough(new DecompressionStream('gzip'))).text()).toBe(html)

    const json = await compressHtmlResponse(request, new Response('{}', { headers: { 'content-type': 'application/json' } }))
    expect(json.headers.get('content-encoding')).toBeNull()
  })
})

describe("a visitor's page loads its JavaScript after the first paint", () => {
  const rendered =
    '<html><head><link rel="stylesheet" href="/assets/styles.css"/><link rel="modulepreload" href="/assets/index.js" fetchPriority="low"/>' +
    '<link rel="modulepreload" href="/assets/app.js" fetchPriority="low"/></head><body><main>hi</main>' +
    '<script type="module" async="" src="/assets/index.js"></script></body></html>'

  it('moves the preloads and the start script into one loader', () => {
    const html = deferScriptsUntilPainted(rendered)
    expect(html).not.toContain('rel="modulepreload"')
    expect(html).not.toContain('<script type="module"')
    expect(html).toContain('["/assets/index.js","/assets/app.js"]')
    expect(html).toContain('script.src="/assets/index.js"')
    expect(html).toContain('first-contentful-paint')
    expect(html).toContain('<link rel="stylesheet" href="/assets/styles.css"/>')
  })
  it('leaves a page it does not recognise as it was', () => {
    const other = rendered.replace('async=""', 'defer=""')
    expect(deferScriptsUntilPainted(other)).toBe(other)
  })
})

describe('a page whose route asks for no scripts is sent without them (decision 051)', () => {
  const jsonLd = '<script type="application/ld+json">{"@type":"RealEstateAgent","name":"Sora"}</script>'
  const rendered =
    '<!DOCTYPE html><html lang="ko"><head><link rel="stylesheet" href="/assets/styles.css"/>' +
    '<link rel="modulepreload" href="/assets/index.js" fetchPriority="low"/>' +
    jsonLd +
    '</head><body><main><h1>Confirm your e-mail alerts</h1><form method="post" action="/alerts/confirm"><button>Confirm</button></form></main>' +
    '<script>(function(a){sessionStorage.getItem(a)})("tsr-scroll")</script>' +
    '<script data-tsr-stream-part="">self.$_TSR={router:{}}</script>' +
    '<script type="module" async="" src="/assets/index.js"></script></body></html>'

  it('keeps the markup, the styles and the JSON-LD and drops every script and module preload', () => {
    const html = withoutPageScripts(rendered)
    expect(html).toContain('<h1>Confirm your e-mail alerts</h1><form method="post" action="/alerts/confirm">')
    expect(html).toContain('<link rel="stylesheet" href="/assets/styles.css"/>')
    expect(html).toContain(jsonLd)
    expect(html).not.toContain('modulepreload')
    expect(html.match(/<script\b/g)).toHaveLength(1)
  })

  it('is applied by finishPage when the route set its header, which is not sent on, and the policy names no inline script', async () => {
    const page = (headers: Record<string, string>) =>
      finishPage(
        new Request('http://realtor.test/sora-park/alerts/confirm'),
        new Response(rendered, { headers: { 'content-type': 'text/html; charset=utf-8', ...headers } }),
        {
          photoOrigins: [],
        },
      )
    const stripped = await page(noPageScripts())
    expect(stripped.headers.has(PAGE_SCRIPTS_HEADER)).toBe(false)
    const html = await stripped.text()
    expect(html).not.toContain('$_TSR')
    // What it gets instead: prefetch rules for its links, data the policy names by their hash alone.
    const rules = /<script type="speculationrules">([^<]*)<\/script><\/body>/.exec(html)?.[1] ?? ''
    expect(JSON.parse(rules)).toMatchObject({ prefetch: [{ eagerness: 'moderate' }] })
    // …but not for a link an island answers in place, nor a download or a nofollow link.
    expect(rules).toContain('[data-in-place]')
    expect(rules).toContain('[download]')
    expect(stripped.headers.get('content-security-policy')?.match(/'sha256-/g)).toHaveLength(1)
    // Without the header, a page keeps its scripts and its policy names the inline ones.
    const kept = await page({})
    expect(await kept.text()).toContain('$_TSR')
    expect(kept.headers.get('content-security-policy')).toContain("'sha256-")
  })
})

describe('a not-found page about a listing an import retired answers 410 Gone (issue 51 item 2)', () => {
  const html = '<!DOCTYPE html><html><head></head><body><main><h1>This home is no longer listed</h1></main></body></html>'
  const request = new Request('http://localhost/en/sora-park/homes/GONE-1')
  const rendered = (status: number, headers: Record<string, string>) =>
    new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8', ...headers } })

  it('turns the router’s 404 into 410 and takes its marker off', async () => {
    const page = await finishPage(request, rendered(404, { [GONE_PAGE_HEADER]: 'retired' }), { photoOrigins: [] })
    expect(page.status).toBe(410)
    expect(page.headers.get(GONE_PAGE_HEADER)).toBeNull()
  })
  it('leaves a 404 without the marker, and never changes a page that was found', async () => {
    expect((await finishPage(request, rendered(404, {}), { photoOrigins: [] })).status).toBe(404)
    expect((await finishPage(request, rendered(200, { [GONE_PAGE_HEADER]: 'retired' }), { photoOrigins: [] })).status).toBe(200)
  })
})
