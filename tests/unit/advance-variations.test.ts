import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { Blob as FontBlob, Face, Font, Variation } from 'harfbuzzjs'
import subsetFont from 'subset-font'
import { describe, expect, it } from 'vitest'
import { withAdvanceVariations } from '~/server/fonts/advance-variations'

// The real Pretendard variable font, cut as the page fonts are, read by the real harfbuzz.

const pretendard = readFileSync(createRequire(import.meta.url).resolve('pretendard/dist/public/variable/PretendardVariable.ttf'))

async function pageFontCut(text: string, weights: { min: number; max: number } | number = { min: 400, max: 700 }): Promise<Uint8Array> {
  return new Uint8Array(await subsetFont(pretendard, text, { targetFormat: 'sfnt', variationAxes: { wght: weights } }))
}

function advancesAt(font: Uint8Array, weight: number): Array<number> {
  const face = new Face(new FontBlob(font))
  const shaper = new Font(face)
  const variation = Variation.fromString(`wght=${weight}`)
  if (!variation) throw new Error('no variation')
  shaper.setVariations([variation])
  const maxp = face.referenceTable('maxp')
  if (!maxp) throw new Error('no maxp')
  const glyphCount = new DataView(maxp.buffer, maxp.byteOffset, maxp.byteLength).getUint16(4)
  expect(glyphCount, 'precondition: the cut has glyphs').toBeGreaterThan(30)
  return Array.from({ length: glyphCount }, (_, glyph) => shaper.glyphHAdvance(glyph))
}

function wholeFontChecksum(font: Uint8Array): number {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength)
  let sum = 0
  for (let offset = 0; offset + 4 <= font.byteLength; offset += 4) sum = (sum + view.getUint32(offset)) >>> 0
  return sum
}

describe("a variable font's advance variations (HVAR)", () => {
  it('are added to a cut of Pretendard and give every glyph the advance its outlines give, at every weight', async () => {
    const cut = await pageFontCut('부동산 전문가 어바인에서 집을 찾으세요. Sora Park, DRE #02123456 — 2026 ©')
    expect(new Face(new FontBlob(cut)).referenceTable('HVAR'), 'precondition: Pretendard has no HVAR').toBeUndefined()
    const withHvar = withAdvanceVariations(cut)
    expect(new Face(new FontBlob(withHvar)).referenceTable('HVAR')?.byteLength).toBeGreaterThan(20)
    const atRegular = advancesAt(cut, 400)
    let varying = 0
    for (const weight of [400, 437, 500, 550, 600, 666, 700]) {
      // harfbuzz reads the advance from HVAR when there is one, and from the outlines (gvar) otherwise.
      const fromOutlines = advancesAt(cut, weight)
      expect(advancesAt(withHvar, weight), `wght ${weight}`).toEqual(fromOutlines)
      if (weight === 700) varying = fromOutlines.filter((advance, glyph) => advance !== atRegular[glyph]).length
    }
    expect(varying, 'precondition: advances do vary with the weight').toBeGreaterThan(20)
  })

  it('keep every other table byte for byte, in a directory with valid checksums', async () => {
    const cut = await pageFontCut('어바인 Irvine')
    const withHvar = withAdvanceVariations(cut)
    const before = new Face(new FontBlob(cut))
    const after = new Face(new FontBlob(withHvar))
    for (const tag of ['glyf', 'gvar', 'GPOS', 'GSUB', 'cmap', 'hmtx', 'fvar']) expect(after.referenceTable(tag), tag).toEqual(before.referenceTable(tag))
    expect(wholeFontChecksum(withHvar)).toBe(0xb1b0afba)
  })

  it('leave a font that is not variable unchanged', async () => {
    const staticCut = await pageFontCut('어바인', 500)
    expect(new Face(new FontBlob(staticCut)).referenceTable('gvar'), 'precondition: a static instance').toBeUndefined()
    expect(withAdvanceVariations(staticCut)).toBe(staticCut)
  })

  it('leave a font that has them unchanged', async () => {
    const withHvar = withAdvanceVariations(await pageFontCut('어바인'))
    expect(withAdvanceVariations(withHvar)).toBe(withHvar)
  })
})
