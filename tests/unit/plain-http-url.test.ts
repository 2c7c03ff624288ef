import { describe, expect, it } from 'vitest'
import { plainHttpUrl } from '../../src/lib/plain-http-url'

describe('plainHttpUrl', () => {
  it('parses an http(s) address with a path alone', () => {
    expect(plainHttpUrl('https://cdn.example/uploads/realtors/a/id/x.webp')?.pathname).toBe('/uploads/realtors/a/id/x.webp')
    expect(plainHttpUrl('http://localhost:3000/uploads/demo/homes/home-01.webp')?.host).toBe('localhost:3000')
  })

  it.each([
    ['not a URL', 'uploads/x.webp'],
    ['another scheme', 'ftp://files.example/x.webp'],
    ['a data URL', 'data:image/png;base64,AAAA'],
    ['a query', 'https://cdn.example/x.webp?v=2'],
    ['a fragment', 'https://cdn.example/x.webp#top'],
  ])('refuses %s', (_, value) => {
    expect(plainHttpUrl(value)).toBeUndefined()
  })
})
