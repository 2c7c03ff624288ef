import { describe, expect, it } from 'vitest'
import { environmentForHost, isOwnHost, normalizeHost } from '../../src/lib/host-environment'
import { mailOriginFor } from '../../src/server/config/our-hosts'

describe('environmentForHost (spec §9 environment)', () => {
  it('is development for a host starting with "dev."', () => {
    expect(environmentForHost('dev.example.com')).toBe('development')
    expect(environmentForHost('dev.example.com:8443')).toBe('development')
  })

  it('is development for a host containing ":300"', () => {
    expect(environmentForHost('example.com:3001')).toBe('development')
    expect(environmentForHost('192.168.0.10:3000')).toBe('development')
  })

  it('is development for a host containing "localhost"', () => {
    expect(environmentForHost('localhost')).toBe('development')
    expect(environmentForHost('localhost:3000')).toBe('development')
    expect(environmentForHost('localhost:8080')).toBe('development')
  })

  it('is development for the configured dev host, equal or contained', () => {
    expect(environmentForHost('staging.example.com', { devHost: 'staging.example.com' })).toBe('development')
    expect(environmentForHost('staging.example.com:8443', { devHost: 'staging.example.com' })).toBe('development')
    expect(environmentForHost('preview.staging.example.com', { devHost: 'staging.example.com' })).toBe('development')
  })

  it('is production for any other host', () => {
    expect(environmentForHost('example.com')).toBe('production')
    expect(environmentForHost('janekim-realty.com')).toBe('production')
    expect(environmentForHost('127.0.0.1:8080')).toBe('production')
    expect(environmentForHost('example.com:8080')).toBe('production')
    expect(environmentForHost('mydev.example.com')).toBe('production')
    expect(environmentForHost('example.com', { devHost: 'staging.example.com' })).toBe('production')
  })

  it('ignores an empty configured dev host', () => {
    expect(environmentForHost('example.com', { devHost: '' })).toBe('production')
  })

  it('is case-insensitive', () => {
    expect(environmentForHost('DEV.Example.COM')).toBe('development')
    expect(environmentForHost('LocalHost:8080')).toBe('development')
    expect(environmentForHost('Staging.Example.com', { devHost: 'STAGING.example.COM' })).toBe('development')
  })

  it('ignores a trailing dot on the host name', () => {
    expect(environmentForHost('staging.example.com.', { devHost: 'staging.example.com' })).toBe('development')
    expect(environmentForHost('staging.example.com', { devHost: 'staging.example.com.' })).toBe('development')
    expect(environmentForHost('staging.example.com.:8443', { devHost: 'staging.example.com:8443' })).toBe('development')
  })
})

describe('isOwnHost (spec §9 own-domain check)', () => {
  const options = { productHosts: ['example.com', 'www.example.com'], devHost: 'staging.example.com' }

  it('treats localhost on any port as ours', () => {
    expect(isOwnHost('localhost', options)).toBe(true)
    expect(isOwnHost('localhost:3000', options)).toBe(true)
    expect(isOwnHost('localhost:8080', options)).toBe(true)
  })

  it('treats 127.0.0.1 on any port as ours', () => {
    expect(isOwnHost('127.0.0.1', options)).toBe(true)
    expect(isOwnHost('127.0.0.1:8080', options)).toBe(true)
  })

  it('treats any host on ports 3000–3009 as ours', () => {
    expect(isOwnHost('janekim-realty.com:3000', options)).toBe(true)
    expect(isOwnHost('example.org:3001', options)).toBe(true)
    expect(isOwnHost('192.168.0.10:3009', options)).toBe(true)
  })

  it('does not treat other ports near 300x as ours', () => {
    expect(isOwnHost('janekim-realty.com:3010', options)).toBe(false)
    expect(isOwnHost('janekim-realty.com:300', options)).toBe(false)
    expect(isOwnHost('janekim-realty.com:30001', options)).toBe(false)
  })

  it('treats the configured product hosts as ours, ignoring the port', () => {
    expect(isOwnHost('example.com', options)).toBe(true)
    expect(isOwnHost('www.example.com', options)).toBe(true)
    expect(isOwnHost('example.com:8443', options)).toBe(true)
  })

  it('treats the configured dev host as ours', () => {
    expect(isOwnHost('staging.example.com', options)).toBe(true)
    expect(isOwnHost('staging.example.com:8443', options)).toBe(true)
  })

  it('ignores the port of a configured host', () => {
    expect(isOwnHost('example.com', { productHosts: ['example.com:8443'] })).toBe(true)
  })

  it('compares host names case-insensitively and ignores a trailing dot', () => {
    expect(isOwnHost('EXAMPLE.com', options)).toBe(true)
    expect(isOwnHost('example.com.', options)).toBe(true)
    expect(isOwnHost('example.com', { productHosts: ['Example.COM.'] })).toBe(true)
  })

  it('does not strip a leading "www.": a realtor may own it', () => {
    expect(isOwnHost('www.example.com', { productHosts: ['example.com'] })).toBe(false)
    expect(isOwnHost('example.com', { productHosts: ['www.example.com'] })).toBe(false)
  })

  it('treats any other host as a realtor domain', () => {
    expect(isOwnHost('janekim-realty.com', options)).toBe(false)
    expect(isOwnHost('www.janekim-realty.com', options)).toBe(false)
    expect(isOwnHost('janekim-realty.com:8080', options)).toBe(false)
    expect(isOwnHost('sub.example.com', options)).toBe(false)
    expect(isOwnHost('example.com.evil.org', options)).toBe(false)
  })

  it('does not match everything when a configured host is empty', () => {
    expect(isOwnHost('janekim-realty.com', { productHosts: [''], devHost: '' })).toBe(false)
    expect(isOwnHost('', { productHosts: [''] })).toBe(false)
  })
})

