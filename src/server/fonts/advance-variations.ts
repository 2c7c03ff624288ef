/**
 * An `HVAR` table for a TrueType variable font that has none, built from its `gvar`.
 *
 * Pretendard's variable font (exported by Glyphs) has no `HVAR`, the table that says how each
 * glyph's advance width varies. A browser laying text out in such a font has to apply the
 * glyph's outline variations (`gvar`) to find each advance: "a variable font will perform
 * functionally correctly without it, but with (vastly) slowed-down shaping" (fonttools#3778,
 * whose `varLib.hvar` does what this does). Measured in Chromium on the Korean demo homepage
 * (issue 12): layout 108–278 ms with the page font as subset, 14–35 ms with a static cut; on a
 * phone, and in Lighthouse's 4× CPU model, that was the Korean page's slower LCP.
 *
 * The advance of a glyph is the distance between its first two phantom points, so each gvar
 * tuple's advance delta is the x delta of phantom point 1 minus that of phantom point 0. The
 * `HVAR` keeps exactly gvar's regions (a tuple's peak, start and end) and, without a mapping,
 * one row of deltas per glyph id: the variation a browser computes is the same either way,
 * only cheap.
 */

const F2DOT14_ONE = 0x4000

type RegionAxis = { start: number; peak: number; end: number }
type TableRecord = { tag: string; offset: number; length: number }

/** The font with an `HVAR` added, or the font unchanged when it has one or is not variable. */
export function withAdvanceVariations(font: Uint8Array): Uint8Array {
  const tables = readTableDirectory(font)
  const table = (tag: string) => {
    const record = tables.get(tag)
    return record ? new DataView(font.buffer, font.byteOffset + record.offset, record.length) : undefined
  }
  const [gvar, glyf, loca, head, maxp] = ['gvar', 'glyf', 'loca', 'head', 'maxp'].map(table)
  if (tables.has('HVAR') || !gvar || !glyf || !loca || !head || !maxp) return font

  const glyphCount = maxp.getUint16(4)
  const longOffsets = head.getInt16(50) === 1
  const glyphStart = (glyph: number) => (longOffsets ? loca.getUint32(glyph * 4) : loca.getUint16(glyph * 2) * 2)

  const axisCount = gvar.getUint16(4)
  const regions: Array<Array<RegionAxis>> = []
  const regionIndex = new Map<string, number>()
  const advanceDeltas = new Map<number, Map<number, number>>()
  for (let glyph = 0; glyph < glyphCount; glyph++) {
    for (const { region, delta } of glyphAdvanceVariations(gvar, glyph, axisCount, outlinePointCount(glyf, glyphStart(glyph), glyphStart(glyph + 1)))) {
      if (delta === 0) continue
      const key = region.map((axis) => `${axis.start},${axis.peak},${axis.end}`).join(';')
      let index = regionIndex.get(key)
      if (index === undefined) {
        index = regions.length
        regions.push(region)
        regionIndex.set(key, index)
      }
      const row = advanceDeltas.get(glyph) ?? new Map<number, number>()
      row.set(index, (row.get(index) ?? 0) + delta)
      advanceDeltas.set(glyph, row)
    }
  }
  for (const row of advanceDeltas.values()) for (const delta of row.values()) if (delta < -0x8000 || delta > 0x7fff) return font
  return withTable(font, tables, 'HVAR', hvarTable(axisCount, regions, glyphCount, advanceDeltas))
}

/** Points of a glyph's outline before its four phantom points: simple points or components. */
function outlinePointCount(glyf: DataView, start: number, end: number): number {
  if (end <= start) return 0
  const contours = glyf.getInt16(start)
  if (contours > 0) return glyf.getUint16(start + 10 + 2 * (contours - 1)) + 1
  if (contours === 0) return 0
  let offset = start + 10
  let components = 0
  for (;;) {
    const flags = glyf.getUint16(offset)
    offset += 4 + (flags & 0x0001 ? 4 : 2)
    if (flags & 0x0008) offset += 2
    else if (flags & 0x0040) offset += 4
    else if (flags & 0x0080) offset += 8
    components++
    if (!(flags & 0x0020)) return components
  }
}

