import { describe, expect, it } from 'vitest'
import { formatMonth, pricePerPyeong } from '../../src/features/market/market-format'
import { isMarketCitySegment, marketCitySlug, stateOfMarketCitySegment } from '../../src/lib/market-paths'
import { publicPageRule } from '../../src/schemas/public-search'

/* Market reports (issue 27 item 4): their addresses, the page store's rules for them, and how figures are written. */

describe('market city addresses', () => {
  it('are the city in lowercase ASCII words and the state', () => {
    expect(marketCitySlug('Johns Creek', 'GA')).toBe('johns-creek-ga')
    expect(marketCitySlug('  Cañada Flintridge ', 'CA')).toBe('canada-flintridge-ca')
    expect(marketCitySlug("Coeur d'Alene", 'ID')).toBe('coeur-d-alene-id')
    expect(stateOfMarketCitySegment('johns-creek-ga')).toBe('GA')
  })

  it('take only what a slug can be', () => {
    expect(isMarketCitySegment('irvine-ca')).toBe(true)
    expect(isMarketCitySegment('johns-creek-ga')).toBe(true)
    for (const bad of ['irvine', 'Irvine-CA', '-ca', 'irvine--ca', 'irvine-ca-', 'irvine_ca', `${'a'.repeat(200)}-ca`])
      expect(isMarketCitySegment(bad), bad).toBe(false)
  })

  it('are public pages the page store keeps, on our host and on an own domain, and nothing below them', () => {
    for (const path of [
      '/sora-park/market',
      '/en/sora-park/market',
      '/sora-park/market/irvine-ca',
      '/en/sora-park/market/johns-creek-ga',
      '/market',
      '/en/market/irvine-ca',
    ]) {
      expect(publicPageRule(path), path).toEqual({ search: 'none' })
    }
    for (const path of ['/sora-park/market/Irvine', '/sora-park/market/irvine-ca/more', '/market/irvine-ca/more', '/admin/market']) {
      expect(publicPageRule(path), path).toBeUndefined()
    }
  })
})

describe('market figures as written', () => {
  it('a price per 평 is the price per sq ft times the 35.58 sq ft of a 평', () => {
    expect(pricePerPyeong(500)).toBe(17_792)
    expect(pricePerPyeong(0)).toBe(0)
  })

  it('months in either language, in UTC whatever the reader’s zone', () => {
    expect(formatMonth('2026-11', 'en')).toBe('Nov 2026')
    expect(formatMonth('2026-11', 'ko')).toBe('2026년 11월')
    expect(formatMonth('2026-01', 'ko', 'narrow')).toBe('1월')
    expect(formatMonth('2026-01', 'en', 'long')).toBe('January 2026')
  })
})
