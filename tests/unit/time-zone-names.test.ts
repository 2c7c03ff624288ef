import { describe, expect, it } from 'vitest'
import { i18nFor, loadCatalog } from '~/i18n/i18n'
import { matchesTimeZone, timeZoneOptions } from '~/lib/time-zone-names'

/* Issue 52 item 9 (decision 070): the digest's time zone named in the reader's language, US zones and Seoul first, searchable. */

describe('time zone options', () => {
  it('names zones in the reader’s language, the US zones and Seoul first', async () => {
    await loadCatalog('ko')
    const korean = timeZoneOptions('ko-KR', i18nFor('ko'), 'America/Los_Angeles')
    expect(korean.slice(0, 8).map((option) => option.zone)).toEqual([
      'America/Los_Angeles',
      'America/Denver',
      'America/Phoenix',
      'America/Chicago',
      'America/New_York',
      'America/Anchorage',
      'Pacific/Honolulu',
      'Asia/Seoul',
    ])
    expect(korean[0]?.label).toBe('미 태평양 시간 · 로스앤젤레스')
    expect(korean.find((option) => option.zone === 'Asia/Seoul')?.label).toBe('한국 표준시 · 서울')
    await loadCatalog('en')
    const english = timeZoneOptions('en-US', i18nFor('en'), 'America/Los_Angeles')
    expect(english[0]?.label).toBe('Pacific Time · Los Angeles')
    // Every zone once, the common ones not repeated among the rest.
    expect(new Set(english.map((option) => option.zone)).size).toBe(english.length)
    expect(english.length).toBeGreaterThan(300)
  })

  it('keeps a stored zone the runtime does not list', async () => {
    await loadCatalog('en')
    expect(timeZoneOptions('en-US', i18nFor('en'), 'Etc/GMT+5').some((option) => option.zone === 'Etc/GMT+5')).toBe(true)
  })

  it('finds zones by any words of their name, city or id', async () => {
    await loadCatalog('ko')
    const options = timeZoneOptions('ko-KR', i18nFor('ko'), 'America/Los_Angeles')
    const found = (query: string) => options.filter((option) => matchesTimeZone(option, query)).map((option) => option.zone)
    expect(found('서울')).toEqual(['Asia/Seoul'])
    expect(found('태평양')).toContain('America/Los_Angeles')
    expect(found('buenos aires').length).toBeGreaterThan(0)
    expect(found('asia seoul')).toEqual(['Asia/Seoul'])
    expect(found('')).toHaveLength(options.length)
  })
})