describe('normalizeHost (spec §9 realtor lookup by own domain)', () => {
  it('lowercases a bare host', () => {
    expect(normalizeHost('Example.com')).toBe('example.com')
    expect(normalizeHost('JaneKim-Realty.COM')).toBe('janekim-realty.com')
  })

  it('keeps the port of a bare host', () => {
    expect(normalizeHost('example.com:8080')).toBe('example.com:8080')
    expect(normalizeHost('Example.com:80')).toBe('example.com:80')
  })

  it('takes the host of an origin', () => {
    expect(normalizeHost('https://example.com')).toBe('example.com')
    expect(normalizeHost('http://Example.com:8080')).toBe('example.com:8080')
    expect(normalizeHost('https://example.com/')).toBe('example.com')
  })

  it('drops the default port of an origin', () => {
    expect(normalizeHost('https://example.com:443')).toBe('example.com')
  })

  it('decodes a URL-encoded origin', () => {
    expect(normalizeHost('https%3A%2F%2Fexample.com')).toBe('example.com')
    expect(normalizeHost('https%3A%2F%2FExample.com%3A8080')).toBe('example.com:8080')
  })

  it('drops a trailing dot and surrounding whitespace', () => {
    expect(normalizeHost(' example.com. ')).toBe('example.com')
  })

  it('converts a non-ASCII name to punycode, as in the Host header', () => {
    expect(normalizeHost('한국.com')).toBe('xn--3e0b707e.com')
  })

  it('returns undefined for empty input', () => {
    expect(normalizeHost('')).toBeUndefined()
    expect(normalizeHost('   ')).toBeUndefined()
  })

  it('returns undefined for garbage', () => {
    for (const garbage of [
      'not a host',
      'example.com/path',
      'user@example.com',
      'exa_mple.com',
      '-example.com',
      'example..com',
      'example.com:',
      'example.com:0',
      'example.com:65536',
      'example.com:http',
      'ftp://example.com',
      'https://',
      '%E0%A4%A',
      '[::1]:3000',
    ]) {
      expect(normalizeHost(garbage), garbage).toBeUndefined()
    }
  })
})

describe("mailOriginFor (decision 078: where a visitor's mails may link back to)", () => {
  const ours = { productHosts: ['homes.example'], devHost: undefined }
  const fallback = 'http://localhost:3000'

  it('keeps one of our hosts and gives the fallback for any other', () => {
    expect(mailOriginFor('https://homes.example', ours, fallback)).toEqual({ origin: 'https://homes.example', refused: false })
    expect(mailOriginFor('http://127.0.0.1:8080', ours, fallback)).toEqual({ origin: 'http://127.0.0.1:8080', refused: false })
    expect(mailOriginFor('http://evil.example', ours, fallback)).toEqual({ origin: fallback, refused: true })
  })

  it("takes a Host no URL can hold as nobody's, without throwing", () => {
    expect(mailOriginFor('http://evil example', ours, fallback)).toEqual({ origin: fallback, refused: true })
  })
})
