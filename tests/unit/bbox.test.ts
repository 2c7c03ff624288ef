import { describe, expect, it } from 'vitest'
import { bboxContains, formatBbox, gridStepOf, parseBbox, snapBboxOutward, snappedBboxText, type Bbox } from '../../src/lib/bbox'
import { seededRandom } from '../../src/lib/seeded-random'

describe('parseBbox', () => {
  it('reads west,south,east,north in degrees', () => {
    expect(parseBbox('-117.9,33.6,-117.7,33.75')).toEqual({ ok: true, bbox: { west: -117.9, south: 33.6, east: -117.7, north: 33.75 } })
    expect(parseBbox(' -180 , -90 , 180 , 90 ')).toEqual({ ok: true, bbox: { west: -180, south: -90, east: 180, north: 90 } })
  })

  it.each([
    ['', 'format'],
    ['1,2,3', 'format'],
    ['1,2,3,4,5', 'format'],
    ['a,2,3,4', 'format'],
    ['1e2,2,3,4', 'format'],
    ['Infinity,2,3,4', 'format'],
    ['NaN,2,3,4', 'format'],
    ['0x10,2,30,40', 'format'],
    [',2,3,4', 'format'],
    ['-181,0,10,10', 'range'],
    ['0,0,181,10', 'range'],
    ['0,-91,10,10', 'range'],
    ['0,0,10,90.5', 'range'],
    ['0,10,10,10', 'order'],
    ['0,20,10,10', 'order'],
    ['170,0,-170,10', 'antimeridian'],
    ['10,0,10,10', 'antimeridian'],
  ] as const)('refuses %j (%s)', (text, problem) => {
    expect(parseBbox(text)).toEqual({ ok: false, problem })
  })
})

describe('snapBboxOutward', () => {
  it('widens to a grid that follows the size, and is stable', () => {
    const city: Bbox = { west: -117.9, south: 33.6, east: -117.7, north: 33.75 }
    expect(gridStepOf(city)).toBe(2 ** -6)
    const snapped = snapBboxOutward(city)
    expect(snapped).toEqual({ west: -117.90625, south: 33.59375, east: -117.6875, north: 33.75 })
    expect(snapBboxOutward(snapped)).toEqual(snapped)
    expect(snappedBboxText(formatBbox(city))).toBe('-117.90625,33.59375,-117.6875,33.75')
    expect(snappedBboxText('nonsense')).toBeUndefined()
  })

  it('holds every box it was given, widens it by at most two cells, and nearby boxes share one answer', () => {
    const random = seededRandom(29)
    const answers = new Set<string>()
    for (let index = 0; index < 2000; index += 1) {
      const width = 0.001 + random() * 20
      const height = 0.001 + random() * 10
      const west = -179 + random() * (358 - width)
      const south = -89 + random() * (178 - height)
      const box = { west, south, east: west + width, north: south + height }
      const snapped = snapBboxOutward(box)
      const step = gridStepOf(box)
      expect(snapped.west).toBeLessThanOrEqual(box.west)
      expect(snapped.south).toBeLessThanOrEqual(box.south)
      expect(snapped.east).toBeGreaterThanOrEqual(box.east)
      expect(snapped.north).toBeGreaterThanOrEqual(box.north)
      expect(box.west - snapped.west).toBeLessThan(step + 1e-9)
      expect(snapped.east - box.east).toBeLessThan(step + 1e-9)
      expect(bboxContains(snapped, box.south, box.west)).toBe(true)
    }
    // Panning an Irvine-sized view by a few pixels (≈ 0.0005°) stays in one or two grid boxes.
    for (let shift = 0; shift < 20; shift += 1) {
      const west = -117.9 + shift * 0.0005
      answers.add(formatBbox(snapBboxOutward({ west, south: 33.6, east: west + 0.2, north: 33.75 })))
    }
    expect(answers.size).toBeLessThanOrEqual(2)
  })
})