/** Each tuple of a glyph's gvar data: its region and the change it makes to the advance. */
function glyphAdvanceVariations(gvar: DataView, glyph: number, axisCount: number, outlinePoints: number): Array<{ region: Array<RegionAxis>; delta: number }> {
  const longOffsets = (gvar.getUint16(14) & 1) === 1
  const dataArray = gvar.getUint32(16)
  const offsetOf = (index: number) => (longOffsets ? gvar.getUint32(20 + index * 4) : gvar.getUint16(20 + index * 2) * 2)
  const start = dataArray + offsetOf(glyph)
  if (dataArray + offsetOf(glyph + 1) <= start) return []

  const readTuple = (offset: number) => Array.from({ length: axisCount }, (_, axis) => gvar.getInt16(offset + axis * 2))
  const sharedTuples = gvar.getUint32(8)
  const pointCount = outlinePoints + 4
  const countAndFlags = gvar.getUint16(start)
  let serialized = start + gvar.getUint16(start + 2)
  let sharedPoints: Array<number> | 'all' = 'all'
  if (countAndFlags & 0x8000) [sharedPoints, serialized] = readPointNumbers(gvar, serialized)

  const variations: Array<{ region: Array<RegionAxis>; delta: number }> = []
  let header = start + 4
  for (let tuple = 0; tuple < (countAndFlags & 0x0fff); tuple++) {
    const dataSize = gvar.getUint16(header)
    const tupleIndex = gvar.getUint16(header + 2)
    header += 4
    let peak: Array<number>
    if (tupleIndex & 0x8000) {
      peak = readTuple(header)
      header += axisCount * 2
    } else peak = readTuple(sharedTuples + (tupleIndex & 0x0fff) * axisCount * 2)
    let region = peak.map((value) => ({ start: Math.min(0, value), peak: value, end: Math.max(0, value) }))
    if (tupleIndex & 0x4000) {
      const starts = readTuple(header)
      const ends = readTuple(header + axisCount * 2)
      header += axisCount * 4
      region = peak.map((value, axis) => ({ start: starts[axis] ?? 0, peak: value, end: ends[axis] ?? 0 }))
    }
    let points = sharedPoints
    let deltasAt = serialized
    if (tupleIndex & 0x2000) [points, deltasAt] = readPointNumbers(gvar, serialized)
    const xDeltas = readDeltas(gvar, deltasAt, points === 'all' ? pointCount : points.length)
    // Phantom points a tuple does not name do not move (they are not inferred like outline points).
    const deltaOf = (point: number) => {
      const index = points === 'all' ? point : points.indexOf(point)
      return index < 0 ? 0 : (xDeltas[index] ?? 0)
    }
    variations.push({ region, delta: deltaOf(outlinePoints + 1) - deltaOf(outlinePoints) })
    serialized += dataSize
  }
  return variations
}

function readPointNumbers(view: DataView, offset: number): [Array<number> | 'all', number] {
  let count = view.getUint8(offset++)
  if (count & 0x80) count = ((count & 0x7f) << 8) | view.getUint8(offset++)
  if (count === 0) return ['all', offset]
  const points: Array<number> = []
  let point = 0
  while (points.length < count) {
    const control = view.getUint8(offset++)
    const words = (control & 0x80) !== 0
    for (let run = (control & 0x7f) + 1; run > 0 && points.length < count; run--) {
      point += words ? view.getUint16(offset) : view.getUint8(offset)
      offset += words ? 2 : 1
      points.push(point)
    }
  }
  return [points, offset]
}

function readDeltas(view: DataView, offset: number, count: number): Array<number> {
  const deltas: Array<number> = []
  while (deltas.length < count) {
    const control = view.getUint8(offset++)
    const run = (control & 0x3f) + 1
    const kind = control & 0xc0
    for (let index = 0; index < run; index++) {
      if (kind === 0x80) deltas.push(0)
      else if (kind === 0xc0) {
        deltas.push(view.getInt32(offset))
        offset += 4
      } else if (kind === 0x40) {
        deltas.push(view.getInt16(offset))
        offset += 2
      } else deltas.push(view.getInt8(offset++))
    }
  }
  return deltas
}

