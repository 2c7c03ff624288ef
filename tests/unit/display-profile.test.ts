import { setupI18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { disclaimerTexts, formatLastUpdated, listingCredit } from '../../src/lib/listing-source-text'
import { DEFAULT_DISCLAIMER_EN, DEMO_DISCLAIMER_EN, defaultDisclaimerMessage, demoDisclaimerMessage } from '../../src/lib/listing-disclaimers'
import type { ListingSource } from '../../src/schemas/listing-source'
import {
  DisplayProfileError,
  displayProfileFor,
  isStale,
  listingSourceOf,
  parseDisplayProfiles,
  type DisplayProfiles,
} from '../../src/server/listings/display-profile'
import { listingSourceFixture } from '../listing-source-fixture'

/*
 * MLS display profiles (issue 15): the file's checks, the NAR IDX-style defaults, which profile
 * a source gets, freshness, and the words a page builds from a profile.
 */

const i18n = setupI18n({ locale: 'en', messages: { en: {} } })
/** Korean pages with no catalog loaded: a rendering falls back to its English source text. */
const ko = setupI18n({ locale: 'ko', messages: { ko: {} } })

function parse(value: unknown): DisplayProfiles {
  return parseDisplayProfiles(JSON.stringify(value), 'profiles.json')
}

function errorOf(value: unknown): string {
  try {
    parse(value)
  } catch (error) {
    if (error instanceof DisplayProfileError) return error.message
    throw error
  }
  throw new Error('no error')
}

describe('parseDisplayProfiles', () => {
  it('reads a full profile, keyed by source, with wildcards', () => {
    const profiles = parse({
      'reso:api.crmls.example': {
        mlsName: 'California Regional MLS',
        disclaimer: 'Based on information from CRMLS as of the date shown.',
        disclaimerKo: 'CRMLS 정보에 기반합니다.',
        credit: 'Listing provided by {office}',
        creditWithAgent: 'Listing provided by {agent}, {office}',
        showAgentName: true,
        logo: { url: 'https://mls.example/idx.png', alt: 'CRMLS IDX', width: 80, height: 30 },
        maxAgeHours: 6,
        timeZone: 'America/Los_Angeles',
      },
      'file:*': { mlsName: 'Georgia MLS', timeZone: 'America/New_York' },
      '*': { maxAgeHours: 24 },
      demo: {},
    })
    expect(Object.keys(profiles).sort()).toEqual(['*', 'demo', 'file:*', 'reso:api.crmls.example'])
  })

  it('names the file, the source and the field of every problem', () => {
    const message = errorOf({
      'reso:api.mls.example': {
        credit: 'Courtesy of the listing office',
        maxAgeHours: -1,
        timeZone: 'Mars/Olympus',
        logo: { url: 'http://x.example/a.png', alt: 'A', width: 1, height: 1 },
      },
    })
    expect(message).toMatch(/^profiles\.json: /)
    expect(message).toContain('reso:api.mls.example.credit: must contain {office}')
    expect(message).toContain('reso:api.mls.example.maxAgeHours')
    expect(message).toContain('reso:api.mls.example.timeZone: must be an IANA time zone')
    expect(message).toContain('reso:api.mls.example.logo.url: must be an https:// URL')
  })

  it('refuses unknown fields, bad source keys, {agent} in the office-only credit, a Korean disclaimer without the English', () => {
    expect(errorOf({ demo: { disclaimr: 'typo' } })).toContain('demo')
    expect(errorOf({ 'mls:x': {} })).toContain('must be demo, file:<name>, reso:<host>')
    expect(errorOf({ demo: { credit: 'Listed by {agent} of {office}' } })).toContain('demo.credit: must not contain {agent}')
    expect(errorOf({ demo: { creditWithAgent: 'Listed by {office}' } })).toContain('demo.creditWithAgent: must contain {agent} and {office}')
    expect(errorOf({ demo: { disclaimerKo: '면책' } })).toContain('demo.disclaimerKo: needs the English disclaimer')
  })

  it('refuses text that is not JSON, or JSON of another shape', () => {
    expect(() => parseDisplayProfiles('{ nope', 'p.json')).toThrow(/^p\.json: not valid JSON/)
    expect(errorOf([])).toMatch(/^profiles\.json: \(the file\): /)
  })
})

describe('displayProfileFor', () => {
  it('defaults follow the NAR IDX policy: standard disclaimer, "Listed by", no agent name, 12 hours, no logo, no sold data', () => {
    expect(displayProfileFor({}, 'reso:api.mls.example')).toEqual({
      mlsName: 'api.mls.example',
      isDemo: false,
      disclaimer: null,
      disclaimerKo: null,
      credit: null,
      creditWithAgent: null,
      showAgentName: false,
      logo: null,
      maxAgeHours: 12,
      timeZone: 'America/Los_Angeles',
      soldData: false,
      translateRemarks: false,
    })
    expect(displayProfileFor({}, 'file:listings.json').mlsName).toBe('the MLS')
    expect(displayProfileFor({ 'reso:*': { soldData: true } }, 'reso:api.mls.example').soldData).toBe(true)
  })

  it('the demo source is demonstration data and is never stale', () => {
    // Its sold homes are invented, so showing their prices breaks no MLS rule.
    // Its remarks are our own words too, so a machine translation alters no MLS's content.
    expect(displayProfileFor({}, 'demo')).toMatchObject({ isDemo: true, maxAgeHours: null, soldData: true, translateRemarks: true })
    expect(displayProfileFor({ demo: { translateRemarks: false } }, 'demo').translateRemarks).toBe(false)
    expect(displayProfileFor({ 'reso:*': { translateRemarks: true } }, 'reso:api.mls.example').translateRemarks).toBe(true)
    expect(isStale(displayProfileFor({}, 'demo'), null, new Date())).toBe(false)
  })

  it('a source takes its own entry, else the longest matching prefix, over the defaults', () => {
    const profiles = parse({
      'reso:api.one.example': { mlsName: 'One MLS' },
      'reso:*': { mlsName: 'Any RESO feed', maxAgeHours: 2 },
      '*': { mlsName: 'Anything', showAgentName: true },
    })
    expect(displayProfileFor(profiles, 'reso:api.one.example')).toMatchObject({ mlsName: 'One MLS', maxAgeHours: 12, showAgentName: false })
    expect(displayProfileFor(profiles, 'reso:api.two.example')).toMatchObject({ mlsName: 'Any RESO feed', maxAgeHours: 2 })
    expect(displayProfileFor(profiles, 'file:a.json')).toMatchObject({ mlsName: 'Anything', showAgentName: true })
    expect(listingSourceOf(profiles, 'file:a.json', '2026-01-01T00:00:00.000Z')).toMatchObject({ id: 'file:a.json', lastUpdatedAt: '2026-01-01T00:00:00.000Z' })
    expect(listingSourceOf(profiles, 'file:a.json', null)).not.toHaveProperty('maxAgeHours')
  })
})

describe('isStale', () => {
  const run = '2026-01-10T00:00:00.000Z'
  const at = (hours: number) => new Date(Date.parse(run) + hours * 3_600_000)
  it('is stale only past maxAgeHours, and without any recorded run', () => {
    expect(isStale({ maxAgeHours: 12 }, run, at(12))).toBe(false)
    expect(isStale({ maxAgeHours: 12 }, run, at(12.01))).toBe(true)
    expect(isStale({ maxAgeHours: 12 }, null, at(0))).toBe(true)
    expect(isStale({ maxAgeHours: null }, run, at(10_000))).toBe(false)
  })
})

const SOURCE: ListingSource = listingSourceFixture()
const HOME = { listOfficeName: 'Example Realty', listAgentFullName: 'Jamie Example' }

describe('listingCredit', () => {
  it('defaults to "Listed by {office}", never "courtesy", and hides the agent unless the profile shows it', () => {
    expect(listingCredit(HOME, SOURCE, i18n)).toBe('Listed by Example Realty')
    expect(listingCredit(HOME, undefined, i18n)).toBe('Listed by Example Realty')
    expect(listingCredit(HOME, { ...SOURCE, showAgentName: true }, i18n)).toBe('Listed by Jamie Example, Example Realty')
    expect(listingCredit({ ...HOME, listAgentFullName: null }, { ...SOURCE, showAgentName: true }, i18n)).toBe('Listed by Example Realty')
    expect(listingCredit({ ...HOME, listOfficeName: ' ' }, SOURCE, i18n)).toBeNull()
  })

  it("uses the MLS's own wording, as written, in every language", () => {
    const custom = { ...SOURCE, credit: 'Listing provided by {office}', creditWithAgent: '{agent} with {office}' }
    expect(listingCredit(HOME, custom, ko)).toBe('Listing provided by Example Realty')
    expect(listingCredit(HOME, { ...custom, showAgentName: true }, i18n)).toBe('Jamie Example with Example Realty')
  })
})

describe('disclaimerTexts', () => {
  it('the standard disclaimer names the MLS; the English is always there, the rendering only on Korean pages', () => {
    const english = DEFAULT_DISCLAIMER_EN.replace('{mls}', 'Example MLS')
    expect(english).toContain("provided by Example MLS for consumers' personal, non-commercial use")
    expect(english).toContain('deemed reliable but not guaranteed')
    expect(disclaimerTexts(SOURCE, 'en', i18n)).toEqual({ english, translated: null })
    // Without a Korean catalog loaded, the rendering falls back to the source text: it is shown.
    expect(disclaimerTexts(SOURCE, 'ko', ko)).toEqual({ english, translated: english })
  })

  it('a custom disclaimer and its Korean rendering come from the profile; demo data says it is made up', () => {
    const custom = { ...SOURCE, disclaimer: 'Based on CRMLS data.', disclaimerKo: 'CRMLS 자료 기준.' }
    expect(disclaimerTexts(custom, 'ko', ko)).toEqual({ english: 'Based on CRMLS data.', translated: 'CRMLS 자료 기준.' })
    expect(disclaimerTexts(custom, 'en', i18n)).toEqual({ english: 'Based on CRMLS data.', translated: null })
    expect(disclaimerTexts({ ...custom, disclaimerKo: null }, 'ko', ko)).toEqual({ english: 'Based on CRMLS data.', translated: null })
    expect(disclaimerTexts({ ...SOURCE, isDemo: true }, 'en', i18n).english).toBe(DEMO_DISCLAIMER_EN)
  })

  it("the catalog translates exactly the authoritative English (the messages' source text is the constant)", () => {
    expect(defaultDisclaimerMessage('X').message).toBe(DEFAULT_DISCLAIMER_EN)
    expect(demoDisclaimerMessage.message).toBe(DEMO_DISCLAIMER_EN)
  })
})

describe('formatLastUpdated', () => {
  it('shows the time in the source time zone, named, in the page language', () => {
    const iso = '2026-01-21T17:02:11.000Z'
    // ICU versions differ on the space before AM/PM (U+202F or U+0020).
    const text = (lang: 'en' | 'ko', zone: string) => formatLastUpdated(iso, lang, zone).replace(/\s/gu, ' ')
    expect(text('en', 'America/Los_Angeles')).toBe('January 21, 2026 at 9:02 AM PST')
    expect(text('en', 'America/New_York')).toBe('January 21, 2026 at 12:02 PM EST')
    expect(text('ko', 'America/Los_Angeles')).toBe('2026년 1월 21일 오전 9:02 미 태평양 표준시')
  })
})
