import { describe, expect, it } from 'vitest'
import { compressHtmlResponse, pickEncoding } from '~/server/http/compress'

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
    const page = compressHtmlResponse(request, new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'content-length': '1' } }))
    expect(page.headers.get('content-encoding')).toBe('gzip')
    expect(page.headers.get('content-length')).toBeNull()
    expect(page.headers.get('vary')).toContain('Accept-Encoding')
    const body = new Uint8Array(await page.arrayBuffer())
    expect(body.byteLength).toBeLessThan(html.length / 10)
    expect(await new Response(new Blob([body]).stream().pipeThrough(new DecompressionStream('gzip'))).text()).toBe(html)

    const json = compressHtmlResponse(request, new Response('{}', { headers: { 'content-type': 'application/json' } }))
    expect(json.headers.get('content-encoding')).toBeNull()
  })
})
