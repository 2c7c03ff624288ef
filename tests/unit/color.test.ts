import { describe, expect, it } from 'vitest'
import { accentPalette, adjustForContrast, contrastRatio, MIN_TEXT_CONTRAST, parseHex, textColorOn } from '~/lib/color'

describe('contrast ratio (WCAG 2)', () => {
  it('is 21 for black on white and 1 for a color on itself', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5)
    expect(contrastRatio('#1D4ED8', '#1D4ED8')).toBeCloseTo(1, 5)
  })
  it('matches a known pair', () => {
    expect(contrastRatio('#767676', '#FFFFFF')).toBeCloseTo(4.54, 2)
  })
  it('reads hex with or without #, refuses garbage', () => {
    expect(parseHex('1d4ed8')).toEqual({ r: 29, g: 78, b: 216 })
    expect(parseHex('#12345')).toBeUndefined()
  })
})

describe('text on the accent is chosen for at least 4.5:1', () => {
  it('puts white on a dark blue and ink on yellow', () => {
    expect(textColorOn('#1D4ED8')).toBe('#FFFFFF')
    expect(textColorOn('#FDE047')).toBe('#111827')
  })
  it.each(['#FFFFFF', '#FDE047', '#1D4ED8', '#808080', '#FF0000', '#00FF00', '#777777', '#000000', '#F472B6'])('keeps every pair readable for %s', (color) => {
    for (const background of ['#FFFFFF', '#0C0A09']) {
      const palette = accentPalette(color, background)
      expect(contrastRatio(palette.onAccent, palette.accent)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
      expect(contrastRatio(palette.accentText, background)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
    }
  })
  it('keeps a readable choice unchanged', () => {
    expect(accentPalette('#1D4ED8', '#FFFFFF').accent).toBe('#1D4ED8')
    expect(adjustForContrast('#1D4ED8', '#FFFFFF')).toBe('#1D4ED8')
  })
  it('darkens a pale accent used as text on white', () => {
    const adjusted = adjustForContrast('#FDE047', '#FFFFFF')
    expect(adjusted).not.toBe('#FDE047')
    expect(contrastRatio(adjusted, '#FFFFFF')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
  })
})
