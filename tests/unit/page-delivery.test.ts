import { describe, expect, it } from 'vitest'
import { compressHtmlResponse, pickEncoding } from '~/server/http/compress'
import { deferScriptsUntilPainted } from '~/server/http/defer-scripts'

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
