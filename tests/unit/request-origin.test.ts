import { describe, expect, it } from 'vitest'
import { originFromHeaders, requestHost } from '~/server/site/site-context'

/*
 * Whose word names the host and scheme of a request: a proxy's, only when one is declared in
 * front (TRUSTED_PROXY_HOPS > 0). Otherwise a client's X-Forwarded-Host would name the host of
 * the page's links, its feeds and the links in the mails it asks for.
 */

const url = new URL('http://internal:3000/sora-park')

function reader(headers: Record<string, string>) {
  return (name: string) => headers[name]
}

describe('the origin of a request', () => {
  const asked = reader({ host: 'homes.example', 'x-forwarded-host': 'evil.example, proxy.internal', 'x-forwarded-proto': 'https' })

  it('is the Host and the connection without a proxy declared in front', () => {
    expect(originFromHeaders(asked, url, false)).toBe('http://homes.example')
    expect(requestHost(asked, false)).toBe('homes.example')
  })

  it("is the proxy's first forwarded host and scheme behind a declared one", () => {
    expect(originFromHeaders(asked, url, true)).toBe('https://evil.example')
    expect(requestHost(asked, true)).toBe('evil.example')
  })

  it("falls back to the URL's host without a Host header, and ignores an unknown scheme", () => {
    expect(originFromHeaders(reader({ 'x-forwarded-proto': 'gopher' }), url, true)).toBe('http://internal:3000')
  })

  it('trusts no forwarded header by default (TRUSTED_PROXY_HOPS=0)', () => {
    expect(originFromHeaders(asked, url)).toBe('http://homes.example')
  })
})
