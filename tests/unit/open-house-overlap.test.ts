import { describe, expect, it } from 'vitest'
import { overlappingMlsOpenHouses, spansOverlap, withoutDuplicateOpenHouses } from '~/lib/open-house-overlap'
import type { OpenHouse } from '~/schemas/open-houses'

/* Issue 52 item 8 (decision 070): one event listed by the MLS and added by the realtor shows once. */

function openHouse(id: string, source: OpenHouse['source'], start: string, end: string): OpenHouse {
  return { id, source, start, end, timeZone: 'America/Los_Angeles', kind: 'in_person', remarks: null, calendarUrl: `/x/${id}.ics` }
}

const mlsSaturday = openHouse('mls-sat', 'mls', '2026-03-07T21:00:00.000Z', '2026-03-08T00:00:00.000Z')
const mlsSunday = openHouse('mls-sun', 'mls', '2026-03-08T20:00:00.000Z', '2026-03-08T23:00:00.000Z')
const mineSaturday = openHouse('mine-sat', 'realtor', '2026-03-07T21:30:00.000Z', '2026-03-07T23:00:00.000Z')

describe('open house overlap', () => {
  it('counts shared time, not touching ends', () => {
    expect(spansOverlap(mlsSaturday, mineSaturday)).toBe(true)
    expect(spansOverlap(mlsSaturday, { start: '2026-03-08T00:00:00.000Z', end: '2026-03-08T01:00:00.000Z' })).toBe(false)
  })

  it('finds the MLS open houses a new one would share time with', () => {
    expect(overlappingMlsOpenHouses([mlsSaturday, mlsSunday, mineSaturday], mineSaturday).map((item) => item.id)).toEqual(['mls-sat'])
    expect(overlappingMlsOpenHouses([mineSaturday], mineSaturday)).toEqual([])
  })

  it('drops the MLS one when the realtor’s own shares its time, and keeps the order', () => {
    expect(withoutDuplicateOpenHouses([mlsSaturday, mineSaturday, mlsSunday]).map((item) => item.id)).toEqual(['mine-sat', 'mls-sun'])
    expect(withoutDuplicateOpenHouses([mlsSaturday, mlsSunday]).map((item) => item.id)).toEqual(['mls-sat', 'mls-sun'])
  })
})