/** HVAR 1.0: an item variation store with one row per glyph id (no advance mapping). */
function hvarTable(axisCount: number, regions: Array<Array<RegionAxis>>, glyphCount: number, advanceDeltas: Map<number, Map<number, number>>): Uint8Array {
  const headerSize = 20
  const storeHeaderSize = 12
  const regionListSize = 4 + regions.length * axisCount * 6
  const dataSize = 6 + regions.length * 2 + glyphCount * regions.length * 2
  const bytes = new Uint8Array(headerSize + storeHeaderSize + regionListSize + dataSize)
  const view = new DataView(bytes.buffer)
  view.setUint16(0, 1) // version 1.0; mapping offsets stay 0
  view.setUint32(4, headerSize)
  const store = headerSize
  view.setUint16(store, 1)
  view.setUint32(store + 2, storeHeaderSize)
  view.setUint16(store + 6, 1)
  view.setUint32(store + 8, storeHeaderSize + regionListSize)
  let offset = store + storeHeaderSize
  view.setUint16(offset, axisCount)
  view.setUint16(offset + 2, regions.length)
  offset += 4
  for (const region of regions) {
    for (const axis of region) {
      view.setInt16(offset, clampF2Dot14(axis.start))
      view.setInt16(offset + 2, clampF2Dot14(axis.peak))
      view.setInt16(offset + 4, clampF2Dot14(axis.end))
      offset += 6
    }
  }
  view.setUint16(offset, glyphCount)
  view.setUint16(offset + 2, regions.length) // every delta a 16-bit word
  view.setUint16(offset + 4, regions.length)
  offset += 6
  for (let index = 0; index < regions.length; index++, offset += 2) view.setUint16(offset, index)
  for (let glyph = 0; glyph < glyphCount; glyph++) {
    const row = advanceDeltas.get(glyph)
    for (let index = 0; index < regions.length; index++, offset += 2) view.setInt16(offset, row?.get(index) ?? 0)
  }
  return bytes
}

function clampF2Dot14(value: number): number {
  return Math.max(-F2DOT14_ONE, Math.min(F2DOT14_ONE, value))
}

function readTableDirectory(font: Uint8Array): Map<string, TableRecord> {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength)
  const tables = new Map<string, TableRecord>()
  for (let index = 0; index < view.getUint16(4); index++) {
    const record = 12 + index * 16
    const tag = String.fromCharCode(...font.subarray(record, record + 4))
    tables.set(tag, { tag, offset: view.getUint32(record + 8), length: view.getUint32(record + 12) })
  }
  return tables
}

/** The font written again with one more table: sorted directory, 4-byte alignment, checksums. */
function withTable(font: Uint8Array, tables: Map<string, TableRecord>, tag: string, data: Uint8Array): Uint8Array {
  const entries = [...tables.values()].map((record) => ({ tag: record.tag, data: font.subarray(record.offset, record.offset + record.length) }))
  entries.push({ tag, data })
  entries.sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0))
  const padded = (length: number) => (length + 3) & ~3
  const directorySize = 12 + entries.length * 16
  const out = new Uint8Array(directorySize + entries.reduce((sum, entry) => sum + padded(entry.data.byteLength), 0))
  const view = new DataView(out.buffer)
  const source = new DataView(font.buffer, font.byteOffset, font.byteLength)
  view.setUint32(0, source.getUint32(0))
  const power = 2 ** Math.floor(Math.log2(entries.length))
  view.setUint16(4, entries.length)
  view.setUint16(6, power * 16)
  view.setUint16(8, Math.log2(power))
  view.setUint16(10, entries.length * 16 - power * 16)
  let offset = directorySize
  let headOffset = -1
  entries.forEach((entry, index) => {
    out.set(entry.data, offset)
    if (entry.tag === 'head') {
      headOffset = offset
      view.setUint32(offset + 8, 0) // checkSumAdjustment is computed over the whole font below
    }
    const record = 12 + index * 16
    for (let char = 0; char < 4; char++) out[record + char] = entry.tag.charCodeAt(char)
    view.setUint32(record + 4, checksum(view, offset, padded(entry.data.byteLength)))
    view.setUint32(record + 8, offset)
    view.setUint32(record + 12, entry.data.byteLength)
    offset += padded(entry.data.byteLength)
  })
  if (headOffset >= 0) view.setUint32(headOffset + 8, (0xb1b0afba - checksum(view, 0, out.byteLength)) >>> 0)
  return out
}

function checksum(view: DataView, offset: number, length: number): number {
  let sum = 0
  for (let position = offset; position < offset + length; position += 4) sum = (sum + view.getUint32(position)) >>> 0
  return sum
}
