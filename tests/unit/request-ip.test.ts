import { describe, expect, it } from 'vitest'
import { clientAddress } from '~/server/http/request-ip'

describe('clientAddress: X-Forwarded-For only through trusted hops, as proxy-addr', () => {
  it('ignores the header without a trusted hop: a forged address changes nothing', () => {
    expect(clientAddress('203.0.113.9', null, 0)).toBe('203.0.113.9')
    for (const forged of ['1.2.3.4', '1.2.3.4, 5.6.7.8', 'garbage', ' , ']) expect(clientAddress('203.0.113.9', forged, 0), forged).toBe('203.0.113.9')
  })

  it('behind one proxy, takes the address that proxy appended, never what the client wrote before it', () => {
    // The proxy (10.0.0.1) appends the address it got the request from.
    expect(clientAddress('10.0.0.1', '198.51.100.7', 1)).toBe('198.51.100.7')
    expect(clientAddress('10.0.0.1', 'forged-by-client, 198.51.100.7', 1)).toBe('198.51.100.7')
    expect(clientAddress('10.0.0.1', '1.1.1.1, 2.2.2.2, 198.51.100.7', 1)).toBe('198.51.100.7')
  })

  it('behind two proxies, skips both of their entries', () => {
    expect(clientAddress('10.0.0.2', 'forged, 198.51.100.7, 10.0.0.1', 2)).toBe('198.51.100.7')
  })

  it('falls back to the farthest address known when fewer hops arrived than are trusted', () => {
    expect(clientAddress('10.0.0.1', null, 1)).toBe('10.0.0.1')
    expect(clientAddress(undefined, null, 0)).toBe('unknown')
  })
})
